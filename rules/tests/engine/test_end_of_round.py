"""End-of-round procedures (``rules.engine.end_of_round``): each test names the procedure it applies."""

from __future__ import annotations

import pytest

from rules.engine.end_of_round import (
    EndOfRoundInputError,
    match_at_time,
    procedure_fits_game,
    procedure_references,
    unfinished_duel_result,
)


@pytest.mark.parametrize(
    ("lp_a", "lp_b", "result"), [(5000, 3000, "A"), (3000, 5000, "B"), (4000, 4000, "draw"), (0, 1, "B")]
)
def test_ygo_lp_the_unfinished_duel_goes_to_the_higher_lp(lp_a: int, lp_b: int, result: str):
    """Yu-Gi-Oh! Tournament Policy before September 2025: higher LP wins the duel, equal LP is a draw."""
    decided, fact = unfinished_duel_result("ygo_lp", lp_a, lp_b)

    assert decided == result
    assert fact.rule is not None
    assert "before September 2025" in fact.rule.document.title
    assert "more LP" in fact.rule.cite()


@pytest.mark.parametrize(
    ("lp_a", "lp_b", "field"), [(None, 100, "lp_a"), (100, None, "lp_b"), (-1, 5, "lp_a")]
)
def test_ygo_lp_needs_both_lp_totals(lp_a: int | None, lp_b: int | None, field: str):
    """Yu-Gi-Oh! policy before September 2025: the LP decide, so a missing or negative total is refused."""
    with pytest.raises(EndOfRoundInputError) as error:
        unfinished_duel_result("ygo_lp", lp_a, lp_b)

    assert error.value.field == field


def test_mtg_an_unfinished_game_is_a_draw_whatever_the_life_totals():
    """Magic, the current turn plus five more: a game unfinished after the extra turns is a draw."""
    decided, fact = unfinished_duel_result("mtg_five_turns", 20, 3)

    assert decided == "draw"
    assert fact.rule is not None
    assert "five extra turns" in fact.rule.document.title


def test_ygo_double_loss_gives_the_unfinished_duel_no_result():
    """Yu-Gi-Oh! 2025 revision: the duel is not scored; the match nobody has won is lost by both."""
    decided, fact = unfinished_duel_result("ygo_double_loss", None, None)

    assert decided is None
    assert "loss for both" in fact.text


def test_ygo_double_loss_a_match_nobody_has_won_is_a_double_loss():
    """Yu-Gi-Oh! 2025 revision: a match nobody has won when time is called is a loss for both."""
    assert match_at_time("ygo_double_loss", False)[0] == "double_loss"
    assert match_at_time("ygo_double_loss", True)[0] is None


@pytest.mark.parametrize("procedure", ["ygo_lp", "mtg_five_turns"])
def test_older_procedures_never_end_the_match_as_a_double_loss(procedure: str):
    """Yu-Gi-Oh! policy before September 2025 and Magic: the match is decided on wins, never a double loss."""
    decided, fact = match_at_time(procedure, False)

    assert decided is None
    assert "decided on wins" in fact.text


def test_each_procedure_lists_its_steps_for_the_match_page():
    """The steps shown when time is called are the passages of the event's procedure, in order."""
    assert [reference.passage for reference in procedure_references("ygo_lp")] == [
        "the players finish the current phase of the duel",
        "the player with more LP wins the unfinished duel; with equal LP the duel is a draw",
        "the player with more duel wins takes the match; equal duel wins is a match draw",
    ]
    assert [reference.passage for reference in procedure_references("ygo_double_loss")] == [
        "a match nobody has won when time is called is a loss for both players"
    ]
    assert procedure_references("mtg_five_turns")[0].passage.startswith(
        "the active player finishes the current"
    )
    # No rulebook holds a tournament policy: no page number is invented.
    assert all(reference.page is None for reference in procedure_references("ygo_lp"))


def test_an_unknown_procedure_is_refused_naming_the_setting():
    """The event setting names one of the three procedures."""
    with pytest.raises(EndOfRoundInputError) as error:
        procedure_references("sudden_death")

    assert error.value.field == "end_of_round"


def test_a_procedure_must_fit_the_events_game():
    """A Magic event cannot run a Yu-Gi-Oh! procedure, nor the other way round."""
    assert procedure_fits_game("yugioh", "ygo_lp")
    assert procedure_fits_game("mtg", "mtg_five_turns")
    assert not procedure_fits_game("mtg", "ygo_double_loss")
    assert not procedure_fits_game("yugioh", "mtg_five_turns")
