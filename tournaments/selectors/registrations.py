"""Reads of an event's registrations."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Event, Registration


def registrations_for(event: Event) -> QuerySet[Registration]:
    return event.registrations.select_related("player__player", "deck_list").order_by(
        "player__last_name", "player__first_name", "player__username"
    )
