"""``python manage.py standings FILE``: print the Swiss standings of an event replay as JSON.

Implements the command described in ``shared/spec/event-replay-format.md``: FILE is an ``event-replay/1``
document (``-`` reads stdin); the ``standings/1`` document is printed with an indent of 2. A file that is not
JSON is reported with its line and column; an invalid replay with every problem on its own line, located by
its path. Both exit with status 2.
"""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.engine.replay import ReplayError, read_replay
from tournaments.engine.standings import compute
from tournaments.management.replay_input import read_json_argument, replay_refused


class Command(BaseCommand):
    help = "Print the Swiss standings (standings/1 JSON) of an event replay FILE, or - for stdin."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="an event-replay/1 JSON file, or - for stdin")

    def handle(self, *args: Any, **options: Any) -> None:
        name: str = options["file"]
        document = read_json_argument(name)
        try:
            standings = compute(read_replay(document))
        except ReplayError as error:
            raise replay_refused(name, error, self.stderr) from error
        self.stdout.write(json.dumps(standings, indent=2))
