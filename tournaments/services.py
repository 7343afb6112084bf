"""Every write to events, their staff, registrations, registered deck lists, rounds and deck checks.

Deck lists themselves are written by ``decks.services`` (a new version is a new row); this module decides
who may register which list at an event and when, and keeps each registration's history of lists.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from decks.models import DeckList
from decks.parsing import SECTIONS
from decks.selectors import section_counts
from decks.services import deck_list_create
from matches.models import Match
from rules.engine.end_of_round import procedure_fits_game
from tournaments.models import (
    DeckCheck,
    DeckListChange,
    Event,
    EventRole,
    Registration,
    Round,
    end_of_round_for_game,
)
from tournaments.selectors import DECK_STAFF, is_event_staff


@transaction.atomic
def event_create(
    *,
    name: str,
    game: str,
    starts_at: datetime,
    organizer: User,
    slug: str = "",
    round_minutes: int = 40,
    end_of_round: str = "",
) -> Event:
    """Create an event; whoever creates it organizes it. The end-of-round procedure defaults to the game's."""
    end_of_round = end_of_round or end_of_round_for_game(game)
    if not procedure_fits_game(game, end_of_round):
        raise ValidationError(
            {"end_of_round": [f"{end_of_round!r} is not an end-of-round procedure for {game!r} events."]}
        )
    event = Event.objects.create(
        name=name,
        slug=slug or slugify(name)[:80],
        game=game,
        starts_at=starts_at,
        round_minutes=round_minutes,
        end_of_round=end_of_round,
    )
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    return event


def event_role_grant(*, event: Event, user: User, role: str) -> EventRole:
    """Make ``user`` an organizer or judge of ``event``; granting twice changes nothing."""
    event_role, _ = EventRole.objects.get_or_create(event=event, user=user, role=role)
    return event_role


def registration_create(*, event: Event, player: User, deck_list: DeckList | None = None) -> Registration:
    """Enter ``player`` in ``event``; entering twice keeps the first registration."""
    registration, _ = Registration.objects.get_or_create(
        event=event, player=player, defaults={"deck_list": deck_list}
    )
    return registration


def round_create(*, event: Event, number: int, stage: str = Round.Stage.SWISS) -> Round:
    round_, _ = Round.objects.get_or_create(event=event, number=number, defaults={"stage": stage})
    return round_


# --- Registered deck lists ------------------------------------------------------------------------------


class DeckListLocked(Exception):
    """The event's deck list deadline has passed: only a judge may change the list now (a 409)."""


class DeckCheckConflict(Exception):
    """The deck check cannot be done in the current state (no list registered, a bye...): a 409."""


def deck_lists_locked(event: Event, *, now: datetime | None = None) -> bool:
    """Past the deadline, a player's registered list is locked."""
    deadline = event.decklist_deadline
    return deadline is not None and (now or timezone.now()) >= deadline


def _lock_registration(registration: Registration) -> Registration:
    return Registration.objects.select_for_update().select_related("event").get(pk=registration.pk)


def _check_list_fits(registration: Registration, deck_list: DeckList) -> None:
    if deck_list.owner_id != registration.player_id:
        raise ValidationError({"deck_list": ["That deck list belongs to someone else."]})
    if deck_list.game != registration.event.game:
        raise ValidationError(
            {"deck_list": [f"That is a {deck_list.get_game_display()} list; this event plays another game."]}
        )


def _set_list(registration: Registration, deck_list: DeckList, *, by: User, reason: str = "") -> Registration:
    if registration.deck_list_id == deck_list.pk:
        return registration
    DeckListChange.objects.create(
        registration=registration,
        old_deck_list_id=registration.deck_list_id,
        new_deck_list=deck_list,
        changed_by=by,
        reason=reason,
    )
    registration.deck_list = deck_list
    registration.save(update_fields=["deck_list"])
    return registration


def _locked_message(event: Event) -> str:
    deadline = event.decklist_deadline
    when = timezone.localtime(deadline).strftime("%a %d %b %H:%M") if deadline else ""
    return f"Deck lists for {event.name} locked at {when}: ask a judge to change yours."


