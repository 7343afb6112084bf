"""Situations: the judge page's way in, one small form per argument players actually have.

``situations_of(game)`` lists them in the order the page offers them; ``situation_class(game, key)`` finds
one. "Something else" is not a situation: it is the full builder (``rules.forms``, ``rules.forms_mtg``).
"""

from __future__ import annotations

from rules.engine.vocabulary import MTG, YUGIOH
from rules.situations import mtg, yugioh
from rules.situations.base import CardLookup, CardSlot, Situation

SITUATIONS: dict[str, tuple[type[Situation], ...]] = {YUGIOH: yugioh.SITUATIONS, MTG: mtg.SITUATIONS}
SOMETHING_ELSE = "other"


def situations_of(game: str) -> tuple[type[Situation], ...]:
    return SITUATIONS.get(game, ())


def situation_class(game: str, key: str | None) -> type[Situation] | None:
    """The situation ``key`` of ``game``, or None (unknown keys included: the page then offers the list)."""
    return next((situation for situation in situations_of(game) if situation.key == key), None)


__all__ = ["SOMETHING_ELSE", "CardLookup", "CardSlot", "Situation", "situation_class", "situations_of"]
