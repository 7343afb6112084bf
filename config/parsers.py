"""The API's one parser: JSON bodies, bounded in size and checked by ``config.json_input`` before any view.

DRF's own ``JSONParser`` hands on whatever ``json`` decodes (see ``config.json_input`` for what that let
through), and its only size bound is Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``, the same for every form and
endpoint. This parser reads at most the view's limit (``max_body_bytes`` on the view, else
``API_MAX_BODY_BYTES``) and answers 400 naming the path of a value it refuses, e.g.
``{"detail": "state.players.A.hand[3].name: contains a NUL character ...", "path": "..."}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from django.conf import settings
from rest_framework import renderers, status
from rest_framework.exceptions import APIException
from rest_framework.parsers import BaseParser

from config.json_input import JsonInputError, loads_checked


class JsonRefused(APIException):
    """A 400 whose body names the path of the refused value ("" for the body as a whole)."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "parse_error"

    def __init__(self, path: str, message: str) -> None:
        where = path or "the request body"
        super().__init__(detail={"detail": f"{where}: {message}", "path": path})
        self.path = path


def body_limit(view: object) -> int:
    """The most bytes the view takes in a body: its own ``max_body_bytes``, else the API's."""
    own = getattr(view, "max_body_bytes", None)
    return int(own) if own else int(settings.API_MAX_BODY_BYTES)


class CheckedJSONParser(BaseParser):
    """``application/json`` bodies. Not a subclass of DRF's ``JSONParser`` on purpose: DRF reads the whole
    body through ``request.body`` for that class (bounded only by ``DATA_UPLOAD_MAX_MEMORY_SIZE``, one limit
    for every form and endpoint); this parser reads the stream itself, up to the view's own limit."""

    media_type = "application/json"
    renderer_class = renderers.JSONRenderer

    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        context = parser_context or {}
        limit = body_limit(context.get("view"))
        request = context.get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and str(declared).isdigit() and int(declared) > limit:
            raise JsonRefused("", f"is {int(declared)} bytes; this endpoint takes at most {limit}")
        raw = cast(bytes, stream.read(limit + 1)) if stream is not None else b""
        if len(raw) > limit:
            raise JsonRefused("", f"is more than {limit} bytes; this endpoint takes at most {limit}")
        try:
            text = raw.decode(context.get("encoding") or settings.DEFAULT_CHARSET)
        except (UnicodeDecodeError, LookupError):
            raise JsonRefused("", "is not UTF-8 text") from None
        try:
            return loads_checked(text)
        except json.JSONDecodeError as error:
            message = f"JSON parse error: {error.msg} at line {error.lineno}, column {error.colno}"
            raise JsonRefused("", message) from None
        except JsonInputError as error:
            raise JsonRefused(error.problem.path, error.problem.message) from None
