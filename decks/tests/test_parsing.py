"""Deck lists as players paste them and .ydk files: sections, counts, problems with lines and suggestions."""

from __future__ import annotations

import pytest

from decks.parsing import parse_deck_text, parse_ydk, resolve_names, resolve_ydk, suggest_names
from rules.engine.catalog import InMemoryCatalog

YUGIOH_CARDS = [
    {"name": "Ash Blossom & Joyous Spring", "catalog_id": "14558127", "kind": "monster", "frame": "effect"},
    {"name": "Pot of Greed", "catalog_id": "55144522", "kind": "spell"},
    {"name": "Dark Magician", "catalog_id": "46986414", "kind": "monster", "frame": "normal"},
    {"name": "Decode Talker", "catalog_id": "1861629", "kind": "monster", "frame": "link"},
    {"name": "Mystical Space Typhoon", "catalog_id": "5318639", "kind": "spell"},
]
NAMES = [card["name"] for card in YUGIOH_CARDS]


@pytest.fixture
def catalog():
    yugioh = InMemoryCatalog(YUGIOH_CARDS)
    # an alternate artwork's id answers with the card it prints
    yugioh._by_id["36996508"] = yugioh._by_id["46986414"]
    return yugioh


def test_a_pasted_yugioh_list_with_headings_comments_and_blank_lines():
    text = """# my deck
Main Deck:
3 Ash Blossom & Joyous Spring
1x Pot of Greed

Extra Deck (1)
Decode Talker x1
Side
// side plan
2 Mystical Space Typhoon
"""

    deck = parse_deck_text(text, game="yugioh")

    assert deck.ok
    assert deck.sections == {
        "main": [("Ash Blossom & Joyous Spring", 3), ("Pot of Greed", 1)],
        "extra": [("Decode Talker", 1)],
        "side": [("Mystical Space Typhoon", 2)],
    }


def test_lines_before_any_heading_are_the_main_deck_and_repeats_add_up():
    deck = parse_deck_text("2 Pot of Greed\n1 pot of greed\n", game="yugioh")

    assert deck.sections["main"] == [("Pot of Greed", 3)]


def test_a_magic_list_with_a_sideboard_heading_sb_lines_and_arena_set_codes():
    text = "Deck\n4 Lightning Bolt (M10) 146\n20 Mountain\nSB: 2 Duress\n\nSideboard\n3 Pyroblast\n"

    deck = parse_deck_text(text, game="mtg")

    assert deck.ok
    assert deck.sections == {
        "main": [("Lightning Bolt", 4), ("Mountain", 20)],
        "side": [("Duress", 2), ("Pyroblast", 3)],
    }


def test_problems_carry_their_line_number_and_reason():
    text = "Main\n3 Ash Blossom & Joyous Spring\nPot of Greed\n0 Dark Magician\n150 Decode Talker\n"

    deck = parse_deck_text(text, game="yugioh")

    assert [(problem.line, problem.message.split(":")[0]) for problem in deck.problems] == [
        (3, "expected 'COUNT Card Name' or a heading (Main, Extra, Side), not 'Pot of Greed'"),
        (4, "0 copies of 'Dark Magician'"),
        (5, "150 copies of 'Decode Talker'"),
    ]
    assert deck.sections["main"] == [("Ash Blossom & Joyous Spring", 3)]


def test_a_magic_list_has_no_extra_deck():
    deck = parse_deck_text("Extra\n1 Some Card\n", game="mtg")

    assert str(deck.problems[0]) == "line 1: a Magic deck has no Extra Deck"


def test_unknown_names_get_the_closest_catalog_names(catalog):
    deck = parse_deck_text("3 Ash Blosom\n2 pot of greed\n1 Blue-Eyes White Dragon\n", game="yugioh")

    resolved = resolve_names(deck, catalog, known_names=NAMES)

    assert resolved.sections["main"] == [("Pot of Greed", 2)]
    first, second = resolved.problems
    assert (first.line, first.suggestions) == (1, ("Ash Blossom & Joyous Spring",))
    assert "Did you mean 'Ash Blossom & Joyous Spring'?" in str(first)
    assert (second.line, second.suggestions) == (3, ())


def test_a_partial_name_suggests_the_cards_that_contain_it():
    assert suggest_names("mystical space", NAMES) == ["Mystical Space Typhoon"]
    assert suggest_names("Dark Magican", NAMES) == ["Dark Magician"]
    assert suggest_names("!!!", NAMES) == []


YDK = """#created by Player
#main
14558127
14558127
14558127
46986414
36996508
#extra
1861629
!side
5318639
"""


def test_a_ydk_file_counts_ids_per_section():
    ydk = parse_ydk(YDK)

    assert ydk.problems == []
    assert [(entry.name, entry.count, entry.line) for entry in ydk.entries["main"]] == [
        ("14558127", 3, 3),
        ("46986414", 1, 6),
        ("36996508", 1, 7),
    ]


def test_a_ydk_resolves_to_names_with_alternate_artworks_as_one_card(catalog):
    deck = resolve_ydk(parse_ydk(YDK), catalog)

    assert deck.ok
    assert deck.sections == {
        "main": [("Ash Blossom & Joyous Spring", 3), ("Dark Magician", 2)],
        "extra": [("Decode Talker", 1)],
        "side": [("Mystical Space Typhoon", 1)],
    }
    assert deck.as_engine_deck()["extra"] == [{"name": "Decode Talker", "count": 1}]


def test_ydk_problems_name_their_lines(catalog):
    ydk = parse_ydk("12345\n#main\n14558127\nAsh Blossom\n!sideboard\n99999999\n")

    deck = resolve_ydk(ydk, catalog)

    assert [(problem.line, problem.message) for problem in deck.problems] == [
        (1, "a card id before any #main, #extra or !side line"),
        (4, "expected a card id (digits), not 'Ash Blossom'"),
        (5, "unknown section '!sideboard'; expected #main, #extra or !side"),
        (
            6,
            "the card catalog has no card with the passcode 99999999: its card data needs updating "
            "(an organizer imports it on the Card data page)",
        ),
    ]
    assert deck.sections["main"] == [("Ash Blossom & Joyous Spring", 1)]


def test_a_list_far_too_long_is_refused_as_a_whole():
    deck = parse_deck_text("1 Pot of Greed\n" * 5000, game="yugioh")

    assert deck.problems[0].line == 0
    assert deck.sections["main"] == []


def test_an_unknown_game_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown game"):
        parse_deck_text("", game="pokemon")
