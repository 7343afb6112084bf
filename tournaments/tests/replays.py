"""Event replays made up for tests and benchmarks: reproducible, and not computed by the code under test."""

from __future__ import annotations

import random
from typing import Any


def swiss_event(players: int, rounds: int, seed: int = 1) -> dict[str, Any]:
    """A reproducible Magic event: random pairings and results (not the code under test)."""
    rng = random.Random(seed)  # noqa: S311 - a reproducible event, not a secret
    ids = [f"p{i}" for i in range(players)]
    played = []
    for number in range(1, rounds + 1):
        rng.shuffle(ids)
        matches = [
            {
                "table": table,
                "a": ids[index],
                "b": ids[index + 1],
                "result": rng.choice(["a", "b", "draw"]),
                "games": {"a": 2, "b": 1, "draws": 0},
            }
            for table, index in enumerate(range(0, players - 1, 2), start=1)
        ]
        if players % 2:
            matches.append({"table": players // 2 + 1, "a": ids[-1], "b": None, "result": "bye"})
        played.append({"number": number, "stage": "swiss", "matches": matches})
    return {
        "format": "event-replay/1",
        "game": "mtg",
        "players": [{"id": p, "name": f"Player {p}"} for p in sorted(ids)],
        "rounds": played,
    }
