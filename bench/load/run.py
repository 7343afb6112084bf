"""Load benchmark: a regional's Saturday on this machine (run by hand, not a test: it prints a table).

``.venv/bin/python bench/load/run.py [--sizes 1024 4096] [--rounds 6] [--seconds 15]``

Starts PostgreSQL (with pg_stat_statements), Redis, a Celery worker and gunicorn (4 sync workers,
``config.settings.production``) on loopback in a temporary folder, then for each size: builds an event of
that many players with ``--rounds`` rounds played (``bench/load/event.py build``), and runs with locust
(``bench/load/locustfile.py``, in its own venv: ``bench/load/venv.sh``):

1. the floor, ``GET /api/v1/me/`` with the players' tokens, at c=16, 64 and 200;
2. the organizer pairs the next round through the API, pairs it again (re-pair, five times), and starts it;
3. readers at c=64 while that round runs: the standings page, the standings API, the pairings page, and
   the match page's live poll with ``If-None-Match`` while nothing changes (answered 304);
4. report bursts at c=16, 64 and 200 at full speed (closed loop: each user sends its next report as soon
   as the last is answered), each on a quarter of the round's tables: every player of those tables
   reports their match once; after each, ``event.py check`` verifies that every report was stored exactly
   once with what was sent and every match is final;
5. the last quarter's reports arriving at ``--paced-rate`` a second (default 32: a 4,096-player round's
   reports in about two minutes; random gaps, whatever the server's pace) with 64 users, beside the floor
   sent at that pace: at full speed the p99 of 64 users is about 64 / throughput whatever the request,
   the floor's too, while paced arrivals show the latency of a server that keeps up. Then the round is
   closed and the next one paired (timed again).

For each scenario it measures, around the locust run: requests per second, p50 and p99 (locust's own
timing of each request), the CPU the gunicorn workers spent per request (the scheduler's count for the
master's children, from /proc, in nanoseconds), and the SQL statements per request (``pg_stat_statements``:
the calls of the server's database role, BEGIN/COMMIT/SAVEPOINT included). It prints the table of
bench/README.md, each row beside the floor measured at the same concurrency in the same run, and exits 1
if a request failed or a check found a report lost or doubled. ``--keep`` leaves the servers running (and
prints how to stop them).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scenarios

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
APP_ROLE = "arbiter"
BURSTS = (16, 64, 200)
READERS = 64
REPAIRS = 5  # re-pairings of the round in a row: their CPU is averaged

# The goals of the issue, by scenario (what each row is held to).
GOALS = {
    "floor": "",
    "report": "<= 2x floor CPU, <= 6 statements; p99 < 150 ms at c=64",
    "floor_paced": "",
    "report_paced": "p99 < 150 ms at c=64",
    "standings_page": "<= 2x floor (document computed once)",
    "standings_api": "<= 2x floor (document computed once)",
    "pairings_page": "<= 2x floor",
    "live_poll": "about the floor (304)",
    "pair": "<= 1.5x next_round",
    "repair": "<= 1.5x next_round",
}


@dataclass
class Row:
    size: int
    what: str
    kind: str
    users: int
    requests: int
    failures: int
    per_second: float
    p50: float
    p99: float
    cpu_ms: float
    statements: float
    note: str = ""
    reference_ms: float = 0.0  # pairing: the CPU of next_round on the same replay (the goal's yardstick)


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --- The servers --------------------------------------------------------------------------------------------


class Stack:
    """PostgreSQL, Redis, a Celery worker and gunicorn on loopback, in a temporary folder."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.work = Path(tempfile.mkdtemp(prefix="arbiter-load-"))
        self.processes: list[subprocess.Popen[bytes]] = []
        self.pg_bin = Path(args.pg_bin or _pg_bin())
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.base = f"http://127.0.0.1:{args.http_port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_BEHIND_TLS_PROXY": "0",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": f"postgres://{APP_ROLE}@127.0.0.1:{args.pg_port}/arbiter",
            "REDIS_URL": f"redis://127.0.0.1:{args.redis_port}/0",
            "ARBITER_VAR_DIR": str(self.work / "var"),
            "ARBITER_LOG_LEVEL": "WARNING",
        }

    def start(self) -> None:
        log(f"servers in {self.work}")
        data = self.work / "pg"
        data.mkdir()
        if self.as_postgres:
            shutil.chown(self.work, "postgres")
            shutil.chown(data, "postgres")
        data.chmod(0o700)
        self._run(
            [*self.as_postgres, str(self.pg_bin / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]
        )
        options = (
            f"-h 127.0.0.1 -p {self.args.pg_port} -k {self.work} -c max_connections=100"
            " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_utility=on"
            " -c pg_stat_statements.max=20000" + "".join(f" -c {option}" for option in self.args.pg_option)
        )
        self._run(
            [
                *self.as_postgres,
                str(self.pg_bin / "pg_ctl"),
                "-D",
                str(data),
                "-w",
                "-l",
                str(self.work / "pg.log"),
                "-o",
                options,
                "start",
            ]
        )
        self.sql(f"CREATE ROLE {APP_ROLE} LOGIN SUPERUSER", database="postgres")
        self.sql(f"CREATE DATABASE arbiter OWNER {APP_ROLE}", database="postgres")
        self.sql("CREATE EXTENSION pg_stat_statements")
        redis = subprocess.Popen(  # noqa: S603
            [
                shutil.which("redis-server") or "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.args.redis_port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.work),
                "--logfile",
                str(self.work / "redis.log"),
            ]
        )
        self.processes.append(redis)
        log("migrate, collectstatic")
        self._run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], env=self.env)
        self._run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v", "0"], env=self.env)
        if self.args.celery:
            worker = subprocess.Popen(  # noqa: S603
                [
                    str(ROOT / ".venv" / "bin" / "celery"),
                    "-A",
                    "config",
                    "worker",
                    "--concurrency",
                    "1",
                    "--loglevel",
                    "WARNING",
                    "--without-gossip",
                    "--without-mingle",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=open(self.work / "celery.log", "wb"),  # noqa: SIM115
                stderr=subprocess.STDOUT,
            )
            self.processes.append(worker)
        self.gunicorn = subprocess.Popen(  # noqa: S603
            [
                str(ROOT / ".venv" / "bin" / "gunicorn"),
                "config.wsgi:application",
                "--workers",
                str(self.args.workers),
                "--worker-class",
                "sync",
                "--bind",
                f"127.0.0.1:{self.args.http_port}",
                "--timeout",
                "600",
                "--backlog",
                "2048",
                "--error-logfile",
                str(self.work / "gunicorn.log"),
            ],
            cwd=ROOT,
            env=self.env,
        )
        self.processes.append(self.gunicorn)
        for _ in range(200):
            if http(self.base, "GET", "/api/v1/me/", expect=None)[0] == 401:
                break
            time.sleep(0.1)
        else:
            raise SystemExit("gunicorn did not answer")
        log(f"gunicorn {self.args.workers} workers on {self.base}")

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:
                    process.kill()
        subprocess.run(  # noqa: S603
            [
                *self.as_postgres,
                str(self.pg_bin / "pg_ctl"),
                "-D",
                str(self.work / "pg"),
                "-m",
                "fast",
                "-w",
                "stop",
            ],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(self.work, ignore_errors=True)

    def sql(self, statement: str, database: str = "arbiter") -> list[tuple[Any, ...]]:
        """A statement as the postgres role (not the server's: its statements are not counted)."""
        import psycopg  # the project's venv has it

        with psycopg.connect(
            host="127.0.0.1", port=self.args.pg_port, user="postgres", dbname=database, autocommit=True
        ) as connection:
            cursor = connection.execute(statement.encode())
            return list(cursor.fetchall()) if cursor.description else []

    def statements(self) -> dict[str, int]:
        """Calls so far of each statement the server's role ran (pg_stat_statements), by its text."""
        rows = self.sql(
            # Django names each savepoint afresh ("s<thread>_x<n>"): one line for all of them.
            "SELECT regexp_replace(query, '\"s[0-9]+_x[0-9]+\"', '<savepoint>', 'g') AS q, sum(calls)"
            " FROM pg_stat_statements"
            " WHERE userid = (SELECT oid FROM pg_roles WHERE rolname = 'arbiter')"  # APP_ROLE
            " GROUP BY q"
        )
        return {str(query): int(calls) for query, calls in rows}

    def worker_cpu_ns(self) -> int:
        """CPU time of the gunicorn master's children (the workers), every thread, in nanoseconds.

        From /proc/PID/task/TID/schedstat (the scheduler's own count): utime and stime in /proc/PID/stat move
        in clock ticks of 10 ms, as much as a fifth of one pairing request.
        """
        children = Path(f"/proc/{self.gunicorn.pid}/task/{self.gunicorn.pid}/children").read_text().split()
        total = 0
        for pid in children:
            for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
                try:
                    total += int(stat.read_text().split()[0])
                except (FileNotFoundError, ProcessLookupError):
                    continue
        return total

    def django(self, *arguments: str) -> str:
        result = subprocess.run(  # noqa: S603
            [PYTHON, str(HERE / "event.py"), *arguments],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
        )
        if result.returncode not in (0, 1):
            raise SystemExit(f"event.py {arguments[0]} failed:\n{result.stderr[-3000:]}")
        if result.returncode == 1 and arguments[0] != "check":
            raise SystemExit(f"event.py {arguments[0]} failed:\n{result.stderr[-3000:]}")
        return result.stdout.strip().splitlines()[-1]

    def _run(self, command: list[str], env: dict[str, str] | None = None) -> None:
        subprocess.run(command, check=True, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)  # noqa: S603


def _pg_bin() -> str:
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "pg_ctl").exists():
            return str(candidate)
    found = shutil.which("pg_ctl")
    if not found:
        raise SystemExit("PostgreSQL's pg_ctl was not found: install postgresql, or give --pg-bin")
    return str(Path(found).parent)


def http(
    base: str, method: str, path: str, *, token: str | None = None, body: Any = None, expect: int | None = 200
) -> tuple[int, Any, dict[str, str]]:
    """One plain request of the set-up (not measured)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)  # noqa: S310 - loopback
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    request.add_header("HX-Request", "true")
    try:
        with urllib.request.urlopen(request, timeout=600) as response:  # noqa: S310
            status, raw, headers = response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        status, raw, headers = error.code, error.read(), dict(error.headers)
    except OSError:
        return 0, None, {}
    if expect is not None and status != expect:
        raise SystemExit(f"{method} {path}: {status} (expected {expect}): {raw[:500]!r}")
    content = (
        json.loads(raw) if raw and headers.get("Content-Type", "").startswith("application/json") else raw
    )
    return status, content, headers


# --- Running a scenario -------------------------------------------------------------------------------------


class Bench:
    def __init__(self, stack: Stack, args: argparse.Namespace) -> None:
        self.stack = stack
        self.args = args
        self.rows: list[Row] = []
        self.failed: list[str] = []
        self.details: list[tuple[int, str, list[tuple[int, str]]]] = []
        self.locust = str(Path(args.load_venv) / "bin" / "locust")

    def run_plan(self, users: int, plan: dict[str, Any]) -> dict[str, Any]:
        """Locust runs the plan with ``users`` users; its records (see locustfile.py)."""
        work = self.stack.work
        plan_path, results_path = work / "plan.json", work / "results.json"
        plan_path.write_text(json.dumps(plan))
        results_path.unlink(missing_ok=True)
        env = {**os.environ, "LOAD_PLAN": str(plan_path), "LOAD_RESULTS": str(results_path)}
        bound = float(plan.get("seconds", 0)) + self.args.max_seconds
        command = [self.locust, "-f", str(HERE / "locustfile.py"), "--headless", "--host", self.stack.base]
        command += ["-u", str(users), "-r", str(users)]  # all users at once
        command += ["--run-time", f"{int(bound)}s", "--stop-timeout", "1800"]  # a bound; the plan ends first
        command += ["--only-summary", "--loglevel", "WARNING", "--exit-code-on-error", "0"]
        with open(work / "locust.log", "ab") as output:
            subprocess.run(command, cwd=HERE, env=env, check=True, stdout=output, stderr=output)  # noqa: S603
        results: dict[str, Any] = json.loads(results_path.read_text())
        return results

    def measure(
        self,
        size: int,
        what: str,
        kind: str,
        users: int,
        plan: dict[str, Any],
        note: str = "",
        reference_ms: float = 0.0,
    ) -> Row:
        before, cpu_ns = self.stack.statements(), self.stack.worker_cpu_ns()
        results = self.run_plan(users, plan)
        cpu_ns = self.stack.worker_cpu_ns() - cpu_ns
        after = self.stack.statements()
        # The counting queries are postgres's, not counted; the foreign key checks are PostgreSQL's own.
        statements = sum(n - before.get(q, 0) for q, n in after.items() if not _foreign_key_check(q))
        self.details.append((size, what, _busiest(before, after)))
        records = results["records"]
        if not records:
            raise SystemExit(f"{what}: no request was recorded")
        durations = sorted(record[2] for record in records)
        failures = sum(1 for record in records if not record[3])
        first = min(record[1] for record in records)
        last = max(record[1] + record[2] / 1000 for record in records)
        row = Row(
            size=size,
            what=what,
            kind=kind,
            users=users,
            requests=len(records),
            failures=failures,
            per_second=len(records) / max(last - first, 1e-9),
            p50=_percentile(durations, 50),
            p99=_percentile(durations, 99),
            cpu_ms=cpu_ns / 1e6 / len(records),
            statements=statements / len(records),
            note=note,
            reference_ms=reference_ms,
        )
        if failures or results["queue_left"]:
            statuses = sorted({record[4] for record in records if not record[3]})
            self.failed.append(
                f"{size} {what}: {failures} failed (status {statuses}), {results['queue_left']} not sent"
            )
        self.rows.append(row)
        log(
            f"{size} {what} c={users}: {row.requests} requests, {row.per_second:.1f}/s,"
            f" p50 {row.p50:.0f} ms, p99 {row.p99:.0f} ms, {row.cpu_ms:.1f} ms CPU,"
            f" {row.statements:.1f} statements, {failures} failed"
        )
        return row

    def size(self, players: int) -> None:
        stack, args, seconds = self.stack, self.args, self.args.seconds
        slug = f"load-{players}"
        facts_path = stack.work / f"{slug}.json"
        started = time.perf_counter()
        log(stack.django("build", str(players), str(args.rounds), slug, str(facts_path)))
        log(f"built in {time.perf_counter() - started:.1f} s")
        facts = json.loads(facts_path.read_text())
        tokens: dict[str, str] = facts["tokens"]
        organizer = tokens[facts["organizer"]]
        player_tokens = [token for name, token in tokens.items() if name != facts["organizer"]]
        reference = json.loads(stack.django("next-round", slug))
        note = (
            f"next_round {reference['next_round_seconds']:.2f} s"
            f" (+ reading the replay from the database {reference['replay_seconds']:.2f} s)"
        )
        next_round_ms = reference["next_round_seconds"] * 1000
        standings_page = f"/events/{slug}/standings/"
        standings_api = f"/api/v1/events/{slug}/standings/"
        pairings_page = f"/events/{slug}/pairings/"

        # Every worker has imported and compiled what the scenarios use before anything is measured.
        self.run_plan(8, scenarios.warm_up(player_tokens[:8], [standings_page, pairings_page], seconds=3))
        for users in BURSTS:
            floor = scenarios.floor(player_tokens, seconds)
            self.measure(players, f"floor GET /api/v1/me/ (c={users})", "floor", users, floor)

        number = args.rounds + 1
        self.measure(
            players,
            "pairing a round (API)",
            "pair",
            1,
            scenarios.pair(slug, organizer, number),
            note,
            next_round_ms,
        )
        repair = scenarios.repair(slug, number, organizer, number + 100, times=REPAIRS)
        self.measure(players, "re-pairing it (API)", "repair", 1, repair, note, next_round_ms)
        round_path = f"/api/v1/events/{slug}/rounds/{number}"
        http(stack.base, "POST", f"{round_path}/start/", token=organizer)
        pairings = [p for p in http(stack.base, "GET", f"{round_path}/")[1]["pairings"] if p["player_b"]]

        # Readers while the round is played and nothing has been reported yet.
        etags = {
            p["match"]: http(stack.base, "GET", f"/matches/{p['match']}/live/")[2]["ETag"]
            for p in pairings[:READERS]
        }
        readers = [
            ("standings page", "standings_page", scenarios.page("standings page", standings_page, seconds)),
            (
                "standings API",
                "standings_api",
                scenarios.page("standings API", standings_api, seconds, player_tokens[0]),
            ),
            ("pairings page", "pairings_page", scenarios.page("pairings page", pairings_page, seconds)),
            ("match live poll, idle (304)", "live_poll", scenarios.live_polls(etags, seconds)),
        ]
        for what, kind, plan in readers:
            self.measure(players, what, kind, READERS, plan)

        # Three bursts at full speed, each on a quarter of the round's tables, then the last quarter's
        # reports arriving at a set pace (beside the floor at that pace); then the round closes.
        parts = len(BURSTS) + 1
        for index, users in enumerate(BURSTS):
            plan = scenarios.report_burst(pairings[index::parts], tokens, seed=number * 10 + index)
            self.measure(players, f"match report POST (c={users})", "report", users, plan)
            self.check(players, number, f"c={users}", plan)
        rate, seed = args.paced_rate, number * 10 + parts
        reports = scenarios.paced(
            scenarios.report_burst(pairings[len(BURSTS) :: parts], tokens, seed), rate, seed
        )
        floor = scenarios.paced(scenarios.floor_requests(player_tokens, len(reports["requests"])), rate, seed)
        self.measure(players, f"floor GET /api/v1/me/, {rate:g} a second", "floor_paced", READERS, floor)
        self.measure(players, f"match report POST, {rate:g} a second", "report_paced", READERS, reports)
        self.check(players, number, f"{rate:g} a second", reports)
        http(stack.base, "POST", f"{round_path}/close/", token=organizer)
        # The close sends the worker to compute the standings and the next pairing's reading (its CPU is the
        # worker's, not counted here); an organizer looks at the standings before pressing "Pair".
        time.sleep(2)
        # Held to next_round on the replay it pairs from (one round longer than the first pairing's).
        after_close = json.loads(stack.django("next-round", slug))["next_round_seconds"] * 1000
        pair_next = scenarios.pair(slug, organizer, number + 1)
        self.measure(players, "pairing a round (API)", "pair", 1, pair_next, note, after_close)

    def check(self, players: int, number: int, label: str, plan: dict[str, Any]) -> None:
        """Every report of ``plan`` stored exactly once, as sent (event.py's check, in the database)."""
        check_path = self.stack.work / "check.json"
        check_path.write_text(json.dumps(plan))
        checked = json.loads(self.stack.django("check", str(check_path)))
        log(f"check: {checked}")
        if checked["problem_count"]:
            self.failed.append(
                f"{players} round {number}, {label}: {checked['problem_count']} reports lost or wrong:"
                f" {checked['problems'][:3]}"
            )


def _foreign_key_check(query: str) -> bool:
    """PostgreSQL's own statement checking a foreign key on a write (pg_stat_statements lists them as if
    sent at the top level): not one the server sent."""
    return " FROM ONLY " in query and " FOR KEY SHARE OF " in query


def _busiest(before: dict[str, int], after: dict[str, int]) -> list[tuple[int, str]]:
    """The statements a scenario ran most, with their calls during it."""
    calls = [(count - before.get(query, 0), query) for query, count in after.items()]
    return sorted((c for c in calls if c[0] > 0), reverse=True)[:40]


def _percentile(ordered: list[float], percent: float) -> float:
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[int(percent) - 1]


# --- The table ----------------------------------------------------------------------------------------------


def table(rows: list[Row]) -> str:
    lines = [
        "| players | what | c | requests | req/s | p50 ms | p99 ms | CPU ms/request | ratio"
        " | statements/request | goal |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    merged = _merge_pairs(rows)
    for row in merged:
        floor_kind = "floor_paced" if row.kind == "report_paced" else "floor"  # the floor at the same pace
        floors = {r.users: r for r in rows if r.size == row.size and r.kind == floor_kind}
        floor = floors.get(row.users) or floors.get(READERS)
        is_floor = row.kind.startswith("floor")
        ratio = f"{row.cpu_ms / floor.cpu_ms:.1f}x" if floor and floor.cpu_ms and not is_floor else ""
        if row.reference_ms:  # pairing's goal is a ratio to next_round, not to the floor
            ratio = f"{row.cpu_ms / row.reference_ms:.1f}x next_round"
        goal = GOALS[row.kind] + (f"; {row.note}" if row.note else "")
        lines.append(
            f"| {row.size:,} | {row.what} | {row.users} | {row.requests} | {_rate(row.per_second)}"
            f" | {row.p50:.0f} | {row.p99:.0f} | {row.cpu_ms:.1f} | {ratio} | {row.statements:.1f} | {goal} |"
        )
    return "\n".join(lines)


def details(bench: Bench) -> str:
    """Each scenario's most frequent statements, calls per request (pg_stat_statements' normalised text)."""
    out = []
    for (size, what, busiest), row in zip(bench.details, bench.rows, strict=True):
        out.append(f"## {size:,} players: {what}, {row.requests} requests\n")
        out += [
            f"- {calls / row.requests:8.2f}  `{' '.join(query.split())[:300]}`" for calls, query in busiest
        ]
        out.append("")
    return "\n".join(out)


def _rate(per_second: float) -> str:
    return f"{per_second:.1f}" if per_second >= 1 else f"{per_second:.2f}"


def _merge_pairs(rows: list[Row]) -> list[Row]:
    """The pairings of one size in one row (p50/p99 over the rounds paired, CPU and statements averaged)."""
    merged: list[Row] = []
    for row in rows:
        if row.kind != "pair":
            merged.append(row)
            continue
        if any(r.kind == "pair" and r.size == row.size for r in merged):
            continue
        same = [r for r in rows if r.kind == "pair" and r.size == row.size]
        durations = sorted(r.p50 for r in same)
        merged.append(
            Row(
                size=row.size,
                what=f"{row.what}, {len(same)} rounds",
                kind="pair",
                users=1,
                requests=len(same),
                failures=sum(r.failures for r in same),
                per_second=len(same) / (sum(durations) / 1000),
                p50=statistics.median(durations),
                p99=durations[-1],
                cpu_ms=statistics.mean(r.cpu_ms for r in same),
                statements=statistics.mean(r.statements for r in same),
                note=row.note,
                reference_ms=statistics.mean(r.reference_ms for r in same),
            )
        )
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[1024, 4096])
    parser.add_argument("--rounds", type=int, default=6, help="rounds played before the benchmark's rounds")
    parser.add_argument("--seconds", type=float, default=15, help="how long each reader and floor run sends")
    parser.add_argument("--max-seconds", type=float, default=1200, help="locust's bound past that")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--paced-rate",
        type=float,
        default=32,
        help="reports a second in the paced run (32: a 4,096-player round's reports in about two minutes)",
    )
    parser.add_argument("--pg-port", type=int, default=int(os.environ.get("LOAD_PG_PORT", 55505)))
    parser.add_argument("--redis-port", type=int, default=int(os.environ.get("LOAD_REDIS_PORT", 56505)))
    parser.add_argument("--http-port", type=int, default=int(os.environ.get("LOAD_HTTP_PORT", 8705)))
    parser.add_argument("--pg-bin", default=os.environ.get("LOAD_PG_BIN", ""))
    parser.add_argument("--pg-option", action="append", default=[], help="e.g. fsync=off (repeatable)")
    parser.add_argument("--no-celery", dest="celery", action="store_false", help="no Celery worker")
    parser.add_argument(
        "--load-venv", default=os.environ.get("LOAD_VENV", str(ROOT / "bench" / ".load-venv"))
    )
    parser.add_argument("--details", help="write each scenario's most frequent statements to this file")
    parser.add_argument("--keep", action="store_true", help="leave the servers running")
    args = parser.parse_args()
    if not Path(args.load_venv, "bin", "locust").exists():
        raise SystemExit(f"no locust in {args.load_venv}: run bench/load/venv.sh first")
    stack = Stack(args)
    bench = Bench(stack, args)
    started = time.perf_counter()
    try:
        stack.start()
        for players in args.sizes:
            bench.size(players)
    finally:
        if args.keep:
            log(f"servers left running in {stack.work} (gunicorn pid {stack.gunicorn.pid})")
        else:
            stack.stop()
    print(
        f"\nMeasured {time.strftime('%Y-%m-%d')} on nproc = {os.cpu_count()}, load average"
        f" {os.getloadavg()[0]:.1f}, in {time.perf_counter() - started:.0f} s:\n"
    )
    print(table(bench.rows))
    if args.details:
        Path(args.details).write_text(details(bench))
        print(f"\nThe statements of each scenario: {args.details}")
    if bench.failed:
        print("\nFAILED:\n" + "\n".join(bench.failed))
        sys.exit(1)
    print("\nEvery request answered as expected; every report stored exactly once.")


if __name__ == "__main__":
    main()
