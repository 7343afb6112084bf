"""Benchmark: importing an event replay (run by hand, not a test: it prints figures).

``DATABASE_URL=postgres://... .venv/bin/python bench/event_import.py [PLAYERSxROUNDS ...]`` builds
reproducible Magic events (random pairings and results) and times, on the configured database, the JSON
check of the request body (``config.json_input.loads_checked``), the replay check (``read_replay``) and the
import itself (``tournaments.services.event_import``, the task's work), each import rolled back afterwards.
It prints seconds and, for each size, the time per 1,000 matches beside the smallest size's: a ratio near 1
is linear work. Default sizes: 256x6, 2048x8, 8192x12.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

import django

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from config.json_input import loads_checked  # noqa: E402
from tournaments.engine.replay import read_replay  # noqa: E402
from tournaments.services import event_import  # noqa: E402
from tournaments.tests.replays import swiss_event  # noqa: E402


class Rollback(Exception):
    pass


def timed_import(document: dict[str, Any], organizer: User) -> float:
    started = time.perf_counter()
    try:
        with transaction.atomic():
            event_import(document=document, name="Bench", organizer=organizer, slug="bench-import")
            raise Rollback
    except Rollback:
        pass
    return time.perf_counter() - started


def main(sizes: list[tuple[int, int]]) -> None:
    print(f"database: {connection.vendor}")
    organizer, _ = User.objects.get_or_create(username="bench-organizer")
    baseline: float | None = None
    for players, rounds in sizes:
        document = swiss_event(players, rounds)
        text = json.dumps(document)
        matches = sum(len(r["matches"]) for r in document["rounds"])
        started = time.perf_counter()
        loads_checked(text)
        checked = time.perf_counter() - started
        started = time.perf_counter()
        read_replay(document)
        replay = time.perf_counter() - started
        imported = timed_import(document, organizer)
        per_thousand = imported / matches * 1000
        baseline = baseline or per_thousand
        print(
            f"{players:>5} players x {rounds:>2} rounds ({matches:>6} matches, {len(text) / 1e6:5.1f} MB):"
            f" JSON check {checked:5.2f} s, replay check {replay:5.2f} s, import {imported:6.2f} s"
            f" ({per_thousand:.3f} s per 1,000 matches, x{per_thousand / baseline:.2f} the smallest size's)"
        )
    User.objects.filter(pk=organizer.pk).delete()


if __name__ == "__main__":
    asked = [tuple(int(n) for n in arg.split("x")) for arg in sys.argv[1:]]
    main([(p, r) for p, r in asked] or [(256, 6), (2048, 8), (8192, 12)])
