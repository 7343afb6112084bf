"""Swiss round time by game and policy version: the official figures, kept as data.

The figures live in ``tournaments/engine/data/round_times.json``, one entry per version of a game's policy,
each naming its document, its version and where the figure is written. A new event takes its game's current
entry (``tournaments.services.events.event_create``); the organizer may change an event's round time, which
then is the event's own. Pure Python, no Django.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROUND_TIMES_FILE = Path(__file__).resolve().parent / "data" / "round_times.json"


@dataclass(frozen=True, slots=True)
class RoundTimePolicy:
    """A policy version's Swiss round time, and the document that says so."""

    policy: str
    game: str
    minutes: int
    title: str
    version: str
    source: str


@cache
def _document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(ROUND_TIMES_FILE.read_text(encoding="utf-8"))
    return document


def round_time_policy(policy: str) -> RoundTimePolicy:
    """The entry ``policy`` (a ``KeyError`` naming it when this installation has no such version)."""
    entry: dict[str, Any] = _document()["policies"][policy]
    return RoundTimePolicy(
        policy=policy,
        game=str(entry["game"]),
        minutes=int(entry["round_minutes"]),
        title=str(entry["title"]),
        version=str(entry["version"]),
        source=str(entry["source"]),
    )


def current_round_time(game: str) -> RoundTimePolicy:
    """The round time a new event of ``game`` starts with: its game's current policy's."""
    current: dict[str, str] = _document()["current"]
    return round_time_policy(current[game])


def round_time_policies(game: str) -> list[RoundTimePolicy]:
    policies: dict[str, Any] = _document()["policies"]
    return [round_time_policy(name) for name, entry in sorted(policies.items()) if entry["game"] == game]
