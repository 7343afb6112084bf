"""Result reports: two agreeing reports make a result final, differing ones a dispute, never twice."""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection, connections

from matches.models import Match, MatchReport
from matches.services import MatchOver, match_report_result
from matches.tests.factories import MatchFactory
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
