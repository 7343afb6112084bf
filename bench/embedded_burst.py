"""Benchmark: every player of an event reports their match at the same moment, on the embedded default.

``.venv/bin/python bench/embedded_burst.py [--players 64] [--bursts 3] [--servers runserver,serve]``
(run by hand, not a test: it prints figures). It builds a fresh embedded default in a temporary folder
(SQLite in WAL with IMMEDIATE transactions, Celery eager, local-memory cache: DATABASE_URL, REDIS_URL and
CELERY_BROKER_URL are ignored), signs the players in through the API (``POST /api/v1/auth/token/``), then
for each server and each burst pairs a new event's round 1, starts it, and has every player POST their
report (``/api/v1/matches/<id>/reports/``) at once, each on its own connection, while one more client
reads ``/api/v1/me/`` in a loop (the floor: what anyone else waits meanwhile).

Per burst it prints p50/p99/max of the reports, the errors (anything but 200, or no answer), the floor's
slowest read, the kernel's ``TcpExtListenOverflows`` and ``ListenDrops`` delta (/proc/net/netstat, counted
for the whole machine: other work on it shows up too), and checks the database: every match has exactly
its two reports and a final result. A server log line saying "database is locked" is counted as well.
"CPU ms/200" is the server process' CPU time during the burst per report answered (the floor's few reads
included); "core used" that CPU time over the burst's length: one process runs one thread of Python at a
time, so a burst cannot end before players x CPU per report, and on a machine busy with other work it
takes about that divided by the share of a core the server got.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def embedded_environment(var_dir: Path) -> dict[str, str]:
    """The environment of ``make run`` with nothing configured, its files in ``var_dir``."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DJANGO_DEBUG"}
    }
    environment.update(DJANGO_SETTINGS_MODULE="config.settings.local", ARBITER_VAR_DIR=str(var_dir))
    return environment


arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
arguments.add_argument("--players", type=int, default=64, help="players reporting at once (even; default 64)")
arguments.add_argument("--bursts", type=int, default=3, help="bursts (events) per server (default 3)")
arguments.add_argument(
    "--servers",
    default="runserver,serve",
    help="runserver, serve, serve:THREADS, comma-separated (default: both)",
)
arguments.add_argument("--port", type=int, default=8601)
arguments.add_argument("--var-dir", type=Path, default=None, help="where the SQLite file goes (default: new)")
options = arguments.parse_args()
VAR_DIR: Path = options.var_dir or Path(tempfile.mkdtemp(prefix="arbiter-burst-"))
EMBEDDED = embedded_environment(VAR_DIR)
os.environ.clear()
os.environ.update(EMBEDDED)

import django  # noqa: E402

django.setup()

from django.contrib.auth.hashers import make_password  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from matches.models import Match, MatchReport  # noqa: E402
from tournaments.services import event_create, registration_create, round_pair, round_start  # noqa: E402

PASSWORD = "arbiter-bench"  # noqa: S105 - a throwaway database in a temporary folder
HOST = "127.0.0.1"


@dataclass
class Answer:
    seconds: float
    status: int  # 0: no answer (refused, reset, timed out)
    body: str = ""  # the answer's body, or what went wrong


