"""What ``import_cards`` and ``import_banlist`` share: read the file, import it, print the report."""

from __future__ import annotations

import time
from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from decks.models import CardImport
from decks.services import CardImportError, card_import, card_import_queue


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
        parser.add_argument(
            "--background",
            action="store_true",
            help=(
                "queue the import for the workers, which read FILE where it is, and print its progress page "
                "(for MTGJSON AllPrintings, too large to upload); FILE must be readable by the workers"
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        source = options["file"]
        if options["background"]:
            self._queue(source)
            return
        started = time.perf_counter()
        try:
            report = card_import(path=source, expect=self.expect, effective=options["effective"])
        except CardImportError as error:
            raise CommandError(f"{source}: {error} (nothing was imported)") from None
        for line in report.summary():
            self.stdout.write(line)
        self.stdout.write(f"done in {time.perf_counter() - started:.1f} s")

    def _queue(self, source: str) -> None:
        try:
            job = card_import_queue(
                uploaded_by=None, filename=Path(source).name, path=source, expect=self.expect
            )
        except CardImportError as error:
            raise CommandError(f"{source}: {error} (nothing was imported)") from None
        job.refresh_from_db(fields=["status", "report", "error"])
        page = reverse("card-import-detail", kwargs={"import_id": job.pk})
        if job.status == CardImport.Status.DONE:  # no broker: the task ran here, as the import was queued
            self.stdout.write(f"import {job.pk} done; its report is on {page}")
        elif job.status == CardImport.Status.FAILED:
            raise CommandError(f"{source}: {job.error} (nothing was imported)")
        else:
            self.stdout.write(f"import {job.pk} queued for the workers; follow it on {page}")
