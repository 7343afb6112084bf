"""Reading settings from the environment, failing fast with one line a person can act on.

A store starts Arbiter from a terminal. A typo in ``DATABASE_URL`` must not scroll a forty-line traceback
past them: it must say which variable is wrong and what it expects, then stop. ``ConfigurationError``
derives from ``SystemExit`` for exactly that reason: Python prints its message alone on stderr and exits
with status 1, whichever entry point (manage.py, gunicorn, celery, pytest) imported the settings, and no
framework code between the settings module and the entry point catches it.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import environ

_DATABASE_SCHEMES = {"postgres", "postgresql", "pgsql", "sqlite"}
_REDIS_SCHEMES = {"redis", "rediss"}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class ConfigurationError(SystemExit):
    """A missing or malformed environment variable: stops start-up with a one-line message."""

    def __init__(self, variable: str, expected: str, got: str | None = None) -> None:
        detail = "it is not set" if got is None else f"got {got!r}"
        self.variable = variable
        super().__init__(f"Configuration error: {variable} must be {expected} ({detail}).")


def text(name: str, default: str | None = None) -> str:
    """A required string; ``default`` makes it optional."""
    value = os.environ.get(name)
    if value is None or value == "":
        if default is None:
            raise ConfigurationError(name, "set")
        return default
    return value


def flag(name: str, *, default: bool) -> bool:
    """A boolean written as 1/0, true/false, yes/no or on/off."""
    value = os.environ.get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ConfigurationError(name, "one of 1/0, true/false, yes/no, on/off", value)


def integer(name: str, *, default: int, minimum: int = 0) -> int:
    """A whole number no smaller than ``minimum``."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except ValueError:
        raise ConfigurationError(name, f"a whole number of at least {minimum}", value) from None
    if number < minimum:
        raise ConfigurationError(name, f"a whole number of at least {minimum}", value)
    return number


def choice(name: str, choices: list[str], default: str) -> str:
    """One of ``choices`` (compared without case), e.g. ``ARBITER_LANGUAGE=pt-br``."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    lowered = value.strip().lower()
    if lowered not in choices:
        raise ConfigurationError(name, "one of " + ", ".join(choices), value)
    return lowered


def word_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list, e.g. ``DJANGO_ALLOWED_HOSTS=arbiter.example.com,localhost``."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def database(name: str = "DATABASE_URL") -> dict[str, object] | None:
    """The database a URL names, or ``None`` when the variable is not set (the embedded default)."""
    value = os.environ.get(name)
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in _DATABASE_SCHEMES:
        raise ConfigurationError(
            name, "a database URL such as postgres://user:password@127.0.0.1:5432/arbiter", value
        )
    if parts.scheme != "sqlite" and not parts.path.strip("/"):
        raise ConfigurationError(name, "a database URL ending in the database name", value)
    try:
        return dict(environ.Env.db_url_config(value))
    except (ValueError, KeyError) as error:
        raise ConfigurationError(name, f"a valid database URL ({error})", value) from None


def redis_url(name: str) -> str | None:
    """A ``redis://`` URL, or ``None`` when the variable is not set."""
    value = os.environ.get(name)
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in _REDIS_SCHEMES or not parts.hostname:
        raise ConfigurationError(name, "a Redis URL such as redis://127.0.0.1:6379/0", value)
    try:
        parts.port  # noqa: B018 - urlsplit validates the port lazily; a bad one raises here.
    except ValueError:
        raise ConfigurationError(name, "a Redis URL with a numeric port", value) from None
    return value
