"""``make run`` serves with waitress (``manage.py serve``): a page and the static CSS; Ctrl+C stops it."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

ROOT = Path(settings.BASE_DIR)


def run_recipe() -> list[str]:
    """The command ``make run`` serves with, from the Makefile, on 127.0.0.1 and a port the system picks."""
    recipe = re.search(r"^run:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert recipe is not None, "the Makefile has no run target"
    serving = [line.strip() for line in recipe.group(1).splitlines() if "manage.py" in line]
    assert len(serving) == 1, recipe.group(1)
    words = serving[0].replace("$(HOST)", "127.0.0.1").replace("$(PORT)", "0").split()
    assert words[0] == "$(BIN)/python", serving[0]
    return [sys.executable, *words[1:]]


def embedded_database(folder: Path) -> None:
    """The embedded default's SQLite file in ``folder``, with every table: the suite's test database copied
    when it is SQLite (a fraction of a second; outside any transaction, which the copy would wait on), else
    migrated afresh."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        copy = sqlite3.connect(folder / "arbiter.sqlite3")
        connection.connection.backup(copy)
        copy.close()
    else:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput"],
            cwd=ROOT,
            env=embedded_environment(folder),
            check=True,
            capture_output=True,
        )


def embedded_environment(folder: Path) -> dict[str, str]:
    """Nothing configured, as on a store's laptop: SQLite in ``folder``, tasks in-process, DEBUG off."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DJANGO_DEBUG"}
    }
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings.local", ARBITER_VAR_DIR=str(folder), PYTHONUNBUFFERED="1"
    )
    return environment


@pytest.fixture
def served(tmp_path: Path, transactional_db) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``make run``'s server on a free port, and its address; killed if a test left it running."""
    embedded_database(tmp_path)
    process = subprocess.Popen(
        run_recipe(),
        cwd=ROOT,
        env=embedded_environment(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    said: list[str] = []

    def read_until_listening() -> None:
        for line in process.stdout:  # type: ignore[union-attr]
            said.append(line)
            if "Serving Arbiter on" in line:
                return

    reader = threading.Thread(target=read_until_listening)
    reader.start()
    reader.join(timeout=60)
    try:
        listening = re.search(r"http://127\.0\.0\.1:(\d+)", "".join(said))
        if listening is None:
            process.kill()
            pytest.fail(f"the server did not say where it listens: {said} {process.stderr.read()}")  # type: ignore[union-attr]
        yield process, f"http://127.0.0.1:{listening.group(1)}"
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="stopped with SIGINT, as Ctrl+C does on Linux and macOS")
def test_make_run_serves_the_home_page_and_its_stylesheet_and_ctrl_c_stops_it(served):
    process, address = served

    with urllib.request.urlopen(f"{address}/", timeout=30) as home:  # noqa: S310 -- http://127.0.0.1
        page = home.read().decode()
        assert home.status == 200
        assert home.headers["Server"] == "Arbiter"  # waitress, not Django's development server
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert stylesheet is not None, page[:500]
    with urllib.request.urlopen(f"{address}{stylesheet.group(1)}", timeout=30) as css:  # noqa: S310
        assert css.status == 200
        assert css.headers["Content-Type"].startswith("text/css")
        assert css.read() == (ROOT / "static" / "css" / "arbiter.css").read_bytes()

    process.send_signal(signal.SIGINT)
    output, errors = process.communicate(timeout=30)
    assert process.returncode == 0, errors
    assert output.strip().endswith("Stopped.")
    assert "Traceback" not in errors


@pytest.mark.django_db
def test_serve_refuses_an_address_it_cannot_read():
    with pytest.raises(CommandError, match="not HOST:PORT or PORT"):
        call_command("serve", "127.0.0.1:port")
