"""``python manage.py pair FILE [--seed N]`` (FILE or ``-``): an event replay in, the next Swiss round out.

Prints the spec's ``pairings/1`` document (see ``tournaments.pairing``). The seed defaults to 0, so a run
without ``--seed`` is repeatable too. A replay that breaks the format gets each problem, located by its JSON
path, on stderr and exit status 2; nothing is stored.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import pairing

DEFAULT_SEED = 0


def _replay_problems(document: Any) -> list[str]:
    """The full format check of ``tournaments.replay`` when it is there, as ``path: message`` lines."""
    try:
        replay = importlib.import_module("tournaments.replay")
    except ModuleNotFoundError:
        return []
    try:
        replay.read_replay(document)
    except replay.ReplayError as error:
        return [_line(problem) for problem in error.problems]
    return []


def _line(problem: Any) -> str:
    if isinstance(problem, dict):
        return f"{problem.get('path', '$')}: {problem.get('message', problem)}"
    return str(problem)


class Command(BaseCommand):
    help = "Pair the next Swiss round of an event replay from FILE or stdin ('-'); print pairings/1 JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="an event replay JSON file, or - to read standard input")
        parser.add_argument(
            "--seed",
            type=int,
            default=DEFAULT_SEED,
            help=f"seed for the random draws (default {DEFAULT_SEED})",
        )
        parser.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")

    def handle(self, *args: Any, **options: Any) -> None:
        source = options["file"]
        try:
            text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot read {source}: {error.strerror}", returncode=2) from None
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{source}: not JSON: {error.msg} at line {error.lineno} column {error.colno}", returncode=2
            ) from None
        problems = _replay_problems(document)
        if not problems:
            try:
                pairings = pairing.next_round(document, options["seed"])
            except pairing.PairingInputError as error:
                problems = [_line(problem) for problem in error.problems]
        if problems:
            for problem in problems:
                self.stderr.write(f"{source}: {problem}")
            raise CommandError(f"{source}: not a valid event replay ({len(problems)} problems)", returncode=2)
        self.stdout.write(json.dumps(pairings, indent=options["indent"], ensure_ascii=False))
