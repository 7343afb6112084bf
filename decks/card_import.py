"""Writing card files and banlists into the catalog, now or in the background.

``card_import`` writes a whole file in one transaction: a malformed file raises before anything is written,
and a file whose records are fine but odd (a Skill Card, a banlist entry for an unknown card) is imported
without them, the report saying why each was skipped. Importing the same file twice changes nothing: rows
are matched on their natural keys (a card's id, else its game and name; a banlist's game and name), compared
field by field, and written in bulk only when they differ, so the second report says 0 added, 0 updated.
These are services (every write of the catalog); they live in a module of their own for their size.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

from decks.importers import MAX_IMPORT_BYTES, MalformedFileError, check_size, parse_file
from decks.importers.records import CardRecord, ParsedBanlists, ParsedCards, Skip
from decks.models import Banlist, BanlistEntry, Card, CardImport, CardPrinting
from decks.selectors import progress_cache_key
from rules.engine.catalog import normalize_name

logger = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]
MAX_REPORTED_SKIPS = 500  # the report keeps this many reasons; the count covers them all
PROGRESS_EVERY = 500
BATCH_SIZE = 500

__all__ = [
    "MAX_IMPORT_BYTES",
    "CardImportError",
    "ImportReport",
    "card_import",
    "card_import_process",
    "card_import_queue",
]

CardImportError = MalformedFileError


# --- Card import ----------------------------------------------------------------------------------------


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

    def skip(self, where: str, reason: str, *, rows: int = 1) -> None:
        self.skipped += rows
        if len(self.skips) < MAX_REPORTED_SKIPS:
            self.skips.append(Skip(where, reason))

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


def _read_source(path: str | Path | None, data: bytes | None) -> bytes:
    if (path is None) == (data is None):
        raise ValueError("give exactly one of path and data")
    if data is not None:
        return data
    assert path is not None  # noqa: S101 - exactly one is given, checked above
    source = Path(path)
    try:
        check_size(source.stat().st_size)  # before reading: a huge file is refused without loading it
        return source.read_bytes()
    except OSError as error:
        raise CardImportError("", f"cannot read {source}: {error.strerror}") from None


def card_import(
    *,
    path: str | Path | None = None,
    data: bytes | None = None,
    expect: str = "",
    effective: date | None = None,
    progress: ProgressCallback | None = None,
) -> ImportReport:
    """Import a card file or banlist from ``path`` or ``data``, its format recognised by its content.

    ``expect`` ("cards" or "banlist") refuses the other kind of file; ``effective`` dates an lflist.conf list
    whose name carries no date; ``progress(done, total)`` is called as records are written. Raises
    :class:`CardImportError` (with the line, row or JSON path) for a file that cannot be read; then nothing
    is written.
    """
    parsed = parse_file(_read_source(path, data), effective=effective)
    kind = "cards" if isinstance(parsed, ParsedCards) else "banlist"
    if expect and expect != kind:
        raise CardImportError("", f"this is a {kind} file ({parsed.format}), not a {expect} file")
    with transaction.atomic():
        _lock_catalog()
        if isinstance(parsed, ParsedCards):
            return _import_cards(parsed, progress)
        return _import_banlists(parsed, progress)


def _lock_catalog() -> None:
    """One import at a time: two imports of one file would both insert the same new cards and the second
    would fail on the unique constraints. SQLite transactions already open as IMMEDIATE (one writer); on
    PostgreSQL the catalog tables are locked against other writers until commit, readers still welcome."""
    if connection.vendor != "postgresql":
        return
    tables = ", ".join(model._meta.db_table for model in (Card, CardPrinting, Banlist, BanlistEntry))
    with connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {tables} IN SHARE ROW EXCLUSIVE MODE")


class _Progress:
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


def _differences(card: Card, values: dict[str, Any]) -> list[str]:
    return [name for name, value in values.items() if getattr(card, name) != value]


def _import_cards(parsed: ParsedCards, progress_callback: ProgressCallback | None) -> ImportReport:
    report = ImportReport(format=parsed.format, kind="cards", game=parsed.game, rows=parsed.rows)
    for skip in parsed.skips:
        report.skip(skip.where, skip.reason)
    progress = _Progress(progress_callback, len(parsed.cards) + len(parsed.printings))
    game = parsed.game

    cards_by_key = {card.name_key: card for card in Card.objects.filter(game=game)}
    cards_by_pk = {card.pk: card for card in cards_by_key.values()}
    printings = {printing.code: printing for printing in CardPrinting.objects.filter(game=game)}

    # Cards: match on the id first (a card renamed since the last import), then on the name.
    outcome: dict[int, str] = {}  # index in ``accepted`` -> "added" / "updated" / "unchanged"
    accepted: list[tuple[CardRecord, Card]] = []
    seen: dict[str, str] = {}  # name key -> where in the file
    matched: dict[int, str] = {}  # pk of an existing card -> where in the file
    new_cards: list[Card] = []
    changed_cards: dict[int, Card] = {}
    changed_fields: set[str] = set()
    for record in parsed.cards:
        progress.step()
        key = normalize_name(record.name)
        problem = record.problem() or ("the name has no letters or digits" if not key else None)
        if problem:
            report.skip(record.where, problem)
            continue
        if key in seen:
            report.skip(record.where, f"{seen[key]} in this file already has the name {record.name!r}")
            continue
        values = {**record.model_fields(), "name_key": key}
        card = None
        if record.code and record.code in printings:
            card = cards_by_pk.get(printings[record.code].card_id)
            holder = cards_by_key.get(key)
            if card is not None and holder is not None and holder.pk != card.pk:
                report.skip(
                    record.where, f"id {record.code} is {card.name!r} but {record.name!r} is another card"
                )
                continue
        card = card or cards_by_key.get(key)
        if card is not None and card.pk in matched:
            report.skip(record.where, f"{matched[card.pk]} in this file is already the card {card.name!r}")
            continue
        seen[key] = record.where
        if card is None:
            card = Card(**values)
            new_cards.append(card)
            outcome[len(accepted)] = "added"
        else:
            matched[card.pk] = record.where
            differences = _differences(card, values)
            if differences:
                cards_by_key.pop(card.name_key, None)
                for name in differences:
                    setattr(card, name, values[name])
                cards_by_key[key] = card
                changed_cards[card.pk] = card
                changed_fields.update(differences)
                outcome[len(accepted)] = "updated"
            else:
                outcome[len(accepted)] = "unchanged"
        accepted.append((record, card))

    Card.objects.bulk_create(new_cards, batch_size=BATCH_SIZE)
    if any(card.pk is None for card in new_cards):  # a backend that does not return ids from bulk inserts
        created = {card.name_key: card.pk for card in Card.objects.filter(game=game)}
        for card in new_cards:
            card.pk = created[card.name_key]
    _save_changed(changed_cards, changed_fields)

    # The id each card is known by, and the cards named by the "treated as" links.
    card_by_code: dict[str, Card] = {record.code: card for record, card in accepted if record.code}
    for code, printing in printings.items():
        if code not in card_by_code and printing.card_id in cards_by_pk:
            card_by_code[code] = cards_by_pk[printing.card_id]
    treated_changes: dict[int, Card] = {}
    for index, (record, card) in enumerate(accepted):
        target = card_by_code.get(record.treated_as_code or "")
        target_pk = target.pk if target is not None and target.pk != card.pk else None
        if card.treated_as_id != target_pk:
            card.treated_as_id = target_pk
            treated_changes[card.pk] = card
            if outcome[index] == "unchanged":
                outcome[index] = "updated"
    _save_changed(treated_changes, {"treated_as"})

    # Printings: each card's own id (canonical) and the alternate artworks' ids.
    wanted: dict[str, tuple[Card, bool]] = {}
    canonical_owner: dict[int, int] = {}  # card pk -> index in accepted, to mark the card updated
    for index, (record, card) in enumerate(accepted):
        if record.code:
            wanted[record.code] = (card, True)
            canonical_owner[card.pk] = index
    artwork_outcomes: list[str] = []
    artwork_codes: set[str] = set()
    for printing_record in parsed.printings:
        progress.step()
        target = card_by_code.get(printing_record.card_code)
        if target is None:
            report.skip(
                printing_record.where,
                f"alternate artwork of id {printing_record.card_code}, which is not in the catalog",
            )
            continue
        if printing_record.code in wanted:
            report.skip(printing_record.where, f"id {printing_record.code} is already another card's id")
            continue
        wanted[printing_record.code] = (target, False)
        artwork_codes.add(printing_record.code)

    create: list[CardPrinting] = []
    gaining: list[CardPrinting] = []  # existing rows becoming a card's canonical id
    others: list[CardPrinting] = []  # existing rows moving to another card or stepping down
    for code, (card, canonical) in wanted.items():
        existing = printings.get(code)
        if existing is None:
            create.append(CardPrinting(game=game, code=code, card=card, canonical=canonical))
            result = "added"
        elif existing.card_id != card.pk or existing.canonical != canonical:
            (gaining if canonical else others).append(existing)
            existing.card = card
            existing.canonical = canonical
            result = "updated"
        else:
            result = "unchanged"
        if code in artwork_codes:
            artwork_outcomes.append(result)
        elif result != "unchanged" and outcome[canonical_owner[card.pk]] == "unchanged":
            outcome[canonical_owner[card.pk]] = "updated"
    # A card's old canonical id that this file does not mention steps down when the card gets a new one.
    gaining_cards = {printing.card_id for printing in [*create, *gaining] if printing.canonical}
    for code, printing in printings.items():
        if code not in wanted and printing.canonical and printing.card_id in gaining_cards:
            printing.canonical = False
            others.append(printing)
    # Step-downs first, so the one-canonical-id-per-card constraint holds after every statement.
    CardPrinting.objects.bulk_update(others, ["card", "canonical"], batch_size=BATCH_SIZE)
    CardPrinting.objects.bulk_update(gaining, ["card", "canonical"], batch_size=BATCH_SIZE)
    CardPrinting.objects.bulk_create(create, batch_size=BATCH_SIZE)

    for result in outcome.values():
        setattr(report, result, getattr(report, result) + 1)
    for result in artwork_outcomes:
        name = f"artworks_{result}"
        setattr(report, name, getattr(report, name) + 1)
    progress.done = progress.total
    progress.report_now()
    return report


def _save_changed(cards: dict[int, Card], fields: Iterable[str]) -> None:
    if not cards:
        return
    now = timezone.now()
    for card in cards.values():
        card.updated_at = now
    Card.objects.bulk_update(list(cards.values()), sorted({*fields, "updated_at"}), batch_size=BATCH_SIZE)


def _import_banlists(parsed: ParsedBanlists, progress_callback: ProgressCallback | None) -> ImportReport:
    games = sorted({banlist.game for banlist in parsed.banlists})
    report = ImportReport(format=parsed.format, kind="banlist", game=", ".join(games), rows=parsed.rows)
    for skip in parsed.skips:
        report.skip(skip.where, skip.reason)
    progress = _Progress(progress_callback, parsed.rows)
    for record in parsed.banlists:
        if record.effective is None:
            report.skip(
                record.where,
                f"list {record.name!r} has no date in its name and no effective date was given "
                f"({len(record.entries)} entries left out)",
                rows=len(record.entries),
            )
            continue
        banlist, created = Banlist.objects.get_or_create(
            game=record.game, name=record.name, defaults={"effective": record.effective}
        )
        if not created and banlist.effective != record.effective:
            banlist.effective = record.effective
            banlist.save(update_fields=["effective", "updated_at"])
        report.banlists.append(record.name)

        codes = {entry.code for entry in record.entries if entry.code is not None}
        keys = {normalize_name(entry.name) for entry in record.entries if entry.name is not None}
        by_code = {
            printing.code: printing.card
            for printing in CardPrinting.objects.filter(game=record.game, code__in=codes).select_related(
                "card"
            )
        }
        by_key = {card.name_key: card for card in Card.objects.filter(game=record.game, name_key__in=keys)}
        wanted: dict[int, tuple[str, str]] = {}  # card pk -> (status, where)
        for entry in record.entries:
            progress.step()
            card = (
                by_code.get(entry.code or "")
                if entry.code is not None
                else by_key.get(normalize_name(entry.name or ""))
            )
            if card is None:
                report.skip(entry.where, f"card {entry.ref} is not in the {record.game} catalog")
                continue
            if card.pk in wanted:
                status, where = wanted[card.pk]
                same = "again" if status == entry.status else f"again, as {entry.status} (first as {status})"
                report.skip(entry.where, f"{card.name} is listed {same} at {where}: an alternate artwork?")
                continue
            wanted[card.pk] = (entry.status, entry.where)

        existing = {entry.card_id: entry for entry in banlist.entries.all()}
        create = []
        update = []
        for card_pk, (status, _where) in wanted.items():
            current = existing.get(card_pk)
            if current is None:
                create.append(BanlistEntry(banlist=banlist, card_id=card_pk, status=status))
                report.added += 1
            elif current.status != status:
                current.status = status
                update.append(current)
                report.updated += 1
            else:
                report.unchanged += 1
        stale = [entry.pk for card_pk, entry in existing.items() if card_pk not in wanted]
        BanlistEntry.objects.filter(pk__in=stale).delete()
        report.removed += len(stale)
        BanlistEntry.objects.bulk_update(update, ["status"], batch_size=BATCH_SIZE)
        BanlistEntry.objects.bulk_create(create, batch_size=BATCH_SIZE)
    progress.done = progress.total
    progress.report_now()
    return report


# --- Card imports in the background ---------------------------------------------------------------------


def card_import_queue(
    *, uploaded_by: User | None, filename: str, data: bytes, expect: str = ""
) -> CardImport:
    """Record an uploaded file and import it in the background once this transaction commits."""
    check_size(len(data))
    with transaction.atomic():
        card_import = CardImport.objects.create(
            uploaded_by=uploaded_by, filename=filename[:255], data=data, size=len(data), expect=expect
        )
        # Imported here, not at the top: the task module imports this one.
        from decks.tasks import card_import_task

        transaction.on_commit(lambda: card_import_task.delay(card_import.pk))
    return card_import


def _lease() -> timedelta:
    """How long a running import belongs to its worker: past the task's hard time limit it is dead."""
    return timedelta(seconds=int(getattr(settings, "CELERY_TASK_TIME_LIMIT", 300)) + 60)


