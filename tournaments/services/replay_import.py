"""Importing an event run elsewhere from its event replay (``shared/spec/event-replay-format.md``).

The whole replay is checked first (:func:`tournaments.engine.replay.read_replay`) and every problem is
reported at once, located by its path; only then is anything written, in one transaction, so a refused file
leaves nothing behind.

What the import makes, written down:
- one new account per replay player, never a real one: the username is ``<event slug>.<player id>``, or,
  when the id has characters a username cannot hold or the result is longer than 150 characters, a readable
  prefix with a hash of the id. The mapping depends only on the slug and the id, so it is deterministic.
  The accounts have no usable password; the first word of the replay's name is the first name, the rest
  the last name, so the exported name is the replay's name.
- a registration per player, checked in, with the replay's ``joined_round``, ``byes``, ``fixed_table`` and
  drop;
- every round finished, with its matches final (a bye has no table, as in an event run here);
- the structure table is the game's current one, or for a Magic replay whose ``tiebreak_floor`` is not
  that table's, the newest table with that floor (``"1/3"``: ``mtr-appendix-e-2024-r2``), so the event's
  standings and its export floor as the replay did;
- ``swiss_rounds`` is the number of Swiss rounds; the top cut is twice the matches of its first round; the
  event is finished when the replay holds the top cut's final, running otherwise (the organizer may go on).

Large replays are imported in the background (:func:`event_import_queue`, ``event_import_task``): one
transaction either way, with rows written in batches (a few queries per thousand rows, not three per
match), so 8,192 players x 12 rounds import in seconds. The job row is locked for the whole import, so a
second delivery of the task never imports it again, and a worker killed halfway leaves nothing but a job
that the redelivered task or the sweep imports from the start; a job that cannot finish fails with the
reason (see "An import ends, whatever is killed" below).

Each registration keeps the replay's player id (``Registration.replay_id``), and the event's export names
players by it, so the imported event's standings are exactly the replay's, full-tie coin flips included
(they are seeded by the ids), and exporting it again gives back the same players.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import get_language, gettext, gettext_noop, override

from config.outbox import MAX_ATTEMPTS, MAX_DISPATCHES, minutes_before_given_up, outbox_send
from matches.services import FinalMatch, matches_create_final
from tournaments.engine.event_structure import table_with_floor
from tournaments.engine.replay import Replay, ReplayError, english, phrase, problem_at, read_replay
from tournaments.models import TOP_CUT_SIZES, Event, EventImport, EventStructure, Registration, Round
from tournaments.selectors.imports import import_progress_key
from tournaments.services.events import RESERVED_SLUGS, event_create
from tournaments.services.history import documents_warmed_after_commit, history_changed

logger = logging.getLogger(__name__)

# The task that runs an import (``tournaments.tasks``, above this module): sent by name, see config.outbox.
EVENT_IMPORT_TASK = "tournaments.tasks.event_import_task"

Progress = Callable[[int, int], None]
BATCH = 2_000
# The most usernames one query asks about: under every database's limit on query parameters.
LOOKUP_CHUNK = 900
# Above this many matches an API import is queued (answered 202 with the job's address) rather than run
# in the request: a store's event (64 players, 6 rounds: 192 matches) imports at once; a regional of
# 2,048 players x 8 rounds (8,192 matches) would take longer than a web request may.
SYNC_MAX_MATCHES = 1_000
# The largest replay file or request body taken: 8,192 players x 12 rounds is about 5 MB written compactly
# and 11 MB indented as exports are; the JSON check walks 32 MB in well under a second or two.
MAX_IMPORT_BYTES = 32 * 1024 * 1024

USERNAME_MAX = 150
# Django's username validator accepts letters, digits and @ . + - _ ; anything else is replaced.
_USERNAME_UNSAFE = re.compile(r"[^\w.@+-]", re.ASCII)
# Paths under /api/v1/events/ that a slug must not shadow.


def imported_username(slug: str, player_id: str) -> str:
    """The account name for replay player ``player_id`` imported into event ``slug`` (deterministic).

    Ids that are already safe and short keep their spelling (``friday.p1``); others get a hash of the id
    after a readable prefix, so two ids never map to one name.
    """
    plain = f"{slug}.{player_id}"
    if len(plain) <= USERNAME_MAX and not _USERNAME_UNSAFE.search(player_id):
        return plain
    digest = hashlib.sha256(player_id.encode()).hexdigest()[:12]
    readable = _USERNAME_UNSAFE.sub("_", player_id)
    room = USERNAME_MAX - len(slug) - len(digest) - 2
    return f"{slug}.{readable[: max(room, 0)]}-{digest}"


def replay_checked(document: object) -> Replay:
    """The replay, or :class:`ReplayError` listing every problem."""
    return read_replay(document)


def _free_slug(name: str, slug: str) -> str:
    """The slug asked for (refused if taken), else one from the name, numbered until free."""
    if slug:
        try:
            validate_slug(slug)
        except ValidationError as error:
            raise ValidationError({"slug": error.messages}) from None
        if len(slug) > 80:
            raise ValidationError({"slug": [gettext("An address has at most 80 characters.")]})
        if slug in RESERVED_SLUGS or Event.objects.filter(slug=slug).exists():
            raise ValidationError(
                {"slug": [gettext("The address “%(slug)s” is taken: choose another.") % {"slug": slug}]}
            )
        return slug
    base = slugify(name)[:70] or "imported-event"
    candidate, number = base, 1
    while candidate in RESERVED_SLUGS or Event.objects.filter(slug=candidate).exists():
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def _chunks(values: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(values), LOOKUP_CHUNK):
        yield values[start : start + LOOKUP_CHUNK]


def _players(event: Event, replay: Replay, progress: Callable[[int], None]) -> dict[str, int]:
    """One account and one checked-in registration per replay player, in batches; player id -> user pk."""
    usernames = {player.id: imported_username(event.slug, player.id) for player in replay.players}
    if len(set(usernames.values())) < len(usernames):  # only ids crafted to look like another's hash
        message = gettext_noop("two player ids map to the same account name: rename one")
        raise ReplayError([problem_at("players", message)])
    taken = sorted(
        name
        for chunk in _chunks(list(usernames.values()))
        for name in User.objects.filter(username__in=chunk).values_list("username", flat=True)
    )
    if taken:
        raise ValidationError(
            {
                "slug": [
                    gettext("Accounts named %(names)s already exist: import with another address.")
                    % {"names": ", ".join(taken[:3])}
                ]
            }
        )
    # An unusable password (as create_user(password=None) sets): nobody logs in as an imported player.
    unusable = make_password(None)
    accounts = []
    for player in replay.players:
        first, _, last = player.name.partition(" ")
        accounts.append(
            User(
                username=usernames[player.id], first_name=first[:150], last_name=last[:150], password=unusable
            )
        )
    User.objects.bulk_create(accounts, batch_size=BATCH)
    if any(account.pk is None for account in accounts):  # a database that does not return new keys
        ids = dict(
            pair
            for chunk in _chunks(list(usernames.values()))
            for pair in User.objects.filter(username__in=chunk).values_list("username", "pk")
        )
        for account in accounts:
            account.pk = ids[account.username]
    users = {player.id: account.pk for player, account in zip(replay.players, accounts, strict=True)}
    dropped = {drop.player: drop.after_round for drop in replay.drops}
    now = timezone.now()
    Registration.objects.bulk_create(
        (
            Registration(
                event=event,
                player_id=users[player.id],
                checked_in_at=now,
                joined_round=player.joined_round,
                byes=player.byes,
                fixed_table=player.fixed_table,
                dropped_after_round=dropped.get(player.id),
                replay_id=player.id,
            )
            for player in replay.players
        ),
        batch_size=BATCH,
    )
    progress(len(replay.players))
    return users


def _rounds(event: Event, replay: Replay, users: dict[str, int], progress: Callable[[int], None]) -> None:
    now = timezone.now()
    rounds = Round.objects.bulk_create(
        Round(
            event=event,
            number=round_data.number,
            stage=round_data.stage,
            status=Round.Status.FINISHED,
            started_at=now,
            finished_at=now,
        )
        for round_data in replay.rounds
    )
    if any(round_.pk is None for round_ in rounds):
        by_number = dict(Round.objects.filter(event=event).values_list("number", "pk"))
        for round_ in rounds:
            round_.pk = by_number[round_.number]

    def finals() -> Iterator[FinalMatch]:
        for round_, round_data in zip(rounds, replay.rounds, strict=True):
            for match in round_data.matches:
                games = match.games
                yield FinalMatch(
                    round_id=round_.pk,
                    table=match.table,
                    player_a_id=users[match.a],
                    player_b_id=users[match.b] if match.b is not None else None,
                    result=match.result,
                    games=(games.a, games.b, games.draws) if games is not None else (0, 0, 0),
                )

    matches_create_final(game=event.game, matches=finals(), progress=progress)


def _structure(replay: Replay) -> tuple[int | None, int | None, str]:
    """Swiss rounds, top cut size and status, read from the rounds the replay holds."""
    swiss = sum(1 for round_ in replay.rounds if round_.stage == "swiss")
    top = [round_ for round_ in replay.rounds if round_.stage == "top"]
    top_cut = 2 * len(top[0].matches) if top else None
    if top_cut is not None and top_cut not in TOP_CUT_SIZES:
        top_cut = None  # not a bracket this product runs; the imported rounds still stand
    finished = bool(top) and len(top[-1].matches) == 1
    status = Event.Status.FINISHED if finished else Event.Status.RUNNING
    return swiss or None, top_cut, status


def _progress_total(replay: Replay) -> int:
    return len(replay.players) + sum(len(round_.matches) for round_ in replay.rounds)


@transaction.atomic
def event_import(
    *, document: object, name: str, organizer: User, slug: str = "", progress: Progress | None = None
) -> Event:
    """Create a finished (or running) event from an event replay; ``organizer`` organizes it.

    Raises :class:`ReplayError` with every problem of the document, or ValidationError for the name or
    slug; nothing is written then. See the module docstring for what is created. ``progress(done, total)``
    is told the rows written (players, then matches) as the import goes.
    """
    replay = replay_checked(document)
    name = name.strip()
    if not name:
        raise ValidationError({"name": [gettext("Give the event a name.")]})
    total = _progress_total(replay)
    report = progress or (lambda done, total: None)
    report(0, total)
    event = event_create(
        name=name[:200],
        game=replay.game,
        starts_at=timezone.now(),
        organizer=organizer,
        slug=_free_slug(name, slug),
        byes_allowed=any(player.byes for player in replay.players),
        # A table with the replay's tiebreaker floor, so the imported event's standings are the replay's.
        structure_table=table_with_floor(replay.game, replay.tiebreak_floor),
    )
    players = len(replay.players)
    users = _players(event, replay, lambda done: report(done, total))
    _rounds(event, replay, users, lambda done: report(players + done, total))
    event.swiss_rounds, event.top_cut, event.status = _structure(replay)
    # Rounds all "top" and no Swiss: a single-elimination event (its pages say "bracket", not "top cut").
    if replay.rounds and event.swiss_rounds is None:
        event.structure = EventStructure.SINGLE_ELIMINATION
        event.top_cut = None
    event.save(update_fields=["swiss_rounds", "top_cut", "status", "structure"])
    history_changed(event_id=event.pk)
    documents_warmed_after_commit(event_id=event.pk)
    return event


# --- Imports in the background ----------------------------------------------------------------------------


def import_runs_in_background(replay: Replay) -> bool:
    """Is this replay large enough that an API import is queued rather than run in the request?"""
    return sum(len(round_.matches) for round_ in replay.rounds) > SYNC_MAX_MATCHES


def event_import_queue(
    *, document: object, name: str, requested_by: User, slug: str = "", checked: Replay | None = None
) -> EventImport:
    """Check the replay now (every problem is reported at once, as for an import in the request), keep it,
    and import it in the background once this transaction commits.

    Raises :class:`ReplayError` or ValidationError as :func:`event_import` does; nothing is queued then.
    The slug is checked now and again when the import runs (another event may take it in between).
    ``checked`` is ``document`` already read by :func:`replay_checked`, so a large replay is read once here.
    """
    replay = checked if checked is not None else replay_checked(document)
    if not name.strip():
        raise ValidationError({"name": [gettext("Give the event a name.")]})
    _free_slug(name, slug)
    data = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
    with transaction.atomic():
        job = EventImport.objects.create(
            requested_by=requested_by,
            language=get_language() or "",
            name=name.strip()[:200],
            slug=slug,
            data=data,
            size=len(data),
            players=len(replay.players),
            matches=sum(len(round_.matches) for round_ in replay.rounds),
        )
        event_import_id = job.pk
        # Sent after commit; a broker that is down leaves the job queued for the sweep (never a 500).
        transaction.on_commit(lambda: event_import_dispatch(event_import_id=event_import_id))
    return job


# --- An import ends, whatever is killed (docs/decisions/0009; card imports do the same, 0008) -------------
#
# - The row is the outbox: created queued, sent to the workers after commit, and sent again by the sweep
#   (Celery beat) and by its progress page and job URL until a worker claims it. A broker that is down
#   leaves it queued; sends no worker took are counted, and after MAX_DISPATCHES the import fails.
# - A worker claims the job in a short transaction of its own (running, ``attempts`` + 1: the attempt's
#   number is its claim), then imports in one transaction that holds the row's lock until it commits. On
#   PostgreSQL a running job whose row is not locked has lost its worker (killed: its transaction rolled
#   back); the sweep, which skips locked rows, queues it again, and after MAX_ATTEMPTS fails it. Backends
#   without row locks (SQLite, where tasks run in-process) only give an attempt up after the task's hard
#   time limit.
# - Progress goes to the cache, quietly: a cache that is down never fails an import.

CLAIM_GRACE = timedelta(seconds=10)  # between an attempt's claim and its lock on the row: milliseconds


def _broker_retry_after() -> timedelta:
    """The broker was down: try again at the next sweep (the progress page, polled every second, too)."""
    return timedelta(seconds=int(getattr(settings, "EVENT_IMPORT_SWEEP_SECONDS", 15)))


def event_import_dispatch(*, event_import_id: int) -> bool:
    """Send a queued import to the workers; False (and the job stays queued) if the broker is unreachable.

    Sending twice is harmless: the second delivery finds the job claimed, running or finished.
    """
    return outbox_send(
        task_name=EVENT_IMPORT_TASK,
        pk=event_import_id,
        queued=EventImport.objects.filter(pk=event_import_id, status=EventImport.Status.QUEUED),
        retry_after=_broker_retry_after(),
    )


def _interrupted_message(attempts: int) -> dict[str, Any]:
    return phrase(
        gettext_noop(
            "The import was interrupted %(count)d times (the worker running it stopped); nothing was "
            "written. Upload the replay again; if it stops again, ask an administrator to check the "
            "workers' memory and time limits."
        ),
        count=attempts,
    )


def _not_taken_message() -> dict[str, Any]:
    return phrase(
        gettext_noop(
            "No worker started the import within %(minutes)d minutes; nothing was written. Ask whoever runs "
            "the server to check that its background workers are running, then upload the replay again."
        ),
        minutes=minutes_before_given_up(),
    )


def failure_fields(failure: dict[str, Any]) -> dict[str, Any]:
    """A failed import's ``error`` in English (older rows hold only that; the admin shows it) and its
    ``failure``: a sentence (``template``, ``values``) or the replay's ``problems``, each with its template,
    which the pages say in the reader's language (``tournaments.views.event_import.failure_words``)."""
    problems = failure.get("problems")
    if problems is None:
        return {"error": english(failure), "failure": failure}
    found = "; ".join(f"{p['path'] or 'the replay'}: {p['message']}" for p in problems)
    error = f"{found.rstrip('.')}. Nothing was written; fix the replay and upload it again."
    return {"error": error, "failure": failure}


