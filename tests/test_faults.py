"""Faults on a real stack: Celery workers killed with SIGKILL and Redis killed and restarted, on loopback.

The test starts its own Redis (a subprocess on a free port, independent of any Redis CI runs), a Celery
worker and Celery beat (subprocesses), all on the test database, which is committed for real
(``transaction=True``) so the workers see the rows. Then it kills a worker's pool process in the middle of a
card import, kills the whole worker in the middle of another and in the middle of an event import, kills and
restarts Redis while players report results and an organizer uploads a file, and kills the worker again in
the middle of a round. Afterwards every import has ended, every report is recorded once, time is called, and
the worker that lived through the Redis restart is still running. Every wait is bounded; every process it
started is killed at the end.

It needs PostgreSQL (the workers are other processes: SQLite's test database lives in memory) and
redis-server; it skips without them outside CI and fails in CI, like the browser tests.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.utils import timezone

from config.celery_app import app as celery_app
from decks.models import Card, CardImport
from decks.tests.cdbfiles import SPELL, Row, build_cdb
from idempotency.models import IdempotencyRecord
from matches.models import Match, MatchReport
from tests.api_clients import client_for
from tournaments.models import Event, EventImport, Registration, Round
from tournaments.selectors.imports import import_progress_key
from tournaments.services import event_create, registration_create, round_pair, round_start
from tournaments.tests.factories import UserFactory
from tournaments.tests.replays import swiss_event

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parent.parent
WAIT = 40.0  # seconds: the longest any one step may take before the test fails
CARDS_PER_FILE = 6000  # a few seconds of importing: long enough to be killed in the middle
EVENT_PLAYERS, EVENT_ROUNDS = 4_096, 10  # 20,480 matches: a few seconds of importing, too


def _needs_the_stack() -> str:
    """The redis-server binary (the test database must be PostgreSQL, checked by the caller)."""
    if connection.vendor != "postgresql":
        message = "the fault test needs PostgreSQL (set DATABASE_URL): its workers are other processes"
    elif shutil.which("redis-server") is None:
        message = "the fault test needs redis-server (apt-get install redis-server)"
    else:
        return cast(str, shutil.which("redis-server"))
    if os.environ.get("CI"):
        pytest.fail(message + " — the fault test never skips in CI.")
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return cast(int, probe.getsockname()[1])


def _wait_until(condition: Callable[[], Any], what: str, stack: Stack, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.1)
    pytest.fail(f"gave up after {timeout:.0f} s waiting for {what}\n{stack.logs()}")


class Stack:
    """Redis, one Celery worker and Celery beat as subprocesses of the test, each in a session of its own."""

    def __init__(self, workdir: Path, redis_server: str) -> None:
        self.workdir = workdir
        self.redis_server = redis_server
        self.redis_port = _free_port()
        self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.redis: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self.beat: subprocess.Popen[bytes] | None = None
        self.workers_started = 0
        database = connection.settings_dict
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": "postgres://{user}:{password}@{host}:{port}/{name}".format(
                user=quote(database["USER"] or "", safe=""),
                password=quote(str(database["PASSWORD"] or ""), safe=""),
                host=database["HOST"] or "127.0.0.1",
                port=database["PORT"] or 5432,
                name=database["NAME"],  # the test database (test_<name>, with xdist's suffix if any)
            ),
            "REDIS_URL": self.redis_url,
            "CELERY_BROKER_URL": self.redis_url,
            # Seconds, not the production defaults, so the test sees each fault through in a few seconds.
            "ROUND_CLOCK_SWEEP_SECONDS": "1",
            "CARD_IMPORT_SWEEP_SECONDS": "1",
            "CARD_IMPORT_HEARTBEAT_SECONDS": "1",
            "CARD_IMPORT_LEASE_SECONDS": "3",
            "EVENT_IMPORT_SWEEP_SECONDS": "1",
            "PYTHONUNBUFFERED": "1",
        }

    def _spawn(self, name: str, command: list[str]) -> subprocess.Popen[bytes]:
        log = (self.workdir / f"{name}.log").open("ab")
        return subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def start_redis(self) -> None:
        self.redis = self._spawn(
            "redis",
            [self.redis_server, "--bind", "127.0.0.1", "--port", str(self.redis_port), "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir)],
        )  # fmt: skip
        _wait_until(self._redis_answers, "Redis to answer", self, timeout=10)

    def _redis_answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.redis_port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill_redis(self) -> None:
        assert self.redis is not None
        self.redis.kill()
        self.redis.wait(timeout=10)

    def start_worker(self) -> None:
        self.workers_started += 1
        name = f"worker{self.workers_started}"
        self.worker = self._spawn(
            name,
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
             "--pool", "prefork", "--concurrency", "1", "--without-gossip", "--without-mingle",
             "--without-heartbeat", "--hostname", f"{name}@faults"],
        )  # fmt: skip
        _wait_until(lambda: "ready." in self.log(name), f"{name} to be ready", self)

    def worker_pool_process(self) -> int:
        """The worker's one pool process: the one running its task."""
        assert self.worker is not None
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # a process that ended meanwhile
            if int(fields[1]) == self.worker.pid:  # the parent's pid follows the state
                children.append(int(stat.parent.name))
        assert len(children) == 1, children
        return children[0]

    def kill_worker(self) -> None:
        """SIGKILL to the worker and its pool process at once: nothing is handed back, nothing cleaned up."""
        assert self.worker is not None
        os.killpg(self.worker.pid, signal.SIGKILL)
        self.worker.wait(timeout=10)

    def start_beat(self) -> None:
        self.beat = self._spawn(
            "beat",
            [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel", "INFO",
             "--schedule", str(self.workdir / "beat-schedule")],
        )  # fmt: skip

    def log(self, name: str) -> str:
        path = self.workdir / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def logs(self) -> str:
        return "\n".join(
            f"--- {path.name} (last lines)\n" + "\n".join(path.read_text(errors="replace").splitlines()[-25:])
            for path in sorted(self.workdir.glob("*.log"))
        )

    def stop(self) -> None:
        for process in (self.worker, self.beat, self.redis):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


