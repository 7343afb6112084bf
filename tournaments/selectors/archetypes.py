"""Registrations' archetypes as pages read them, who may read an event's archetypes, and the suggestions
for unnamed lists.

An event's archetypes say what each player registered, so they are as private as its deck lists
(:func:`tournaments.selectors.deck_lists.event_deck_lists_visible_to`): its deck staff see them at any time,
everyone signed in once the event made its lists public.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import CharField, Count, Max, Q, QuerySet, Value
from django.db.models.functions import Concat, TruncMinute
from django.utils.translation import gettext

from accounts.users import AnyUser, display_name
from decks.models import DeckList, is_presented_list_name
from tournaments.engine.metagame import Suggestion, clean_archetype, suggest_archetypes
from tournaments.models import ArchetypeChange, Event, Registration
from tournaments.selectors.events import is_deck_staff


def archetype_name(archetype: str) -> str:
    """An archetype as people read it: "Unnamed deck" (in the reader's language) for an empty one."""
    return archetype or gettext("Unnamed deck")


def archetype_of(registration: Registration) -> str:
    """The archetype of the registration's deck as people read it (:func:`archetype_name`). Callers show it
    only where the event's lists may be read (:func:`archetypes_visible_to`) or to the player themselves."""
    return archetype_name(registration.archetype)


def archetypes_visible_to(user: AnyUser, event: Event, *, playing: bool = False) -> bool:
    """Whether ``user`` may read the event's archetypes and metagame: its deck staff always, anyone signed in
    once the event made its deck lists public. ``playing``: the caller knows ``user`` plays in the event, so
    is not its deck staff (no query asks)."""
    if not playing and is_deck_staff(user, event):
        return True
    return bool(event.decklists_public and user.is_authenticated)


def archetypes_not_public() -> str:
    """Why someone who may not read the event's archetypes is refused (the page and the API alike)."""
    return gettext(
        "The decks of this event are not public yet: its judges and organizers who do not play in it see "
        "them, everyone else once the organizer makes the deck lists public."
    )


def archetype_from_list_name(list_name: str, event_name: str) -> str:
    """The archetype a list's name gives: the name a player typed, or "" for a name Arbiter made up (a list
    pasted on the event page, "<event> v2"; a list a judge entered as presented)."""
    if re.fullmatch(re.escape(event_name[:100]) + r" v\d+", list_name):
        return ""
    if is_presented_list_name(list_name):
        return ""
    return clean_archetype(list_name)


def deck_cards(deck_list: DeckList | None) -> dict[str, int]:
    """The cards of a list's deck, name -> copies: every section but the Side Deck (sideboard)."""
    if deck_list is None:
        return {}
    cards: dict[str, int] = {}
    sections: Mapping[str, Any] = deck_list.sections or {}
    for section, rows in sections.items():
        if section == "side":
            continue
        for row in rows or ():
            name, count = row.get("name"), row.get("count", 0)
            if isinstance(name, str) and isinstance(count, int):
                cards[name] = cards.get(name, 0) + count
    return cards


def archetype_suggestions(event: Event, only: Collection[int] | None = None) -> dict[int, Suggestion]:
    """For each unnamed registration with a list (of ``only``, registration ids, when given: the page's):
    the archetype of the most similar named list of the same event
    (``tournaments.engine.metagame.suggest_archetypes``), by registration id."""
    registrations = Registration.objects.filter(event=event, deck_list__isnull=False)
    if only is not None:
        registrations = registrations.filter(Q(pk__in=only) | ~Q(archetype=""))
    read = list(registrations.select_related("deck_list"))
    named = [
        (registration.archetype, deck_cards(registration.deck_list))
        for registration in read
        if registration.archetype
    ]
    unnamed = {
        registration.pk: deck_cards(registration.deck_list)
        for registration in read
        if not registration.archetype
    }
    return suggest_archetypes(unnamed, named)


def decks_to_name(event: Event, *, find: str = "", unnamed_only: bool = False) -> QuerySet[Registration]:
    """The event's registrations as its deck staff's naming list shows them, by player name: narrowed to the
    players whose name or username, or the decks whose archetype, holds ``find`` (any case), and to the
    decks with no name yet. For its deck staff only, like the forms on each."""
    rows = Registration.objects.filter(event=event)
    if unnamed_only:
        rows = rows.filter(archetype="")
    if find:
        rows = rows.annotate(
            full_name=Concat("player__first_name", Value(" "), "player__last_name", output_field=CharField())
        ).filter(
            Q(full_name__icontains=find) | Q(player__username__icontains=find) | Q(archetype__icontains=find)
        )
    return rows.select_related("player", "deck_list").order_by(
        "player__first_name", "player__last_name", "player__username", "pk"
    )


def archetype_names(event: Event) -> list[str]:
    """Every archetype named in the event, in alphabetical order (what the staff's forms offer)."""
    names = Registration.objects.filter(event=event).exclude(archetype="").values_list("archetype", flat=True)
    return sorted(set(names), key=lambda name: (name.casefold(), name))


# The staff's list of corrections shows the latest ones (the admin has all of them).
CHANGES_SHOWN = 30


@dataclass(frozen=True)
class Correction:
    """A correction as the staff read it: one player's deck renamed, or a merge of every deck of a name."""

    at: datetime
    by: str
    old: str  # as people read it ("Unnamed deck" for an empty one)
    new: str
    player: str  # whose deck was renamed; "" for a merge
    decks: int  # how many decks a merge renamed (1 for a rename)


def recent_corrections(event: Event) -> list[Correction]:
    """The latest ``CHANGES_SHOWN`` corrections of the event's archetypes, newest first (three queries). A
    merge writes a row per deck it renames; they are counted as one correction: the same person, the same
    two names, within the same minute (a merge takes milliseconds; the same merge again in that minute
    would find no deck left to rename). For its deck staff only, like the forms that make them."""
    changes = ArchetypeChange.objects.filter(registration__event=event)
    renames = (
        changes.filter(merged=False)
        .select_related("registration__player", "changed_by")
        .order_by("-changed_at", "-pk")[:CHANGES_SHOWN]
    )
    merges = list(
        changes.filter(merged=True)
        .annotate(minute=TruncMinute("changed_at"))
        .values("changed_by", "old_archetype", "new_archetype", "minute")
        .annotate(decks=Count("pk"), at=Max("changed_at"))
        .order_by("-at")[:CHANGES_SHOWN]
    )
    people = User.objects.in_bulk({merge["changed_by"] for merge in merges})
    corrections = [
        Correction(
            at=change.changed_at,
            by=display_name(change.changed_by),
            old=archetype_name(change.old_archetype),
            new=archetype_name(change.new_archetype),
            player=display_name(change.registration.player),
            decks=1,
        )
        for change in renames
    ]
    corrections += [
        Correction(
            at=merge["at"],
            by=display_name(people[merge["changed_by"]]),
            old=archetype_name(merge["old_archetype"]),
            new=archetype_name(merge["new_archetype"]),
            player="",
            decks=merge["decks"],
        )
        for merge in merges
    ]
    return sorted(corrections, key=lambda correction: correction.at, reverse=True)[:CHANGES_SHOWN]