def _attempt_gone(job: EventImport, now: datetime) -> bool:
    """Has the attempt that claimed this running job stopped? Asked only with the job's row locked by the
    caller, so on PostgreSQL no import holds it: the attempt is gone once it is past the moment between its
    claim and its lock. Without row locks, only once it is past the task's hard time limit."""
    if job.started_at is None:
        return True
    if connection.features.has_select_for_update_skip_locked:
        return job.started_at + CLAIM_GRACE < now
    limit = timedelta(seconds=int(getattr(settings, "CELERY_TASK_TIME_LIMIT", 300)) + 60)
    return job.started_at + limit < now


def _fail(job: EventImport, failure: dict[str, Any], now: datetime) -> None:
    fields = failure_fields(failure)
    job.status, job.error, job.failure = EventImport.Status.FAILED, fields["error"], fields["failure"]
    job.finished_at, job.data = now, None
    job.save(update_fields=["status", "error", "failure", "finished_at", "data"])


def _unfinished() -> QuerySet[EventImport]:
    return EventImport.objects.filter(status__in=[EventImport.Status.QUEUED, EventImport.Status.RUNNING])


def event_import_check(*, event_import_id: int, now: datetime | None = None) -> bool:
    """Move one import on if it is stuck: send it again, queue it again, or fail it with a reason.

    Run by the sweep for every unfinished import and by the import's progress page and job URL. Returns
    True if the job should be sent to the workers now (the caller does, after this transaction). A job
    whose row an import holds locked is running and left alone.
    """
    now = now or timezone.now()
    with transaction.atomic():
        unfinished = _unfinished().defer("data").filter(pk=event_import_id)
        job = unfinished.select_for_update(skip_locked=True).first()
        if job is None:
            return False
        if job.status == EventImport.Status.RUNNING:
            if not _attempt_gone(job, now):
                return False
            if job.attempts >= MAX_ATTEMPTS:
                _fail(job, _interrupted_message(job.attempts), now)
                return False
            # Its worker was killed and the import rolled back: queue it again.
            job.status, job.next_dispatch_at = EventImport.Status.QUEUED, None
            job.save(update_fields=["status", "next_dispatch_at"])
            return True
        if job.next_dispatch_at is not None and job.next_dispatch_at > now:
            return False
        if job.dispatches >= MAX_DISPATCHES:
            _fail(job, _not_taken_message(), now)
            return False
        return True


