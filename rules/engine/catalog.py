"""The card catalog the engine consults for cards a dispute names but does not describe.

A dispute may give a card only its ``name``; the catalog fills in the rest (kind, frame, Level, ATK...), and
whatever the dispute states overrides it (those are the values the players agreed on). The Django side
implements :class:`CardCatalog` from its database; :class:`InMemoryCatalog` serves tests and the command line.

Card data is a mapping with the card keys of the dispute format. A catalog may answer a name with data whose
``name`` differs: that is how an alternate artwork (listed under its own name) resolves to the card it is a
printing of, which the copy limit counts as the same card.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

CardData = Mapping[str, Any]


# Card names are short (the longest printed ones are about 100 characters); only names of that size are
# cached, so a hostile "name" of a megabyte is normalized once and never kept.
MAX_CACHED_NAME = 200


def normalize_name(name: str) -> str:
    """The comparison key of a card name: case, accents, punctuation and spacing do not make another card.

    Cached: a deck list, a side swap and a catalog look-up ask for the same few hundred names many times.
    """
    return _normalized(name) if len(name) <= MAX_CACHED_NAME else _normalize(name)


@lru_cache(maxsize=8192)
def _normalized(name: str) -> str:
    return _normalize(name)


def _normalize(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"[^0-9a-z]+", " ", letters.casefold()).strip()


@runtime_checkable
class CardCatalog(Protocol):
    """Look a card up by the catalog's own id or by name; ``None`` when the catalog does not know it."""

    def card_by_id(self, card_id: str) -> CardData | None: ...

    def card_by_name(self, name: str) -> CardData | None: ...


class InMemoryCatalog:
    """A catalog held in memory: cards keyed by name (and optionally by id), plus alternate-artwork names."""

    def __init__(
        self,
        cards: Iterable[CardData] = (),
        *,
        aliases: Mapping[str, str] | None = None,
    ) -> None:
        self._by_name: dict[str, CardData] = {}
        self._by_id: dict[str, CardData] = {}
        for card in cards:
            name = card.get("name")
            if isinstance(name, str):
                self._by_name[normalize_name(name)] = card
            card_id = card.get("catalog_id")
            if isinstance(card_id, str):
                self._by_id[card_id] = card
        # An alternate artwork's name answers with the data of the card it prints.
        for alias, canonical in (aliases or {}).items():
            data = self._by_name.get(normalize_name(canonical))
            if data is not None:
                self._by_name[normalize_name(alias)] = data

    def card_by_id(self, card_id: str) -> CardData | None:
        return self._by_id.get(card_id)

    def card_by_name(self, name: str) -> CardData | None:
        return self._by_name.get(normalize_name(name))
