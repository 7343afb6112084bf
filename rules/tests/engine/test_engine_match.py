"""``match_result`` (2007 rules, Objective; Rulebook 9.0, Preparing to Duel; dispute format match formats)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import judge


def match(duels: list[Any], game: str = "yugioh", **extra) -> dict[str, Any]:
    return judge({"game": game, "action": {"type": "match_result", "duels": duels, **extra}})


@pytest.mark.parametrize(
    ("duels", "winner", "draw"),
    [
        (["A", "A"], "A", False),
        (["B", "A", "B"], "B", False),
        (["A", "draw", "draw"], "A", False),
        (["draw", "draw", "B"], "B", False),
        (["A", "B", "draw"], None, True),
        (["draw", "draw", "draw"], None, True),
    ],
)
def test_three_duels_tally(duels: list[Any], winner: str | None, draw: bool):
    """2007 rules: 2 wins, or 1 win and 2 draws, wins; 1-1-1 or 3 draws is a drawn match."""
    outcome = match(duels)["outcome"]["match"]

    assert outcome["over"] is True
    assert outcome["winner"] == winner
    assert outcome["draw"] is draw


def test_match_not_over_after_one_duel_loser_chooses():
    """Rulebook 9.0, Preparing to Duel: the loser of the previous Duel chooses who goes first."""
    ruling = match(["A"])

    assert ruling["outcome"]["match"]["over"] is False
    assert ruling["outcome"]["match"]["next_first_choice"] == "B"
    assert any("Rulebook 9.0" in rule for rule in ruling["rules"])


def test_after_a_drawn_duel_a_coin_toss():
    """Rulebook 9.0, Preparing to Duel: after a draw, another coin toss."""
    assert match(["A", "draw"])["outcome"]["match"]["next_first_choice"] == "coin_toss"


def test_first_to_two_ignores_draws():
    """Dispute format, first_to_two: drawn duels do not count toward the three."""
    outcome = match(["A", "draw", "B", "draw"], match_format="first_to_two")["outcome"]["match"]

    assert outcome["over"] is False
    assert outcome["draws"] == 2


def test_time_called_more_wins_takes_it():
    """Dispute format, time_called: more wins takes the match, equal wins is a draw."""
    assert match(["A"], time_called=True)["outcome"]["match"]["winner"] == "A"
    assert match(["A", "B"], time_called=True)["outcome"]["match"]["draw"] is True


def test_a_duel_after_the_match_was_decided_is_inconsistent():
    """2007 rules: the match ends once a player has 2 wins."""
    ruling = match(["A", "A", "B"])

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "action.duels[2]"


def test_magic_after_a_drawn_game_the_last_chooser_chooses():
    """Dispute format, Magic: after a drawn game the player who chose for it chooses again."""
    assert (
        match(["A", "draw"], game="mtg", choosers=["A", "A"])["outcome"]["match"]["next_first_choice"] == "A"
    )


def test_magic_drawn_game_without_choosers_is_incomplete():
    """Dispute format: Magic needs ``choosers`` after a drawn game."""
    ruling = match(["draw"], game="mtg")

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "action.choosers"


def test_a_game_nobody_chose_for_is_a_null_chooser():
    """Dispute format, ``choosers``: a game never played (a game loss before it began) had no chooser."""
    ruling = match(["B", "A"], game="mtg", choosers=[None, "B"])

    assert ruling["outcome"]["match"]["next_first_choice"] == "B"


def test_magic_drawn_game_with_a_null_chooser_is_incomplete():
    """Dispute format, Magic: after a drawn game its chooser chooses again; null says nobody is known."""
    ruling = match(["A", "draw"], game="mtg", choosers=["B", None])

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "action.choosers"


def test_no_duels_yet_the_first_player_is_decided_at_random():
    """Rulebook 9.0, Preparing to Duel, step 4: a coin toss decides the first Duel."""
    assert match([])["outcome"]["match"]["next_first_choice"] == "coin_toss"
