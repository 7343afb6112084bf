"""Benchmark: standings for large Swiss events (run by hand, not a test: it prints figures).

``.venv/bin/python bench/standings.py`` builds reproducible Magic events (random results, 2-1 tallies) from
16 to 8,192 players over 12 rounds and times ``tournaments.engine.standings.compute`` (which also parses and
validates the replay). The goal (issue 17): 4,096 players x 12 rounds under 0.3 s, since every page
after a result change waits for it. The peers' standings are measured beside ours by ``bench/pairing.py``
(cardarena-tournament-core; swisspair has no standings); see bench/README.md.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.engine.standings import compute

PEERS = "cardarena-tournament-core: 58-66 s for 1,024 players x 11 rounds (bench/pairing.py, bench/README.md)"


def event(players: int, rounds: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(players)]
    played = []
    for number in range(1, rounds + 1):
        rng.shuffle(ids)
        matches = [
            {
                "table": table,
                "a": ids[index],
                "b": ids[index + 1],
                "result": rng.choice(["a", "b", "a", "b", "draw"]),
                "games": {"a": 2, "b": 1, "draws": 0},
            }
            for table, index in enumerate(range(0, players - 1, 2), start=1)
        ]
        played.append({"number": number, "stage": "swiss", "matches": matches})
    return {
        "format": "event-replay/1",
        "game": "mtg",
        "players": [{"id": p, "name": p} for p in sorted(ids)],
        "rounds": played,
    }


def main() -> None:
    print(f"peers: {PEERS}")
    for players in (16, 128, 1024, 4096, 8192):
        document = event(players, 12)
        best = min(_timed(document) for _ in range(3))
        print(f"standings {players:>5} players x 12 rounds: {best * 1000:8.1f} ms (best of 3)")


def _timed(document: dict[str, Any]) -> float:
    started = time.perf_counter()
    compute(document)
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