def request(method: str, path: str, *, token: str = "", body: object = None, timeout: float = 120) -> Answer:
    """One request on a new connection, as a phone opening the page would: the time includes connecting."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    started = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, options.port, timeout=timeout)
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        return Answer(time.perf_counter() - started, response.status, text)
    except OSError as error:
        return Answer(time.perf_counter() - started, 0, f"{type(error).__name__}: {error}")
    finally:
        connection.close()


def netstat() -> dict[str, int]:
    """The kernel's TcpExt counters (Linux); empty elsewhere."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
    except OSError:
        return {}
    for names, values in zip(lines[::2], lines[1::2], strict=True):
        if names.startswith("TcpExt:"):
            return dict(zip(names.split()[1:], map(int, values.split()[1:]), strict=True))
    return {}


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used, user and system (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


@contextmanager
def server(kind: str, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``manage.py runserver`` (threaded, no reloader) or ``manage.py serve [--threads N]`` on the port, until
    the block ends."""
    name, _, threads = kind.partition(":")
    command = [sys.executable, "manage.py", name, f"{HOST}:{options.port}"]
    if name == "runserver":
        command.append("--noreload")
    if threads:
        command += ["--threads", threads]
    with log.open("ab") as output:
        process = subprocess.Popen(  # noqa: S603 -- our own manage.py, our own interpreter
            command, cwd=ROOT, env=EMBEDDED, stdout=output, stderr=output
        )
    try:
        deadline = time.monotonic() + 60
        while request("GET", "/login/", timeout=5).status != 200:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{kind} did not start; see {log}")
            time.sleep(0.3)
        yield process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def players_create(count: int) -> tuple[User, list[User]]:
    """An organizer and ``count`` players sharing one password hash (hashing it 64 times is not the point)."""
    password = make_password(PASSWORD)
    organizer, _ = User.objects.get_or_create(username="bench-olivia", defaults={"password": password})
    User.objects.bulk_create(
        [
            User(
                username=f"bench-p{number}",
                first_name=f"Player{number}",
                last_name="Bench",
                password=password,
            )
            for number in range(1, count + 1)
        ],
        ignore_conflicts=True,
    )
    players = list(User.objects.filter(username__startswith="bench-p").order_by("pk")[:count])
    return organizer, players


def tokens_obtain(players: list[User]) -> dict[int, str]:
    """Each player signs in through the API, as an app would (a few at a time: hashing a password is slow)."""

    def sign_in(player: User) -> tuple[int, str]:
        answer = request(
            "POST", "/api/v1/auth/token/", body={"username": player.username, "password": PASSWORD}
        )
        if answer.status != 200:
            raise SystemExit(f"{player.username} could not sign in: {answer.status} {answer.body[:200]}")
        return player.pk, str(json.loads(answer.body)["token"])

    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(pool.map(sign_in, players))


def round_ready(name: str, organizer: User, players: list[User]) -> list[tuple[int, User]]:
    """A new event's round 1, paired and started: each player's (match id, player), side A winning 2-0."""
    event = event_create(name=name, game="yugioh", starts_at=timezone.now(), organizer=organizer)
    for player in players:
        registration_create(event=event, player=player)
    round_ = round_start(round_=round_pair(event=event, by=organizer, seed=1), by=organizer)
    by_id = {player.pk: player for player in players}
    seats: list[tuple[int, User]] = []
    for match in Match.objects.filter(round=round_).exclude(player_b=None):
        seats += [(match.pk, by_id[match.player_a_id]), (match.pk, by_id[match.player_b_id])]  # type: ignore[index]
    return seats


def burst(seats: list[tuple[int, User]], tokens: dict[int, str]) -> tuple[list[Answer], list[Answer]]:
    """Every seat POSTs its report at the same moment; the floor reads /me/ until they all have answers."""
    start = threading.Barrier(len(seats) + 1)
    reports: list[Answer] = []
    floor: list[Answer] = []
    done = threading.Event()

    def report(match_id: int, player: User) -> None:
        start.wait()
        body = {"result": "a", "games_a": 2, "games_b": 0}
        reports.append(
            request("POST", f"/api/v1/matches/{match_id}/reports/", token=tokens[player.pk], body=body)
        )

    def read_floor() -> None:
        start.wait()
        while not done.is_set():  # someone else opening a page, ten times a second
            floor.append(request("GET", "/api/v1/me/", token=next(iter(tokens.values()))))
            done.wait(0.1)

    threads = [threading.Thread(target=report, args=seat) for seat in seats]
    reader = threading.Thread(target=read_floor)
    for thread in [*threads, reader]:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    reader.join()
    return reports, floor


def floor_cpu(process: subprocess.Popen[bytes], token: str, count: int = 50) -> float:
    """The server's CPU seconds for one ``GET /api/v1/me/``, the floor, read one after another."""
    before = cpu_seconds(process.pid)
    for _ in range(count):
        request("GET", "/api/v1/me/", token=token)
    return (cpu_seconds(process.pid) - before) / count


def stored_once(seats: list[tuple[int, User]]) -> str:
    """What the database holds for the burst's matches: every report once, every match final."""
    match_ids = {match_id for match_id, _player in seats}
    reports = MatchReport.objects.filter(match_id__in=match_ids)
    per_match = dict.fromkeys(match_ids, 0)
    for match_id in reports.values_list("match_id", flat=True):
        per_match[match_id] += 1
    final = Match.objects.filter(pk__in=match_ids, status=Match.Status.FINAL).count()
    wrong = sum(1 for count in per_match.values() if count != 2)
    verdict = "ok" if wrong == 0 and final == len(match_ids) else "WRONG"
    return f"{verdict}: {sum(per_match.values())}/{len(seats)} reports, {final}/{len(match_ids)} final"


def main() -> None:
    print(
        f"embedded default in {VAR_DIR} (SQLite, Celery eager, local-memory cache); {options.players} players"
    )
    call_command("migrate", verbosity=0)
    organizer, players = players_create(options.players)
    tokens: dict[int, str] = {}
    header = f"{'server':10} {'burst':>5} {'ok':>4} {'err':>4} {'p50 s':>7} {'p99 s':>7} {'max s':>7}"
    header += (
        f" {'floor max s':>11} {'overflows':>9} {'drops':>6} {'CPU ms/200':>10} {'core used':>9}  stored"
    )
    summary: list[str] = []
    for kind in options.servers.split(","):
        log = VAR_DIR / f"{kind.replace(':', '-')}.log"
        times: list[float] = []
        errors = overflows = 0
        burst_cpu = 0.0
        with server(kind, log) as process:
            tokens = tokens or tokens_obtain(players)
            floor_ms = 1000 * floor_cpu(process, next(iter(tokens.values())))
            print(
                f"{kind}: the floor (GET /api/v1/me/, one at a time) costs the server {floor_ms:.1f} ms CPU"
            )
            print(header)
            for number in range(1, options.bursts + 1):
                seats = round_ready(f"Burst {kind} {number} {time.time_ns()}", organizer, players)
                before, cpu_before = netstat(), cpu_seconds(process.pid)
                reports, floor = burst(seats, tokens)
                after, cpu = netstat(), cpu_seconds(process.pid) - cpu_before
                took = [answer.seconds for answer in reports]
                failed = [answer for answer in reports if answer.status != 200]
                delta = {
                    name: after.get(name, 0) - before.get(name, 0)
                    for name in ("ListenOverflows", "ListenDrops")
                }
                print(
                    f"{kind:10} {number:5} {len(reports) - len(failed):4} {len(failed):4}"
                    f" {statistics.median(took):7.3f} {percentile(took, 0.99):7.3f} {max(took):7.3f}"
                    f" {max(answer.seconds for answer in floor):11.3f} {delta['ListenOverflows']:9}"
                    f" {delta['ListenDrops']:6} {1000 * cpu / max(1, len(reports) - len(failed)):10.1f}"
                    f" {cpu / max(took):8.0%}"
                    f"  {stored_once(seats)}"
                )
                for answer in failed[:3]:
                    print(f"    {answer.status}: {answer.body[:160]!r}")
                times += took
                errors += len(failed)
                burst_cpu += cpu
                overflows += delta["ListenOverflows"]
        locked = log.read_text(errors="replace").count("database is locked")
        summary.append(
            f"{kind:10} {len(times)} reports: p50 {statistics.median(times):.3f} s,"
            f" p99 {percentile(times, 0.99):.3f} s,"
            f" max {max(times):.3f} s; {errors} errors; {overflows} listen-queue overflows;"
            f" 'database is locked' {locked} times in its log;"
            f" CPU a report {1000 * burst_cpu / max(1, len(times) - errors):.1f} ms,"
            f" x{burst_cpu / max(1, len(times) - errors) / (floor_ms / 1000):.1f} the floor's"
        )
    print()
    print("\n".join(summary))


if __name__ == "__main__":
    main()
