"""Registrations' archetypes as pages read them, who may read an event's archetypes, and the suggestions
for unnamed lists.

An event's archetypes say what each player registered, so they are as private as its deck lists
(:func:`tournaments.selectors.deck_lists.event_deck_lists_visible_to`): its deck staff see them at any time,
everyone signed in once the event made its lists public.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from accounts.users import AnyUser
from decks.models import DeckList, is_presented_list_name
from tournaments.engine.metagame import Suggestion, clean_archetype, suggest_archetype
from tournaments.models import ArchetypeChange, Event, Registration
from tournaments.selectors.events import is_deck_staff


def archetype_name(archetype: str) -> str:
    """An archetype as people read it: "Unnamed deck" (in the reader's language) for an empty one."""
    return archetype or gettext("Unnamed deck")


def archetype_of(registration: Registration) -> str:
    """The archetype of the registration's deck as people read it (:func:`archetype_name`). Callers show it
    only where the event's lists may be read (:func:`archetypes_visible_to`) or to the player themselves."""
    return archetype_name(registration.archetype)


def archetypes_visible_to(user: AnyUser, event: Event) -> bool:
    """Whether ``user`` may read the event's archetypes and metagame: its deck staff always, anyone signed in
    once the event made its deck lists public."""
    if is_deck_staff(user, event):
        return True
    return bool(event.decklists_public and user.is_authenticated)


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


def archetype_suggestions(event: Event) -> dict[int, Suggestion]:
    """For each unnamed registration with a list: the archetype of the most similar named list of the same
    event (``tournaments.engine.metagame.suggest_archetype``), by registration id."""
    registrations = list(
        Registration.objects.filter(event=event, deck_list__isnull=False).select_related("deck_list")
    )
    named = [
        (registration.archetype, set(deck_cards(registration.deck_list)))
        for registration in registrations
        if registration.archetype
    ]
    suggestions: dict[int, Suggestion] = {}
    for registration in registrations:
        if registration.archetype:
            continue
        suggestion = suggest_archetype(deck_cards(registration.deck_list), named)
        if suggestion is not None:
            suggestions[registration.pk] = suggestion
    return suggestions


# The staff's list of corrections shows the latest ones (the admin has all of them).
CHANGES_SHOWN = 30


def recent_archetype_changes(event: Event) -> list[ArchetypeChange]:
    """The latest corrections of the event's archetypes, newest first, with who made them and whose deck it
    is (one query). For its deck staff only, like the forms that make them."""
    return list(
        ArchetypeChange.objects.filter(registration__event=event)
        .select_related("registration__player", "changed_by")
        .order_by("-changed_at", "-pk")[:CHANGES_SHOWN]
    )
