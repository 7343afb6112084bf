"""Swiss rounds and top cut size from an event's attendance: the official tables, kept as data.

The tables live in ``tournaments/engine/data/event_structures.json``, one entry per version of a policy.
An event
records the version it was created with (``Event.structure_table``), so publishing a new table never changes
an event already running. Pure Python, no Django.

A row gives Swiss rounds and a top cut, or (``"structure": "single_elimination"``) a single-elimination
bracket with no Swiss rounds at all; a row may carry the variant a Magic Limited event with a Booster Draft
playoff uses instead (``booster_draft_playoff``). A table may count byes toward attendance
(``byes_count_as``: Magic counts a player with 1, 2 or 3 byes as 2, 4 or 8 players).

A Magic table also says how its events floor the tiebreaker percentages (``tiebreak_floor``: ``"0.33"`` as
the Magic Tournament Rules' appendix C writes it, from ``mtr-appendix-e-2024-r3``; a table without the key
means ``"1/3"``, the floor this product used before), so an event finished on an older table keeps the
standings it was shown with (:func:`tiebreak_floor`).

Choices written down: below a table's first row (e.g. 3 Yu-Gi-Oh! players) the first row's rounds apply with
no top cut; a top cut never takes more players than attend (it shrinks to the largest power of two that fits);
a player with more byes than ``byes_count_as`` lists counts double for each one more.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tournaments.engine.replay import TIEBREAK_FLOORS, TiebreakFloor

TABLES_FILE = Path(__file__).resolve().parent / "data" / "event_structures.json"


SWISS = "swiss"
SINGLE_ELIMINATION = "single_elimination"


@dataclass(frozen=True, slots=True)
class Structure:
    """Swiss rounds and top cut size (0: none) for an attendance, and the table version that said so; or,
    when ``kind`` is :data:`SINGLE_ELIMINATION`, a bracket of ``rounds`` rounds and no Swiss."""

    rounds: int
    top_cut: int
    table: str
    source: str
    kind: str = SWISS


class UnknownStructureTable(ValueError):
    """The event names a table version this installation does not have."""


@cache
def _tables() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    return document


def current_table(game: str) -> str:
    """The version new events of ``game`` use."""
    current: dict[str, str] = _tables()["current"]
    return current[game]


def table_versions(game: str) -> list[str]:
    tables: dict[str, Any] = _tables()["tables"]
    return sorted(version for version, table in tables.items() if table["game"] == game)


def table_source(table: str) -> str:
    """The policy a table version comes from, in words (the version itself when it is unknown here)."""
    tables: dict[str, Any] = _tables()["tables"]
    return str(tables[table]["source"]) if table in tables else table


def table_title(table: str) -> str:
    """The title of the document a table version comes from ("Yu-Gi-Oh! TCG Tournament Policy"), a proper
    name that stays as published whatever the reader's language; the version itself when it is unknown."""
    tables: dict[str, Any] = _tables()["tables"]
    if table not in tables:
        return table
    return str(tables[table].get("title") or tables[table]["source"])


def _table(table: str) -> dict[str, Any]:
    tables: dict[str, Any] = _tables()["tables"]
    if table not in tables:
        raise UnknownStructureTable(
            f"No event structure table {table!r}; known: {', '.join(sorted(tables))}."
        )
    chosen: dict[str, Any] = tables[table]
    return chosen


def tiebreak_floor(table: str) -> TiebreakFloor:
    """The floor of Magic's tiebreaker percentages for events on ``table`` (the replay's ``tiebreak_floor``):
    the table's own, else ``"1/3"``, which every table before the key existed meant."""
    written = _table(table).get("tiebreak_floor", "1/3")
    floor = TIEBREAK_FLOORS.get(written) if isinstance(written, str) else None
    if floor is None:
        raise UnknownStructureTable(f"Table {table!r} has an unknown tiebreak_floor {written!r}.")
    return floor


def table_with_floor(game: str, floor: TiebreakFloor) -> str:
    """The table a new event of ``game`` takes when its tiebreakers must be floored at ``floor`` (an imported
    replay's ``tiebreak_floor``): the current one if it has that floor, else the newest that has (tables are
    listed oldest first), else the current one (a game whose tables never name another floor)."""
    current = current_table(game)
    if tiebreak_floor(current) == floor:
        return current
    tables: dict[str, Any] = _tables()["tables"]
    same = [
        version
        for version, table in tables.items()
        if table["game"] == game and tiebreak_floor(version) == floor
    ]
    return same[-1] if same else current


def attendance(table: str, byes: Iterable[int]) -> int:
    """The attendance the table reads for players holding ``byes`` byes each (one entry a player): one each,
    or, for a table with ``byes_count_as``, that many for a player with that many byes."""
    weights: list[int] = _table(table).get("byes_count_as") or [1]
    total = 0
    for count in byes:
        extra = max(count - (len(weights) - 1), 0)
        total += weights[min(count, len(weights) - 1)] * 2**extra if len(weights) > 1 else 1
    return total


def structure_for(table: str, players: int, *, booster_draft_playoff: bool = False) -> Structure:
    """The rounds and top cut the table ``table`` gives an attendance of ``players`` (see :func:`attendance`;
    a top cut here fits the attendance: the caller fits it to the players present with
    :func:`fitting_top_cut`). ``booster_draft_playoff``: a Magic Limited event whose playoff is a Booster
    Draft, for the rows that have a variant for it."""
    document = _table(table)
    rows: list[dict[str, Any]] = document["rows"]
    chosen = rows[0]
    for row in rows:
        low, high = row["players"]
        if players >= low and (high is None or players <= high):
            chosen = row
            break
    if booster_draft_playoff and "booster_draft_playoff" in chosen:
        chosen = {**chosen, **chosen["booster_draft_playoff"]}
    kind = str(chosen.get("structure", SWISS))
    top_cut = int(chosen["top_cut"]) if players >= rows[0]["players"][0] and kind == SWISS else 0
    return Structure(
        rounds=int(chosen["rounds"]),
        top_cut=fitting_top_cut(top_cut, players),
        table=table,
        source=str(document["source"]),
        kind=kind,
    )


def bracket_rounds(players: int) -> int:
    """Rounds of a single-elimination bracket for ``players`` players (3 for 5 to 8)."""
    return max(players - 1, 1).bit_length()


def fitting_top_cut(size: int, players: int) -> int:
    """``size``, halved until it is no more than ``players`` (a top 8 of 6 players is a top 4)."""
    while size > players:
        size //= 2
    return size if size >= 2 else 0
