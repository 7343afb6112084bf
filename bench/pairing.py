"""Benchmark: next-round pairing at 16 ... 8,192 players beside the peers (run by hand, not a test).

``.venv/bin/python bench/pairing.py [SIZES...]`` builds reproducible Yu-Gi-Oh! events (11 Swiss rounds
simulated: players sorted by points, paired neighbour to neighbour, random results with draws, the odd
player out gets the bye, about 1% drop after each round from round 3), then pairs round 12 with our
``next_round`` (on the document: reading the replay and the standings included) and with the peers on the
same input, and prints per size: seconds, rematches, second byes (a bye to a player who had one while an
eligible player had none) and pair-downs (pairs across points groups, and the sum of groups skipped).
Standings time: ours (``compute``) beside cardarena's ``YuGiOh``.

The peers run in their own venv (``bench/peers_venv.sh``; ``PEERS_PYTHON`` overrides its interpreter) via
``bench/peers.py`` in a subprocess, fed the event as JSON, so this project's venv never holds them.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.engine.pairing import next_round  # noqa: E402
from tournaments.engine.replay import read_replay  # noqa: E402
from tournaments.engine.standings import compute, standings_rows  # noqa: E402

SIZES = (16, 64, 256, 1024, 4096, 8192)
# Ours and swisspair: best of REPEATS runs each, taken in turn (cardarena's pair() changes its state, so it
# runs once). This machine's speed drifts by half for seconds at a time: runs in turn meet the same drift.
REPEATS = int(os.environ.get("REPEATS", "7"))
EVENTS = int(os.environ.get("EVENTS", "3"))  # events per size (simulated with seeds 1..EVENTS)
# cardarena's standings grow steeply (about a minute at 1,024 players on the machine in bench/README.md):
# above this size they are not timed.
CARDARENA_STANDINGS_MAX = int(os.environ.get("CARDARENA_STANDINGS_MAX", "1024"))
PEERS_PYTHON = os.environ.get("PEERS_PYTHON", str(ROOT / "bench" / ".peers-venv" / "bin" / "python"))


def event(players: int, rounds: int, seed: int = 1) -> dict[str, Any]:
    """A replay after ``rounds`` Swiss rounds, simulated cheaply (not by the code under test)."""
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(players)]
    points = dict.fromkeys(ids, 0)
    active = ids[:]
    played, drops = [], []
    for number in range(1, rounds + 1):
        order = sorted(active, key=lambda p: (-points[p], rng.random()))
        matches: list[dict[str, Any]] = []
        if len(order) % 2:
            matches.append({"table": 0, "a": order.pop(), "b": None, "result": "bye"})
            points[matches[-1]["a"]] += 3
        for index in range(0, len(order), 2):
            a, b = order[index], order[index + 1]
            result = rng.choice(["a", "b", "a", "b", "a", "b", "draw"])
            points[a] += {"a": 3, "b": 0, "draw": 1}[result]
            points[b] += {"a": 0, "b": 3, "draw": 1}[result]
            matches.append({"table": 0, "a": a, "b": b, "result": result})
        for table, match in enumerate(matches, start=1):
            match["table"] = table
        played.append({"number": number, "stage": "swiss", "matches": matches})
        if number >= 3:
            for leaving in rng.sample(active, len(active) // 100):
                drops.append({"player": leaving, "after_round": number})
                active.remove(leaving)
    return {
        "format": "event-replay/1",
        "game": "yugioh",
        "players": [{"id": p, "name": p} for p in ids],
        "rounds": played,
        "drops": drops,
    }


def quality(
    document: dict[str, Any],
    ranking: list[str],
    points: dict[str, int],
    pairs: list[tuple[str, str]],
    bye: str | None,
) -> dict[str, int]:
    """Rematches, second byes and pair-downs of one pairing of ``document``'s next round."""
    met = {frozenset((m["a"], m["b"])) for r in document["rounds"] for m in r["matches"] if m["b"]}
    had = {m["a"] for r in document["rounds"] for m in r["matches"] if m["b"] is None}
    levels = sorted({points[p] for p in ranking}, reverse=True)
    place = {value: k for k, value in enumerate(levels)}
    cross = [abs(place[points[a]] - place[points[b]]) for a, b in pairs if points[a] != points[b]]
    seated = sorted([p for pair in pairs for p in pair] + ([bye] if bye else []))
    return {
        "rematches": sum(frozenset(pair) in met for pair in pairs),
        "second_byes": int(bye is not None and bye in had and any(p not in had for p in ranking)),
        "pair_downs": len(cross),
        "groups_skipped": sum(d - 1 for d in cross),
        "complete": int(seated == sorted(ranking)),
    }


