"""Swiss rounds and top cut size from an event's attendance: the official tables, kept as data.

The tables live in ``tournaments/engine/data/event_structures.json``, one entry per version of a policy.
An event
records the version it was created with (``Event.structure_table``), so publishing a new table never changes
an event already running. Pure Python, no Django.

Choices written down: below a table's first row (e.g. 3 Yu-Gi-Oh! players) the first row's rounds apply with
no top cut; a top cut never takes more players than attend (it shrinks to the largest power of two that fits).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

TABLES_FILE = Path(__file__).resolve().parent / "data" / "event_structures.json"


@dataclass(frozen=True, slots=True)
class Structure:
    """Swiss rounds and top cut size (0: none) for an attendance, and the table version that said so."""

    rounds: int
    top_cut: int
    table: str
    source: str


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


def structure_for(table: str, players: int) -> Structure:
    """The rounds and top cut the table ``table`` gives ``players`` players."""
    tables: dict[str, Any] = _tables()["tables"]
    if table not in tables:
        raise UnknownStructureTable(
            f"No event structure table {table!r}; known: {', '.join(sorted(tables))}."
        )
    rows: list[dict[str, Any]] = tables[table]["rows"]
    chosen = rows[0]
    for row in rows:
        low, high = row["players"]
        if players >= low and (high is None or players <= high):
            chosen = row
            break
    top_cut = int(chosen["top_cut"]) if players >= rows[0]["players"][0] else 0
    return Structure(
        rounds=int(chosen["rounds"]),
        top_cut=fitting_top_cut(top_cut, players),
        table=table,
        source=str(tables[table]["source"]),
    )


def fitting_top_cut(size: int, players: int) -> int:
    """``size``, halved until it is no more than ``players`` (a top 8 of 6 players is a top 4)."""
    while size > players:
        size //= 2
    return size if size >= 2 else 0
