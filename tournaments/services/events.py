"""Events, their staff, registrations and rounds: creating them."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify

from decks.models import DeckList
from rules.engine.end_of_round import procedure_fits_game
from tournaments.models import (
    Event,
    EventRole,
    Registration,
    Round,
    end_of_round_for_game,
)


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
