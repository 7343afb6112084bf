"""MTGJSON AllPrintings into the catalog, streamed: the file is read as it goes and written in batches.

The catalog keeps one ``Card`` per name and a ``CardPrinting`` per MTGJSON uuid (each printing, each face),
as for a set file: the card's own id is its oracle id (``identifiers.scryfallOracleId``), the same in every
set. A card is decided the first time its name comes (its front face: a back face seen first waits for it);
its later printings only add their uuid. Memory is one batch of printings, plus the name of every card
decided so far (tens of thousands of short strings: a small fraction of the file, which is never held).

The guarantees of ``decks.card_import`` hold: the whole import is one transaction, so a file broken halfway
(truncated, say) writes nothing; rows are matched on their keys (a card's oracle id, else its name; a
printing's uuid) and written only when they differ, so importing the same file twice reports 0 added and 0
updated; what is left out is counted with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO

from django.db import connection, transaction
from django.db.models import Q
from django.utils.translation import gettext_noop

from decks.import_report import (
    BATCH_SIZE,
    PROGRESS_FILE,
    ImportReport,
    ProgressCallback,
    differences,
    lock_catalog,
    save_changed,
)
from decks.importers.mtgjson_allprintings import (
    FORMAT_ALLPRINTINGS,
    CountingReader,
    Printing,
    SkippedRows,
    read_allprintings,
)
from decks.importers.records import reason
from decks.models import Card, CardPrinting
from decks.printing_changes import printing_changes
from rules.engine.catalog import normalize_name

GAME = "mtg"
PRINTINGS_PER_BATCH = 2000
FRONT_SIDES = ("", "a")


@dataclass
class _Run:
    """What the import remembers from batch to batch: the cards it has decided, by name."""

    report: ImportReport
    known: dict[str, int | None] = field(default_factory=dict)  # name key -> card pk (None: skipped)
    decided: dict[int, str] = field(default_factory=dict)  # card pk -> where in the file it was decided
    waiting: dict[str, list[Printing]] = field(default_factory=dict)  # back faces before their front face


def import_allprintings(
    *,
    stream: IO[bytes],
    size: int,
    progress: ProgressCallback | None,
    position: Callable[[], int] | None = None,
) -> ImportReport:
    """Import an AllPrintings stream of ``size`` bytes; ``progress`` gets the kibibytes read of the total.
    ``position`` says how far into those bytes the reading is, when the stream is not those bytes (a
    compressed file read decompressed); by default, the bytes read from ``stream``."""
    report = ImportReport(format=FORMAT_ALLPRINTINGS, kind="cards", game=GAME, rows=0)
    run = _Run(report)
    reader = CountingReader(stream)
    total = max(1, -(-size // 1024))
    read_so_far = position if position is not None else lambda: reader.bytes_read

    def tell(*, finished: bool = False) -> None:
        if progress is not None:
            progress(total if finished else min(read_so_far() // 1024, total), total, PROGRESS_FILE)

    with transaction.atomic():
        lock_catalog()
        tell()
        batch: list[Printing] = []
        for item in read_allprintings(reader):
            if isinstance(item, SkippedRows):
                report.rows += item.rows
                report.skip(item.where, item.why, rows=item.rows)
                continue
            report.rows += 1
            batch.append(item)
            if len(batch) >= PRINTINGS_PER_BATCH:
                _write(run, batch)
                batch = []
                tell()
        _write(run, batch)
        # Back faces whose front face never came (a meld card's back, say): the first one makes the card.
        leftovers = [item for faces in run.waiting.values() for item in faces]
        run.waiting.clear()
        _write(run, leftovers, wait_for_front=False)
        tell(finished=True)
    return report


def _write(run: _Run, batch: list[Printing], *, wait_for_front: bool = True) -> None:
    """Decide and write one batch: its new cards first, then every printing's uuid."""
    new: dict[str, Printing] = {}  # name key -> the printing the card is made from
    later: list[tuple[str, Printing]] = []  # printings of cards decided in this file
    for item in batch:
        key = normalize_name(item.record.name)
        if key in run.known or key in new:
            later.append((key, item))
        elif wait_for_front and item.side not in FRONT_SIDES:
            run.waiting.setdefault(key, []).append(item)
        else:
            new[key] = item
    for key in [key for key in run.waiting if key in new]:
        later.extend((key, item) for item in run.waiting.pop(key))
    if not new and not later:
        return

    codes = {item.record.code for item in new.values() if item.record.code}
    codes.update(item.uuid for item in new.values() if item.uuid)
    codes.update(item.uuid for _key, item in later if item.uuid)
    existing = {row.code: row for row in CardPrinting.objects.filter(game=GAME, code__in=codes)}
    accepted = _decide_cards(run, new, existing)
    _write_printings(run, accepted, later, existing)


@dataclass
class _Accepted:
    key: str
    item: Printing
    card: Card
    outcome: str  # "added", "updated" or "unchanged"


