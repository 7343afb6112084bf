"""``python manage.py serve [HOST:PORT]``: serve Arbiter with waitress, as ``make run`` does.

``runserver`` is Django's development server: its listen queue holds 10 connections, so 64 players
reporting at the end of a round overflowed it hundreds of times a round and some waited up to a minute for
the kernel to retry their connection. waitress is a maintained, pure-Python WSGI server that runs the same
on Linux, macOS and Windows (gunicorn stays the production server on Linux). This serves the settings
manage.py chose (the embedded default unless DJANGO_SETTINGS_MODULE says otherwise); WhiteNoise, in the
middleware, serves the static files. Ctrl+C (or SIGTERM) stops it: requests under way get a few seconds to
finish, and each one's transaction is all or nothing either way.
"""

from __future__ import annotations

import contextlib
import logging
import re
import select
import signal
import sys
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.servers.basehttp import get_internal_wsgi_application
from waitress.server import BaseWSGIServer, MultiSocketServer, create_server

DEFAULT_ADDRESS = "127.0.0.1:8000"

# Worker threads: requests run on these, one each; waitress queues the rest in arrival order. One process
# runs one thread of Python at a time, and SQLite takes one writer at a time, so more threads add no
# throughput: they interleave more requests (each slower) and set more writers sleeping on SQLite's lock,
# whose busy handler wakes in growing steps. Bounded threads also bound the wait for that lock: a writer
# waits behind at most THREADS - 1 others, far inside the 20 s busy timeout, so "database is locked" never
# reaches a player however many report at once (runserver starts a thread per connection: 200 players,
# 199 writers ahead). More than one, so a slow request (a big standings page, a card import run in-process)
# does not hold up everyone else. bench/embedded_burst.py, 64 reports at once: 4 to 8 threads gave the
# shortest tail, 16 cost a quarter more CPU a report. One process, not several: the embedded cache is the
# process' memory (a running import's progress lives there), so a second process would not see it.
THREADS = 8

# Connections the kernel holds for us before waitress accepts them (runserver's is 10). Far above the
# players of any store event reporting at once; Linux caps it at net.core.somaxconn (4,096 by default).
BACKLOG = 2048

# Open connections waitress keeps. Phones keep idle connections open (keep-alive); past the limit waitress
# stops accepting and newcomers wait in the backlog until an idle one is closed, so waitress' default of
# 100 would stall a store of 50-odd players' phones. select() handles file numbers below 1,024 (512 on
# Windows), so the higher limit only where poll() exists.
CONNECTIONS = 1000 if hasattr(select, "poll") else 400

# Seconds an idle connection stays open. A page polling every 15 s keeps its own; others are closed after
# this (checked every 30 s) so their phone reconnects in a millisecond on the store's network instead.
IDLE_SECONDS = 60

# The largest body waitress reads before handing a request to Django (its default is 1 GB, buffered to disk).
# The largest upload Arbiter takes is a card database of up to 64 MiB (decks.importers.MAX_IMPORT_BYTES),
# refused beyond that with a message a person can act on; twice that leaves room for the form around it
# while a bigger body is refused before it fills the laptop's disk.
MAX_BODY_BYTES = 128 * 1024 * 1024

_ADDRESS = re.compile(r"(?:(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s:\[\]]+):)?(?P<port>\d{1,5})")


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGTERM stops the server the way Ctrl+C does (waitress closes cleanly on KeyboardInterrupt)."""
    raise KeyboardInterrupt


def _allow_open_files(needed: int) -> None:
    """Raise this process' open-file limit towards ``needed`` (macOS starts terminals at 256)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _listening(server: BaseWSGIServer | MultiSocketServer) -> list[tuple[str, str]]:
    """The addresses bound ("localhost" may be two: 127.0.0.1 and ::1), with the port chosen for port 0."""
    if isinstance(server, MultiSocketServer):
        return [(host, str(port)) for host, port in server.effective_listen]
    host, port = server.getsockname()[:2]
    return [(str(host), str(port))]


class Command(BaseCommand):
    help = "Serve Arbiter with waitress on HOST:PORT (default 127.0.0.1:8000); Ctrl+C stops it."

    requires_migrations_checks = True  # warns, as runserver does, when the database needs `migrate`

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "address",
            nargs="?",
            default=DEFAULT_ADDRESS,
            help=f"HOST:PORT or PORT to listen on (default {DEFAULT_ADDRESS}; 0.0.0.0:8000 for the network)",
        )
        parser.add_argument(
            "--threads", type=int, default=THREADS, help=f"requests served at once (default {THREADS})"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        match = _ADDRESS.fullmatch(options["address"])
        if match is None or not 0 <= int(match["port"]) < 65536:
            raise CommandError(f"{options['address']!r} is not HOST:PORT or PORT, e.g. 127.0.0.1:8000.")
        host, port = (match["host"] or "127.0.0.1").strip("[]"), int(match["port"])
        if options["threads"] < 1:
            raise CommandError("--threads must be at least 1.")
        _allow_open_files(CONNECTIONS + 200)  # the connections, the database files, Python's own
        try:
            server = create_server(
                get_internal_wsgi_application(),  # settings.WSGI_APPLICATION, as runserver serves
                host=host,
                port=port,
                threads=options["threads"],
                backlog=BACKLOG,
                connection_limit=CONNECTIONS,
                channel_timeout=IDLE_SECONDS,
                asyncore_use_poll=hasattr(select, "poll"),
                max_request_body_size=MAX_BODY_BYTES,
                ident="Arbiter",
                # Players see Django's friendly error page; a traceback only in this terminal.
                expose_tracebacks=False,
            )
        except OSError as error:
            raise CommandError(f"Cannot listen on {host}:{port}: {error.strerror or error}.") from error
        for listen_host, listen_port in _listening(server):
            shown = f"[{listen_host}]" if ":" in listen_host else listen_host
            self.stdout.write(f"Serving Arbiter on http://{shown}:{listen_port}  (Ctrl+C stops it)")
        self._warn_unreachable_host(host)
        # waitress warns "Task queue depth is N" for every request that waits for a thread: at the end of a
        # round that is hundreds of lines on the store's terminal for what is the design (first come, first
        # served), not a fault.
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)
        signal.signal(signal.SIGTERM, _stop)
        sys.stdout.flush()
        # run() returns once Ctrl+C or SIGTERM closed the server; pressed again while the requests under way
        # were finishing, Ctrl+C stops it at once.
        with contextlib.suppress(KeyboardInterrupt):
            server.run()
        self.stdout.write("Stopped.")

    def _warn_unreachable_host(self, host: str) -> None:
        """Listening on the network answers only the host names Django allows: say so before a phone fails."""
        if host in ("127.0.0.1", "localhost", "::1"):
            return
        if set(settings.ALLOWED_HOSTS) <= {"127.0.0.1", "localhost", "[::1]"}:
            self.stderr.write(
                "Phones and other machines get 'Bad Request (400)' until DJANGO_ALLOWED_HOSTS names this "
                "machine as they reach it, e.g. DJANGO_ALLOWED_HOSTS=192.168.1.20,localhost,127.0.0.1"
            )
