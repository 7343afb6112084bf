from __future__ import annotations

from collections.abc import Callable

import factory

from matches.models import Duel, Match, match_format_for_game
from tournaments.tests.factories import RoundFactory, UserFactory


class MatchFactory(factory.django.DjangoModelFactory[Match]):
    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    table = factory.Sequence(lambda n: n + 1)
    player_a = factory.SubFactory(UserFactory)
    player_b = factory.SubFactory(UserFactory)
    match_format = factory.LazyAttribute(lambda match: match_format_for_game(match.round.event.game))


class DuelFactory(factory.django.DjangoModelFactory[Duel]):
    """A duel being played: A chose to play first."""

    class Meta:
        model = Duel

    match = factory.SubFactory(MatchFactory)
    number = 1
    chooser = "A"
    choice = "first"
    first_player = "A"


def coin_landing_on(side: str) -> Callable[[], str]:
    """A coin for ``match_coin_toss(coin=...)`` that lands on ``side`` (the real one is ``fair_coin``)."""
    return lambda: side
