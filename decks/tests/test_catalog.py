"""The database catalog against the engine's CardCatalog protocol, and the engine using it."""

from __future__ import annotations

import pytest

from decks.catalog import DatabaseCatalog
from decks.parsing import parse_deck_text, resolve_names
from decks.services import card_import
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import build_cdb
from decks.tests.factories import CardFactory, CardPrintingFactory
from rules.engine import judge
from rules.engine.catalog import CardCatalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported():
    card_import(data=build_cdb(cdb.SMALL_SET))


def test_it_implements_the_engines_protocol():
    assert isinstance(DatabaseCatalog(), CardCatalog)


def test_a_link_monster_in_the_dispute_formats_keys(imported):
    data = DatabaseCatalog("yugioh").card_by_name("decode talker")

    assert data == {
        "name": "Decode Talker",
        "game": "yugioh",
        "catalog_id": "1861629",
        "kind": "monster",
        "ocg": True,
        "tcg": True,
        "frame": "link",
        "tuner": False,
        "pendulum": False,
        "link": 3,
        "link_arrows": ["top", "bottom-left", "bottom-right"],
        "atk": 2300,
        "attribute": "dark",
        "monster_type": "cyberse",
    }


def test_spells_traps_and_xyz_monsters(imported):
    catalog = DatabaseCatalog("yugioh")

    assert catalog.card_by_name("Mystical Space Typhoon") == {
        "name": "Mystical Space Typhoon",
        "game": "yugioh",
        "catalog_id": "5318639",
        "kind": "spell",
        "ocg": True,
        "tcg": True,
        "icon": "quick-play",
    }
    utopia = catalog.card_by_id("84013237")
    assert utopia is not None
    assert (utopia["rank"], "level" in utopia) == (4, False)


def test_unknown_names_and_ids_are_none():
    catalog = DatabaseCatalog()

    assert catalog.card_by_name("No Such Card") is None
    assert catalog.card_by_id("12345") is None


def test_answers_are_cached_within_an_instance(imported, django_assert_num_queries):
    catalog = DatabaseCatalog("yugioh")
    catalog.card_by_name("Pot of Greed")
    catalog.card_by_name("Nothing")

    with django_assert_num_queries(0):
        catalog.card_by_name("pot of greed")
        catalog.card_by_name("Nothing")


def test_a_whole_deck_is_looked_up_in_one_round_of_queries(imported, django_assert_num_queries):
    catalog = DatabaseCatalog("yugioh")
    names = ["Dark Magician", "Decode Talker", "Ash Blossom & Joyous Spring", "Pot of Greed", "Unknown"]

    with django_assert_num_queries(2):  # the cards, then their canonical ids
        catalog.prefetch_names(names)
    with django_assert_num_queries(0):
        assert [catalog.card_by_name(name) is not None for name in names] == [True, True, True, True, False]


def test_the_game_narrows_the_catalog():
    CardPrintingFactory(card=CardFactory(mtg=True, name="Shock"), code="m-shock")

    assert DatabaseCatalog("yugioh").card_by_name("Shock") is None
    assert DatabaseCatalog("yugioh").card_by_id("m-shock") is None
    shock = DatabaseCatalog("mtg").card_by_name("Shock")
    assert shock is not None
    assert shock["types"] == ["creature"]


def test_names_for_suggestions(imported):
    assert "Decode Talker" in DatabaseCatalog("yugioh").names()


def test_resolving_a_pasted_list_against_the_database(imported, django_assert_max_num_queries):
    deck = parse_deck_text("3 ASH BLOSSOM & JOYOUS SPRING\n3 Dark Magican\n", game="yugioh")
    catalog = DatabaseCatalog("yugioh")

    with django_assert_max_num_queries(3):
        resolved = resolve_names(deck, catalog, known_names=catalog.names())

    assert resolved.sections["main"] == [("Ash Blossom & Joyous Spring", 3)]
    assert resolved.problems[0].suggestions == ("Dark Magician",)


def test_the_engine_counts_an_alternate_artwork_as_the_card_it_prints(imported):
    # given a deck naming Dark Magician's alternate artwork by its id in the .ydk sense: 3 + 1 copies
    catalog = DatabaseCatalog("yugioh")
    alternate = catalog.card_by_id("36996508")
    assert alternate is not None
    fillers = [{"name": f"Filler {n}", "count": 3, "kind": "monster", "frame": "normal"} for n in range(12)]
    dispute = {
        "format": "dispute/1",
        "game": "yugioh",
        "action": {
            "type": "deck_check",
            "deck": {
                "main": [
                    {"name": "Dark Magician", "count": 3},
                    *fillers,
                    {"name": "Pot of Greed", "count": 1},
                ],
                "extra": [],
                "side": [{"name": alternate["name"], "count": 1}],
            },
        },
    }

    # when the engine checks it with the database catalog
    ruling = judge(dispute, catalog)

    # then the fourth Dark Magician breaks the copy limit
    assert ruling["legal"] is False
    assert ruling["violations"][0]["code"] == "deck.copies"
