"""Writing card files and banlists into the catalog, now or in the background.

``card_import`` writes a whole file in one transaction: a malformed file raises before anything is written,
and a file whose records are fine but odd (a Skill Card, a banlist entry for an unknown card) is imported
without them, the report saying why each was skipped. Importing the same file twice changes nothing: rows
are matched on their natural keys (a card's id, else its game and name; a banlist's game and name), compared
field by field, and written in bulk only when they differ, so the second report says 0 added, 0 updated.
These are services (every write of the catalog); they live in a module of their own for their size.
"""

from __future__ import annotations

import io
import logging
import os
import secrets
import threading
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import IO, Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from config.outbox import MAX_ATTEMPTS, MAX_DISPATCHES, minutes_before_given_up, outbox_send
from decks.card_import_streamed import import_allprintings
from decks.import_report import (
    BATCH_SIZE,
    PROGRESS_ROWS,
    ImportReport,
    Progress,
    ProgressCallback,
    differences,
    lock_catalog,
    save_changed,
)
from decks.importers import MAX_IMPORT_BYTES, MalformedFileError, check_size, parse_file
from decks.importers.compressed import BROKEN, HEAD_BYTES, compression_of, decompressed
from decks.importers.mtgjson_allprintings import FORMAT_ALLPRINTINGS, looks_like_allprintings
from decks.importers.records import CardRecord, ParsedBanlists, ParsedCards, Reason, reason
from decks.models import Banlist, BanlistEntry, Card, CardImport, CardPrinting
from decks.printing_changes import printing_changes
from decks.selectors import progress_cache_key
from rules.engine.catalog import normalize_name

logger = logging.getLogger(__name__)

# The task that runs an import (``decks.tasks``, above this module): sent by name, see config.outbox.
CARD_IMPORT_TASK = "decks.tasks.card_import_task"

__all__ = [
    "MAX_IMPORT_BYTES",
    "CardImportError",
    "ImportReport",
    "card_import",
    "card_import_check",
    "card_import_dispatch",
    "card_import_process",
    "card_import_queue",
    "card_import_refresh",
    "card_imports_sweep",
]

CardImportError = MalformedFileError

# A banlist status as a word inside a sentence (the same words as ``BanlistEntry.Status``'s labels).
STATUS_WORDS = {
    "forbidden": reason(gettext_noop("Forbidden")),
    "limited": reason(gettext_noop("Limited")),
    "semi_limited": reason(gettext_noop("Semi-Limited")),
    "banned": reason(gettext_noop("Banned")),
    "restricted": reason(gettext_noop("Restricted")),
}


def _status_word(status: str) -> Reason:
    return STATUS_WORDS.get(status) or reason("%(status)s", status=status)


# --- Card import ----------------------------------------------------------------------------------------


@dataclass
class _Source:
    """The file as a stream (decompressed when it was compressed), its size on disk, and where in that size
    the reading is (the import's progress is against the file as it lies on disk)."""

    stream: IO[bytes]
    size: int
    position: Callable[[], int]
    compression: str | None = None
    raw: IO[bytes] | None = None  # the compressed file under ``stream``, closed with it

    def close(self) -> None:
        self.stream.close()
        if self.raw is not None:
            self.raw.close()


def _open_source(path: str | Path | None, data: bytes | None) -> _Source:
    """The file as a stream: a file on disk is read as the import goes, never loaded whole, through its
    decompressor if it is compressed (``decks.importers.compressed``)."""
    if (path is None) == (data is None):
        raise ValueError("give exactly one of path and data")
    if data is not None:
        refuse_compressed_upload(data)
        memory = io.BytesIO(data)
        return _Source(memory, len(data), memory.tell)
    assert path is not None  # noqa: S101 - exactly one is given, checked above
    source = Path(path)
    try:
        raw = source.open("rb")
    except OSError as error:
        raise CardImportError("", _unreadable(source, error)) from None
    try:
        size = os.fstat(raw.fileno()).st_size
        compression = compression_of(raw.read(HEAD_BYTES))
        raw.seek(0)
    except OSError as error:
        raw.close()
        raise CardImportError("", _unreadable(source, error)) from None
    if compression is None:
        return _Source(raw, size, raw.tell)
    return _Source(decompressed(raw, compression), size, raw.tell, compression, raw)


def _unreadable(source: Path, error: OSError) -> Reason:
    message = gettext_noop("cannot read %(file)s: %(error)s")
    return reason(message, file=str(source), error=error.strerror or "")


