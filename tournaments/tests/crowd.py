"""A Friday night with a full room, for the projector's tests and screenshots: forty players with the names
people really bring (long ones too), two rounds played and the third running."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.models import Event, Round
from tournaments.services import event_create, registration_create, round_pair, round_start
from tournaments.tests.event_steps import play_round
from tournaments.tests.factories import UserFactory

FIRST = [
    "Ana", "Bruno", "Camila", "Diego", "Eduarda", "Felipe", "Gabriela", "Hugo", "Isabela", "João",
    "Karina", "Lucas", "Mariana", "Nicolás", "Olivia", "Pedro", "Quésia", "Rafael", "Sofía", "Tomás",
]  # fmt: skip
LAST = ["Albuquerque", "Rodríguez", "Nakamura", "Vasconcelos de Souza"]


def crowd_event(players: int = 40, *, rounds_played: int = 2, **settings: Any) -> Event:
    """An event of ``players`` checked-in players, ``rounds_played`` rounds closed and the next one
    running (its clock started now); ``settings`` go to :func:`event_create`."""
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    event = event_create(
        name="Friday Night Yu-Gi-Oh!",
        starts_at=timezone.now(),
        organizer=organizer,
        game="yugioh",
        **settings,
    )
    for i in range(players):
        player = cast(
            User,
            UserFactory(
                username=f"player{i + 1:02}",
                first_name=FIRST[i % len(FIRST)],
                last_name=LAST[(i + i // len(FIRST)) % len(LAST)],
            ),
        )
        registration_create(event=event, player=player)
    for seed in range(1, rounds_played + 1):
        play_round(event, organizer, seed=seed)
    round_start(round_=round_pair(event=event, by=organizer, seed=rounds_played + 1), by=organizer)
    return event


def running_round(event: Event) -> Round:
    return event.rounds.get(status=Round.Status.IN_PROGRESS)