def event_imports_sweep(*, now: datetime | None = None) -> int:
    """Check every unfinished import (see :func:`event_import_check`); returns how many were sent."""
    sent = 0
    for event_import_id in list(_unfinished().values_list("pk", flat=True)):
        if event_import_check(event_import_id=event_import_id, now=now):
            sent += event_import_dispatch(event_import_id=event_import_id)
    return sent


def _may_be_stuck(job: EventImport, now: datetime) -> bool:
    """What :func:`event_import_check` acts on, read without a lock or a transaction: a page polled every
    second must not wait for a write lock (SQLite's transactions take it at once) while an import runs."""
    if job.status == EventImport.Status.RUNNING:
        return _attempt_gone(job, now)
    if job.status == EventImport.Status.QUEUED:
        return job.next_dispatch_at is None or job.next_dispatch_at <= now
    return False


def event_import_refresh(*, event_import_id: int) -> None:
    """The progress page's share of the sweep: move this import on if it is stuck (cheap when it is not)."""
    job = EventImport.objects.defer("data").filter(pk=event_import_id).first()
    if job is None or not _may_be_stuck(job, timezone.now()):
        return
    if event_import_check(event_import_id=event_import_id):
        event_import_dispatch(event_import_id=event_import_id)


def _cache_quietly(action: Callable[[], object]) -> None:
    """Progress in the cache is a nicety: an import never fails because the cache is down."""
    try:
        action()
    except Exception:  # whatever the cache backend raises when its server is unreachable
        logger.warning("event import progress could not be written to the cache", exc_info=True)