def card_import_process(*, card_import_id: int) -> CardImport | None:
    """Run a queued import and record its report; safe to call twice.

    The row is claimed (``running``) in a short transaction of its own, so a second delivery of the task
    sees it taken and returns; a claim older than the task's time limit is a worker that died and is
    taken over. The import itself is one transaction: while it runs, its progress goes to the cache (the
    database would not show other connections rows written inside an open transaction).
    """
    with transaction.atomic():
        job = CardImport.objects.select_for_update().filter(pk=card_import_id).first()
        if job is None:
            return None
        if job.status in (CardImport.Status.DONE, CardImport.Status.FAILED):
            return job
        now = timezone.now()
        if job.status == CardImport.Status.RUNNING and job.started_at and (job.started_at > now - _lease()):
            return job
        job.status = CardImport.Status.RUNNING
        job.started_at = now
        job.save(update_fields=["status", "started_at"])

    key = progress_cache_key(job.pk)

    def progress(done: int, total: int) -> None:
        cache.set(key, (done, total), timeout=3600)

    data = bytes(job.data) if job.data is not None else None
    path = job.path or None
    finished = CardImport.objects.filter(pk=job.pk, status=CardImport.Status.RUNNING)
    try:
        report = card_import(
            path=path, data=data if path is None else None, expect=job.expect, progress=progress
        )
    except CardImportError as error:
        finished.update(status=CardImport.Status.FAILED, error=str(error), finished_at=timezone.now())
    except Exception:
        logger.exception("card import %s failed", job.pk)
        finished.update(
            status=CardImport.Status.FAILED,
            error="the import stopped on an unexpected error; nothing was written",
            finished_at=timezone.now(),
        )
    else:
        finished.update(
            status=CardImport.Status.DONE,
            report=report.as_dict(),
            rows_done=report.rows,
            rows_total=report.rows,
            data=None,  # the report is what stays; the upload would only take room
            finished_at=timezone.now(),
        )
    cache.delete(key)
    job.refresh_from_db()
    return job