def refuse_compressed_upload(data: bytes) -> None:
    """An upload is not decompressed (``decks.importers.compressed``): say so, and what to do instead."""
    compression = compression_of(data[:HEAD_BYTES])
    if compression is not None:
        message = gettext_noop(
            "this file is compressed (%(compression)s): decompress it and upload the file inside, or import "
            "it with manage.py import_cards"
        )
        raise CardImportError("", reason(message, compression=compression))


def _read_whole(source: _Source) -> bytes:
    """A file that is not AllPrintings, read whole: refused over the import limit, decompressed or not."""
    check_size(source.size)  # before reading: a huge file is refused without loading it
    source.stream.seek(0)
    if source.compression is None:
        return source.stream.read()
    try:
        content = source.stream.read(MAX_IMPORT_BYTES + 1)
    except BROKEN:
        raise CardImportError("", _broken_compression(source.compression)) from None
    check_size(len(content))  # what it decompresses to is held to the limit too
    return content


def _broken_compression(compression: str) -> Reason:
    return reason(gettext_noop("the %(compression)s file is cut off or damaged"), compression=compression)


def _refuse_other_kind(expect: str, kind: str, file_format: str) -> None:
    if expect and expect != kind:
        if kind == "cards":
            message = gettext_noop("this is a cards file (%(format)s), not a banlist file")
        else:
            message = gettext_noop("this is a banlist file (%(format)s), not a cards file")
        raise CardImportError("", reason(message, format=file_format))


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
    whose name carries no date; ``progress(done, total, unit)`` is called as records are written. Raises
    :class:`CardImportError` (with the line, row or JSON path) for a file that cannot be read; then nothing
    is written.

    MTGJSON AllPrintings is streamed from the file in batches (``decks.card_import_streamed``), whatever its
    size; any other file is read whole, so it must be under ``MAX_IMPORT_BYTES``.
    """
    source = _open_source(path, data)
    with closing(source):
        try:
            allprintings = looks_like_allprintings(source.stream)
        except BROKEN:
            if source.compression is None:
                raise
            raise CardImportError("", _broken_compression(source.compression)) from None
        if allprintings:
            _refuse_other_kind(expect, "cards", FORMAT_ALLPRINTINGS)
            source.stream.seek(0)
            try:
                return import_allprintings(
                    stream=source.stream, size=source.size, progress=progress, position=source.position
                )
            except BROKEN:
                if source.compression is None:
                    raise
                # Cut off or damaged halfway: the import's transaction has written nothing.
                raise CardImportError("", _broken_compression(source.compression)) from None
        parsed = parse_file(_read_whole(source), effective=effective)
    kind = "cards" if isinstance(parsed, ParsedCards) else "banlist"
    _refuse_other_kind(expect, kind, parsed.format)
    with transaction.atomic():
        lock_catalog()
        if isinstance(parsed, ParsedCards):
            return _import_cards(parsed, progress)
        return _import_banlists(parsed, progress)


def _import_cards(parsed: ParsedCards, progress_callback: ProgressCallback | None) -> ImportReport:
    report = ImportReport(format=parsed.format, kind="cards", game=parsed.game, rows=parsed.rows)
    for skip in parsed.skips:
        report.skip(skip.where, skip.why)
    progress = Progress(progress_callback, len(parsed.cards) + len(parsed.printings))
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
        problem = record.problem() or (
            reason(gettext_noop("the name has no letters or digits")) if not key else None
        )
        if problem:
            report.skip(record.where, problem)
            continue
        if key in seen:
            report.skip(
                record.where,
                reason(
                    gettext_noop("%(where)s in this file already has the name %(name)s"),
                    where=seen[key],
                    name=repr(record.name),
                ),
            )
            continue
        values = {**record.model_fields(), "name_key": key}
        card = None
        if record.code and record.code in printings:
            card = cards_by_pk.get(printings[record.code].card_id)
            holder = cards_by_key.get(key)
            if card is not None and holder is not None and holder.pk != card.pk:
                report.skip(
                    record.where,
                    reason(
                        gettext_noop("id %(id)s is %(card)s but %(name)s is another card"),
                        id=record.code,
                        card=repr(card.name),
                        name=repr(record.name),
                    ),
                )
                continue
        card = card or cards_by_key.get(key)
        if card is not None and card.pk in matched:
            report.skip(
                record.where,
                reason(
                    gettext_noop("%(where)s in this file is already the card %(card)s"),
                    where=matched[card.pk],
                    card=repr(card.name),
                ),
            )
            continue
        seen[key] = record.where
        if card is None:
            card = Card(**values)
            new_cards.append(card)
            outcome[len(accepted)] = "added"
        else:
            matched[card.pk] = record.where
            changed = differences(card, values)
            if changed:
                cards_by_key.pop(card.name_key, None)
                for name in changed:
                    setattr(card, name, values[name])
                cards_by_key[key] = card
                changed_cards[card.pk] = card
                changed_fields.update(changed)
                outcome[len(accepted)] = "updated"
            else:
                outcome[len(accepted)] = "unchanged"
        accepted.append((record, card))

    Card.objects.bulk_create(new_cards, batch_size=BATCH_SIZE)
    if any(card.pk is None for card in new_cards):  # a backend that does not return ids from bulk inserts
        created = {card.name_key: card.pk for card in Card.objects.filter(game=game)}
        for card in new_cards:
            card.pk = created[card.name_key]
    save_changed(changed_cards, changed_fields)

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
    save_changed(treated_changes, {"treated_as"})

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
                reason(
                    gettext_noop("alternate artwork of id %(id)s, which is not in the catalog"),
                    id=printing_record.card_code,
                ),
            )
            continue
        if printing_record.code in wanted:
            report.skip(
                printing_record.where,
                reason(gettext_noop("id %(id)s is already another card's id"), id=printing_record.code),
            )
            continue
        wanted[printing_record.code] = (target, False)
        artwork_codes.add(printing_record.code)

    changes = printing_changes(
        game=game,
        wanted={code: (card.pk, canonical) for code, (card, canonical) in wanted.items()},
        existing=printings,
    )
    for code, (card, _canonical) in wanted.items():
        result = changes.outcomes[code]
        if code in artwork_codes:
            artwork_outcomes.append(result)
        elif result != "unchanged" and outcome[canonical_owner[card.pk]] == "unchanged":
            outcome[canonical_owner[card.pk]] = "updated"
    # A card's old canonical id that this file does not mention steps down when the card gets a new one.
    gaining_cards = changes.gaining_cards()
    for code, printing in printings.items():
        if code not in wanted and printing.canonical and printing.card_id in gaining_cards:
            printing.canonical = False
            changes.others.append(printing)
    # Step-downs first, so the one-canonical-id-per-card constraint holds after every statement.
    CardPrinting.objects.bulk_update(changes.others, ["card", "canonical"], batch_size=BATCH_SIZE)
    CardPrinting.objects.bulk_update(changes.gaining, ["card", "canonical"], batch_size=BATCH_SIZE)
    CardPrinting.objects.bulk_create(changes.create, batch_size=BATCH_SIZE)

    for counted in outcome.values():
        setattr(report, counted, getattr(report, counted) + 1)
    for artwork in artwork_outcomes:
        name = f"artworks_{artwork}"
        setattr(report, name, getattr(report, name) + 1)
    progress.done = progress.total
    progress.report_now()
    return report


def _import_banlists(parsed: ParsedBanlists, progress_callback: ProgressCallback | None) -> ImportReport:
    games = sorted({banlist.game for banlist in parsed.banlists})
    report = ImportReport(format=parsed.format, kind="banlist", game=", ".join(games), rows=parsed.rows)
    for skip in parsed.skips:
        report.skip(skip.where, skip.why)
    progress = Progress(progress_callback, parsed.rows)
    for record in parsed.banlists:
        if record.effective is None:
            report.skip(
                record.where,
                reason(
                    gettext_noop(
                        "list %(name)s has no date in its name and no effective date was given "
                        "(%(count)d entries left out)"
                    ),
                    name=repr(record.name),
                    count=len(record.entries),
                ),
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
                template = (
                    gettext_noop("card %(card)s is not in the Magic catalog")
                    if record.game == "mtg"
                    else gettext_noop("card %(card)s is not in the Yu-Gi-Oh! catalog")
                )
                report.skip(entry.where, reason(template, card=entry.ref))
                continue
            if card.pk in wanted:
                status, where = wanted[card.pk]
                if status == entry.status:
                    why = reason(
                        gettext_noop("%(card)s is listed again at %(where)s: an alternate artwork?"),
                        card=card.name,
                        where=where,
                    )
                else:
                    why = reason(
                        gettext_noop(
                            "%(card)s is listed again, as %(status)s (first as %(first)s) at %(where)s: "
                            "an alternate artwork?"
                        ),
                        card=card.name,
                        status=_status_word(entry.status),
                        first=_status_word(status),
                        where=where,
                    )
                report.skip(entry.where, why)
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
#
# An import ends, done or failed with a reason, whatever stops on the way (docs/decisions/0008):
# - the row is the outbox: it is created queued, sent to the workers after commit, and sent again by the
#   sweep (and by its progress page) until a worker claims it; a broker that is down leaves it queued;
# - a claim is a lease: the attempt that claims it keeps ``lease_until`` ahead with a heartbeat on its own
#   database connection; a worker killed stops the heartbeat, the lease runs out within a minute, the sweep
#   queues the import again; after MAX_ATTEMPTS claims, or MAX_DISPATCHES sends no worker took, it fails;
# - the import and the row's "done" commit together, and only while the attempt still holds the claim, so an
#   attempt that lost its lease writes nothing and a second attempt never reports over the first.


def _broker_retry_after() -> timedelta:
    """The broker was down: try again at the next sweep (the progress page, polled every second, too)."""
    return timedelta(seconds=int(getattr(settings, "CARD_IMPORT_SWEEP_SECONDS", 15)))


def card_import_queue(
    *,
    uploaded_by: User | None,
    filename: str,
    data: bytes | None = None,
    path: str | Path | None = None,
    expect: str = "",
) -> CardImport:
    """Record an uploaded file (``data``) or a file on the server (``path``) and send it to the workers once
    this transaction commits; its progress page follows it.

    ``path`` is for a file too large to upload, MTGJSON AllPrintings (``manage.py import_cards
    --background``): the workers read it where it is, streamed, and leave it there. Any other format is
    still held to ``MAX_IMPORT_BYTES`` by the import. The upload is accepted even when the broker is down:
    the row stays queued and the sweep sends it when the broker is back.
    """
    if (path is None) == (data is None):
        raise ValueError("give exactly one of path and data")
    if data is not None:
        check_size(len(data))
        refuse_compressed_upload(data)  # now, on the page, rather than when a worker takes it
        fields: dict[str, Any] = {"data": data, "size": len(data)}
    else:
        source = Path(path or "").resolve()
        opened = _open_source(source, None)  # refused now if the file cannot be read
        opened.close()
        fields = {"path": str(source), "size": opened.size}
    with transaction.atomic():
        card_import = CardImport.objects.create(
            uploaded_by=uploaded_by, filename=filename[:255], expect=expect, **fields
        )
        card_import_id = card_import.pk
        transaction.on_commit(lambda: card_import_dispatch(card_import_id=card_import_id))
    return card_import


def card_import_dispatch(*, card_import_id: int) -> bool:
    """Send a queued import to the workers; False (and the row stays queued) if the broker is unreachable.

    Sending twice is harmless: the second delivery finds the import claimed or finished.
    """
    return outbox_send(
        task_name=CARD_IMPORT_TASK,
        pk=card_import_id,
        queued=CardImport.objects.filter(pk=card_import_id, status=CardImport.Status.QUEUED),
        retry_after=_broker_retry_after(),
    )


def _interrupted_message(attempts: int) -> Reason:
    return reason(
        gettext_noop(
            "The import was interrupted %(count)d times (the worker running it stopped); nothing was "
            "written. Upload the file again; if it stops again, the file may be too large for the workers."
        ),
        count=attempts,
    )


def _not_taken_message() -> Reason:
    return reason(
        gettext_noop(
            "No worker started the import within %(minutes)d minutes; nothing was written. Ask whoever runs "
            "the server to check that its background workers are running, then upload the file again."
        ),
        minutes=minutes_before_given_up(),
    )


def failure_fields(why: Reason, where: str = "") -> dict[str, Any]:
    """A failed import's reason: ``error`` in English (what older rows hold, and the admin shows), and the
    same in ``report["failure"]`` as a template and values (``where``: the line, row or JSON path), which
    the pages say in the reader's language; the worker that fails an import knows no reader's language."""
    english = str(why)
    return {
        "error": f"{where}: {english}" if where else english,
        "report": {"failure": {"where": where, **why.as_dict()}},
    }


def _fail(job: CardImport, why: Reason, now: datetime) -> None:
    for name, value in failure_fields(why).items():
        setattr(job, name, value)
    job.status = CardImport.Status.FAILED
    job.finished_at = now
    job.claim = ""
    job.save(update_fields=["status", "error", "report", "finished_at", "claim"])


def card_import_check(*, card_import_id: int, now: datetime | None = None) -> bool:
    """Move one import on if it is stuck: send it again, queue it again, or fail it with a reason.

    Run by the sweep for every unfinished import and by the import's progress page. Returns True if the
    import should be sent to the workers now (the caller does, after this transaction).
    """
    now = now or timezone.now()
    with transaction.atomic():
        job = (
            CardImport.objects.select_for_update()
            .defer("data")
            .filter(pk=card_import_id, status__in=[CardImport.Status.QUEUED, CardImport.Status.RUNNING])
            .first()
        )
        if job is None:
            return False
        if job.status == CardImport.Status.RUNNING:
            if job.lease_until is not None and job.lease_until > now:
                return False  # its attempt is alive
            if job.attempts >= MAX_ATTEMPTS:
                _fail(job, _interrupted_message(job.attempts), now)
                return False
            # The attempt died (its worker was killed): queue the import again.
            job.status = CardImport.Status.QUEUED
            job.claim = ""
            job.next_dispatch_at = None
            job.save(update_fields=["status", "claim", "next_dispatch_at"])
            return True
        if job.next_dispatch_at is not None and job.next_dispatch_at > now:
            return False
        if job.dispatches >= MAX_DISPATCHES:
            _fail(job, _not_taken_message(), now)
            return False
        return True


def card_imports_sweep(*, now: datetime | None = None) -> int:
    """Check every unfinished import (see :func:`card_import_check`); returns how many were sent."""
    unfinished = CardImport.objects.filter(
        status__in=[CardImport.Status.QUEUED, CardImport.Status.RUNNING]
    ).values_list("pk", flat=True)
    sent = 0
    for card_import_id in list(unfinished):
        if card_import_check(card_import_id=card_import_id, now=now):
            sent += card_import_dispatch(card_import_id=card_import_id)
    return sent


def card_import_refresh(*, card_import_id: int) -> None:
    """The progress page's share of the sweep: move this import on if it is stuck (cheap when it is not)."""
    if card_import_check(card_import_id=card_import_id):
        card_import_dispatch(card_import_id=card_import_id)


