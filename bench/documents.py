"""Benchmark: the standings and pairings pages and API served from their cached documents (run by hand).

``[DATABASE_URL=...] [REDIS_URL=...] .venv/bin/python bench/documents.py [PLAYERSxROUNDS]`` imports a
reproducible Magic event once (kept in the database for the next run, slug ``bench-documents-PxR``), then
measures, in one run and through Django's whole request path (middleware, authentication, a knox token), the
CPU time of a request (``time.process_time``: with SQLite the database's work is in it too) of:

- the floor, ``GET /api/v1/me/`` with the same token;
- each page and the API **computed** (the cache emptied before each request: the standings computed from the
  event's history and the table drawn, what every request cost before the documents were kept), **served**
  (the document in the cache: a request after the first since the history last changed) and **idle** (a poll
  that sends the ``ETag`` it holds: "304 Not Modified").

It prints the milliseconds and each as a multiple of the floor: a served or idle request against floor
requests made in turn with it (one of each, alternately), so that other work on the machine weighs on both
alike. Default size 4096x12.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.http.response import HttpResponseBase  # noqa: E402
from django.test import Client  # noqa: E402

from accounts.services import token_create  # noqa: E402
from tournaments.models import Event  # noqa: E402
from tournaments.selectors.standings import standings_of  # noqa: E402
from tournaments.services import event_import  # noqa: E402
from tournaments.tests.replays import swiss_event  # noqa: E402

settings.DEBUG = False  # no query log kept in memory
settings.ALLOWED_HOSTS = ["*"]


def bench_event(players: int, rounds: int) -> Event:
    slug = f"bench-documents-{players}x{rounds}"
    event = Event.objects.filter(slug=slug).first()
    if event is not None:
        return event
    organizer, _ = User.objects.get_or_create(username="bench-documents-organizer")
    started = time.perf_counter()
    event = event_import(document=swiss_event(players, rounds), name=slug, organizer=organizer, slug=slug)
    print(f"imported {players} x {rounds} in {time.perf_counter() - started:.1f} s")
    return event


def cpu_ms(
    request: Callable[[], HttpResponseBase], times: int, *, before: Callable[[], None] | None = None
) -> float:
    """The median CPU milliseconds of ``times`` requests (``before`` runs untimed before each)."""
    spent = []
    for _ in range(times):
        if before is not None:
            before()
        started = time.process_time()
        response = request()
        spent.append((time.process_time() - started) * 1000)
        assert response.status_code in (200, 304), response.status_code
    return statistics.median(spent)


def beside_floor(
    request: Callable[[], HttpResponseBase], floor: Callable[[], HttpResponseBase], times: int
) -> tuple[float, float]:
    """The median CPU milliseconds of ``times`` requests and of as many floor requests, one of each in
    turn: on a machine shared with other work, the ratio of the two is steadier than against a floor
    measured once at the start."""
    spent: list[float] = []
    floors: list[float] = []
    for _ in range(times):
        spent.append(cpu_ms(request, 1))
        floors.append(cpu_ms(floor, 1))
    return statistics.median(spent), statistics.median(floors)


def main(players: int, rounds: int) -> None:
    event = bench_event(players, rounds)
    reader, _ = User.objects.get_or_create(username="bench-documents-reader")
    token, _ = token_create(user=reader)
    client = Client(headers={"Authorization": f"Token {token}"})
    htmx = {"HX-Request": "true"}
    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    print(f"database {connection.vendor}, cache {backend}, {players} players x {rounds} rounds")

    started = time.process_time()
    cache.clear()
    standings_of(event)
    print(f"standings computed from the history: {(time.process_time() - started) * 1000:.0f} ms CPU")

    def get(path: str, headers: dict[str, str] | None = None) -> Callable[[], HttpResponseBase]:
        return lambda: client.get(path, headers=headers or {})

    def polled(path: str, headers: dict[str, str]) -> Callable[[], HttpResponseBase]:
        etag = client.get(path, headers=headers)["ETag"]
        return get(path, {**headers, "If-None-Match": etag})

    floor = cpu_ms(get("/api/v1/me/"), 50)
    rows: list[tuple[str, float, float]] = [("floor: GET /api/v1/me/", floor, floor)]
    standings = f"/events/{event.slug}/standings/"
    api = f"/api/v1/events/{event.slug}/standings/"
    pairings = f"/events/{event.slug}/rounds/{rounds}/pairings/"
    cases = [
        ("standings page", standings, {}),
        ("standings poll (htmx)", standings, htmx),
        ("standings API", api, {}),
        (f"pairings page, round {rounds}", pairings, {}),
        ("pairings poll (htmx)", pairings, htmx),
        ("pairings poll by name (htmx)", pairings + "?view=name", htmx),
    ]
    for label, path, headers in cases:
        rows.append((f"{label}: computed", cpu_ms(get(path, headers), 3, before=cache.clear), floor))
        client.get(path, headers=headers)  # the document in the cache
        rows.append((f"{label}: served", *beside_floor(get(path, headers), get("/api/v1/me/"), 40)))
        if headers or path == api:
            rows.append(
                (f"{label}: idle (304)", *beside_floor(polled(path, headers), get("/api/v1/me/"), 50))
            )
    width = max(len(label) for label, _, _ in rows)
    print("served and idle: against the floor measured in turn with them (its median in brackets)")
    for label, ms, beside in rows:
        print(f"{label:<{width}} {ms:8.2f} ms CPU  {ms / beside:7.1f}x the floor  ({beside:.2f} ms)")


if __name__ == "__main__":
    size = sys.argv[1] if len(sys.argv) > 1 else "4096x12"
    players, rounds = (int(part) for part in size.split("x"))
    main(players, rounds)
