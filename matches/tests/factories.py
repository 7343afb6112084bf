from __future__ import annotations

import factory

from matches.models import Match
from tournaments.tests.factories import RoundFactory, UserFactory


class MatchFactory(factory.django.DjangoModelFactory[Match]):
    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    table = factory.Sequence(lambda n: n + 1)
    player_a = factory.SubFactory(UserFactory)
    player_b = factory.SubFactory(UserFactory)
