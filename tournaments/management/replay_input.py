"""What the ``pair`` and ``standings`` commands share: reading an event replay FILE (or ``-``) and refusing
a bad one with every problem located, exit status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import CommandError, OutputWrapper

from config.json_input import JsonInputError, loads_checked
from tournaments.engine.replay import ReplayError


def read_json_argument(name: str) -> object:
    """The JSON document in file ``name`` (``-``: standard input); unreadable or not JSON is exit status 2."""
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"{name}: cannot read: {error}", returncode=2) from None
    try:
        return loads_checked(text)
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{name}: not JSON: line {error.lineno}, column {error.colno}: {error.msg}", returncode=2
        ) from None
    except JsonInputError as error:
        raise CommandError(f"{name}: {error}", returncode=2) from None


def replay_refused(name: str, error: ReplayError, stderr: OutputWrapper) -> CommandError:
    """Write each problem of a refused replay on its own line, located by its path; the error to raise."""
    for problem in error.problems:
        stderr.write(f"{name}: {problem['path'] or '(document)'}: {problem['message']}")
    return CommandError(f"{name}: not a valid event replay ({len(error.problems)} problem(s))", returncode=2)