def _claim(event_import_id: int) -> int:
    """Claim the job for this attempt in a transaction of its own; the attempt's number, or 0 if there is
    nothing to do (finished, running elsewhere, or failed now for being interrupted too often)."""
    now = timezone.now()
    with transaction.atomic():
        unfinished = _unfinished().defer("data").filter(pk=event_import_id)
        job = unfinished.select_for_update(skip_locked=True).first()
        if job is None and unfinished.filter(status=EventImport.Status.QUEUED).exists():
            # Locked for a moment by the sweep or a progress page (an import locks only a running job).
            job = unfinished.select_for_update().first()
        if job is None:
            return 0  # finished, or an attempt is importing it
        if job.status == EventImport.Status.RUNNING and not _attempt_gone(job, now):
            return 0  # another delivery just claimed it; if its worker dies, the sweep sends it again
        if job.attempts >= MAX_ATTEMPTS:
            _fail(job, _interrupted_message(job.attempts), now)
            return 0
        job.status, job.attempts, job.started_at = EventImport.Status.RUNNING, job.attempts + 1, now
        job.dispatches, job.next_dispatch_at = 0, None  # a worker took it: sends count again from here
        job.save(update_fields=["status", "attempts", "started_at", "dispatches", "next_dispatch_at"])
        return job.attempts


