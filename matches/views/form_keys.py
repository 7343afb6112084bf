"""A judge's form submitted twice (a double tap on a phone, a resent POST) is applied once.

Each rendered form carries a fresh ``form_key``; the view runs the service through the same
Idempotency-Key store the API uses, so the second submission gets the first one's answer back.
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import uuid4

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from config.http import HtmxHttpRequest
from matches import services


def new_form_key() -> str:
    return uuid4().hex


def _message(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    return str(error)


def once_per_form(request: HtmxHttpRequest, user: User, act: Callable[[], str]) -> tuple[str, str]:
    """Run ``act`` (returns a success message) once per form key; returns (error, success) messages.

    Someone not allowed to act gets Django's 403 page (PermissionDenied goes through, nothing is stored).
    """

    def produce() -> tuple[int, dict[str, str]]:
        try:
            return 200, {"success": act()}
        except (services.MatchConflict, ValidationError) as refused:
            return 400, {"error": _message(refused)}

    key = request.POST.get("form_key", "").strip()[:100]
    if not key:
        _, body = produce()
    else:
        fields = {name: request.POST.getlist(name) for name in request.POST if name != "csrfmiddlewaretoken"}
        fingerprint = services.request_fingerprint(method="POST", path=request.path, body=fields)
        try:
            _, body, _ = services.idempotent_call(
                user=user, key=f"form:{key}", fingerprint=fingerprint, produce=produce
            )
        except services.IdempotencyKeyReused as reused:
            return str(reused), ""
    return body.get("error", ""), body.get("success", "")