@transaction.atomic
def registration_deck_submit(*, registration: Registration, deck_list: DeckList, by: User) -> Registration:
    """The player registers (or replaces) their own deck list, until the event's deadline.

    The registration row is locked, so a submission racing the judge's replacement is applied after it.
    Raises ``PermissionDenied`` for anyone but the registration's player and :class:`DeckListLocked` after
    the deadline. Submitting the registered list again changes nothing.
    """
    registration = _lock_registration(registration)
    if by.pk != registration.player_id:
        raise PermissionDenied("Only the player can submit their own deck list.")
    if deck_lists_locked(registration.event):
        raise DeckListLocked(_locked_message(registration.event))
    _check_list_fits(registration, deck_list)
    return _set_list(registration, deck_list, by=by)


@transaction.atomic
def registration_deck_submit_text(
    *, registration: Registration, by: User, text: str | None = None, ydk: str | None = None
) -> Registration:
    """Save pasted text (or a ``.ydk``) as a new list of the player's and register it, in one transaction:
    a list that does not parse (``decks.services.DeckListInvalid``) or a locked registration saves nothing."""
    locked = _lock_registration(registration)
    if by.pk != locked.player_id:
        raise PermissionDenied("Only the player can submit their own deck list.")
    if deck_lists_locked(locked.event):
        raise DeckListLocked(_locked_message(locked.event))
    deck_list = deck_list_create(
        owner=by, game=locked.event.game, name=_new_list_name(by, locked.event), text=text, ydk=ydk
    )
    return registration_deck_submit(registration=locked, deck_list=deck_list, by=by)


def _new_list_name(owner: User, event: Event) -> str:
    base = event.name[:100]
    taken = set(DeckList.objects.filter(owner=owner, name__startswith=base).values_list("name", flat=True))
    number = len(taken) + 1
    while f"{base} v{number}" in taken:
        number += 1
    return f"{base} v{number}"


@transaction.atomic
def registration_deck_replace(
    *,
    registration: Registration,
    judge: User,
    reason: str,
    deck_list: DeckList | None = None,
    text: str | None = None,
) -> Registration:
    """A judge or organizer of the event replaces a player's list (at any time, past the deadline too).

    The reason is required and kept in the history. Give an existing list of the player's, or the corrected
    list as ``text``: it is saved as a new list owned by the player. Raises ``PermissionDenied`` for anyone
    but the event's judges and organizers.
    """
    registration = _lock_registration(registration)
    if not is_event_staff(judge, registration.event, DECK_STAFF):
        raise PermissionDenied("Only a judge or organizer of this event can replace a deck list.")
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": ["Say why the list is replaced: the player and judges read it."]})
    if (deck_list is None) == (text is None):
        raise ValidationError({"deck_list": ["Give an existing deck list or the corrected list as text."]})
    if deck_list is None:
        deck_list = deck_list_create(
            owner=registration.player,
            game=registration.event.game,
            name=_new_list_name(registration.player, registration.event),
            text=text,
        )
    _check_list_fits(registration, deck_list)
    return _set_list(registration, deck_list, by=judge, reason=reason)


# --- Deck checks ----------------------------------------------------------------------------------------


def _require_judge(user: User, event: Event) -> None:
    if not is_event_staff(user, event, DECK_STAFF):
        raise PermissionDenied("Only a judge or organizer of this event can run deck checks.")


def _check_players(round_: Round, match: Match, *, chosen: str, seed: str, judge: User) -> list[DeckCheck]:
    players = [player_id for player_id in (match.player_a_id, match.player_b_id) if player_id is not None]
    registrations = Registration.objects.filter(event_id=round_.event_id, player_id__in=players)
    checks = []
    for registration in registrations.order_by("pk"):
        check, _ = DeckCheck.objects.get_or_create(
            round=round_,
            registration=registration,
            defaults={"match": match, "chosen": chosen, "seed": seed, "chosen_by": judge},
        )
        checks.append(check)
    return checks


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("event").get(pk=round_.pk)


