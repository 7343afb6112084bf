"""Events set up through the services for the page tests: an organizer, players checked in, rounds played."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.utils import timezone

from matches.services.judging import match_result_set
from tournaments.models import Event, Round
from tournaments.services import event_create, registration_create, round_close, round_pair, round_start
from tournaments.tests.factories import UserFactory


def event_with_players(players: int = 4, **settings: Any) -> tuple[Event, User, list[User]]:
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    settings.setdefault("game", "yugioh")
    event = event_create(name="Friday Locals", starts_at=timezone.now(), organizer=organizer, **settings)
    entrants = [
        cast(User, UserFactory(username=f"p{i}", first_name=f"Player{i}", last_name="Test"))
        for i in range(1, players + 1)
    ]
    for player in entrants:
        registration_create(event=event, player=player)
    return event, organizer, entrants


def finish(round_: Round, judge: User) -> None:
    """Every match won 2-0 by the player at side a."""
    for match in round_.matches.exclude(player_b=None):
        match_result_set(match_id=match.pk, judge=judge, result="a", games_a=2, games_b=0, note="slip")


def play_round(event: Event, organizer: User, seed: int = 1) -> Round:
    round_ = round_pair(event=event, by=organizer, seed=seed)
    round_start(round_=round_, by=organizer)
    finish(round_, organizer)
    return round_close(round_=round_, by=organizer)
