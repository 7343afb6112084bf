"""Who plays: entering an event, checking in, late entries, byes awarded up front, fixed seats, drops.

Only checked-in players are paired. An organizer entering a player at the counter checks them in at once; a
player who registers online checks in at the venue with the event code (or the organizer does it for them).
A player checked in after a round has started is a late entry: ``joined_round`` is the first round they can
be paired in, and the rounds before it count as losses in the standings.
"""

from __future__ import annotations

import hmac

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.selectors import players_named
from accounts.services import walk_in_create
from accounts.users import AnyUser
from config.refusals import Conflict
from decks.models import DeckList
from tournaments.models import Event, Registration, Round
from tournaments.selectors.events import is_organizer


class RegistrationClosed(Conflict):
    """The event no longer takes players (its top cut has started or it is over): a 409."""


def lock_event(event: Event) -> Event:
    """The event row, locked: entries, check-ins and pairing of one event happen one at a time."""
    return Event.objects.select_for_update().get(pk=event.pk)


def require_organizer(user: AnyUser, event: Event, action: str) -> None:
    """Refuse anyone but the event's organizers (before anything is read or written)."""
    if not is_organizer(user, event):
        raise PermissionDenied(f"Only an organizer of this event can {action}.")


def _require_open(event: Event) -> None:
    if event.status == Event.Status.FINISHED or event.rounds.filter(stage=Round.Stage.TOP).exists():
        raise RegistrationClosed(
            f"{event.name} no longer takes players: its top cut has started or it is over."
        )


def first_round_open_to_entries(event: Event) -> int:
    """The first Swiss round a player entering now can be paired in: the one after the last started."""
    started = event.rounds.filter(stage=Round.Stage.SWISS).exclude(status=Round.Status.PAIRED)
    return started.count() + 1


def _check_in(registration: Registration, event: Event) -> None:
    registration.checked_in_at = timezone.now()
    registration.joined_round = first_round_open_to_entries(event)
    registration.save(update_fields=["checked_in_at", "joined_round"])


def registration_create(*, event: Event, player: User, deck_list: DeckList | None = None) -> Registration:
    """Enter ``player`` and check them in (the demo and tests; the organizer's counter uses
    :func:`registration_enter`). Entering twice keeps the first registration."""
    registration, created = Registration.objects.get_or_create(
        event=event, player=player, defaults={"deck_list": deck_list}
    )
    if created:
        _check_in(registration, event)
    return registration


@transaction.atomic
def registration_enter(*, event: Event, player: User, by: User) -> Registration:
    """Enter ``player`` in ``event``: by themselves (checked in later, with the event code) or by an organizer
    (checked in now). Entering again changes nothing, except that an organizer checks the player in."""
    event = lock_event(event)
    by_organizer = is_organizer(by, event)
    if by.pk != player.pk and not by_organizer:
        raise PermissionDenied("Only an organizer of this event can enter another player.")
    _require_open(event)
    registration, _ = Registration.objects.get_or_create(event=event, player=player)
    if by_organizer and registration.checked_in_at is None:
        _check_in(registration, event)
    return registration


@transaction.atomic
def registration_check_in(*, event: Event, player: User, by: User, code: str = "") -> Registration:
    """Check ``player`` in: themselves with the event code shown at the venue, or an organizer without one.

    Checking in again keeps the first check-in (and its round). A player who is not entered yet is entered by
    a correct code, so a walk-in can join from their phone.
    """
    event = lock_event(event)
    if not is_organizer(by, event):
        if by.pk != player.pk:
            raise PermissionDenied("Only an organizer of this event can check in another player.")
        if not hmac.compare_digest(code.strip().upper().encode(), event.event_code.encode()):
            raise ValidationError({"code": ["That is not this event's code: ask the organizer for it."]})
    _require_open(event)
    registration, _ = Registration.objects.get_or_create(event=event, player=player)
    if registration.checked_in_at is None:
        _check_in(registration, event)
    return registration


def _lock_registration(registration: Registration) -> Registration:
    return Registration.objects.select_for_update().select_related("event").get(pk=registration.pk)


@transaction.atomic
def registration_award_byes(*, registration: Registration, byes: int, by: User) -> Registration:
    """Award byes up front (rounds 1 to ``byes``), where the organizer allows them, before round 1 starts."""
    registration = _lock_registration(registration)
    event = registration.event
    require_organizer(by, event, "award byes")
    if not event.byes_allowed:
        raise ValidationError({"byes": [f"{event.name} does not award byes up front (see its settings)."]})
    if isinstance(byes, bool) or not isinstance(byes, int) or not 0 <= byes <= 3:
        raise ValidationError({"byes": ["Award 0 to 3 byes."]})
    if event.rounds.exclude(status=Round.Status.PAIRED).exists():
        raise ValidationError({"byes": ["Byes are awarded before round 1 starts."]})
    registration.byes = byes
    registration.save(update_fields=["byes"])
    return registration


@transaction.atomic
def registration_fix_table(*, registration: Registration, table: int | None, by: User) -> Registration:
    """Keep a seat for a player who needs one (``None`` frees it); another player's seat is refused."""
    registration = _lock_registration(registration)
    event = registration.event
    require_organizer(by, event, "keep a table for a player")
    if table is not None:
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            raise ValidationError({"fixed_table": ["A table number: a whole number, 1 or more."]})
        holder = event.registrations.filter(fixed_table=table).exclude(pk=registration.pk).first()
        if holder is not None:
            raise ValidationError({"fixed_table": [f"Table {table} is already kept for {holder.player}."]})
    registration.fixed_table = table
    registration.save(update_fields=["fixed_table"])
    return registration


@transaction.atomic
def registration_enter_at_counter(
    *, event: Event, by: User, name: str = "", official_id: str = "", player: User | None = None
) -> Registration:
    """The organizer enters someone at the counter, checked in at once: the player chosen from the search,
    else the one person ``name`` (or ``official_id``) names exactly, else a walk-in with that name and id,
    entered without an account (see :func:`accounts.services.walk_in_create`)."""
    require_organizer(by, event, "enter players")
    if player is None:
        known = players_named(official_id) if official_id.strip() else []
        known = known or players_named(name)
        if len(known) > 1:
            called = " ".join(name.split())
            raise ValidationError(
                {"name": [f"Several players are called “{called}”: choose one from the list."]}
            )
        player = known[0] if known else walk_in_create(name=name, official_id=official_id, by=by)
    return registration_enter(event=event, player=player, by=by)