def _messages(error: ReplayError | ValidationError) -> dict[str, Any]:
    """The replay's problems; a refused name or address as a problem without a template (its message in
    the language the worker runs in)."""
    if isinstance(error, ReplayError):
        return {"problems": error.problems}
    messages = [message for messages in error.message_dict.values() for message in messages]
    return {"problems": [{"path": "", "message": message} for message in messages]}


def event_import_process(*, event_import_id: int) -> EventImport | None:
    """Run a queued import; safe to run twice, and at once.

    The job is claimed first (running, its attempt counted) in a transaction of its own; then the import
    and the job's "done" are one transaction that holds the job's row lock until it commits, and only
    while the job is still this attempt's. A worker killed halfway rolls the import back and leaves a
    running job whose row no one locks: the redelivered task or the sweep takes it over (see above). A
    refused replay or slug, or any error, marks the job failed with the reason; nothing else is written.
    """
    attempt = _claim(event_import_id)
    if attempt:
        _import(event_import_id, attempt)
    return EventImport.objects.filter(pk=event_import_id).first()


def _import(event_import_id: int, attempt: int) -> None:
    # A refusal found only now is written in the language of the person who asked (the sentences of a
    # replay's problems are translated by each reader's page; a form's messages cannot be).
    language = EventImport.objects.filter(pk=event_import_id).values_list("language", flat=True).first()
    with override(language or settings.LANGUAGE_CODE):
        _import_in_language(event_import_id, attempt)


