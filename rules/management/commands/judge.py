"""``python manage.py judge FILE`` (or ``-`` for stdin): a dispute in, its ruling out, as JSON.

A JSON list of disputes gives a list of rulings in the same order, all judged in this one process. A
dispute in the list that breaks the format gets ``{"error": ...}`` in its place so the others still count;
the exit status is then 1. A single malformed dispute prints the problems on stderr and exits with 1.
Nothing is stored: this is the engine on the command line, with the card catalog for cards named without
their stats.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from decks.catalog import DatabaseCatalog
from decks.models import Card
from rules import engine
from rules.engine.sentences import gettext_noop, say


def _judge_one(dispute: Any, catalogs: dict[str, DatabaseCatalog]) -> dict[str, Any]:
    """One ruling; the catalogs are shared by a whole batch, so each card is looked up once per run."""
    if not isinstance(dispute, dict):
        raise engine.DisputeError("$", say(gettext_noop("expected a dispute, a JSON object")))
    game = dispute.get("game")
    return engine.judge(dispute, catalogs.get(game) if isinstance(game, str) else None)


class Command(BaseCommand):
    help = (
        "Judge a dispute (or a JSON list of disputes) from FILE or stdin ('-'); print the ruling(s) as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a dispute JSON file, or - to read standard input")
        parser.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")

    def handle(self, *args: Any, **options: Any) -> None:
        source = options["file"]
        try:
            text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot read {source}: {error.strerror}") from None
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{source}: not JSON: {error.msg} at line {error.lineno} column {error.colno}"
            ) from None

        indent = options["indent"]
        if Card._meta.db_table not in connection.introspection.table_names():
            raise CommandError("the card catalog is not set up yet: run `python manage.py migrate` first")
        catalogs = {game: DatabaseCatalog(game) for game in ("yugioh", "mtg")}
        if isinstance(document, list):
            rulings: list[dict[str, Any]] = []
            failed = 0
            for dispute in document:
                try:
                    rulings.append(_judge_one(dispute, catalogs))
                except engine.DisputeError as error:
                    failed += 1
                    rulings.append({"error": {"problems": error.problems()}})
            self.stdout.write(json.dumps(rulings, indent=indent, ensure_ascii=False))
            if failed:
                raise CommandError(f"{failed} of {len(document)} disputes do not follow the dispute format")
            return
        try:
            ruling = _judge_one(document, catalogs)
        except engine.DisputeError as error:
            problems = "; ".join(f"{p['path']}: {p['message']}" for p in error.problems())
            raise CommandError(f"{source}: {problems}") from None
        self.stdout.write(json.dumps(ruling, indent=indent, ensure_ascii=False))
