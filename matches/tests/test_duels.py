"""Duels: the coin toss, who chooses to play first, per-duel reports and when the match is over.

Who chooses and when the match ends are the engine's answers; these tests check the app records them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from matches.models import CoinToss, Duel, DuelReport, Match, MatchFormat
from matches.selectors import duel_state
from matches.services import (
    DuelAlreadyFinal,
    MatchConflict,
    MatchOver,
    NotYourChoice,
    duel_report,
    duel_start,
    match_coin_toss,
    match_create,
)
from matches.tests.factories import MatchFactory
from tournaments.tests.factories import RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


@dataclass
class LoadedCoin:
    """The coin these tests toss with (``match_coin_toss(coin=...)``): it lands on ``side``."""

    side: str = "A"

    def __call__(self) -> str:
        return self.side


@pytest.fixture
def coin() -> LoadedCoin:
    return LoadedCoin()


def player(match, side):
    return match.player_a if side == "A" else match.player_b


def play(match, result, choice="first", *, coin):
    """Toss if the engine says so, let the chooser start the duel, and have both players report ``result``."""
    state = duel_state(match)
    if state.needs_toss:
        match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
        state = duel_state(match)
    duel = duel_start(match_id=match.pk, player=player(match, state.chooser), choice=choice)
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result=result)
    return duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result=result)


def test_the_first_duel_starts_with_a_coin_toss_recorded_once(coin):
    match = MatchFactory()
    coin.side = "B"
    assert duel_state(match).needs_toss

    toss, created = match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    again, created_again = match_coin_toss(match_id=match.pk, by=match.player_b, coin=coin)

    assert (created, created_again) == (True, False)
    assert again.pk == toss.pk
    assert (toss.duel_number, toss.winner, toss.method) == (1, "B", "coin")
    assert CoinToss.objects.count() == 1
    state = duel_state(match)
    assert (state.needs_toss, state.chooser, state.next_duel) == (False, "B", 1)


def test_the_coin_is_drawn_with_secrets():
    match = MatchFactory()

    toss, _ = match_coin_toss(match_id=match.pk, by=match.player_a)

    assert toss.winner in ("A", "B")


def test_the_toss_winner_chooses_and_the_first_player_follows_the_choice(coin):
    match = MatchFactory()
    coin.side = "B"
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)

    with pytest.raises(NotYourChoice):
        duel_start(match_id=match.pk, player=match.player_a, choice="first")
    duel = duel_start(match_id=match.pk, player=match.player_b, choice="second")

    assert (duel.number, duel.chooser, duel.choice, duel.first_player) == (1, "B", "second", "A")


def test_the_loser_of_a_duel_chooses_next_without_a_toss(coin):
    match = MatchFactory()

    play(match, "A", coin=coin)

    state = duel_state(match)
    assert (state.engine_choice, state.chooser, state.next_duel, state.needs_toss) == ("B", "B", 2, False)
    with pytest.raises(MatchConflict):
        match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    assert duel_start(match_id=match.pk, player=match.player_b, choice="first").first_player == "B"


def test_after_a_drawn_duel_in_yugioh_a_new_coin_toss_decides(coin):
    match = MatchFactory()
    play(match, "draw", coin=coin)
    coin.side = "B"

    state = duel_state(match)
    assert (state.engine_choice, state.needs_toss) == ("coin_toss", True)
    toss, created = match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)

    assert created
    assert (toss.duel_number, toss.winner) == (2, "B")
    assert duel_state(match).chooser == "B"


def test_after_a_drawn_game_in_magic_its_chooser_chooses_again(coin):
    match = MatchFactory(round__event__game="mtg")
    coin.side = "B"
    play(match, "draw", coin=coin)

    state = duel_state(match)

    assert (state.engine_choice, state.chooser, state.needs_toss) == ("B", "B", False)


def test_three_duels_won_lost_and_drawn_is_a_match_draw(coin):
    match = MatchFactory()
    assert match.match_format == MatchFormat.THREE_DUELS

    for result in ("A", "B", "draw"):
        play(match, result, coin=coin)

    match.refresh_from_db()
    assert (match.status, match.result) == (Match.Status.FINAL, "draw")
    with pytest.raises(MatchOver):
        match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    with pytest.raises(MatchOver):
        duel_start(match_id=match.pk, player=match.player_a, choice="first")


def test_two_wins_end_the_match_at_once(coin):
    match = MatchFactory()

    play(match, "B", coin=coin)
    play(match, "B", coin=coin)

    match.refresh_from_db()
    assert (match.status, match.result) == (Match.Status.FINAL, "b")
    assert duel_state(match).over


def test_first_to_two_does_not_count_drawn_games(coin):
    match = MatchFactory(round__event__game="mtg")
    assert match.match_format == MatchFormat.FIRST_TO_TWO

    for result in ("A", "draw", "B"):
        play(match, result, coin=coin)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    assert duel_state(match).tally["wins"] == {"A": 1, "B": 1}

    play(match, "A", coin=coin)
    match.refresh_from_db()
    assert (match.status, match.result) == (Match.Status.FINAL, "a")


def test_a_new_match_takes_its_format_from_the_game():
    yugioh, mtg = RoundFactory(event__game="yugioh"), RoundFactory(event__game="mtg")
    users = [UserFactory() for _ in range(4)]

    a = match_create(round_=yugioh, table=1, player_a=users[0], player_b=users[1])
    b = match_create(round_=mtg, table=1, player_a=users[2], player_b=users[3])

    assert (a.match_format, b.match_format) == ("three_duels", "first_to_two")


def test_one_report_leaves_the_duel_open_and_may_be_corrected(coin):
    match = MatchFactory()
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    duel = duel_start(match_id=match.pk, player=match.player_a, choice="first")

    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="B")
    duel = duel_report(
        match_id=duel.match_id, number=duel.number, player=match.player_a, result="A", reason="lp"
    )

    assert duel.result == ""
    assert list(duel.reports.values_list("result", "reason")) == [("A", "lp")]


def test_agreeing_reports_make_the_duel_final_with_their_reason(coin):
    match = MatchFactory()
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    duel = duel_start(match_id=match.pk, player=match.player_a, choice="first")

    duel_report(
        match_id=duel.match_id, number=duel.number, player=match.player_a, result="A", reason="deck_out"
    )
    duel = duel_report(
        match_id=duel.match_id, number=duel.number, player=match.player_b, result="A", reason="deck_out"
    )

    assert (duel.result, duel.reason) == ("A", "deck_out")
    assert duel.finished_at is not None


def test_differing_reports_dispute_the_match_and_stop_play(coin):
    match = MatchFactory()
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    duel = duel_start(match_id=match.pk, player=match.player_a, choice="first")

    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="A")
    duel = duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result="B")

    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    assert duel.result == ""
    with pytest.raises(MatchConflict):
        duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result="A")


def test_a_stranger_cannot_toss_start_or_report(coin):
    match = MatchFactory()
    stranger = UserFactory()

    with pytest.raises(PermissionDenied):
        match_coin_toss(match_id=match.pk, by=stranger, coin=coin)
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    with pytest.raises(PermissionDenied):
        duel_start(match_id=match.pk, player=stranger, choice="first")
    duel = duel_start(match_id=match.pk, player=match.player_a, choice="first")
    with pytest.raises(PermissionDenied):
        duel_report(match_id=duel.match_id, number=duel.number, player=stranger, result="A")

    assert not DuelReport.objects.exists()


def test_a_finished_duel_cannot_be_reported_again(coin):
    match = MatchFactory()
    duel = play(match, "A", coin=coin)

    with pytest.raises(DuelAlreadyFinal):
        duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result="B")

    assert list(duel.reports.values_list("result", flat=True)) == ["A", "A"]


def test_impossible_reports_and_choices_are_refused(coin):
    match = MatchFactory()
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    with pytest.raises(ValidationError) as bad_choice:
        duel_start(match_id=match.pk, player=match.player_a, choice="middle")
    duel = duel_start(match_id=match.pk, player=match.player_a, choice="first")

    with pytest.raises(ValidationError) as bad_result:
        duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="C")
    with pytest.raises(ValidationError) as bad_reason:
        duel_report(
            match_id=duel.match_id, number=duel.number, player=match.player_a, result="A", reason="bad_luck"
        )

    assert "choice" in bad_choice.value.message_dict
    assert "result" in bad_result.value.message_dict
    assert "reason" in bad_reason.value.message_dict
    assert not DuelReport.objects.exists()


def test_a_duel_cannot_start_twice_or_before_the_toss(coin):
    match = MatchFactory()
    with pytest.raises(MatchConflict, match="Toss the coin"):
        duel_start(match_id=match.pk, player=match.player_a, choice="first")
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin)
    duel_start(match_id=match.pk, player=match.player_a, choice="first")

    with pytest.raises(MatchConflict, match="already started"):
        duel_start(match_id=match.pk, player=match.player_a, choice="second")

    assert Duel.objects.filter(match=match).count() == 1
