"""The engine's words in the reader's language (``rules.words``): the builder's actions, and broken deck
rules said from their code and values. In English they read exactly as the engine wrote them, so what a
Portuguese or Spanish player reads is a translation of the same sentence with the same numbers."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from rules.engine import InMemoryCatalog, judge
from rules.engine.vocabulary import BUILDER_ACTIONS
from rules.narration import ruling_in_words
from rules.words import ACTION_LABELS, deck_explanation, violation_sentence


def test_the_translated_actions_are_the_engines_actions_in_its_order_and_words():
    with translation.override("en"):
        translated = {
            game: [(value, str(label)) for value, label in actions] for game, actions in ACTION_LABELS.items()
        }

    assert translated == {game: list(actions) for game, actions in BUILDER_ACTIONS.items()}


def card(name: str, count: int = 1, kind: str = "monster", frame: str = "normal") -> dict[str, Any]:
    return {"name": name, "count": count, "kind": kind, "frame": frame}


def forty() -> list[dict[str, Any]]:
    return [card(f"Card {i}", 3) for i in range(13)] + [card("Card 13")]


def magic(name: str, count: int) -> dict[str, Any]:
    return {"name": name, "count": count, "types": ["instant"]}


def sixty() -> list[dict[str, Any]]:
    return [magic(f"Spell {i}", 4) for i in range(15)]


def ygo(action: dict[str, Any]) -> dict[str, Any]:
    return judge({"game": "yugioh", "action": action})


def mtg(action: dict[str, Any], catalog: InMemoryCatalog | None = None) -> dict[str, Any]:
    return judge({"game": "mtg", "action": action}, catalog)


BANLIST = {"forbidden": ["Raigeki"], "limited": ["Pot"], "semi_limited": ["Jar"]}
REGISTERED = {"main": forty(), "extra": [], "side": [card("Side A", 2)]}
MAGIC_REGISTERED = {"main": sixty(), "side": [magic("Duress", 3)]}
# One ruling for each code this module has words for, with the game it is about.
RULINGS = {
    "deck.main_size": ("yugioh", lambda: ygo({"type": "deck_check", "deck": {"main": forty()[:-1]}})),
    "deck.extra_size": (
        "yugioh",
        lambda: ygo(
            {
                "type": "deck_check",
                "deck": {"main": forty(), "extra": [card(f"X {i}", 1, frame="xyz") for i in range(16)]},
            }
        ),
    ),
    "deck.side_size": (
        "yugioh",
        lambda: ygo(
            {"type": "deck_check", "deck": {"main": forty(), "side": [card(f"S {i}") for i in range(16)]}}
        ),
    ),
    "deck.extra_deck_card": (
        "yugioh",
        lambda: ygo(
            {"type": "deck_check", "deck": {"main": [*forty()[:-1], card("Fusion Y", frame="fusion")]}}
        ),
    ),
    "deck.copies": (
        "yugioh",
        lambda: ygo({"type": "deck_check", "deck": {"main": [*forty(), card("Card 0")]}}),
    ),
    "deck.forbidden": (
        "yugioh",
        lambda: ygo(
            {"type": "deck_check", "deck": {"main": [*forty(), card("Raigeki")]}, "banlist": BANLIST}
        ),
    ),
    "deck.limited": (
        "yugioh",
        lambda: ygo({"type": "deck_check", "deck": {"main": [*forty(), card("Pot", 2)]}, "banlist": BANLIST}),
    ),
    "deck.semi_limited": (
        "yugioh",
        lambda: ygo({"type": "deck_check", "deck": {"main": [*forty(), card("Jar", 3)]}, "banlist": BANLIST}),
    ),
    "mtg.deck.main_size": ("mtg", lambda: mtg({"type": "deck_check", "deck": {"main": sixty()[:-1]}})),
    "mtg.deck.side_size": (
        "mtg",
        lambda: mtg({"type": "deck_check", "deck": {"main": sixty(), "side": [magic("Duress", 4)] * 4}}),
    ),
    "mtg.deck.unknown_card": (
        "mtg",
        lambda: mtg(
            {"type": "deck_check", "deck": {"main": [{"name": "Gobbo Guid", "count": 60}]}},
            InMemoryCatalog([{"name": "Lightning Bolt", "types": ["instant"]}]),
        ),
    ),
    "mtg.deck.copies": (
        "mtg",
        lambda: mtg({"type": "deck_check", "deck": {"main": [*sixty(), magic("Spell 0", 1)]}}),
    ),
    "mtg.deck.banned": (
        "mtg",
        lambda: mtg(
            {
                "type": "deck_check",
                "deck": {"main": [*sixty(), magic("Lotus", 1)]},
                "banlist": {"banned": ["Lotus"]},
            }
        ),
    ),
    "mtg.deck.restricted": (
        "mtg",
        lambda: mtg(
            {
                "type": "deck_check",
                "deck": {"main": [*sixty(), magic("Ring", 2)]},
                "banlist": {"restricted": ["Ring"]},
            }
        ),
    ),
    "side.count_changed": (
        "yugioh",
        lambda: ygo(
            {"type": "side_swap", "before": REGISTERED, "after": {**REGISTERED, "side": [card("Side A")]}}
        ),
    ),
    "side.card_not_registered": (
        "mtg",
        lambda: mtg(
            {
                "type": "side_swap",
                "before": MAGIC_REGISTERED,
                "after": {**MAGIC_REGISTERED, "side": [magic("Negate", 3)]},
            }
        ),
    ),
    "side.card_missing": (
        "yugioh",
        lambda: ygo(
            {
                "type": "side_swap",
                "before": REGISTERED,
                "after": {**REGISTERED, "main": forty()[:-1]},
            }
        ),
    ),
}


@pytest.mark.parametrize("code", sorted(RULINGS))
def test_every_broken_deck_rule_carries_its_template_and_values(code):
    _, make = RULINGS[code]
    violation = next(v for v in make()["violations"] if v["code"] == code)

    assert violation["template"] % violation["values"] == violation["message"]


@pytest.mark.parametrize("code", sorted(RULINGS))
def test_in_english_a_broken_deck_rule_reads_as_the_engine_wrote_it(code):
    game, make = RULINGS[code]
    ruling = make()
    violation = next(v for v in ruling["violations"] if v["code"] == code)

    with translation.override("en"):
        assert violation_sentence(violation, game) == violation["message"]
        assert deck_explanation(ruling, game) == ruling["explanation"]


def test_a_violation_stored_without_a_template_keeps_the_engines_words():
    violation = {"code": "deck.main_size", "message": "The Main Deck has 39 cards; it must have 40 to 60."}

    assert violation_sentence(violation, "yugioh") is None


def test_a_legal_deck_is_explained_from_its_counts():
    ruling = ygo({"type": "deck_check", "deck": {"main": forty(), "side": [card("Side A", 2)]}})

    with translation.override("en"):
        assert deck_explanation(ruling, "yugioh") == ruling["explanation"]
    assert "Side Deck 2 (up to 15)" in ruling["explanation"]


def test_the_ruling_in_words_says_a_broken_rule_with_its_values():
    ruling = ygo({"type": "deck_check", "deck": {"main": [*forty(), card("Pot", 2)]}, "banlist": BANLIST})
    dispute = {"game": "yugioh", "action": {"type": "deck_check"}}

    with translation.override("en"):
        words = ruling_in_words(dispute, ruling)

    assert words.problems == ("Pot is Limited to 1 copy, and the deck has 2.",)
