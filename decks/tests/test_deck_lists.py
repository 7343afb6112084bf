"""Deck lists: parsed once at creation (catalog optional); legality and side swaps asked of the engine."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from decks.models import Card, DeckList
from decks.selectors import deck_legality, side_deck_check
from decks.services import DeckListInvalid, deck_list_create
from decks.tests.factories import BanlistEntryFactory, BanlistFactory, CardFactory, CardPrintingFactory
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def forty_card_catalog() -> list[str]:
    """Fourteen Normal Monsters: thirteen at 3 copies and one more make a 40-card Main Deck."""
    names = [f"Vanilla Warrior {n}" for n in range(14)]
    for name in names:
        CardFactory(name=name)
    return names


def forty_card_text(names: list[str], *, side: str = "") -> str:
    lines = ["Main"] + [f"3 {name}" for name in names[:13]] + [f"1 {names[13]}"]
    return "\n".join(lines) + (f"\nSide\n{side}\n" if side else "\n")


def test_with_no_cards_in_the_catalog_names_are_taken_as_written():
    owner = UserFactory()

    deck_list = deck_list_create(
        owner=owner, game="yugioh", name="Sky Striker", text="Main\n3 Sky Striker Ace - Raye\nSide\n2 Nibiru"
    )

    assert deck_list.sections == {
        "main": [{"name": "Sky Striker Ace - Raye", "count": 3}],
        "extra": [],
        "side": [{"name": "Nibiru", "count": 2}],
    }


def test_with_a_catalog_each_bad_line_is_reported_with_suggestions_and_nothing_is_saved():
    CardFactory(name="Blue-Eyes White Dragon")
    owner = UserFactory()

    with pytest.raises(DeckListInvalid) as raised:
        deck_list_create(
            owner=owner,
            game="yugioh",
            name="Dragons",
            text="Main\n3 Blue-Eyes White Dragon\n3 Blue-Eys White Dragon\nthree dragons\n",
        )

    problems = raised.value.problems
    assert [problem.line for problem in problems] == [3, 4]
    assert problems[0].suggestions == ("Blue-Eyes White Dragon",)
    assert raised.value.messages[0].startswith("line 3: ")
    assert "Did you mean 'Blue-Eyes White Dragon'" in raised.value.messages[0]
    assert not DeckList.objects.exists()


def test_a_ydk_is_named_through_the_catalogs_printings():
    dragon = CardPrintingFactory(code="89631139", card__name="Blue-Eyes White Dragon")
    CardPrintingFactory(code="89631140", card=dragon.card, canonical=False)  # an alternate artwork

    deck_list = deck_list_create(
        owner=UserFactory(), game="yugioh", name="From YGOPro", ydk="#main\n89631139\n89631140\n!side\n"
    )

    assert deck_list.sections["main"] == [{"name": "Blue-Eyes White Dragon", "count": 2}]
    assert "2 Blue-Eyes White Dragon" in deck_list.text


def test_saving_the_same_list_again_returns_it_and_other_cards_need_another_name():
    owner = UserFactory()
    first = deck_list_create(owner=owner, game="yugioh", name="Deck", text="3 Dark Magician")

    again = deck_list_create(owner=owner, game="yugioh", name="Deck", text="Main\n3 Dark Magician\n")

    assert again == first
    with pytest.raises(ValidationError):
        deck_list_create(owner=owner, game="yugioh", name="Deck", text="2 Dark Magician")


def test_legality_is_the_engines_deck_check_under_the_banlist():
    names = forty_card_catalog()
    deck_list = deck_list_create(
        owner=UserFactory(), game="yugioh", name="Vanilla", text=forty_card_text(names)
    )
    banlist = BanlistFactory()
    BanlistEntryFactory(banlist=banlist, card=Card.objects.get(name=names[0]))

    without = deck_legality(deck_list=deck_list)
    clean_banlist = deck_legality(deck_list=deck_list, banlist=BanlistFactory())
    under_banlist = deck_legality(deck_list=deck_list, banlist=banlist)

    # Without a banlist the construction is judged, and the list is not called legal: it was not checked.
    assert without["legal"] is None
    assert without["violations"] == []
    assert without["unchecked"] == [
        "Not checked against a Forbidden & Limited list: the event has none chosen."
    ]
    assert without["outcome"]["deck"]["counts"] == {"main": 40, "extra": 0, "side": 0}
    assert clean_banlist["legal"] is True
    assert clean_banlist["unchecked"] == []
    assert under_banlist["legal"] is False
    assert under_banlist["violations"][0]["code"] == "deck.forbidden"
    assert names[0] in under_banlist["violations"][0]["message"]


def test_a_side_swap_that_brings_in_an_unregistered_card_is_illegal_with_the_engines_reason():
    names = forty_card_catalog()
    CardFactory(name="Side Option")
    CardFactory(name="Smuggled Card")
    registered = deck_list_create(
        owner=UserFactory(), game="yugioh", name="Vanilla", text=forty_card_text(names, side="3 Side Option")
    )
    presented = {
        "main": [{"name": name, "count": 3} for name in names[:13]] + [{"name": "Smuggled Card", "count": 1}],
        "extra": [],
        "side": [{"name": "Side Option", "count": 3}],
    }

    ruling = side_deck_check(registered=registered, presented=presented)

    assert ruling["legal"] is False
    assert "side.card_not_registered" in [violation["code"] for violation in ruling["violations"]]
    assert any("Smuggled Card" in violation["message"] for violation in ruling["violations"])


def _demo_catalog() -> None:
    from decks.services import card_import
    from tournaments.demo import DEMO_CARDS

    card_import(path=DEMO_CARDS, expect="cards")


DARK_MAGICIAN_WITH_PROXY = (
    "Main\n3 Dark Magician\n3 Magician's Rod\n3 Magician of Dark Illusion\n3 Ash Blossom & Joyous Spring\n"
    "3 Dark Magical Circle\n3 Eternal Soul\n3 Pot of Desires\n3 Magician Navigation\n3 Solemn Strike\n"
    "3 Cosmic Cyclone\n3 Twin Twisters\n3 Mystical Space Typhoon\n2 Dark Magician Girl\n2 Illusion Magic\n"
    "Extra\n1 Proxy Dragon\n"
)


def _not_released(ruling: dict[str, object]) -> list[str]:
    violations = ruling["violations"]
    assert isinstance(violations, list)
    return [v["message"] for v in violations if v["code"] == "deck.not_released"]


def test_an_ocg_only_card_is_refused_at_a_tcg_event_by_its_name(settings):
    """The 2018 data has Proxy Dragon as OCG-only (ot 1): a TCG store (the default) refuses it."""
    _demo_catalog()
    deck_list = deck_list_create(owner=UserFactory(), game="yugioh", name="DM", text=DARK_MAGICIAN_WITH_PROXY)
    tcg_list = BanlistFactory(name="2018.09 TCG")
    ocg_list = BanlistFactory(name="2018.05 OCG")

    assert _not_released(deck_legality(deck_list=deck_list)) == [
        "Proxy Dragon was released only in the OCG (Asia), not in the TCG: "
        "it cannot be played at a TCG event."
    ]
    assert _not_released(deck_legality(deck_list=deck_list, banlist=tcg_list)) != []
    # the banlist's name says the event is an OCG one; else the store's setting does
    assert _not_released(deck_legality(deck_list=deck_list, banlist=ocg_list)) == []
    settings.YUGIOH_REGION = "ocg"
    assert _not_released(deck_legality(deck_list=deck_list)) == []


def test_a_magic_card_whose_catalog_text_allows_any_number_is_not_held_to_four():
    CardFactory(
        mtg=True,
        name="Relentless Rats",
        text="Whenever ... A deck can have any number of cards named Relentless Rats.",
    )
    CardFactory(mtg=True, name="Swamp", types=["land"], supertypes=["basic"])
    CardFactory(mtg=True, name="Lightning Bolt", types=["instant"])
    rats = deck_list_create(
        owner=UserFactory(), game="mtg", name="Rats", text="30 Relentless Rats\n30 Swamp\n"
    )
    bolts = deck_list_create(
        owner=UserFactory(), game="mtg", name="Bolts", text="30 Lightning Bolt\n30 Swamp\n"
    )

    assert deck_legality(deck_list=rats)["violations"] == []
    assert [v["code"] for v in deck_legality(deck_list=bolts)["violations"]] == ["mtg.deck.copies"]
