"""Runs the peers (swisspair, cardarena-tournament-core) on one event; executed in the peers' venv only.

Reads ``{"event": <event-replay/1>, "ranking": [...], "points": {...}, "had_bye": [...]}`` as one line of
JSON on stdin; then each line ``swisspair`` runs swisspair's pairing once and answers its seconds on a line
(bench/pairing.py alternates those runs with its own, so both tools are timed in the same moments of a
machine whose speed drifts); the line ``done`` answers ``{"swisspair": {...}, "cardarena": {...}}`` with
each tool's pairs, bye and seconds (swisspair's: the best of its runs). Never imported by the project: the
peers are not our dependencies (see bench/README.md).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any


class SwisspairRuns:
    """swisspair on one event, run and timed once per request; its best time and last pairing are kept."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.job = job
        self.met: dict[str, set[str]] = {pid: set() for pid in job["ranking"]}
        for round_ in job["event"]["rounds"]:
            for match in round_["matches"]:
                a, b = match["a"], match["b"]
                if b is not None and a in self.met and b in self.met:
                    self.met[a].add(b)
                    self.met[b].add(a)
        self.had = set(job["had_bye"])
        self.seconds = float("inf")
        self.matches: list[Any] = []

    def run_once(self) -> float:
        started = time.perf_counter()
        self.matches = _swisspair_round(self.job, self.met, self.had)
        seconds = time.perf_counter() - started
        self.seconds = min(self.seconds, seconds)
        return seconds

    def result(self) -> dict[str, Any]:
        if not self.matches:
            self.run_once()
        pairs = [[m.p1.id, m.p2.id] for m in self.matches if m.p2 is not None]
        byes = [m.p1.id for m in self.matches if m.p2 is None]
        return {"pairs": pairs, "bye": byes[0] if byes else None, "seconds": self.seconds}


def _swisspair_round(job: dict[str, Any], met: dict[str, set[str]], had: set[str]) -> list[Any]:
    import swisspair  # type: ignore[import-not-found,unused-ignore]  # lives in the peers venv

    players = [
        swisspair.Player(
            id=pid,
            points=job["points"][pid],
            rank=rank,
            can_get_bye=pid not in had,
            cannot_be_paired_against_ids=met[pid],
        )
        for rank, pid in enumerate(job["ranking"], start=1)
    ]
    return list(swisspair.create_matches(players))


def cardarena_runs(job: dict[str, Any]) -> dict[str, Any]:
    from cardarena_tournament_core import (  # type: ignore[import-not-found,unused-ignore]
        Matchup,
        MatchupOutcome,
        Player,
        Round,
        Swiss,
        YuGiOh,
    )

    outcome = {
        "a": MatchupOutcome.PLAYER1_WINS,
        "b": MatchupOutcome.PLAYER2_WINS,
        "draw": MatchupOutcome.DRAW,
    }
    people = {p["id"]: Player(id=p["id"], name=p.get("name", p["id"])) for p in job["event"]["players"]}
    rounds = [
        Round(
            round_number=round_["number"],
            matchups=[
                Matchup(
                    player1=people[m["a"]],
                    player2=people[m["b"]] if m["b"] is not None else None,
                    outcome=outcome.get(m["result"], MatchupOutcome.PENDING),
                )
                for m in round_["matches"]
            ],
        )
        for round_ in job["event"]["rounds"]
    ]
    started = time.perf_counter()
    swiss = Swiss.from_history(list(people.values()), rounds, set(job["ranking"]))
    built = time.perf_counter()
    paired = swiss.pair()
    done = time.perf_counter()
    scored = None
    if job.get("standings", True):
        YuGiOh().calculate(rounds)
        scored = time.perf_counter()
    pairs = [[m.player1.id, m.player2.id] for m in paired.matchups if m.player2 is not None]
    byes = [m.player1.id for m in paired.matchups if m.player2 is None]
    return {
        "pairs": pairs,
        "bye": byes[0] if byes else None,
        "seconds": done - built,
        "history_seconds": built - started,
        "standings_seconds": scored - done if scored is not None else None,
    }


def main() -> None:
    job = json.loads(sys.stdin.readline())
    swisspair = SwisspairRuns(job)
    for line in sys.stdin:
        if line.strip() == "swisspair":
            print(swisspair.run_once(), flush=True)
        elif line.strip() == "done":
            break
    json.dump({"swisspair": swisspair.result(), "cardarena": cardarena_runs(job)}, sys.stdout)


if __name__ == "__main__":
    main()
