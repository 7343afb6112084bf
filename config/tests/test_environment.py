"""Start-up configuration: the embedded default, the real servers, and one clear line for a bad variable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from config import environment

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a clean environment, as a store would start it."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "DATABASE_"))}
    for key in ("REDIS_URL", "CELERY_BROKER_URL"):
        clean.pop(key, None)
    clean.update({"ARBITER_VAR_DIR": str(tmp_path), **env})
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DATABASE_URL", "not-a-url"),
        ("DATABASE_URL", "mysql://db.example/arbiter"),
        ("DATABASE_URL", "postgres://127.0.0.1:5432"),
        ("REDIS_URL", "localhost:6379"),
        ("CELERY_BROKER_URL", "redis://127.0.0.1:port/0"),
        ("DJANGO_DEBUG", "maybe"),
        ("DATABASE_CONN_MAX_AGE", "-1"),
        ("ARBITER_LANGUAGE", "klingon"),
    ],
)
def test_a_malformed_variable_stops_start_up_with_one_line_naming_it(tmp_path, variable, value):
    env = {variable: value}
    if variable == "DATABASE_CONN_MAX_AGE":
        env["DATABASE_URL"] = "postgres://arbiter@127.0.0.1:5432/arbiter"

    result = run_manage("check", env=env, tmp_path=tmp_path)

    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Configuration error: {variable} must be")
    assert repr(value) in lines[0]


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    result = run_manage(
        "check",
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_ALLOWED_HOSTS": "arbiter.example",
        },
        tmp_path=tmp_path,
    )

    assert result.returncode == 1
    assert result.stderr.strip() == "Configuration error: DJANGO_SECRET_KEY must be set (it is not set)."


def test_production_passes_the_deploy_check_with_no_warnings(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": "k3y-" + "x9Qv7#pL2m" * 6,
            "DJANGO_ALLOWED_HOSTS": "arbiter.example",
        },
        tmp_path=tmp_path,
    )

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


def test_with_nothing_set_it_runs_on_sqlite_in_wal_mode_with_tasks_in_process(tmp_path):
    probe = (
        "from django.conf import settings; from django.db import connection;"
        "cursor = connection.cursor(); cursor.execute('PRAGMA journal_mode');"
        "db = settings.DATABASES['default'];"
        "print(db['ENGINE'], db['OPTIONS']['transaction_mode'], cursor.fetchone()[0],"
        " settings.CELERY_TASK_ALWAYS_EAGER, settings.CACHES['default']['BACKEND'])"
    )

    result = run_manage("shell", "-c", probe, env={}, tmp_path=tmp_path)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-5:] == [
        "django.db.backends.sqlite3",
        "IMMEDIATE",
        "wal",
        "True",
        "django.core.cache.backends.locmem.LocMemCache",
    ]
    assert (tmp_path / "arbiter.sqlite3").exists()


def test_with_redis_and_postgres_urls_it_uses_them_with_safe_celery_delivery(tmp_path):
    probe = (
        "from django.conf import settings as s;"
        "db = s.DATABASES['default'];"
        "print(db['ENGINE'], db['NAME'], s.CACHES['default']['BACKEND'],"
        " s.CELERY_BROKER_URL, s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_TASK_ACKS_LATE,"
        " s.CELERY_TASK_REJECT_ON_WORKER_LOST, s.CELERY_TASK_SERIALIZER, s.CELERY_TASK_TIME_LIMIT)"
    )
    env = {
        "DATABASE_URL": "postgres://arbiter:pw@127.0.0.1:5432/store",
        "REDIS_URL": "redis://127.0.0.1:6379/1",
    }

    # `diffsettings`-style probe through the settings only: no connection is opened.
    result = run_manage("shell", "-c", probe, env=env, tmp_path=tmp_path)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-9:] == [
        "django.db.backends.postgresql",
        "store",
        "django.core.cache.backends.redis.RedisCache",
        "redis://127.0.0.1:6379/1",
        "False",
        "True",
        "True",
        "json",
        "300",
    ]


def test_flag_reads_the_usual_spellings(monkeypatch):
    for spelling, expected in [("1", True), ("yes", True), ("ON", True), ("0", False), ("false", False)]:
        monkeypatch.setenv("ARBITER_TEST_FLAG", spelling)
        assert environment.flag("ARBITER_TEST_FLAG", default=not expected) is expected
