"""Benchmark: rulings per second on a mixed set of disputes, against the JSON parse-and-print floor.

Run by hand: ``.venv/bin/python bench/judge.py`` (or ``make bench``). Not a test: it prints figures.

The floor is ``json.loads`` + ``json.dumps`` of the same dispute text, the least any judge that reads and
answers JSON must do; the issue's aim is a ruling costing at most 10 times that. For a sense of scale
beside peers: YGOPro's core (C++) and Forge (Java) check legality inside a running game and never explain
it, so they have no equivalent "dispute in, ruling out" figure to set beside this one.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.engine import judge  # noqa: E402

EXAMPLES = ROOT.parent / "shared" / "spec" / "examples"


def mixed_disputes() -> list[str]:
    texts = []
    for path in sorted(EXAMPLES.glob("*.json")):
        dispute = json.loads(path.read_text(encoding="utf-8"))["dispute"]
        if dispute.get("game") == "yugioh":
            texts.append(json.dumps(dispute))
    return texts


def per_second(work: Callable[[str], object], texts: list[str], seconds: float = 2.0) -> float:
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for text in texts:
            work(text)
        done += len(texts)
    return done / (time.perf_counter() - start)


def main() -> None:
    texts = mixed_disputes()
    floor = per_second(lambda text: json.dumps(json.loads(text)), texts)
    rulings = per_second(lambda text: json.dumps(judge(json.loads(text))), texts)
    print(f"disputes in the mix:         {len(texts)} (the Yu-Gi-Oh! examples of shared/spec/examples)")
    print(f"parse + print floor:         {floor:12,.0f} per second")
    print(f"parse + judge + print:       {rulings:12,.0f} rulings per second")
    print(f"one ruling costs:            {floor / rulings:12.1f} x the floor (aim: at most 10 x)")


if __name__ == "__main__":
    main()