def _heartbeats_possible() -> bool:
    """SQLite has one writer: a heartbeat from a second connection would wait for the import to commit."""
    return connection.vendor != "sqlite"


def _heartbeat_interval() -> float:
    return float(getattr(settings, "CARD_IMPORT_HEARTBEAT_SECONDS", 10))


def _lease() -> timedelta:
    """How long a claim lasts without a heartbeat: a few missed heartbeats mean the attempt is gone."""
    return timedelta(seconds=int(getattr(settings, "CARD_IMPORT_LEASE_SECONDS", 45)))


def _lease_without_heartbeat() -> timedelta:
    """Without heartbeats, a claim lasts past the task's hard time limit: by then its worker is gone."""
    return timedelta(seconds=int(getattr(settings, "CELERY_TASK_TIME_LIMIT", 300)) + 60)


class _Heartbeat:
    """Keeps an attempt's lease ahead, and its progress on the row, from a thread with its own connection.

    The import's own connection is inside one long transaction, which nobody else sees until it commits.
    If the process is killed the thread dies with it and the lease runs out.
    """

    def __init__(self, *, card_import_id: int, claim: str) -> None:
        self.card_import_id = card_import_id
        self.claim = claim
        self.progress: tuple[int, int, str] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> _Heartbeat:
        if _heartbeats_possible():
            self._thread = threading.Thread(target=self._run, name="card-import-heartbeat", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=_heartbeat_interval())

    def _run(self) -> None:
        try:
            while not self._stop.wait(_heartbeat_interval()):
                try:
                    if not self._beat():
                        return  # the claim is gone: finished, or taken over
                except DatabaseError:
                    # A lost connection: try again at the next beat; if it stays lost the lease runs out.
                    logger.warning("card import %s: heartbeat failed", self.card_import_id, exc_info=True)
                    connection.close()
        finally:
            connection.close()  # this thread's own connection

    def _beat(self) -> bool:
        fields: dict[str, Any] = {"lease_until": timezone.now() + _lease()}
        if self.progress is not None:
            fields["rows_done"], fields["rows_total"], fields["progress_unit"] = self.progress
        running = CardImport.objects.filter(
            pk=self.card_import_id, status=CardImport.Status.RUNNING, claim=self.claim
        )
        return running.update(**fields) > 0


