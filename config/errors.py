"""Errors people and programs can act on: JSON for the API, friendly pages for people.

Anything under ``/api/`` answers in JSON, even for a URL that matches no route; every other path gets a
page in the site's layout with a way back.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext, gettext_lazy
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from config.refusals import Conflict, refusal_message
from rules.engine.errors import DisputeError
from tournaments.engine.replay import ReplayError

API_PREFIX = "/api/"
DISPUTE_REFUSED = gettext_lazy("The dispute does not follow the dispute format.")


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """The one place a service's refusal becomes an API status (``config.refusals`` says what they are).

    DRF's own handling (its exceptions, Django's PermissionDenied and Http404 as 403 and 404), plus: a
    Django ValidationError as 400 naming each field (or ``{"detail": "..."}`` without fields), a
    :class:`Conflict` as 409, a dispute the engine cannot read as 400 listing every problem under
    ``"problems"``, a refused event replay as 400 listing them under ``"replay"``, and a constraint conflict
    the services did not foresee as 409.
    """
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            body: dict[str, Any] = {field: list(messages) for field, messages in exc.message_dict.items()}
        else:
            body = {"detail": refusal_message(exc)}
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Conflict):
        return Response({"detail": refusal_message(exc)}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, DisputeError):
        return Response(
            {"detail": str(DISPUTE_REFUSED), "problems": exc.problems()}, status=status.HTTP_400_BAD_REQUEST
        )
    if isinstance(exc, ReplayError):
        problems = [{"path": p["path"], "message": _replay_problem(p)} for p in exc.problems]
        return Response({"replay": problems}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, IntegrityError):
        return Response(
            {"detail": gettext("This conflicts with a record that already exists.")},
            status=status.HTTP_409_CONFLICT,
        )
    return exception_handler(exc, context)


def _error(request: HttpRequest, code: int, title: str, message: str) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": message}, status=code)
    return render(request, "error.html", {"code": code, "title": title, "message": message}, status=code)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 400, gettext("Bad request"), gettext("The request could not be understood."))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 403, gettext("Not allowed"), gettext("You do not have permission to do that."))


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 404, gettext("Page not found"), gettext("There is nothing at this address."))


def server_error(request: HttpRequest) -> HttpResponse:
    """Rendered without the request's context: whatever failed (often the database) must not fail again."""
    message = gettext("The error was logged. Please try again.")
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": message}, status=500)
    context = {
        "code": 500,
        "title": gettext("Something went wrong"),
        "message": message,
        "store_name": settings.STORE_NAME,
    }
    return HttpResponse(render_to_string("error.html", context), status=500)


def _said(sentence: dict[str, Any]) -> str:
    # The same as rules.words.said, which this layer may not import: an engine sentence in the caller's
    # language; the English template as it is when the values do not fit it.
    raw = sentence.get("values")
    values = {
        key: _said(value) if isinstance(value, dict) else value
        for key, value in (raw.items() if isinstance(raw, dict) else ())
    }
    try:
        return gettext(str(sentence.get("template", ""))) % values
    except (KeyError, TypeError, ValueError):
        return str(sentence.get("template", ""))


def _replay_problem(problem: dict[str, Any]) -> str:
    """A replay's problem in the caller's language, from the template the engine wrote it with."""
    if not isinstance(problem.get("template"), str):
        return str(problem["message"])
    try:
        return _said(problem)
    except (KeyError, TypeError, ValueError):
        return str(problem["message"])
