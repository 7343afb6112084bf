"""Every write to events, their staff, registrations and rounds."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import slugify

from decks.models import DeckList
from tournaments.models import Event, EventRole, Registration, Round


@transaction.atomic
def event_create(
    *,
    name: str,
    game: str,
    starts_at: datetime,
    organizer: User,
    slug: str = "",
    round_minutes: int = 40,
) -> Event:
    """Create an event; whoever creates it organizes it."""
    event = Event.objects.create(
        name=name,
        slug=slug or slugify(name)[:80],
        game=game,
        starts_at=starts_at,
        round_minutes=round_minutes,
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