@pytest.fixture
def stack(tmp_path: Path, settings: Any) -> Iterator[Stack]:
    redis_server = _needs_the_stack()
    stack = Stack(tmp_path, redis_server)
    # This process is the web server: its tasks go to the test's Redis (not run in-process as in the rest
    # of the suite), and so does its cache.
    saved = (celery_app.conf.task_always_eager, celery_app.conf.broker_url)
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": stack.redis_url}
    }
    settings.CARD_IMPORT_SWEEP_SECONDS = 1
    settings.EVENT_IMPORT_SWEEP_SECONDS = 1
    celery_app.conf.update(task_always_eager=False, broker_url=stack.redis_url)
    _forget_broker_connections()
    try:
        stack.start_redis()
        stack.start_beat()
        stack.start_worker()
        yield stack
    finally:
        stack.stop()
        celery_app.conf.update(task_always_eager=saved[0], broker_url=saved[1])
        _forget_broker_connections()


def _forget_broker_connections() -> None:
    """Drop the app's cached broker connections, so the next publish connects to ``broker_url`` anew."""
    app = cast(Any, celery_app)
    if app._pool is not None:
        app._pool.force_close_all()
    app._after_fork()


def _card_file(first_id: int) -> bytes:
    return build_cdb(
        [Row(first_id + n, f"Fault Test Spell {first_id + n}", SPELL) for n in range(CARDS_PER_FILE)]
    )


def _upload(client: Client, first_id: int) -> CardImport:
    response = client.post(
        "/cards/import/", {"file": SimpleUploadedFile("cards.cdb", _card_file(first_id)), "expect": "cards"}
    )
    assert response.status_code == 302, response.content[:500]
    return CardImport.objects.defer("data").latest("pk")


def _status(card_import: CardImport) -> str:
    return CardImport.objects.values_list("status", flat=True).get(pk=card_import.pk)


def _ended(card_import: CardImport) -> CardImport | None:
    card_import = CardImport.objects.defer("data").get(pk=card_import.pk)
    return card_import if card_import.status in (CardImport.Status.DONE, CardImport.Status.FAILED) else None


def _event_import_progress(job: EventImport) -> tuple[int, int] | None:
    """How far the worker says the import is (it writes its progress to the cache, the test's Redis)."""
    progress = cache.get(import_progress_key(job.pk))
    return (int(progress[0]), int(progress[1])) if progress else None


def _event_import_ended(job: EventImport) -> EventImport | None:
    job = EventImport.objects.defer("data").get(pk=job.pk)
    return job if job.status in (EventImport.Status.DONE, EventImport.Status.FAILED) else None


