"""The API's way in: an ``Idempotency-Key`` header on a POST makes a retry return the first response.

Decorate a view's ``post`` with :func:`idempotent`. The view raises the services' refusals as it would
without a key; the refusal is answered by the one exception handler (``config.errors``) and stored like any
other answer, so a retry of a refused request is refused the same way. A response with a server error is
not stored: the work rolled back, and the retry runs again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.services import Answer, idempotent_call, request_fingerprint

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Any unique string; a repeat returns the first response without doing it twice.",
)
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 120

P = ParamSpec("P")
V = TypeVar("V", bound=APIView)


class _ServerError(Exception):
    """The answer was a server error: roll the work and the record back, and answer it unstored."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status_code)
        self.response = response


def idempotent(
    post: Callable[Concatenate[V, Request, P], Response],
) -> Callable[Concatenate[V, Request, P], Response]:
    """Run the decorated POST once per (caller, ``Idempotency-Key``); without the header, as it is."""

    def once(view: V, request: Request, *args: P.args, **kwargs: P.kwargs) -> Response:
        key = request.headers.get("Idempotency-Key", "").strip()[:MAX_KEY_LENGTH]
        if not key or not request.user.is_authenticated:
            return post(view, request, *args, **kwargs)

        def produce() -> Answer:
            try:
                response = post(view, request, *args, **kwargs)
            except Exception as refused:  # answered by the exception handler; anything else goes up
                response = view.handle_exception(refused)
            if response.status_code >= 500:
                raise _ServerError(response)
            return response.status_code, cast(dict[str, Any], response.data)

        fingerprint = request_fingerprint(method="POST", path=request.path, body=request.data)
        try:
            code, body, replayed = idempotent_call(
                user=request.user, key=key, fingerprint=fingerprint, produce=produce
            )
        except _ServerError as failed:
            return failed.response
        response = Response(body, status=code)
        if replayed:
            response[REPLAYED_HEADER] = "true"
        return response

    return functools.wraps(post)(once)  # type: ignore[return-value]  # wraps' type hides the signature