class _ClaimLost(Exception):
    """Another attempt took the import over while this one ran (this one's lease had run out)."""


def _cache_quietly(action: Callable[[], object]) -> None:
    """Progress in the cache is a nicety: an import never fails because Redis is down."""
    try:
        action()
    except SoftTimeLimitExceeded:
        raise  # the task's time is up: that must stop the import, not be taken for a cache error
    except Exception:  # whatever the cache backend raises when its server is unreachable
        logger.warning("card import progress could not be written to the cache", exc_info=True)


def _claim(card_import_id: int) -> tuple[CardImport | None, str]:
    """Claim the import for this attempt: (the row, the claim), or (the row, "") if there is nothing to do."""
    token = secrets.token_hex(16)
    with transaction.atomic():
        job = CardImport.objects.select_for_update().filter(pk=card_import_id).first()
        if job is None or job.status in (CardImport.Status.DONE, CardImport.Status.FAILED):
            return job, ""
        now = timezone.now()
        if job.status == CardImport.Status.RUNNING and job.lease_until is not None and job.lease_until > now:
            # Another attempt holds a live lease (or this delivery is a copy of a message still running).
            # If that attempt's worker was killed, its lease runs out and the sweep queues the import again.
            return job, ""
        if job.attempts >= MAX_ATTEMPTS:
            _fail(job, _interrupted_message(job.attempts), now)
            return job, ""
        lease = _lease() if _heartbeats_possible() else _lease_without_heartbeat()
        job.status = CardImport.Status.RUNNING
        job.claim = token
        job.attempts += 1
        job.dispatches = 0  # a worker took it: sends no worker took count again from here
        job.started_at = now
        job.lease_until = now + lease
        job.rows_done = 0
        job.progress_unit = PROGRESS_ROWS
        fields = [
            "status",
            "claim",
            "attempts",
            "dispatches",
            "started_at",
            "lease_until",
            "rows_done",
            "progress_unit",
        ]
        job.save(update_fields=fields)
    return job, token