def _import_in_language(event_import_id: int, attempt: int) -> None:
    key = import_progress_key(event_import_id)
    mine = EventImport.objects.filter(pk=event_import_id, status=EventImport.Status.RUNNING, attempts=attempt)

    def progress(done: int, total: int) -> None:
        _cache_quietly(lambda: cache.set(key, (done, total), timeout=3600))

    def failed(failure: dict[str, Any]) -> None:
        mine.update(
            status=EventImport.Status.FAILED, **failure_fields(failure), data=None, finished_at=timezone.now()
        )

    try:
        with transaction.atomic():
            job = mine.select_for_update().first()
            if job is None:
                return  # given up as stopped while this attempt was slow to start: another one runs it
            requested_by = job.requested_by
            if requested_by is None:
                raise ValidationError(
                    {"requested_by": [gettext("The account that asked for the import is gone.")]}
                )
            document = json.loads(bytes(job.data or b"null"))
            event = event_import(
                document=document, name=job.name, organizer=requested_by, slug=job.slug, progress=progress
            )
            job.status, job.event, job.data = EventImport.Status.DONE, event, None
            job.finished_at = timezone.now()
            job.save(update_fields=["status", "event", "data", "finished_at"])
    except (ReplayError, ValidationError) as error:
        failed(_messages(error))
    except SoftTimeLimitExceeded:
        failed(
            phrase(
                gettext_noop(
                    "The import took longer than %(seconds)d seconds and was stopped; nothing was written. "
                    "Ask an administrator to raise CELERY_TASK_SOFT_TIME_LIMIT, then upload the replay again."
                ),
                seconds=int(getattr(settings, "CELERY_TASK_SOFT_TIME_LIMIT", 240)),
            )
        )
    except Exception:
        logger.exception("event import %s failed", event_import_id)
        failed(phrase(gettext_noop("The import stopped on an unexpected error; nothing was written.")))
    finally:
        _cache_quietly(lambda: cache.delete(key))
