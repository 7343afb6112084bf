"""Steps of running an event, shared by the tournaments tests."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.utils import timezone

from matches.services.judging import match_result_set
from tournaments.models import Event, Round
from tournaments.services import event_create, registration_create, round_close, round_pair, round_start
from tournaments.tests.factories import UserFactory


def event_with_players(players: int = 4, **settings: Any) -> tuple[Event, User, list[User]]:
    """An event organized by olivia with ``players`` players p1, p2, ... (Player1 Test, ...) checked in."""
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    settings.setdefault("game", "yugioh")
    # The clock tests count from 40 minutes; a new event's own default is its game's policy (50 today).
    settings.setdefault("round_minutes", 40)
    event = event_create(name="Friday Locals", starts_at=timezone.now(), organizer=organizer, **settings)
    entrants = [
        cast(User, UserFactory(username=f"p{i}", first_name=f"Player{i}", last_name="Test"))
        for i in range(1, players + 1)
    ]
    for player in entrants:
        registration_create(event=event, player=player)
    return event, organizer, entrants


def finish_all(round_: Round, judge: User) -> None:
    """Every match won 2-0 by the player at side a (the better-ranked player at the table)."""
    for match in round_.matches.exclude(player_b=None):
        match_result_set(match_id=match.pk, judge=judge, result="a", games_a=2, games_b=0, note="slip")


def play_round(event: Event, organizer: User, seed: int = 1) -> Round:
    """Pair, start, finish (side a wins everywhere) and close the event's next round."""
    round_ = round_pair(event=event, by=organizer, seed=seed)
    round_start(round_=round_, by=organizer)
    finish_all(round_, organizer)
    return round_close(round_=round_, by=organizer)
