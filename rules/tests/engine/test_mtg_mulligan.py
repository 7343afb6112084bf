"""``mulligan`` (Comprehensive Rules 101.3, 101.5; the ``current`` revision's London mulligan, a dispute
format extension)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import DisputeError
from rules.tests.engine.mtg_builders import cites, code, rule_on, state


def mulligan(player: str = "A", **fields: Any) -> dict[str, Any]:
    return {"type": "mulligan", "player": player, **fields}


def before_the_game(**fields: Any) -> dict[str, Any]:
    return state(turn=1, phase="beginning", step="untap", first_player="A", **fields)


def cites_format(ruling: dict[str, Any], words: str) -> bool:
    return any(rule.startswith("Arbiter dispute format") and words in rule for rule in ruling["rules"])


def test_101_5_classic_a_mulligan_shuffles_and_draws_a_hand_of_six():
    ruling = rule_on(before_the_game(), mulligan(mulligans_taken=0))

    assert ruling["legal"] is True
    assert ruling["outcome"] == {
        "shuffle": True,
        "draw": 6,
        "bottom": 0,
        "hand_size": 6,
        "mulligans_taken": 1,
    }
    assert cites(ruling, "101.5")
    assert cites(ruling, "101.3")  # the opening hand of seven
    assert "draw a new hand of 6" in ruling["explanation"]


def test_101_5_classic_each_mulligan_draws_one_card_fewer():
    ruling = rule_on(before_the_game(), mulligan(hand_size=4))

    assert ruling["outcome"]["draw"] == 3
    assert ruling["outcome"]["mulligans_taken"] == 4


def test_current_revision_london_mulligan_draws_seven_and_puts_cards_on_the_bottom():
    ruling = rule_on(before_the_game(), mulligan(mulligans_taken=2), revision="current")

    assert ruling["legal"] is True
    assert ruling["outcome"] == {
        "shuffle": True,
        "draw": 7,
        "bottom": 3,
        "hand_size": 4,
        "mulligans_taken": 3,
    }
    assert cites_format(ruling, "London")
    assert "London mulligan" in ruling["explanation"]
    assert not cites(ruling, "101.5")


def test_101_5_a_player_may_mulligan_from_one_card_to_zero():
    ruling = rule_on(before_the_game(), mulligan(hand_size=1))

    assert ruling["legal"] is True
    assert ruling["outcome"]["hand_size"] == 0
    assert "cannot mulligan again" in ruling["explanation"]


@pytest.mark.parametrize("revision", ["classic", "current"])
def test_101_5_a_player_on_zero_cards_cannot_mulligan(revision):
    ruling = rule_on(before_the_game(), mulligan(hand_size=0), revision=revision)

    assert ruling["legal"] is False
    assert code(ruling) == "mtg.mulligan.no_cards"
    assert "outcome" not in ruling


def test_101_5_the_first_player_decides_first():
    ruling = rule_on(before_the_game(), mulligan(player="A", mulligans_taken=0))

    assert "once A keeps, B may mulligan" in ruling["explanation"]


def test_101_5_no_mulligan_once_the_game_has_begun():
    ruling = rule_on(state(turn=3), mulligan(mulligans_taken=0))

    assert code(ruling) == "mtg.mulligan.game_started"
    assert cites(ruling, "101.5")


def test_a_hand_size_that_does_not_match_the_mulligans_taken_is_incomplete():
    ruling = rule_on(before_the_game(), mulligan(mulligans_taken=1, hand_size=5))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "action.hand_size"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({}, "action.mulligans_taken"),
        ({"mulligans_taken": 8}, "action.mulligans_taken"),
        ({"hand_size": -1}, "action.hand_size"),
    ],
)
def test_the_mulligan_needs_how_far_the_player_has_gone(fields, field):
    with pytest.raises(DisputeError) as refused:
        rule_on(before_the_game(), mulligan(**fields))

    assert refused.value.field == field
