"""Fields the matches API's serializers share: a string from a fixed list, a seat ("A"/"B").

A service's refusal becomes a status in one place (``config.errors``), and a retry is recognised in one
place (``idempotency.api``): the views here only translate HTTP to the services.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


# Seats, duel results and reasons are plain strings in the schema, not enum components: "A"/"B" is shared
# by several fields and "result" already names the match result's enum, and drf-spectacular would warn.
def one_of(values: list[str]) -> Callable[[str], None]:
    def check(value: str) -> None:
        if value not in values:
            # An API client sends codes: they are listed as sent, the words around them translated.
            listed = ", ".join(v or gettext("(empty)") for v in values)
            raise serializers.ValidationError(gettext("Choose one of: %(values)s.") % {"values": listed})

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
