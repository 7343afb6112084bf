"""Reads of deck lists, scoped to who may see them.

A deck list is private to its owner until it is registered for an event; then that event's organizers and
judges see it too (they check decks). Event staff are read through ``tournaments.selectors``.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from decks.models import DeckList
from tournaments.selectors import AnyUser, events_staffed_by


def deck_lists_visible_to(user: AnyUser) -> QuerySet[DeckList]:
    if not user.is_authenticated:
        return DeckList.objects.none()
    staffed_events = events_staffed_by(user).values("pk")
    return (
        DeckList.objects.filter(Q(owner=user) | Q(registrations__event__in=staffed_events))
        .distinct()
        .select_related("owner")
    )
