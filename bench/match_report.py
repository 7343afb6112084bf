"""Benchmark: the CPU of a match report POST and of an idle match page poll, beside the floor (run by hand).

``DATABASE_URL=... .venv/bin/python bench/match_report.py [MATCHES]`` builds one event with MATCHES tables
(default 300) in a throwaway database (``DATABASE_URL`` names a PostgreSQL server whose ``<name>_bench``
database is created and dropped; without it a temporary SQLite file), then sends, through Django's test
client with real knox tokens: ``GET /api/v1/me/`` (the floor) once per player, the first report of every
match, the second (agreeing at half the tables, differing at the other half), and an idle poll of the
match page answered 304 (at other tables). It prints each kind's CPU per request (``time.process_time``, the
client included; the kinds measured in alternating blocks, so that they meet the same load on a shared
machine) and its ratio to the floor's, and the SQL statements of one request of some kinds.
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

import django

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


def interleaved(
    kinds: dict[str, list[Callable[..., Any]]], status: dict[str, int], block: int = 20
) -> dict[str, float]:
    """CPU seconds per call of each kind, measured in alternating blocks of ``block`` calls so that every kind
    meets the same load on a shared machine; every answer must have its kind's ``status``."""
    spent = dict.fromkeys(kinds, 0.0)
    done = dict.fromkeys(kinds, 0)
    while any(done[kind] < len(calls) for kind, calls in kinds.items()):
        for kind, calls in kinds.items():
            for call in calls[done[kind] : done[kind] + block]:
                started = time.process_time()
                answer = call()
                spent[kind] += time.process_time() - started
                assert answer.status_code == status[kind], (kind, answer.status_code, answer.content[:300])
            done[kind] = min(done[kind] + block, len(calls))
    return {kind: spent[kind] / len(calls) for kind, calls in kinds.items()}


def statements(call: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured.captured_queries)


def measure(tables: int) -> None:
    from matches.tests import factories
    from tournaments.tests.factories import EventFactory, RoundFactory

    # factory_boy types a call as the factory, not the model it builds.
    match_factory: Any = factories.MatchFactory
    round_factory: Any = RoundFactory

    round_ = round_factory(event=EventFactory.create())
    matches = [match_factory(round=round_) for _ in range(tables + 1)]
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

    viewers = []  # each on a match of their own, where nothing happens: their polls are all idle
    for match in [match_factory(round=round_) for _ in range(tables)]:
        viewer = Client()
        viewer.force_login(match.player_a)
        seen = viewer.get(f"/matches/{match.pk}/live/", headers={"HX-Request": "true"})["ETag"]
        viewers.append((viewer, match.pk, seen))
    headers = {"HX-Request": "true"}

    def posting(clients: list[APIClient], at: list[str], body: dict[str, Any]) -> list[Callable[..., Any]]:
        return [lambda c=c, u=u: c.post(u, body, format="json") for c, u in zip(clients, at, strict=True)]

    me = [lambda c=c: c.get("/api/v1/me/") for c in a]
    polls = [
        lambda v=v, pk=pk, seen=seen: v.get(
            f"/matches/{pk}/live/", headers={**headers, "If-None-Match": seen}
        )
        for v, pk, seen in viewers
    ]
    first_round = interleaved(
        {"floor": me, "first": posting(a, urls, first), "poll": polls},
        {"floor": 200, "first": 200, "poll": 304},
    )
    second_round = interleaved(
        {
            "floor": me,
            "agreeing": posting(b[:half], urls[:half], first),
            "differing": posting(b[half:], urls[half:], differing),
        },
        {"floor": 200, "agreeing": 200, "differing": 200},
    )
    assert Match.objects.filter(status=Match.Status.FINAL).count() == half
    assert Match.objects.filter(status=Match.Status.DISPUTED).count() == tables - half
    floor = (first_round["floor"] + second_round["floor"]) / 2
    first_cpu, poll = first_round["first"], first_round["poll"]
    agreeing, differ = second_round["agreeing"], second_round["differing"]
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
