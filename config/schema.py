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

# What DRF's CharField accepts unless blank is allowed, as schema patterns: something besides whitespace (the
# value is trimmed before the blank check) and never a NUL character (ProhibitNullCharactersValidator).
# A field that may be blank gets none: drf-spectacular writes its default "" into the first branch of a
# ``oneOf`` with the empty string, so a pattern there would break the default (as the slug's did).
NO_NUL = r"^[^\x00]+$"
# "Whitespace" is Python's (what str.strip() removes), spelled out: a regex's \s differs from it both ways
# (Python counts \x1c-\x1f and \x85; ECMAScript counts \ufeff).
_PYTHON_SPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NOT_BLANK = rf"^[^\x00]*[^\x00{_PYTHON_SPACE}][^\x00]*$"


class ErrorSerializer(serializers.Serializer[object]):
    detail = serializers.CharField(help_text="What went wrong, in words a person can act on.")


class ValidationErrorSerializer(serializers.Serializer[object]):
    """A 400: each rejected field maps to its messages (``non_field_errors`` for the whole request)."""

    field = serializers.ListField(child=serializers.CharField(), required=False)


class ArbiterAutoSchema(AutoSchema):
    def _get_serializer_field_meta(self, field: Any, direction: Any) -> dict[str, Any]:
        """A request's string fields say what DRF refuses: NUL characters, and blank unless allowed.

        Without it the schema accepts strings the API answers 400 to, and clients (and schemathesis'
        positive data check) cannot tell a valid request from an invalid one.
        """
        meta: dict[str, Any] = super()._get_serializer_field_meta(field, direction)  # type: ignore[no-untyped-call]
        # A pattern or an enum of its own already says what the field takes.
        has_pattern = any(hasattr(validator, "regex") for validator in field.validators)
        listed = getattr(field, "listed_values", False)
        plain_string = isinstance(field, serializers.CharField) and not has_pattern and not listed
        if direction == "request" and plain_string and not field.allow_blank:
            meta["minLength"] = max(field.min_length or 1, 1)
            meta["pattern"] = NOT_BLANK if field.trim_whitespace else NO_NUL
        return meta

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


# --- Links: how one answer's ids feed the next call (OpenAPI 3 "links") ----------------------------------
# Clients (and schemathesis' stateful tests) follow them through the main flow of running an event:
# create an event, enter players, pair a round, start it, and play its matches.
SLUG_OF_EVENT = "$response.body#/slug"
SLUG_IN_PATH = "$request.path.slug"
FIRST_MATCH = "$response.body#/pairings/0/match"
ROUND_NUMBER = "$response.body#/number"

LINKS: dict[tuple[str, str], dict[str, tuple[str, dict[str, str]]]] = {
    ("events_create", "201"): {
        "EnterPlayer": ("events_registrations_enter", {"slug": SLUG_OF_EVENT}),
        "CheckIn": ("events_check_in", {"slug": SLUG_OF_EVENT}),
        "ListRegistrations": ("events_registrations_list", {"slug": SLUG_OF_EVENT}),
        "PairRound": ("events_rounds_pair", {"slug": SLUG_OF_EVENT}),
    },
    ("events_import", "201"): {
        "ReadStandings": ("events_standings", {"slug": SLUG_OF_EVENT}),
        "ReadReplay": ("events_replay", {"slug": SLUG_OF_EVENT}),
    },
    ("events_registrations_enter", "201"): {
        "PairRound": ("events_rounds_pair", {"slug": SLUG_IN_PATH}),
        "UpdateRegistration": (
            "events_registrations_update",
            {"slug": SLUG_IN_PATH, "registration_id": "$response.body#/id"},
        ),
        "DropPlayer": (
            "events_registrations_drop",
            {"slug": SLUG_IN_PATH, "registration_id": "$response.body#/id"},
        ),
    },
    ("events_rounds_pair", "201"): {
        "StartRound": ("events_rounds_start", {"slug": SLUG_IN_PATH, "number": ROUND_NUMBER}),
        "RepairRound": ("events_rounds_repair", {"slug": SLUG_IN_PATH, "number": ROUND_NUMBER}),
        "ReadRound": ("events_rounds_retrieve", {"slug": SLUG_IN_PATH, "number": ROUND_NUMBER}),
        "ReadMatch": ("matches_retrieve", {"match_id": FIRST_MATCH}),
    },
    ("events_rounds_start", "200"): {
        "ReportMatch": ("matches_report", {"match_id": FIRST_MATCH}),
        "TossCoin": ("matches_toss", {"match_id": FIRST_MATCH}),
        "JudgeMatch": ("matches_judge_result", {"match_id": FIRST_MATCH}),
        "CloseRound": ("events_rounds_close", {"slug": SLUG_IN_PATH, "number": ROUND_NUMBER}),
        "ReadStandings": ("events_standings", {"slug": SLUG_IN_PATH}),
    },
    ("matches_judge_result", "200"): {
        "ReadAudit": ("matches_audit_list", {"match_id": "$response.body#/id"}),
    },
}


def add_links(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: add :data:`LINKS` to the operations' responses."""
    operations = {
        operation["operationId"]: operation
        for path in result.get("paths", {}).values()
        for operation in path.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    for (operation_id, code), links in LINKS.items():
        response = operations[operation_id]["responses"][code]
        response["links"] = {
            name: {"operationId": target, "parameters": parameters}
            for name, (target, parameters) in links.items()
        }
    return result
