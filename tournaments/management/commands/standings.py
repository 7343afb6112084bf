"""``python manage.py standings FILE``: print the Swiss standings of an event replay as JSON.

Implements the command described in ``shared/spec/event-replay-format.md``: FILE is an ``event-replay/1``
document (``-`` reads stdin); the ``standings/1`` document is printed with an indent of 2. A file that is not
JSON is reported with its line and column; an invalid replay with every problem on its own line, located by
its path. Both exit with status 2.
"""

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.replay import ReplayError
from tournaments.standings import compute


class Command(BaseCommand):
    help = "Print the Swiss standings (standings/1 JSON) of an event replay FILE, or - for stdin."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="an event-replay/1 JSON file, or - for stdin")

    def handle(self, *args: Any, **options: Any) -> None:
        name: str = options["file"]
        try:
            if name == "-":
                text = sys.stdin.read()
            else:
                with open(name, encoding="utf-8") as handle:
                    text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{name}: cannot read: {error}", returncode=2) from error
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{name}: not JSON: line {error.lineno}, column {error.colno}: {error.msg}", returncode=2
            ) from error
        try:
            standings = compute(document)
        except ReplayError as error:
            for problem in error.problems:
                self.stderr.write(f"{name}: {problem['path'] or '(document)'}: {problem['message']}")
            raise CommandError(
                f"{name}: not a valid event replay ({len(error.problems)} problem(s))", returncode=2
            ) from error
        self.stdout.write(json.dumps(standings, indent=2))
