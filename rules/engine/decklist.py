"""Deck lists as the dispute format gives them: sections of ``{"name", "count", ...}`` entries.

Shared by both games' ``deck_check`` and ``side_swap``. A malformed list is the caller's mistake
(:class:`DisputeError`). Each entry gets a comparison key: the catalog's name for it when the catalog knows it
(an alternate artwork answers with the card it prints), normalized so spelling and case do not split a card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.engine.catalog import CardCatalog, normalize_name
from rules.engine.errors import DisputeError
from rules.engine.jsonvalues import as_int, as_list, as_mapping, as_str
from rules.engine.sentences import gettext_noop, say

MAX_COPIES_PER_ENTRY = 10_000  # a deck list is for a person to read; larger counts are a typing slip


@dataclass(frozen=True)
class Entry:
    name: str
    key: str
    count: int
    path: str
    data: Mapping[str, Any]  # catalog data overridden by the entry's own fields

    def text(self, key: str) -> str | None:
        value = self.data.get(key)
        return value.lower() if isinstance(value, str) else None


def canonical_key(name: str, catalog: CardCatalog | None) -> str:
    """The key cards are counted under: the catalog's name for ``name`` if it knows one."""
    if catalog is not None:
        known = catalog.card_by_name(name)
        if known is not None and isinstance(known.get("name"), str):
            return normalize_name(str(known["name"]))
    return normalize_name(name)


def parse_entries(value: object, path: str, catalog: CardCatalog | None) -> list[Entry]:
    if value is None:
        return []
    items = as_list(value)
    if items is None:
        raise DisputeError(path, say(gettext_noop("must be a list of {name, count} entries")))
    entries = []
    for index, item in enumerate(items):
        where = f"{path}[{index}]"
        raw = as_mapping(item)
        if raw is None:
            raise DisputeError(where, say(gettext_noop("must be an object with a name and a count")))
        name = as_str(raw.get("name"))
        if not name or not normalize_name(name):
            raise DisputeError(f"{where}.name", say(gettext_noop("each entry needs a card name")))
        count = as_int(raw.get("count", 1))
        if count is None or not 1 <= count <= MAX_COPIES_PER_ENTRY:
            raise DisputeError(
                f"{where}.count", say(gettext_noop("must be a whole number of copies, 1 or more"))
            )
        known = catalog.card_by_name(name) if catalog is not None else None
        data = {**known, **raw} if known is not None else raw
        entries.append(Entry(name=name, key=canonical_key(name, catalog), count=count, path=where, data=data))
    return entries


def parse_deck(
    value: object, path: str, sections: Sequence[str], catalog: CardCatalog | None
) -> dict[str, list[Entry]]:
    """A deck object with the given sections (each optional, empty when left out)."""
    deck = as_mapping(value)
    if deck is None:
        raise DisputeError(
            path, say(gettext_noop("must be an object with %(sections)s"), sections=", ".join(sections))
        )
    unknown = [key for key in deck if key not in sections]
    if unknown:
        raise DisputeError(
            f"{path}.{unknown[0]}",
            say(gettext_noop("is not a deck section; expected %(sections)s"), sections=", ".join(sections)),
        )
    return {section: parse_entries(deck.get(section), f"{path}.{section}", catalog) for section in sections}


def section_count(entries: Sequence[Entry]) -> int:
    return sum(entry.count for entry in entries)


def copies(deck: Mapping[str, Sequence[Entry]]) -> Counter[str]:
    """Copies of each card (by key) across every section."""
    totals: Counter[str] = Counter()
    for entries in deck.values():
        for entry in entries:
            totals[entry.key] += entry.count
    return totals


def first_unregistered(
    registered: Mapping[str, Sequence[Entry]], presented: Mapping[str, Sequence[Entry]]
) -> tuple[str, int, int] | None:
    """The first card presented in more copies than registered: its name, copies presented and registered."""
    allowed, shown, names = copies(registered), copies(presented), display_names(presented)
    for key, count in shown.items():
        if count > allowed.get(key, 0):
            return names[key], count, allowed.get(key, 0)
    return None


def display_names(deck: Mapping[str, Sequence[Entry]]) -> dict[str, str]:
    """The first spelling the list uses for each card key."""
    names: dict[str, str] = {}
    for entries in deck.values():
        for entry in entries:
            names.setdefault(entry.key, entry.name)
    return names
