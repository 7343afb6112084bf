"""Steps of running an event, shared by the tournaments tests."""

from __future__ import annotations

from django.contrib.auth.models import User

from matches.services.judging import match_result_set
from tournaments.models import Event, Round
from tournaments.services import round_close, round_pair, round_start


def finish_all(round_: Round, judge: User) -> None:
    """Every match won 2-0 by the player at side a (the better-ranked player at the table)."""
    for match in round_.matches.exclude(player_b=None):
        match_result_set(match_id=match.pk, judge=judge, result="a", games_a=2, games_b=0, note="slip")


def play_round(event: Event, organizer: User, seed: int | None = None) -> Round:
    """Pair, start, finish (side a wins everywhere) and close the event's next round."""
    round_ = round_pair(event=event, by=organizer, seed=seed)
    round_start(round_=round_, by=organizer)
    finish_all(round_, organizer)
    return round_close(round_=round_, by=organizer)