@transaction.atomic
def deck_check_pick_random(
    *, round_: Round, count: int, seed: str | int | None, judge: User
) -> list[DeckCheck]:
    """Pick ``count`` matches of the round at random and check both players' decks.

    The pick is ``random.Random(seed).sample`` over the round's matches in table order (byes excluded), so
    the same seed on the same round picks the same tables: the seed is recorded on each check and shown,
    and anyone can verify the pick was not chosen by hand. Without a seed one is drawn and recorded. A
    player already checked this round keeps their check.
    """
    round_ = _lock_round(round_)
    _require_judge(judge, round_.event)
    if count < 1:
        raise ValidationError({"count": ["Pick at least one match."]})
    seed_text = str(seed).strip() if seed is not None and str(seed).strip() else str(secrets.randbelow(10**6))
    matches = list(Match.objects.filter(round=round_, player_b__isnull=False).order_by("table", "pk"))
    picked = random.Random(seed_text).sample(matches, min(count, len(matches)))  # noqa: S311 - not secret
    checks: list[DeckCheck] = []
    for match in sorted(picked, key=lambda match: (match.table or 0, match.pk)):
        checks += _check_players(round_, match, chosen=DeckCheck.Chosen.RANDOM, seed=seed_text, judge=judge)
    return checks


@transaction.atomic
def deck_check_pick(*, match: Match, judge: User) -> list[DeckCheck]:
    """Check both players' decks at a match the judge chose."""
    round_ = _lock_round(match.round)
    _require_judge(judge, round_.event)
    if match.player_b_id is None:
        raise DeckCheckConflict("A bye has no opponent and no deck to check at a table.")
    return _check_players(round_, match, chosen=DeckCheck.Chosen.HAND, seed="", judge=judge)


@transaction.atomic
def deck_check_record(*, deck_check: DeckCheck, presented: Mapping[str, int], judge: User) -> DeckCheck:
    """Record how many cards the player presented per section and which sections differ from their list.

    Compared with the list registered now (kept on the check); a section missing from ``presented`` counts
    as 0. ``mismatches`` is ``[{"section", "registered", "presented"}]``; empty when everything matches.
    """
    deck_check = (
        DeckCheck.objects.select_for_update()
        .select_related("round__event", "registration")
        .get(pk=deck_check.pk)
    )
    _require_judge(judge, deck_check.round.event)
    deck_list = deck_check.registration.deck_list
    if deck_list is None:
        raise DeckCheckConflict("This player has no registered deck list to compare with.")
    sections = SECTIONS.get(deck_list.game, ("main", "extra", "side"))
    counts: dict[str, int] = {}
    for section, value in presented.items():
        if section not in ("main", "extra", "side"):
            raise ValidationError({section: ["Sections are main, extra and side."]})
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValidationError({section: ["A count of cards: a whole number, 0 or more."]})
        counts[section] = value
    counts = {section: counts.get(section, 0) for section in sections} | {
        section: value for section, value in counts.items() if section not in sections
    }
    registered = section_counts(deck_list)
    mismatches = [
        {"section": section, "registered": registered.get(section, 0), "presented": value}
        for section, value in counts.items()
        if registered.get(section, 0) != value
    ]
    deck_check.presented = counts
    deck_check.mismatches = mismatches
    deck_check.deck_list = deck_list
    deck_check.checked_by = judge
    deck_check.checked_at = timezone.now()
    deck_check.save(update_fields=["presented", "mismatches", "deck_list", "checked_by", "checked_at"])
    return deck_check


@transaction.atomic
def registration_drop(*, event: Event, player: User, after_round: int, by: User) -> Registration:
    """Drop a player from the event after ``after_round`` (a disqualification, or a judge recording a drop).

    Only the event's judges and organizers may. An earlier drop is kept: a player dropped after round 2 and
    disqualified for something found in round 3 was still out of round 3's pairings.
    """
    if not is_event_staff(by, event, DECK_STAFF):
        raise PermissionDenied("Only a judge or organizer of this event can drop a player.")
    registration = (
        Registration.objects.select_for_update().filter(event=event, player=player).order_by("pk").first()
    )
    if registration is None:
        raise ValidationError({"player": [f"{player.username} is not registered for {event.name}."]})
    if registration.dropped_after_round is None or registration.dropped_after_round > after_round:
        registration.dropped_after_round = after_round
        registration.save(update_fields=["dropped_after_round"])
    return registration