def card_import_process(*, card_import_id: int) -> CardImport | None:
    """Run a queued import and record its report; safe to call any number of times, from any worker.

    The row is claimed (``running``, with a lease) in a short transaction of its own, so a second delivery
    sees it taken and returns; a claim whose lease ran out belonged to a worker that died and is taken
    over. The import and its "done" are one transaction; while it runs, its progress goes to the row (by the
    heartbeat) and to the cache.
    """
    job, token = _claim(card_import_id)
    if job is None or not token:
        return job

    key = progress_cache_key(job.pk)
    data = bytes(job.data) if job.data is not None else None
    path = job.path or None
    mine = CardImport.objects.filter(pk=job.pk, status=CardImport.Status.RUNNING, claim=token)

    def failed(why: Reason, where: str = "") -> None:
        mine.update(
            status=CardImport.Status.FAILED,
            **failure_fields(why, where),
            claim="",
            finished_at=timezone.now(),
        )

    with _Heartbeat(card_import_id=job.pk, claim=token) as heartbeat:

        def progress(done: int, total: int, unit: str = PROGRESS_ROWS) -> None:
            heartbeat.progress = (done, total, unit)
            _cache_quietly(lambda: cache.set(key, (done, total, unit), timeout=3600))

        try:
            with transaction.atomic():
                report = card_import(
                    path=path, data=data if path is None else None, expect=job.expect, progress=progress
                )
                done = mine.update(
                    status=CardImport.Status.DONE,
                    report=report.as_dict(),
                    rows_done=report.rows,
                    rows_total=report.rows,
                    progress_unit=PROGRESS_ROWS,
                    data=None,  # the report is what stays; the upload would only take room
                    claim="",
                    finished_at=timezone.now(),
                )
                if not done:
                    raise _ClaimLost
        except _ClaimLost:
            logger.warning("card import %s was taken over by another attempt; this one wrote nothing", job.pk)
        except CardImportError as error:
            failed(error.sentence, error.where)
        except SoftTimeLimitExceeded:
            failed(
                reason(
                    gettext_noop(
                        "The import took longer than %(seconds)d seconds and was stopped; nothing was "
                        "written. Split the file, or ask an administrator to raise "
                        "CELERY_TASK_SOFT_TIME_LIMIT."
                    ),
                    seconds=int(getattr(settings, "CELERY_TASK_SOFT_TIME_LIMIT", 240)),
                )
            )
        except Exception:
            logger.exception("card import %s failed", job.pk)
            failed(reason(gettext_noop("The import stopped on an unexpected error; nothing was written.")))
    _cache_quietly(lambda: cache.delete(key))
    job.refresh_from_db()
    return job
