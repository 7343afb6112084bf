"""Registered deck lists: who may register which list at an event and when, and each registration's
history of lists. Deck lists themselves are written by ``decks.services`` (a new version is a new row)."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.refusals import Conflict
from decks.models import PRESENTED_LIST_NAME, DeckList
from decks.services import deck_list_create
from tournaments.models import (
    DeckListChange,
    Event,
    Registration,
)
from tournaments.selectors.deck_lists import deck_lists_registered_at
from tournaments.selectors.events import is_deck_staff
from tournaments.services.archetypes import archetype_follow_list

NOT_REGISTERED_HERE = _(
    "That list was never registered for this event: enter the list the player presents as text instead."
)


class DeckListLocked(Conflict):
    """The event's deck list deadline has passed: only a judge may change the list now (a 409)."""


def deck_lists_locked(event: Event, *, now: datetime | None = None) -> bool:
    """Past the deadline, a player's registered list is locked."""
    deadline = event.decklist_deadline
    return deadline is not None and (now or timezone.now()) >= deadline


def _lock_registration(registration: Registration) -> Registration:
    return Registration.objects.select_for_update().select_related("event").get(pk=registration.pk)


def _check_list_fits(registration: Registration, deck_list: DeckList) -> None:
    if deck_list.owner_id != registration.player_id:
        raise ValidationError({"deck_list": [gettext("That deck list belongs to someone else.")]})
    if deck_list.game != registration.event.game:
        raise ValidationError(
            {
                "deck_list": [
                    gettext("That is a %(game)s list; this event plays another game.")
                    % {"game": deck_list.get_game_display()}
                ]
            }
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
    archetype_follow_list(registration, deck_list)
    registration.save(update_fields=["deck_list", "archetype"])
    return registration


def _locked_message(event: Event) -> str:
    deadline = event.decklist_deadline
    if deadline is None:
        return gettext("Deck lists for %(event)s are locked: ask a judge to change yours.") % {
            "event": event.name
        }
    local = timezone.localtime(deadline)
    return gettext(
        "Deck lists for %(event)s locked on %(date)s at %(time)s: ask a judge to change yours."
    ) % {
        "event": event.name,
        "date": date_format(local, "SHORT_DATE_FORMAT"),
        "time": time_format(local, "TIME_FORMAT"),
    }


@transaction.atomic
def registration_deck_submit(*, registration: Registration, deck_list: DeckList, by: User) -> Registration:
    """The player registers (or replaces) their own deck list, until the event's deadline.

    The registration row is locked, so a submission racing the judge's replacement is applied after it.
    Raises ``PermissionDenied`` for anyone but the registration's player and :class:`DeckListLocked` after
    the deadline. Submitting the registered list again changes nothing.
    """
    registration = _lock_registration(registration)
    if by.pk != registration.player_id:
        raise PermissionDenied(gettext("Only the player can submit their own deck list."))
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
        raise PermissionDenied(gettext("Only the player can submit their own deck list."))
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


def _presented_list_name(registration: Registration) -> str:
    """The name of a list a judge enters as the player presents it: numbered by this registration's own
    changes, so the name says nothing of the player's other lists (staff can make an event with any name)."""
    number = registration.deck_changes.count() + 1
    # In English whatever the judge's language: ``DeckList.name_words`` says it in each reader's.
    return PRESENTED_LIST_NAME % {"event": registration.event.name[:100], "number": number}


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

    The reason is required and kept in the history. Give the corrected list as ``text`` (what the player
    presents): it is saved as a new list owned by the player. ``deck_list`` may only put back a list this
    registration holds or held (:func:`tournaments.selectors.deck_lists_registered_at`): a judge never
    reaches a list the player did not register here. Raises ``PermissionDenied`` for anyone but the event's
    judges and organizers who do not play in it.
    """
    registration = _lock_registration(registration)
    if not is_deck_staff(judge, registration.event):
        raise PermissionDenied(
            gettext(
                "Only a judge or organizer of this event who does not play in it can replace a deck list."
            )
        )
    reason = reason.strip()
    if not reason:
        raise ValidationError(
            {"reason": [gettext("Say why the list is replaced: the player and judges read it.")]}
        )
    if (deck_list is None) == (text is None):
        raise ValidationError(
            {"deck_list": [gettext("Give an existing deck list or the corrected list as text.")]}
        )
    if deck_list is not None and not deck_lists_registered_at(registration).filter(pk=deck_list.pk).exists():
        raise ValidationError({"deck_list": [NOT_REGISTERED_HERE]})
    if deck_list is None:
        deck_list = deck_list_create(
            owner=registration.player,
            game=registration.event.game,
            name=_presented_list_name(registration),
            text=text,
        )
    _check_list_fits(registration, deck_list)
    return _set_list(registration, deck_list, by=judge, reason=reason)
