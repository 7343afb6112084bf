"""The OpenAPI schema: every operation documents the errors it can answer, from one place.

API clients (and the schemathesis test) rely on the schema listing every status an endpoint may return. The
rules are the same for every view, so they live here instead of in each view's ``extend_schema``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers
from rest_framework.permissions import AllowAny

_SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


class ErrorSerializer(serializers.Serializer[object]):
    detail = serializers.CharField(help_text="What went wrong, in words a person can act on.")


class ValidationErrorSerializer(serializers.Serializer[object]):
    """A 400: each rejected field maps to its messages (``non_field_errors`` for the whole request)."""

    field = serializers.ListField(child=serializers.CharField(), required=False)


class ArbiterAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)

        def add(code: str, serializer: Any, description: str) -> None:
            if code not in responses:
                response = self._get_response_for_code(serializer, code, direction=direction)  # type: ignore[no-untyped-call]
                response["description"] = description
                responses[code] = response

        writes = self.method not in _SAFE_METHODS
        if writes:
            add("400", ValidationErrorSerializer, "The request was rejected: the body names each bad field.")
        if not all(isinstance(permission, AllowAny) for permission in self.view.get_permissions()):
            add("401", ErrorSerializer, "No valid login session or token.")
            add("403", ErrorSerializer, "Not allowed, or a session write without its CSRF token.")
        elif writes:
            add("403", ErrorSerializer, "A session write without its CSRF token.")
        if "{" in self.path:
            add("404", ErrorSerializer, "No such object, or not one the caller may see.")
        if writes:
            add("409", ErrorSerializer, "Conflicts with the current state, e.g. the match is already final.")
        return responses