def _decide_cards(run: _Run, new: dict[str, Printing], existing: dict[str, CardPrinting]) -> list[_Accepted]:
    """The batch's new cards matched against the catalog (on the id first, a card renamed since the last
    import, then on the name), added or updated when they differ."""
    report = run.report
    card_ids = {existing[item.record.code].card_id for item in new.values() if item.record.code in existing}
    cards = list(Card.objects.filter(game=GAME).filter(Q(name_key__in=list(new)) | Q(pk__in=card_ids)))
    by_key = {card.name_key: card for card in cards}
    by_pk = {card.pk: card for card in cards}

    accepted: list[_Accepted] = []
    created: list[Card] = []
    changed_cards: dict[int, Card] = {}
    changed_fields: set[str] = set()
    for key, item in new.items():
        record = item.record
        problem = record.problem() or (
            reason(gettext_noop("the name has no letters or digits")) if not key else None
        )
        card: Card | None = None
        if problem is None and record.code and record.code in existing:
            card = by_pk.get(existing[record.code].card_id)
            holder = by_key.get(key)
            if card is not None and holder is not None and holder.pk != card.pk:
                problem = reason(
                    gettext_noop("id %(id)s is %(card)s but %(name)s is another card"),
                    id=record.code,
                    card=repr(card.name),
                    name=repr(record.name),
                )
        card = card or by_key.get(key)
        if problem is None and card is not None and card.pk in run.decided:
            problem = reason(
                gettext_noop("%(where)s in this file is already the card %(card)s"),
                where=run.decided[card.pk],
                card=repr(card.name),
            )
        if problem is not None:
            report.skip(item.where, problem)
            run.known[key] = None  # its later printings are skipped too
            continue
        values = {**record.model_fields(), "name_key": key}
        if card is None:
            card = Card(**values)
            created.append(card)
            outcome = "added"
        else:
            changed = differences(card, values)
            for name in changed:
                setattr(card, name, values[name])
            if changed:
                changed_cards[card.pk] = card
                changed_fields.update(changed)
            outcome = "updated" if changed else "unchanged"
        accepted.append(_Accepted(key, item, card, outcome))

    Card.objects.bulk_create(created, batch_size=BATCH_SIZE)
    if any(card.pk is None for card in created):  # a backend that does not return ids from bulk inserts
        ids = dict(
            Card.objects.filter(game=GAME, name_key__in=[card.name_key for card in created]).values_list(
                "name_key", "pk"
            )
        )
        for card in created:
            card.pk = ids[card.name_key]
    save_changed(changed_cards, changed_fields)
    for done in accepted:
        run.known[done.key] = done.card.pk
        run.decided[done.card.pk] = done.item.where
    return accepted


def _write_printings(
    run: _Run,
    accepted: list[_Accepted],
    later: Iterable[tuple[str, Printing]],
    existing: dict[str, CardPrinting],
) -> None:
    """Each new card's own id (canonical) and every printing's uuid, created or moved when they differ."""
    report = run.report
    wanted: dict[str, tuple[int, bool, _Accepted | None]] = {}  # code -> card pk, canonical, its card
    artworks: list[tuple[str, int, str]] = []  # uuid, card pk, where
    for done in accepted:
        record = done.item.record
        if record.code:
            wanted[record.code] = (done.card.pk, True, done)
        if done.item.uuid and done.item.uuid != record.code:
            artworks.append((done.item.uuid, done.card.pk, done.item.where))
    for key, item in later:
        card_pk = run.known.get(key)
        if card_pk is None:
            report.skip(
                item.where,
                reason(
                    gettext_noop("alternate artwork of id %(id)s, which is not in the catalog"),
                    id=item.record.code or item.uuid or "",
                ),
            )
        elif item.uuid:
            artworks.append((item.uuid, card_pk, item.where))
    for code, card_pk, where in artworks:
        if code in wanted:
            if wanted[code][0] != card_pk:
                report.skip(where, reason(gettext_noop("id %(id)s is already another card's id"), id=code))
            continue
        wanted[code] = (card_pk, False, None)

    changes = printing_changes(
        game=GAME,
        wanted={code: (card_pk, canonical) for code, (card_pk, canonical, _) in wanted.items()},
        existing=existing,
    )
    for code, (_card_pk, _canonical, owner) in wanted.items():
        result = changes.outcomes[code]
        if owner is None:
            name = f"artworks_{result}"
            setattr(report, name, getattr(report, name) + 1)
        elif result != "unchanged" and owner.outcome == "unchanged":
            owner.outcome = "updated"  # its id changed
    # Step-downs first, so the one-canonical-id-per-card constraint holds after every statement: rows moving
    # away, then a card's old canonical id when it gets a new one.
    CardPrinting.objects.bulk_update(changes.others, ["card", "canonical"], batch_size=BATCH_SIZE)
    gaining_codes = {row.code: row.card_id for row in [*changes.create, *changes.gaining] if row.canonical}
    if gaining_codes:
        CardPrinting.objects.filter(
            game=GAME, card_id__in=set(gaining_codes.values()), canonical=True
        ).exclude(code__in=list(gaining_codes)).update(canonical=False)
    CardPrinting.objects.bulk_update(changes.gaining, ["card", "canonical"], batch_size=BATCH_SIZE)
    _insert_printings(changes.create)
    for done in accepted:
        setattr(report, done.outcome, getattr(report, done.outcome) + 1)


def _insert_printings(rows: list[CardPrinting]) -> None:
    """New printings in one ``executemany``: AllPrintings adds a hundred thousand of them, and ``bulk_create``
    compiles each row's SQL values in Python, which took as long as reading the whole file. Four plain
    columns, no signals or defaults computed in Python: the same rows either way."""
    if not rows:
        return
    meta = CardPrinting._meta
    names = ["game", "code", "card", "canonical"]
    column_of = {field.name: field.column for field in meta.concrete_fields}
    columns = ", ".join(connection.ops.quote_name(column_of[name]) for name in names)
    marks = ", ".join(["%s"] * len(names))
    sql = f"INSERT INTO {connection.ops.quote_name(meta.db_table)} ({columns}) VALUES ({marks})"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(row.game, row.code, row.card_id, row.canonical) for row in rows])
