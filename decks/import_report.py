"""What a card import reports and the pieces both ways of importing share: the whole file at once
(``decks.card_import``) and AllPrintings streamed in batches (``decks.card_import_streamed``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.db import connection
from django.utils import timezone

from decks.importers.records import Reason, Skip
from decks.models import Banlist, BanlistEntry, Card, CardPrinting

MAX_REPORTED_SKIPS = 500  # the report keeps this many reasons; the count covers them all
PROGRESS_EVERY = 500
BATCH_SIZE = 500
# What ``done`` and ``total`` count: rows of the file, or kibibytes of it read (a streamed file, whose rows
# are only known at its end).
PROGRESS_ROWS = "rows"
PROGRESS_FILE = "file"


class ProgressCallback(Protocol):
    def __call__(self, done: int, total: int, unit: str = PROGRESS_ROWS) -> None: ...


@dataclass
class ImportReport:
    """What an import did. Card files count cards and alternate artworks apart; banlists count entries."""

    format: str
    kind: str  # "cards" or "banlist"
    game: str
    rows: int
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    removed: int = 0
    artworks_added: int = 0
    artworks_updated: int = 0
    artworks_unchanged: int = 0
    banlists: list[str] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)

    def skip(self, where: str, why: Reason, *, rows: int = 1) -> None:
        self.skipped += rows
        if len(self.skips) < MAX_REPORTED_SKIPS:
            self.skips.append(Skip(where, why))

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "kind": self.kind,
            "game": self.game,
            "rows": self.rows,
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "skipped": self.skipped,
            "removed": self.removed,
            "artworks_added": self.artworks_added,
            "artworks_updated": self.artworks_updated,
            "artworks_unchanged": self.artworks_unchanged,
            "banlists": list(self.banlists),
            "skips": [skip.as_dict() for skip in self.skips],
            "skips_truncated": self.skipped > len(self.skips),
        }

    def summary(self) -> list[str]:
        """The report as lines a person reads (the management commands print them)."""
        noun = "cards" if self.kind == "cards" else "banlist entries"
        lines = [
            f"{self.format}: {self.rows} rows ({self.game})",
            f"{noun}: {self.added} added, {self.updated} updated, {self.unchanged} unchanged",
        ]
        if self.kind == "cards":
            lines.append(
                f"alternate artworks: {self.artworks_added} added, {self.artworks_updated} updated, "
                f"{self.artworks_unchanged} unchanged"
            )
        else:
            lines.append(f"banlists: {', '.join(self.banlists) or 'none'}; entries removed: {self.removed}")
        lines.append(f"skipped: {self.skipped}")
        lines.extend(f"  {skip.where}: {skip.reason}" for skip in self.skips)
        if self.skipped > len(self.skips):
            lines.append(f"  ... and {self.skipped - len(self.skips)} more")
        return lines


def lock_catalog() -> None:
    """One import at a time: two imports of one file would both insert the same new cards and the second
    would fail on the unique constraints. SQLite transactions already open as IMMEDIATE (one writer); on
    PostgreSQL the catalog tables are locked against other writers until commit, readers still welcome."""
    if connection.vendor != "postgresql":
        return
    tables = ", ".join(model._meta.db_table for model in (Card, CardPrinting, Banlist, BanlistEntry))
    with connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {tables} IN SHARE ROW EXCLUSIVE MODE")


class Progress:
    def __init__(self, callback: ProgressCallback | None, total: int) -> None:
        self.callback = callback
        self.total = total
        self.done = 0
        self.report_now()

    def step(self) -> None:
        self.done += 1
        if self.done % PROGRESS_EVERY == 0:
            self.report_now()

    def report_now(self) -> None:
        if self.callback is not None:
            self.callback(min(self.done, self.total), self.total)


def differences(card: Card, values: dict[str, Any]) -> list[str]:
    return [name for name, value in values.items() if getattr(card, name) != value]


def save_changed(cards: dict[int, Card], fields: Iterable[str]) -> None:
    if not cards:
        return
    now = timezone.now()
    for card in cards.values():
        card.updated_at = now
    Card.objects.bulk_update(list(cards.values()), sorted({*fields, "updated_at"}), batch_size=BATCH_SIZE)
