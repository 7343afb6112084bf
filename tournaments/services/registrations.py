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
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.selectors import players_named
from accounts.services import walk_in_create
from accounts.users import AnyUser, display_name
from config.refusals import Conflict
from decks.models import DeckList
from tournaments.models import Event, Registration, Round
from tournaments.selectors.archetypes import archetype_from_list_name
from tournaments.selectors.events import is_organizer
from tournaments.services.history import history_changed


class RegistrationClosed(Conflict):
    """The event no longer takes players (its top cut has started or it is over): a 409."""


def lock_event(event: Event) -> Event:
    """The event row, locked: entries, check-ins and pairing of one event happen one at a time."""
    return Event.objects.select_for_update().get(pk=event.pk)


# Each refusal a whole sentence (a translator never sees a verb phrase spliced into another sentence).
ORGANIZER_ONLY = {
    "open this page": _("Only an organizer of this event can open this page."),
    "undo a drop": _("Only an organizer of this event can undo a drop."),
    "pair rounds": _("Only an organizer of this event can pair rounds."),
    "re-pair rounds": _("Only an organizer of this event can re-pair rounds."),
    "start rounds": _("Only an organizer of this event can start rounds."),
    "close rounds": _("Only an organizer of this event can close rounds."),
    "change pairings": _("Only an organizer of this event can change pairings."),
    "award byes": _("Only an organizer of this event can award byes."),
    "keep a table for a player": _("Only an organizer of this event can keep a table for a player."),
    "enter players": _("Only an organizer of this event can enter players."),
    "see the event's staff": _("Only an organizer of this event can see the event's staff."),
    "add judges and organizers": _("Only an organizer of this event can add judges and organizers."),
    "remove judges and organizers": _("Only an organizer of this event can remove judges and organizers."),
    "change a registration": _("Only an organizer of this event can change a registration."),
    "change its settings": _("Only an organizer of this event can change its settings."),
    "pause the round's clock": _("Only an organizer of this event can pause the round's clock."),
    "resume the round's clock": _("Only an organizer of this event can resume the round's clock."),
    "add time to the round": _("Only an organizer of this event can add time to the round."),
}


def require_organizer(user: AnyUser, event: Event, action: str) -> None:
    """Refuse anyone but the event's organizers (before anything is read or written); ``action`` is one of
    :data:`ORGANIZER_ONLY`'s keys."""
    if not is_organizer(user, event):
        refusal = ORGANIZER_ONLY.get(action)
        raise PermissionDenied(refusal or gettext("Only an organizer of this event can do that."))


def _require_open(event: Event) -> None:
    if event.status == Event.Status.FINISHED or event.rounds.filter(stage=Round.Stage.TOP).exists():
        raise RegistrationClosed(
            gettext("%(event)s no longer takes players: its top cut has started or it is over.")
            % {"event": event.name}
        )


def first_round_open_to_entries(event: Event) -> int:
    """The first Swiss round a player entering now can be paired in: the one after the last started."""
    started = event.rounds.filter(stage=Round.Stage.SWISS).exclude(status=Round.Status.PAIRED)
    return started.count() + 1


def _check_in(registration: Registration, event: Event) -> None:
    registration.checked_in_at = timezone.now()
    registration.joined_round = first_round_open_to_entries(event)
    registration.save(update_fields=["checked_in_at", "joined_round"])
    history_changed(event_id=event.pk)


@transaction.atomic
def registration_create(*, event: Event, player: User, deck_list: DeckList | None = None) -> Registration:
    """Enter ``player`` and check them in (the demo and tests; the organizer's counter uses
    :func:`registration_enter`). Entering twice keeps the first registration."""
    archetype = archetype_from_list_name(deck_list.name, event.name) if deck_list is not None else ""
    registration, created = Registration.objects.get_or_create(
        event=event, player=player, defaults={"deck_list": deck_list, "archetype": archetype}
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
        raise PermissionDenied(gettext("Only an organizer of this event can enter another player."))
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
            raise PermissionDenied(gettext("Only an organizer of this event can check in another player."))
        if not hmac.compare_digest(code.strip().upper().encode(), event.event_code.encode()):
            raise ValidationError(
                {"code": [gettext("That is not this event's code: ask the organizer for it.")]}
            )
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
        raise ValidationError(
            {
                "byes": [
                    gettext("%(event)s does not award byes up front (see its settings).")
                    % {"event": event.name}
                ]
            }
        )
    if isinstance(byes, bool) or not isinstance(byes, int) or not 0 <= byes <= 3:
        raise ValidationError({"byes": [gettext("Award 0 to 3 byes.")]})
    if event.rounds.exclude(status=Round.Status.PAIRED).exists():
        raise ValidationError({"byes": [gettext("Byes are awarded before round 1 starts.")]})
    registration.byes = byes
    registration.save(update_fields=["byes"])
    history_changed(event_id=event.pk)
    return registration


@transaction.atomic
def registration_fix_table(*, registration: Registration, table: int | None, by: User) -> Registration:
    """Keep a seat for a player who needs one (``None`` frees it); another player's seat is refused."""
    registration = _lock_registration(registration)
    event = registration.event
    require_organizer(by, event, "keep a table for a player")
    if table is not None:
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            raise ValidationError({"fixed_table": [gettext("A table number: a whole number, 1 or more.")]})
        holder = event.registrations.filter(fixed_table=table).exclude(pk=registration.pk).first()
        if holder is not None:
            raise ValidationError(
                {
                    "fixed_table": [
                        gettext("Table %(table)s is already kept for %(name)s.")
                        % {"table": table, "name": display_name(holder.player)}
                    ]
                }
            )
    registration.fixed_table = table
    registration.save(update_fields=["fixed_table"])
    history_changed(event_id=event.pk)
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
                {
                    "name": [
                        gettext("Several players are called “%(name)s”: choose one from the list.")
                        % {"name": called}
                    ]
                }
            )
        player = known[0] if known else walk_in_create(name=name, official_id=official_id, by=by)
    return registration_enter(event=event, player=player, by=by)
