"""Importing an event run elsewhere from its event replay (``shared/spec/event-replay-format.md``).

The whole replay is checked first (:func:`tournaments.replay.read_replay`) and every problem is reported at
once, located by its path; only then is anything written, in one transaction, so a refused file leaves
nothing behind.

What the import makes, written down:
- one new account per replay player, never a real one: the username is ``<event slug>.<player id>``, or,
  when the id has characters a username cannot hold or the result is longer than 150 characters, a readable
  prefix with a hash of the id. The mapping depends only on the slug and the id, so it is deterministic.
  The accounts have no usable password; the first word of the replay's name is the first name, the rest
  the last name, so the exported name is the replay's name.
- a registration per player, checked in, with the replay's ``joined_round``, ``byes``, ``fixed_table`` and
  drop;
- every round finished, with its matches final (a bye has no table, as in an event run here);
- ``swiss_rounds`` is the number of Swiss rounds; the top cut is twice the matches of its first round; the
  event is finished when the replay holds the top cut's final, running otherwise (the organizer may go on).

Each registration keeps the replay's player id (``Registration.replay_id``), and the event's export names
players by it, so the imported event's standings are exactly the replay's, full-tie coin flips included
(they are seeded by the ids), and exporting it again gives back the same players.
"""

from __future__ import annotations

import hashlib
import re

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from matches.services import match_create, match_finish
from tournaments.models import TOP_CUT_SIZES, Event, Registration, Round
from tournaments.replay import Replay, ReplayError, read_replay
from tournaments.services.events import RESERVED_SLUGS, event_create

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
            raise ValidationError({"slug": ["A slug has at most 80 characters."]})
        if slug in RESERVED_SLUGS or Event.objects.filter(slug=slug).exists():
            raise ValidationError({"slug": [f"The slug {slug!r} is taken: choose another."]})
        return slug
    base = slugify(name)[:70] or "imported-event"
    candidate, number = base, 1
    while candidate in RESERVED_SLUGS or Event.objects.filter(slug=candidate).exists():
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def _players(event: Event, replay: Replay) -> dict[str, User]:
    usernames = {player.id: imported_username(event.slug, player.id) for player in replay.players}
    if len(set(usernames.values())) < len(usernames):  # only ids crafted to look like another's hash
        message = "two player ids map to the same account name: rename one"
        raise ReplayError([{"path": "players", "message": message}])
    taken = sorted(User.objects.filter(username__in=usernames.values()).values_list("username", flat=True))
    if taken:
        raise ValidationError(
            {"slug": [f"Accounts named {', '.join(taken[:3])} already exist: import with another slug."]}
        )
    dropped = {drop.player: drop.after_round for drop in replay.drops}
    now = timezone.now()
    users: dict[str, User] = {}
    for player in replay.players:
        first, _, last = player.name.partition(" ")
        user = User.objects.create_user(
            username=usernames[player.id], first_name=first[:150], last_name=last[:150]
        )
        # create_user(password=None) leaves the account without a usable password: nobody logs in as it.
        Registration.objects.create(
            event=event,
            player=user,
            checked_in_at=now,
            joined_round=player.joined_round,
            byes=player.byes,
            fixed_table=player.fixed_table,
            dropped_after_round=dropped.get(player.id),
            replay_id=player.id,
        )
        users[player.id] = user
    return users


def _rounds(event: Event, replay: Replay, users: dict[str, User]) -> None:
    now = timezone.now()
    for round_data in replay.rounds:
        round_ = Round.objects.create(
            event=event,
            number=round_data.number,
            stage=round_data.stage,
            status=Round.Status.FINISHED,
            started_at=now,
            finished_at=now,
        )
        for match_data in round_data.matches:
            opponent = users[match_data.b] if match_data.b is not None else None
            match = match_create(
                round_=round_, table=match_data.table, player_a=users[match_data.a], player_b=opponent
            )
            if opponent is None:
                continue  # match_create made it a final bye
            games = match_data.games
            tally = (games.a, games.b, games.draws) if games is not None else (0, 0, 0)
            match_finish(match, result=match_data.result, games=tally)


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


@transaction.atomic
def event_import(*, document: object, name: str, organizer: User, slug: str = "") -> Event:
    """Create a finished (or running) event from an event replay; ``organizer`` organizes it.

    Raises :class:`ReplayError` with every problem of the document, or ValidationError for the name or
    slug; nothing is written then. See the module docstring for what is created.
    """
    replay = replay_checked(document)
    name = name.strip()
    if not name:
        raise ValidationError({"name": ["Give the event a name."]})
    event = event_create(
        name=name[:200],
        game=replay.game,
        starts_at=timezone.now(),
        organizer=organizer,
        slug=_free_slug(name, slug),
        byes_allowed=any(player.byes for player in replay.players),
    )
    users = _players(event, replay)
    _rounds(event, replay, users)
    event.swiss_rounds, event.top_cut, event.status = _structure(replay)
    event.save(update_fields=["swiss_rounds", "top_cut", "status"])
    return event
