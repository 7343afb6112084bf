"""How the dashboard's forms end: a redirect back after success (post/redirect/get), or the dashboard again
with the service's refusal next to the form (400 for bad input, 409 for a state that does not allow it).

PermissionDenied is not caught: Django's 403 page is the answer to someone who may not act."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect

from config.http import HtmxHttpRequest
from config.refusals import refusal_message, refusal_status
from tournaments.models import Event
from tournaments.views.run import FormError, run_page


def refused(
    request: HtmxHttpRequest,
    event: Event,
    form: str,
    error: Exception | str,
    *,
    registration: int | None = None,
    value: str = "",
) -> HttpResponse:
    status = refusal_status(error) if isinstance(error, Exception) else 400
    message = refusal_message(error) if isinstance(error, Exception) else error
    return run_page(request, event, FormError(form, message, registration, value), status=status)


def done(request: HtmxHttpRequest, event: Event, message: str, anchor: str = "") -> HttpResponse:
    messages.success(request, message)
    response = redirect("event-run", slug=event.slug)
    if anchor:
        response["Location"] += f"#{anchor}"
    return response
