"""What ``import_cards`` and ``import_banlist`` share: read the file, import it, print the report."""

from __future__ import annotations

import time
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks.services import CardImportError, card_import


def _date(text: str) -> date:
    return date.fromisoformat(text)


class ImportCommand(BaseCommand):
    expect = ""

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the file to import; its format is recognised from its content")
        parser.add_argument(
            "--effective",
            type=_date,
            default=None,
            help="YYYY-MM-DD: the effective date of lflist.conf lists whose name carries no date",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        source = options["file"]
        started = time.perf_counter()
        try:
            report = card_import(path=source, expect=self.expect, effective=options["effective"])
        except CardImportError as error:
            raise CommandError(f"{source}: {error} (nothing was imported)") from None
        for line in report.summary():
            self.stdout.write(line)
        self.stdout.write(f"done in {time.perf_counter() - started:.1f} s")