class Peers:
    """bench/peers.py in the peers' interpreter, holding one event: swisspair runs when asked (see there)."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.process = subprocess.Popen(  # noqa: S603 -- our own script, our own interpreter path
            [PEERS_PYTHON, str(ROOT / "bench" / "peers.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._send(json.dumps(job))

    def _send(self, line: str) -> None:
        stdin = self.process.stdin
        if stdin is None:
            raise SystemExit("bench/peers.py has no stdin")
        stdin.write(line + "\n")
        stdin.flush()

    def run_swisspair(self) -> None:
        self._send("swisspair")
        if self.process.stdout is None or not self.process.stdout.readline():
            raise SystemExit("bench/peers.py stopped")

    def finish(self) -> dict[str, Any]:
        out, _ = self.process.communicate("done\n")
        if self.process.returncode != 0:
            raise SystemExit(f"bench/peers.py failed ({self.process.returncode})")
        peers: dict[str, Any] = json.loads(out)
        return peers


def main(sizes: tuple[int, ...]) -> None:
    header = ("players", "tool", "seconds", "rematch", "2nd bye", "downs", "skips")
    print("{:>7} {:<10} {:>8} {:>7} {:>7} {:>6} {:>5}".format(*header))
    for players, number in ((players, number) for players in sizes for number in range(1, EVENTS + 1)):
        document = event(players, 11, seed=number)
        replay = read_replay(document)
        rows = standings_rows(replay)
        ranking = [row.player for row in rows if not row.dropped]
        points = {row.player: row.points for row in rows}
        had = sorted({m["a"] for r in document["rounds"] for m in r["matches"] if m["b"] is None})
        job = {
            "event": document,
            "ranking": ranking,
            "points": points,
            "had_bye": had,
            "standings": players <= CARDARENA_STANDINGS_MAX,
        }
        peer = Peers(job) if Path(PEERS_PYTHON).exists() else None
        seconds = float("inf")
        for _ in range(REPEATS):  # ours, then swisspair's run, in turn: the same moments of the machine
            started = time.perf_counter()
            ours = next_round(document, number)  # reading the replay included, as a request does
            seconds = min(seconds, time.perf_counter() - started)
            if peer is not None:
                peer.run_swisspair()
        pairs = [(m["a"], m["b"]) for m in ours["matches"] if m["b"] is not None]
        byes = [m["a"] for m in ours["matches"] if m["b"] is None]
        results = {"arbiter": (seconds, pairs, byes[0] if byes else None)}
        started = time.perf_counter()
        compute(document)
        standings_seconds = time.perf_counter() - started
        peers: dict[str, Any] = {}
        if peer is not None:
            peers = peer.finish()
            for name, result in peers.items():
                results[name] = (result["seconds"], [tuple(p) for p in result["pairs"]], result["bye"])
        for name, (secs, tool_pairs, bye) in results.items():
            q = quality(document, ranking, points, tool_pairs, bye)
            flag = "" if q["complete"] else "  INCOMPLETE"
            print(
                f"{players:>5}/{number} {name:<10} {secs:8.3f} {q['rematches']:>7} {q['second_byes']:>7}"
                f" {q['pair_downs']:>6} {q['groups_skipped']:>5}{flag}"
            )
        line = f"{players:>5}/{number} standings  arbiter {standings_seconds:.3f} s"
        if peers.get("cardarena", {}).get("standings_seconds") is not None:
            line += f", cardarena {peers['cardarena']['standings_seconds']:.3f} s"
        print(line)


if __name__ == "__main__":
    main(tuple(int(arg) for arg in sys.argv[1:]) or SIZES)
