"""``python manage.py pair FILE [--seed N]`` (FILE or ``-``): an event replay in, the next Swiss round out.

Prints the spec's ``pairings/1`` document (see ``tournaments.engine.pairing``). The seed defaults to 0, so a
run without ``--seed`` is repeatable too. A replay that breaks the format gets each problem, located by its
JSON path, on stderr and exit status 2; nothing is stored.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.engine.pairing import next_round
from tournaments.engine.replay import ReplayError, read_replay
from tournaments.management.replay_input import read_json_argument, replay_refused

DEFAULT_SEED = 0


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
        name: str = options["file"]
        document = read_json_argument(name)
        try:
            pairings = next_round(read_replay(document), options["seed"])
        except ReplayError as error:
            raise replay_refused(name, error, self.stderr) from error
        self.stdout.write(json.dumps(pairings, indent=options["indent"], ensure_ascii=False))
