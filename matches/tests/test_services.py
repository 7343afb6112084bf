"""Result reports: two agreeing reports make a result final, differing ones a dispute, never twice."""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, connections

from matches.models import Match, MatchReport
from matches.services import MatchOver, match_report_result, tally_possible
from matches.tests.factories import DuelFactory, MatchFactory
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_two_agreeing_reports_make_the_result_final():
    match = MatchFactory()

    match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2, games_b=1)
    match = match_report_result(match_id=match.pk, player=match.player_b, result="a", games_a=2, games_b=1)

    assert (match.status, match.result) == (Match.Status.FINAL, "a")


def test_one_report_leaves_the_match_playing():
    match = MatchFactory()

    match = match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2)

    assert (match.status, match.result) == (Match.Status.PLAYING, "")


def test_differing_reports_send_the_match_to_the_judges():
    match = MatchFactory()

    match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2, games_b=1)
    match = match_report_result(match_id=match.pk, player=match.player_b, result="b", games_a=1, games_b=2)

    assert (match.status, match.result) == (Match.Status.DISPUTED, "")


def test_a_stranger_cannot_report_and_nothing_is_written():
    match = MatchFactory()

    with pytest.raises(PermissionDenied):
        match_report_result(match_id=match.pk, player=UserFactory(), result="a")

    assert not MatchReport.objects.exists()


def test_a_final_result_cannot_be_reported_over():
    match = MatchFactory()
    match_report_result(match_id=match.pk, player=match.player_a, result="draw")
    match_report_result(match_id=match.pk, player=match.player_b, result="draw")

    with pytest.raises(MatchOver):
        match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2)

    assert list(match.reports.values_list("result", flat=True)) == ["draw", "draw"]


@pytest.mark.django_db(transaction=True)
def test_both_players_reporting_at_the_same_moment_finalise_the_match_once():
    """Real concurrent transactions on PostgreSQL: the row lock serialises them."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL's row locks (CI runs the suite on PostgreSQL)")
    match = MatchFactory()
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def report(player):
        try:
            barrier.wait(timeout=10)
            match_report_result(match_id=match.pk, player=player, result="a", games_a=2, games_b=0)
        except BaseException as error:  # surfaced by the assertion below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=report, args=(player,)) for player in (match.player_a, match.player_b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert errors == []
    match.refresh_from_db()
    assert (match.status, match.result) == (Match.Status.FINAL, "a")
    assert match.reports.count() == 2


@pytest.mark.parametrize(
    ("result", "games"),
    [("a", (3, 0, 0)), ("b", (2, 0, 0)), ("a", (1, 1, 1)), ("draw", (2, 0, 0)), ("a", (2, 2, 0))],
)
def test_a_tally_no_match_can_end_with_is_refused(result, games):
    """Dispute format, match_result three_duels: the engine decides which tallies can end a match."""
    match = MatchFactory()

    with pytest.raises(ValidationError) as refused:
        match_report_result(
            match_id=match.pk,
            player=match.player_a,
            result=result,
            games_a=games[0],
            games_b=games[1],
            games_drawn=games[2],
        )

    assert "a match cannot end that way" in refused.value.message_dict["games_a"][0]
    assert not MatchReport.objects.exists()


@pytest.mark.parametrize(
    ("result", "games"),
    [("a", (1, 0, 0)), ("a", (1, 0, 2)), ("draw", (1, 1, 1)), ("draw", (0, 0, 0)), ("b", (1, 2, 0))],
)
def test_tallies_that_end_a_match_by_play_or_at_time_are_accepted(result, games):
    """1-0 when time is called is a win (dispute format, time_called); 1 win and 2 draws wins (2007 rules)."""
    match = MatchFactory()

    match_report_result(
        match_id=match.pk,
        player=match.player_a,
        result=result,
        games_a=games[0],
        games_b=games[1],
        games_drawn=games[2],
    )

    assert MatchReport.objects.get().result == result


def test_a_report_must_agree_with_the_duels_recorded_here():
    match = MatchFactory()
    DuelFactory(match=match, number=1, result="A", reason="lp")
    DuelFactory(match=match, number=2, chooser="B", first_player="B", result="B", reason="deck_out")

    with pytest.raises(ValidationError) as refused:
        match_report_result(match_id=match.pk, player=match.player_b, result="a", games_a=2, games_b=0)

    a, b = match.player_a.get_full_name(), match.player_b.get_full_name()
    assert f"The duels recorded here are {a} 1, {b} 1, 0 drawn" in refused.value.message_dict["games_a"][0]


def test_agreeing_reports_keep_the_tally_for_the_standings():
    match = MatchFactory()

    for player in (match.player_a, match.player_b):
        match_report_result(match_id=match.pk, player=player, result="b", games_a=1, games_b=2)

    match.refresh_from_db()
    assert (match.result, match.games_a, match.games_b, match.games_drawn) == ("b", 1, 2, 0)


@pytest.mark.parametrize(
    ("result", "games", "possible"),
    [
        ("a", (2, 1, 6), True),  # six drawn games do not count toward the two wins (first_to_two)
        ("draw", (1, 1, 7), True),  # time called at 1-1
        ("a", (2, 2, 0), False),  # the match ended at someone's second win
        ("b", (9, 9, 9), False),  # a judge's mistyped tally is refused, and quickly
    ],
)
def test_magic_tallies_with_many_drawn_games_are_judged_by_the_engine(result, games, possible):
    """Dispute format, match_result first_to_two: drawn games don't count; the match ends at two wins."""
    match = MatchFactory(round__event__game="mtg")

    assert tally_possible(match, result=result, games=games) is possible
