"""Benchmark: the CPU of a match report POST and of an idle match page poll, beside the floor (run by hand).

``DATABASE_URL=... .venv/bin/python bench/match_report.py [MATCHES]`` builds one event with MATCHES tables
(default 300) in a throwaway database (``DATABASE_URL`` names a PostgreSQL server whose ``<name>_bench``
database is created and dropped; without it a temporary SQLite file), then sends, through Django's test
client with real knox tokens: ``GET /api/v1/me/`` (the floor) once per player, the first report of every
match, the second (agreeing at half the tables, differing at the other half), and an idle poll of the
match page answered 304. It prints each kind's CPU per request (``time.process_time``, the client included)
and its ratio to the floor's, and the SQL statements of one request of each kind.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp(prefix='arbiter-bench-')}/bench.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from knox.models import AuthToken  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from matches.models import Match  # noqa: E402


def main(tables: int) -> None:
    setup_test_environment()
    settings.DEBUG = False
    from django.test.utils import get_runner

    runner = get_runner(settings)(verbosity=0, interactive=False)
    old_config = runner.setup_databases()
    try:
        measure(tables)
    finally:
        runner.teardown_databases(old_config)


def clients_for(users: list[Any]) -> list[APIClient]:
    clients = []
    for user in users:
        _, token = AuthToken.objects.create(user=user)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        clients.append(client)
    return clients


def cpu(calls: list[Callable[[], Any]], status: int) -> float:
    """CPU seconds per call; every answer must have ``status``."""
    started = time.process_time()
    for call in calls:
        answer = call()
        assert answer.status_code == status, (answer.status_code, getattr(answer, "content", b"")[:300])
    return (time.process_time() - started) / len(calls)


def statements(call: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured.captured_queries)


def measure(tables: int) -> None:
    from matches.tests.factories import MatchFactory
    from tournaments.tests.factories import EventFactory, RoundFactory

    round_ = RoundFactory(event=EventFactory())
    matches = [MatchFactory(round=round_) for _ in range(tables + 1)]
    sample, matches = matches[0], matches[1:]
    a = clients_for([m.player_a for m in matches])
    b = clients_for([m.player_b for m in matches])
    urls = [f"/api/v1/matches/{m.pk}/reports/" for m in matches]
    first = {"result": "a", "games_a": 2, "games_b": 1}
    differing = {"result": "b", "games_a": 1, "games_b": 2}
    half = tables // 2

    # Warm up (imports, caches, the engine) on a match of its own.
    sample_a, sample_b = clients_for([sample.player_a, sample.player_b])
    sample_url = f"/api/v1/matches/{sample.pk}/reports/"
    for _ in range(3):
        sample_a.get("/api/v1/me/")
    sample_a.post(sample_url, first, format="json")

    me = [lambda c=c: c.get("/api/v1/me/") for c in a]
    floor = cpu(me, 200)
    first_cpu = cpu(
        [lambda c=c, u=u: c.post(u, first, format="json") for c, u in zip(a, urls, strict=True)], 200
    )
    agreeing = cpu(
        [
            lambda c=c, u=u: c.post(u, first, format="json")
            for c, u in zip(b[:half], urls[:half], strict=True)
        ],
        200,
    )
    differ = cpu(
        [
            lambda c=c, u=u: c.post(u, differing, format="json")
            for c, u in zip(b[half:], urls[half:], strict=True)
        ],
        200,
    )
    floor_again = cpu(me, 200)
    assert Match.objects.filter(status=Match.Status.FINAL).count() == half
    assert Match.objects.filter(status=Match.Status.DISPUTED).count() == tables - half

    viewers = []
    for match in matches:
        viewer = Client()
        viewer.force_login(match.player_a)
        seen = viewer.get(f"/matches/{match.pk}/live/", headers={"HX-Request": "true"})["ETag"]
        viewers.append((viewer, match.pk, seen))
    headers = {"HX-Request": "true"}
    poll = cpu(
        [
            lambda v=v, pk=pk, seen=seen: v.get(
                f"/matches/{pk}/live/", headers={**headers, "If-None-Match": seen}
            )
            for v, pk, seen in viewers
        ],
        304,
    )

    floor = min(floor, floor_again)
    counts = {
        "floor GET /api/v1/me/": statements(lambda: sample_a.get("/api/v1/me/")),
        "report, second differing": statements(lambda: sample_b.post(sample_url, differing, format="json")),
        "idle poll (304)": statements(
            lambda: viewers[0][0].get(
                f"/matches/{viewers[0][1]}/live/", headers={**headers, "If-None-Match": viewers[0][2]}
            )
        ),
    }
    print(f"database: {connection.vendor}, {tables} tables, CPU per request through the test client")
    rows = [
        ("floor GET /api/v1/me/", floor),
        ("report, first", first_cpu),
        ("report, second agreeing", agreeing),
        ("report, second differing", differ),
        ("idle poll (304)", poll),
    ]
    for name, seconds in rows:
        count = f"{counts[name]} statements" if name in counts else ""
        print(f"  {name:<26} {seconds * 1000:6.2f} ms  x{seconds / floor:4.2f} the floor  {count}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
