"""The rules judge engine: pure Python, no Django. Disputes in, rulings out.

``judge(dispute)`` takes a dispute in the JSON form of ``shared/spec/dispute-format.md`` and returns the
ruling as a JSON-ready dict. Bad input raises :class:`DisputeError` (a 400 for the API), naming the field
and, for an unknown card id, the id; a reported state that is incomplete or inconsistent is not an error but
a ruling with ``"legal": null`` and the code ``state.incomplete``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.engine.catalog import CardCatalog, InMemoryCatalog, normalize_name
from rules.engine.dispute import parse_dispute
from rules.engine.errors import DisputeError, UnknownCardError, UnsupportedError
from rules.engine.limits import dispute_bounds
from rules.engine.mtg import judge_mtg
from rules.engine.ruling import Ruling, Violation
from rules.engine.yugioh import judge_yugioh

__all__ = [
    "CardCatalog",
    "DisputeError",
    "InMemoryCatalog",
    "Ruling",
    "UnknownCardError",
    "UnsupportedError",
    "Violation",
    "judge",
    "judge_ruling",
    "normalize_name",
]


def judge_ruling(dispute: Mapping[str, Any], catalog: CardCatalog | None = None) -> Ruling:
    """The ruling as an object (violations, facts and the passages they cite)."""
    parsed = parse_dispute(dispute)
    # Before any parsing of the state or decks: a dispute larger than a game can be costs nothing more.
    DisputeError.raise_all(dispute_bounds(parsed))
    if parsed.game == "yugioh":
        return judge_yugioh(parsed, catalog)
    return judge_mtg(parsed, catalog)


def judge(dispute: Mapping[str, Any], catalog: CardCatalog | None = None) -> dict[str, Any]:
    """Rule on ``dispute``; the ruling in the JSON form of the dispute format."""
    return judge_ruling(dispute, catalog).as_dict()
