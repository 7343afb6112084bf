"""Reading typed values out of JSON without trusting it.

Disputes arrive from players' phones: any JSON at all. These helpers turn a JSON value into the Python type a
rule wants, or ``None`` when it is not one, so parsing never raises anything but the engine's own errors.
:class:`ActionFields` reads the disputed action, where a bad value is the caller's mistake
(:class:`~rules.engine.errors.DisputeError`, HTTP 400).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rules.engine.errors import DisputeError
from rules.engine.sentences import gettext_noop, say

MAX_INT = 10**9  # no LP, ATK or card count comes near it; keeps arithmetic on hostile input cheap


def as_int(value: object) -> int | None:
    """An integer, accepting integral floats (``2500.0``) but never booleans; ``None`` otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) <= MAX_INT else None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) <= MAX_INT:
        return int(value)
    return None


def as_str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def as_choice(value: object, choices: Sequence[str]) -> str | None:
    """One of ``choices``, compared case-insensitively; ``None`` otherwise."""
    if isinstance(value, str) and value.lower() in choices:
        return value.lower()
    return None


def as_mapping(value: object) -> Mapping[str, Any] | None:
    if isinstance(value, Mapping) and all(isinstance(key, str) for key in value):
        return value
    return None


def as_list(value: object) -> list[Any] | None:
    return list(value) if isinstance(value, list | tuple) else None


def as_card_id(value: object) -> str | None:
    """Card ids are strings; a number is accepted and read as its text (``7`` is ``"7"``)."""
    if isinstance(value, str) and value:
        return value
    number = as_int(value)
    return str(number) if number is not None else None


class ActionFields:
    """Typed, path-named access to the fields of the disputed action."""

    def __init__(self, action: Mapping[str, Any], path: str = "action") -> None:
        self.data = action
        self.path = path

    def field(self, key: str) -> str:
        return f"{self.path}.{key}"

    def has(self, key: str) -> bool:
        return key in self.data

    def choice(self, key: str, choices: Sequence[str], default: str | None = None) -> str:
        value = self.data.get(key)
        if value is None and default is not None:
            return default
        chosen = as_choice(value, choices)
        if chosen is None:
            raise DisputeError(
                self.field(key), say(gettext_noop("must be one of %(choices)s"), choices=", ".join(choices))
            )
        return chosen

    def optional_choice(self, key: str, choices: Sequence[str]) -> str | None:
        if self.data.get(key) is None:
            return None
        return self.choice(key, choices)

    def player(self, key: str = "player") -> str:
        return self.choice(key, ("a", "b")).upper()

    def card_id(self, key: str) -> str:
        card_id = as_card_id(self.data.get(key))
        if card_id is None:
            raise DisputeError(self.field(key), say(gettext_noop("must be a card id")))
        return card_id

    def optional_card_id(self, key: str, *, required_key: bool = False) -> str | None:
        """A card id or ``null``; with ``required_key`` the key must be present even when ``null``."""
        if required_key and key not in self.data:
            raise DisputeError(self.field(key), say(gettext_noop("is required (a card id, or null)")))
        if self.data.get(key) is None:
            return None
        return self.card_id(key)

    def card_ids(self, key: str, *, required: bool = False) -> list[str]:
        value = self.data.get(key)
        if value is None and not required:
            return []
        items = as_list(value)
        if items is None:
            raise DisputeError(self.field(key), say(gettext_noop("must be a list of card ids")))
        ids = []
        for index, item in enumerate(items):
            card_id = as_card_id(item)
            if card_id is None:
                raise DisputeError(f"{self.field(key)}[{index}]", say(gettext_noop("must be a card id")))
            ids.append(card_id)
        return ids

    def boolean(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise DisputeError(self.field(key), say(gettext_noop("must be true or false")))
        return value

    def mapping(self, key: str, *, required: bool = True) -> Mapping[str, Any] | None:
        value = self.data.get(key)
        if value is None and not required:
            return None
        mapping = as_mapping(value)
        if mapping is None:
            raise DisputeError(self.field(key), say(gettext_noop("must be an object")))
        return mapping

    def items(self, key: str, *, required: bool = True) -> list[Any]:
        value = self.data.get(key)
        if value is None and not required:
            return []
        items = as_list(value)
        if items is None:
            raise DisputeError(self.field(key), say(gettext_noop("must be a list")))
        return items
