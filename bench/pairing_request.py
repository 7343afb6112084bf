"""Benchmark: pairing and re-pairing a round through the API beside the pure pairing (run by hand).

``.venv/bin/python bench/pairing_request.py [--players N] [--rounds R] [sqlite] [postgres://...]`` imports
a reproducible Yu-Gi-Oh! event (``bench/pairing.py``'s simulation: R Swiss rounds played, about 1% dropping
after each round from round 3; default 4,096 players x 11 rounds) on each database named (``sqlite``: the
embedded default in a scratch directory; a ``postgres://`` URL: that database, migrated, the event deleted
afterwards; default ``sqlite`` and ``$DATABASE_URL`` if set), then, in the same process, times:

- ``next_round``: ``tournaments.engine.pairing.next_round`` on the event's own replay (``event_replay``,
  read beforehand; the replay check and standings inside ``next_round`` included), the floor;
- ``pair``: ``POST /api/v1/events/<slug>/rounds/`` for round R+1 (lock, read, pair, write, the response
  with every pairing), after ``warm_history_documents`` (what closing the last round has a worker
  do), through Django's test client (middleware, authentication, idempotency key);
- ``re-pair``: ``POST .../rounds/<R+1>/repair/`` on that round (every table checked, the matches deleted,
  paired again).

The three are run in turn ``REPEATS`` times (default 5; the round deleted after each turn) and each is
the best of its runs, in wall clock and in this process's CPU time (on SQLite all the work; on PostgreSQL
the server's is in the wall clock only); the SQL statements of each request are counted in an untimed run
first. It prints seconds and the ratios to ``next_round`` measured in the same run: the goal is at most 1.5.
Also printed, for comparison: ``next_round`` on the replay already read (``read_replay`` done beforehand),
and the pairing request when what it reads was not warmed (the cache emptied first: the history read and
ranked in the request, as when no worker warmed it after the round's close).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
REPEATS = int(os.environ.get("REPEATS", "5"))
CHILD = "--child"


class Timing(NamedTuple):
    wall: float
    cpu: float  # this process's: on PostgreSQL the server's work is in the wall clock only


def _timed(action: Callable[[], object]) -> Timing:
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


@contextmanager
def _counted(connection: Any) -> Iterator[list[str]]:
    """The SQL statements run inside the block (every one, however many)."""
    statements: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        yield statements


def child(players: int, rounds: int) -> None:
    """The measurements on the configured database (this process's settings)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.core.management import call_command
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections, connection
    from django.urls import reverse
    from pairing import event as simulated_event  # bench/pairing.py (this script's directory is on the path)
    from rest_framework.test import APIClient

    from tournaments.engine.pairing import next_round
    from tournaments.engine.replay import read_replay
    from tournaments.models import Event, Registration, Round
    from tournaments.replay_export import event_replay
    from tournaments.selectors.pairing import warm_history_documents
    from tournaments.services import event_import

    call_command("migrate", verbosity=0, interactive=False)
    # One connection for the whole run, as a server with persistent connections keeps (and the counts below
    # need: a request closing it would start a new one).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    slug = "bench-pairing-request"
    organizer, _ = User.objects.get_or_create(username="bench-pairing-organizer")
    started = time.perf_counter()
    event = event_import(
        document=simulated_event(players, rounds), name="Bench pairing", organizer=organizer, slug=slug
    )
    imported = time.perf_counter() - started
    number = rounds + 1
    Event.objects.filter(pk=event.pk).update(swiss_rounds=number, top_cut=0)  # one more round to pair
    client = APIClient(SERVER_NAME="localhost")  # a host the settings allow
    client.force_authenticate(organizer)
    pair_url = reverse("api-event-rounds", args=[slug])
    repair_url = reverse("api-round-repair", args=[slug, number])
    presses = iter(range(10**6))

    def pair() -> Any:
        key = f"bench-{next(presses)}"
        response = client.post(pair_url, {"seed": 1}, format="json", headers={"Idempotency-Key": key})
        assert response.status_code == 201, response.content[:500]
        return response

    def repair() -> Any:
        response = client.post(repair_url, {"seed": 2}, format="json")
        assert response.status_code == 200, response.content[:500]
        return response

    def unpair() -> None:
        Round.objects.filter(event=event, number=number).delete()

    def pair_cold() -> Any:
        cache.clear()  # as if the round's close had not warmed what pairing reads
        return pair()

    event.refresh_from_db()
    warm_history_documents(event)  # what closing the last round has a worker do
    replay = event_replay(event)
    parsed = read_replay(replay)
    expected = len(next_round(replay, 1)["matches"])
    with _counted(connection) as paired:
        body = pair().json()
    assert len(body["pairings"]) == expected, (len(body["pairings"]), expected)
    with _counted(connection) as repaired:
        repair()
    unpair()
    # Interleaved, so a change in the machine's load falls on all of them alike; the best of each.
    best: dict[str, Timing] = {}
    for _ in range(REPEATS):
        for name, action in (
            ("next_round", lambda: next_round(replay, 1)),
            ("parsed", lambda: next_round(parsed, 1)),
            ("pair", pair),
            ("re-pair", repair),
            ("pair-cold", pair_cold),
        ):
            if name == "pair-cold":
                unpair()  # the re-paired round, deleted untimed
            timing = _timed(action)
            best[name] = Timing(
                min(timing.wall, best.get(name, timing).wall), min(timing.cpu, best.get(name, timing).cpu)
            )
        unpair()
        warm_history_documents(event)  # for the next turn's "pair", as closing the round would have

    floor = best["next_round"]
    print(
        f"database: {connection.vendor}; {players} players, round {number} ({expected} pairings);"
        f" event imported in {imported:.1f} s; best of {REPEATS}, wall clock and this process's CPU"
    )
    for name, label, statements in (
        ("next_round", "next_round (the floor)", None),
        ("pair", "API pair", len(paired)),
        ("re-pair", "API re-pair", len(repaired)),
        ("pair-cold", "API pair, not warmed", None),
    ):
        timing = best[name]
        print(
            f"  {label:<24} {timing.wall:6.3f} s x{timing.wall / floor.wall:.2f}"
            f"   cpu {timing.cpu:6.3f} s x{timing.cpu / floor.cpu:.2f}"
            + ("" if statements is None else f"   {statements} SQL statements")
        )
    print(
        f"  (next_round on the replay already read: {best['parsed'].wall:.3f} s,"
        f" cpu {best['parsed'].cpu:.3f} s)"
    )
    # Leave the database as found: the event, its players' accounts and the organizer.
    users = list(Registration.objects.filter(event=event).values_list("player_id", flat=True))
    Event.objects.filter(pk=event.pk).delete()
    User.objects.filter(pk__in=[*users, organizer.pk]).delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "targets", nargs="*", help="sqlite, or a postgres:// URL (default: sqlite $DATABASE_URL)"
    )
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=11, help="Swiss rounds played before the one paired")
    parser.add_argument(CHILD, action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        child(options.players, options.rounds)
        return
    targets = options.targets or [
        "sqlite",
        *([os.environ["DATABASE_URL"]] if "DATABASE_URL" in os.environ else []),
    ]
    for target in targets:
        environment = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as scratch:
            if target == "sqlite":
                environment["ARBITER_VAR_DIR"] = scratch  # the embedded default, in a scratch file
            else:
                environment["DATABASE_URL"] = target
            arguments = [CHILD, "--players", str(options.players), "--rounds", str(options.rounds)]
            command = [sys.executable, __file__, *arguments]  # this script again, on that database
            subprocess.run(command, env=environment, check=True)  # noqa: S603


if __name__ == "__main__":
    main()
