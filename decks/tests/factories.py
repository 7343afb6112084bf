from __future__ import annotations

import factory

from decks.models import DeckList
from tournaments.tests.factories import UserFactory


class DeckListFactory(factory.django.DjangoModelFactory[DeckList]):
    class Meta:
        model = DeckList

    owner = factory.SubFactory(UserFactory)
    game = "yugioh"
    name = factory.Sequence(lambda n: f"Deck {n}")
    text = "Main\n3 Blue-Eyes White Dragon\n"