def test_nothing_is_lost_or_doubled_when_workers_and_redis_are_killed(stack: Stack) -> None:
    organizer = cast(User, UserFactory(username="olivia", is_staff=True))
    organizer.user_permissions.add(Permission.objects.get(codename="add_event"))
    web = Client()
    web.force_login(organizer)

    # A pool process killed in the middle of an import: its message is handed back, and the import is
    # taken over once the dead attempt's lease has run out.
    first = _upload(web, 10_000_000)
    _wait_until(lambda: _status(first) == CardImport.Status.RUNNING, "the first import to start", stack)
    time.sleep(0.5)
    assert _status(first) == CardImport.Status.RUNNING, "the import ended before the kill: make it larger"
    os.kill(stack.worker_pool_process(), signal.SIGKILL)
    first = _wait_until(lambda: _ended(first), "the first import to end", stack)

    # The whole worker killed in the middle of an import: nothing hands the message back; the sweep does.
    second = _upload(web, 20_000_000)
    _wait_until(lambda: _status(second) == CardImport.Status.RUNNING, "the second import to start", stack)
    time.sleep(0.5)
    assert _status(second) == CardImport.Status.RUNNING, "the import ended before the kill: make it larger"
    stack.kill_worker()
    stack.start_worker()
    second = _wait_until(lambda: _ended(second), "the second import to end", stack)

    # The whole worker killed in the middle of an event import: the import rolls back, nothing hands the
    # message back (Redis keeps it for the visibility timeout), and the sweep sends the job again once the
    # dead attempt's row lock is gone.
    replay = json.dumps(swiss_event(EVENT_PLAYERS, EVENT_ROUNDS)).encode()
    response = web.post(
        "/organize/import/",
        {"name": "Regional", "replay": SimpleUploadedFile("regional.json", replay, "application/json")},
    )
    assert response.status_code == 302, response.content[:500]
    regional = EventImport.objects.defer("data").get()
    _wait_until(
        # At most half way, so the kill lands before the import can commit.
        lambda: (progress := _event_import_progress(regional)) and 0 < progress[0] <= progress[1] // 2,
        "the event import to be half way",
        stack,
    )
    stack.kill_worker()
    stack.start_worker()
    regional = _wait_until(lambda: _event_import_ended(regional), "the event import to end", stack)

    # A round under way, its clock running out in a few seconds.
    event = event_create(name="Friday Locals", game="yugioh", starts_at=timezone.now(), organizer=organizer)
    players = [cast(User, UserFactory(username=f"p{number}")) for number in range(1, 9)]
    for player in players:
        registration_create(event=event, player=player)
    round_ = round_start(round_=round_pair(event=event, by=organizer, seed=1), by=organizer)
    matches = list(round_.matches.exclude(player_b=None).order_by("table"))
    reported, unreported = matches[:-1], matches[-1]

    # A burst of reports (each sent twice with one Idempotency-Key, as a phone retries), with Redis killed
    # half way through and restarted, and a card file uploaded while it is down.
    statuses: list[int] = []

    def report(match: Match) -> None:
        for player in (match.player_a, cast(User, match.player_b)):
            client = client_for(player)
            for _retry in range(2):
                response = client.post(
                    f"/api/v1/matches/{match.pk}/reports/",
                    {"result": "a", "games_a": 2},
                    format="json",
                    headers={"Idempotency-Key": f"report-{match.pk}-{player.pk}"},
                )
                statuses.append(response.status_code)

    report(reported[0])
    stack.kill_redis()
    report(reported[1])
    third = _upload(web, 30_000_000)  # accepted while the broker is down: the row waits as the outbox
    assert _status(third) == CardImport.Status.QUEUED
    stack.start_redis()
    for match in reported[2:]:
        report(match)

    # The upload is sent once Redis is back; the worker lived through Redis going away and coming back (it
    # held no task for the round's end).
    third = _wait_until(lambda: _ended(third), "the import uploaded while Redis was down to end", stack)
    assert stack.worker is not None
    assert stack.worker.poll() is None, "the worker stopped when Redis restarted\n" + stack.logs()
    assert "Unrecoverable error" not in stack.log(f"worker{stack.workers_started}")

    # The worker killed in the middle of the round, its clock running out in a few seconds: another one
    # takes its place, and time is called all the same.
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() + timedelta(seconds=3))
    stack.kill_worker()
    stack.start_worker()

    _wait_until(
        lambda: Match.objects.filter(pk=unreported.pk, time_called_at__isnull=False).exists(),
        "time to be called for the round",
        stack,
    )

    # Then: every import ended, each once, with all its cards.
    for card_import in (first, second, third):
        assert card_import.status == CardImport.Status.DONE, card_import.error
        assert card_import.report["added"] == CARDS_PER_FILE
    assert Card.objects.count() == 3 * CARDS_PER_FILE
    assert (first.attempts, second.attempts, third.attempts) == (2, 2, 1)
    # The event import ended once, with every player, at its second attempt.
    assert (regional.status, regional.attempts) == (EventImport.Status.DONE, 2), regional.error
    assert Event.objects.filter(name="Regional").count() == 1
    assert Registration.objects.filter(event=regional.event).count() == EVENT_PLAYERS
    # Every report answered without a server error and recorded once; every reported match is final.
    assert statuses == [200] * 4 * len(reported)
    for match in reported:
        match.refresh_from_db()
        assert (match.status, match.result) == (Match.Status.FINAL, "a")
        assert MatchReport.objects.filter(match=match).count() == 2
    assert IdempotencyRecord.objects.filter(key__startswith="report-").count() == 2 * len(reported)
    # Time is called for the match still playing, and only for it.
    assert list(Match.objects.filter(round=round_, time_called_at__isnull=False)) == [unreported]
