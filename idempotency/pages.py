"""The pages' way in: a form submitted twice (a double tap on a phone, a resent POST) is applied once.

Each rendered form carries a fresh ``form_key`` (:func:`new_form_key`); :func:`once_per_form` runs the
view's action through the same store the API uses, so the second submission gets the first one's answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import uuid4

from django.contrib.auth.models import User
from django.http import HttpRequest

from config.refusals import REFUSALS, refusal_message
from idempotency.services import Answer, IdempotencyKeyReused, idempotent_call, request_fingerprint

MAX_FORM_KEY_LENGTH = 100


def new_form_key() -> str:
    return uuid4().hex


def _form_fingerprint(request: HttpRequest) -> str:
    fields = {name: request.POST.getlist(name) for name in request.POST if name != "csrfmiddlewaretoken"}
    return request_fingerprint(method="POST", path=request.path, body=fields)


def answer_once(
    request: HttpRequest, user: User, key: str, act: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """Run ``act`` once per (user, form key) and return its answer; a repeat gets the first answer back.

    A refusal ``act`` raises goes up to the page and nothing is kept (a retry is refused again, as nothing
    changed); the same key with other fields is :class:`IdempotencyKeyReused`. Without a key, ``act`` runs.
    """
    key = key.strip()[:MAX_FORM_KEY_LENGTH]
    if not key:
        return act()
    _, body, _ = idempotent_call(
        user=user, key=f"form:{key}", fingerprint=_form_fingerprint(request), produce=lambda: (200, act())
    )
    return body


def once_per_form(request: HttpRequest, user: User, act: Callable[[], str]) -> tuple[str, str]:
    """Run ``act`` (returns a success message) once per form key; returns (error, success) messages.

    A refusal (``config.refusals``) is an answer too, given again to a repeat. Someone not allowed to act
    gets Django's 403 page (PermissionDenied goes through, nothing is stored).
    """

    def produce() -> Answer:
        try:
            return 200, {"success": act()}
        except REFUSALS as refused:
            return 400, {"error": refusal_message(refused)}

    key = request.POST.get("form_key", "").strip()[:MAX_FORM_KEY_LENGTH]
    if not key:
        _, body = produce()
    else:
        try:
            _, body, _ = idempotent_call(
                user=user, key=f"form:{key}", fingerprint=_form_fingerprint(request), produce=produce
            )
        except IdempotencyKeyReused as reused:
            return str(reused), ""
    return body.get("error", ""), body.get("success", "")
