"""Factories for deck lists, catalog cards, their printings, banlists and card imports."""

from __future__ import annotations

from datetime import date

import factory

from decks.models import Banlist, BanlistEntry, Card, CardImport, CardPrinting, DeckList
from decks.parsing import parse_deck_text
from rules.engine.catalog import normalize_name
from tournaments.tests.factories import UserFactory


def text_sections(text: str, game: str) -> dict[str, list[dict[str, object]]]:
    """The sections of a pasted list, names unchecked (as ``deck_list_create`` stores them)."""
    return parse_deck_text(text, game=game).as_engine_deck()


class DeckListFactory(factory.django.DjangoModelFactory[DeckList]):
    class Meta:
        model = DeckList

    owner = factory.SubFactory(UserFactory)
    game = "yugioh"
    name = factory.Sequence(lambda n: f"Deck {n}")
    text = "Main\n3 Blue-Eyes White Dragon\n"
    sections = factory.LazyAttribute(lambda deck_list: text_sections(deck_list.text, deck_list.game))


class CardFactory(factory.django.DjangoModelFactory[Card]):
    """A Yu-Gi-Oh! Normal Monster unless told otherwise; traits for the other kinds."""

    class Meta:
        model = Card

    class Params:
        spell = factory.Trait(kind="spell", frame="", icon="normal", level=None, atk=None, defense=None)
        trap = factory.Trait(kind="trap", frame="", icon="normal", level=None, atk=None, defense=None)
        link = factory.Trait(frame="link", level=None, link_rating=2, link_arrows=0x22, defense=None)
        xyz = factory.Trait(frame="xyz", level=None, rank=4)
        mtg = factory.Trait(
            game="mtg", kind="", frame="", level=None, atk=None, defense=None, types=["creature"]
        )

    game = "yugioh"
    name = factory.Sequence(lambda n: f"Test Card {n}")
    name_key = factory.LazyAttribute(lambda card: normalize_name(card.name))
    kind = "monster"
    frame = "normal"
    level = 4
    atk = 1800
    defense = 1000
    attribute = "earth"
    monster_type = "warrior"


class CardPrintingFactory(factory.django.DjangoModelFactory[CardPrinting]):
    class Meta:
        model = CardPrinting

    card = factory.SubFactory(CardFactory)
    game = factory.LazyAttribute(lambda printing: printing.card.game)
    code = factory.Sequence(lambda n: str(10_000_000 + n))
    canonical = True


class BanlistFactory(factory.django.DjangoModelFactory[Banlist]):
    class Meta:
        model = Banlist

    game = "yugioh"
    name = factory.Sequence(lambda n: f"2018.{n % 12 + 1:02d} TCG #{n}")
    effective = date(2018, 9, 1)


class BanlistEntryFactory(factory.django.DjangoModelFactory[BanlistEntry]):
    class Meta:
        model = BanlistEntry

    banlist = factory.SubFactory(BanlistFactory)
    card = factory.SubFactory(CardFactory)
    status = "forbidden"


class CardImportFactory(factory.django.DjangoModelFactory[CardImport]):
    class Meta:
        model = CardImport

    uploaded_by = factory.SubFactory(UserFactory)
    filename = "cards.cdb"
    data = b""
    size = factory.LazyAttribute(lambda card_import: len(card_import.data or b""))
