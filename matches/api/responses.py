"""What every matches API view shares: service errors as responses, the Idempotency-Key, field helpers.

A service's refusal becomes the status a client can act on: PermissionDenied a 403, a clash with the
match's state (:class:`MatchConflict`) a 409, bad input (Django's ValidationError) a 400 naming the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from matches import services

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Any unique string; a repeat returns the first response without doing it twice.",
)


def conflict(error: Exception) -> Response:
    return Response({"detail": str(error)}, status=status.HTTP_409_CONFLICT)


def run_service(call: Callable[[], tuple[int, dict[str, Any]]]) -> tuple[int, dict[str, Any]]:
    """Run a service call, turning its refusals into (status, body)."""
    try:
        return call()
    except PermissionDenied as error:
        return status.HTTP_403_FORBIDDEN, {"detail": str(error)}
    except services.MatchConflict as error:
        return status.HTTP_409_CONFLICT, {"detail": str(error)}
    except ValidationError as error:
        if hasattr(error, "error_dict"):
            return status.HTTP_400_BAD_REQUEST, {k: list(v) for k, v in error.message_dict.items()}
        return status.HTTP_400_BAD_REQUEST, {"detail": " ".join(error.messages)}


def idempotent_post(request: Request, call: Callable[[], tuple[int, dict[str, Any]]]) -> Response:
    """Run ``call`` once per Idempotency-Key (when the client sent one): a retry gets the first response."""
    user = cast(User, request.user)
    key = request.headers.get("Idempotency-Key", "").strip()[:120]
    if not key:
        code, body = run_service(call)
        return Response(body, status=code)
    fingerprint = services.request_fingerprint(method="POST", path=request.path, body=request.data)
    try:
        code, body, replayed = services.idempotent_call(
            user=user, key=key, fingerprint=fingerprint, produce=lambda: run_service(call)
        )
    except services.IdempotencyKeyReused as error:
        return conflict(error)
    response = Response(body, status=code)
    if replayed:
        response["Idempotent-Replayed"] = "true"
    return response


# Seats, duel results and reasons are plain strings in the schema, not enum components: "A"/"B" is shared
# by several fields and "result" already names the match result's enum, and drf-spectacular would warn.
def one_of(values: list[str]) -> Callable[[str], None]:
    def check(value: str) -> None:
        if value not in values:
            raise serializers.ValidationError(f"Choose one of: {', '.join(v or '(empty)' for v in values)}.")

    return check


def choice_field(values: list[str], **kwargs: Any) -> serializers.CharField:
    """A string that must be one of ``values``, listed in the schema as an inline enum.

    Inline, not a component: the enum's values are then in the schema (clients and schemathesis send only
    those) without drf-spectacular naming a shared enum component for each field.
    """

    @extend_schema_field({"type": "string", "enum": list(values)})
    class OneOfField(serializers.CharField):
        listed_values = True  # the schema's enum says it all (config.schema adds no pattern)

    return OneOfField(validators=[one_of(values)], **kwargs)


def side_field(help_text: str, *, allow_null: bool = False) -> serializers.CharField:
    return serializers.CharField(help_text=f'{help_text}: "A" (player A) or "B".', allow_null=allow_null)
