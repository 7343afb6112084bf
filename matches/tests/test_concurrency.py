"""Results are written exactly once under real concurrent requests on PostgreSQL (CI runs them there).

Both players pressing "report" at the same moment, a report retried over a flaky connection with the same
Idempotency-Key: the row lock on the match, the unique constraints and the stored first response keep
the result single and consistent.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import transaction
from django.urls import reverse

from idempotency.models import IdempotencyRecord
from matches.models import Dispute, Match, MatchReport, Penalty, ResultChange
from matches.services import duel_report, match_report_result
from matches.services.access import MatchConflict
from matches.services.disputes import Description, dispute_draft_save
from matches.tests.concurrency import needs_postgresql, run_at_once
from matches.tests.factories import DuelFactory, MatchFactory
from tests.api_clients import client_for
from tournaments.tests.factories import EventRoleFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_both_players_reporting_the_match_through_the_api_at_once_finalise_it_once():
    needs_postgresql()
    match = MatchFactory()
    url = reverse("api-match-report", args=[match.pk])
    body = {"result": "b", "games_a": 1, "games_b": 2}

    responses = run_at_once(
        *(lambda p=p: client_for(p).post(url, body, format="json") for p in (match.player_a, match.player_b))
    )

    assert [r.status_code for r in responses] == [200, 200]
    assert sorted(r.json()["status"] for r in responses) == ["final", "playing"]
    match.refresh_from_db()
    assert (match.status, match.result, match.games_a, match.games_b) == (Match.Status.FINAL, "b", 1, 2)
    assert MatchReport.objects.filter(match=match).count() == 2


def test_a_report_that_waited_for_the_lock_sees_the_report_committed_meanwhile():
    """The second report's one read happens while the first holds the lock: it must see that report."""
    needs_postgresql()
    match = MatchFactory()
    holding = threading.Event()

    def first() -> None:
        with transaction.atomic():
            match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2)
            holding.set()
            time.sleep(0.5)  # the second report is waiting for the match's lock by now

    def second() -> Match:
        assert holding.wait(timeout=10)
        return match_report_result(match_id=match.pk, player=match.player_b, result="a", games_a=2)

    _, reported = run_at_once(first, second)

    assert (reported.status, reported.result) == (Match.Status.FINAL, "a")
    match.refresh_from_db()
    assert (match.status, match.result, match.games_a) == (Match.Status.FINAL, "a", 2)


def test_a_match_report_retried_at_once_with_one_key_is_written_once():
    needs_postgresql()
    match = MatchFactory()
    client = client_for(match.player_a)
    url = reverse("api-match-report", args=[match.pk])

    def send():
        return client.post(
            url, {"result": "a", "games_a": 2}, format="json", headers={"Idempotency-Key": "k1"}
        )

    responses = run_at_once(send, send, send, send)

    assert [r.status_code for r in responses] == [200] * 4
    assert sorted(r.has_header("Idempotent-Replayed") for r in responses) == [False, True, True, True]
    assert MatchReport.objects.filter(match=match).count() == 1
    assert IdempotencyRecord.objects.filter(key="k1").count() == 1


def test_players_reporting_differently_at_once_dispute_the_match_whatever_the_order():
    needs_postgresql()
    match = MatchFactory()
    url = reverse("api-match-report", args=[match.pk])
    reports = (
        (match.player_a, {"result": "a", "games_a": 2}),
        (match.player_b, {"result": "b", "games_b": 2}),
    )

    run_at_once(*(lambda p=p, b=b: client_for(p).post(url, b, format="json") for p, b in reports))

    match.refresh_from_db()
    assert (match.status, match.result) == (Match.Status.DISPUTED, "")


def test_a_judge_correcting_while_a_player_reports_ends_with_the_judges_result_once():
    """Whichever goes first, the duel ends with the judge's result, one audit row, and a consistent match."""
    needs_postgresql()
    duel = DuelFactory()
    match = duel.match
    judge = EventRoleFactory(event=match.round.event).user
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="A", reason="lp")
    player_url = reverse("api-duel-reports", args=[match.pk, 1])
    judge_url = reverse("api-duel-judge-result", args=[match.pk, 1])

    player_said, judge_said = run_at_once(
        lambda: client_for(match.player_b).post(player_url, {"result": "A"}, format="json"),
        lambda: client_for(judge).post(
            judge_url, {"result": "B", "reason": "penalty", "note": "B was right"}, format="json"
        ),
    )

    assert judge_said.status_code == 200
    assert player_said.status_code in (200, 409)  # 409: the judge had already decided the duel
    duel.refresh_from_db()
    assert duel.result == "B"
    assert ResultChange.objects.filter(match=match, duel_number=1).count() == 1
    match.refresh_from_db()
    assert (match.status, match.result) == (Match.Status.PLAYING, "")  # 0-1 after duel 1: the match goes on


def test_a_game_loss_retried_at_once_with_one_key_is_given_once():
    needs_postgresql()
    duel = DuelFactory()
    match = duel.match
    judge = EventRoleFactory(event=match.round.event).user
    url = reverse("api-match-penalties", args=[match.pk])
    body = {"player": "A", "kind": "game_loss", "infraction": "Marked sleeves"}

    def send():
        return client_for(judge).post(url, body, format="json", headers={"Idempotency-Key": "gl-1"})

    responses = run_at_once(send, send, send)

    assert sorted(r.status_code for r in responses) == [201, 201, 201]
    assert Penalty.objects.filter(match=match).count() == 1
    assert list(match.duels.values_list("number", "result")) == [(1, "B")]


def test_a_judge_confirming_while_the_players_fix_their_description_never_confirms_an_unread_ruling():
    """Whichever goes first: the judge's decision lands on the ruling they read, or is refused (409) because
    the players asked again; the fix, if it lands after, is refused on a decided dispute."""
    needs_postgresql()
    duel = DuelFactory()
    match = duel.match
    judge = EventRoleFactory(event=match.round.event).user
    hand = {
        "game": "yugioh",
        "state": {"turn": 3, "turn_player": "A", "phase": "end", "players": {"A": {"hand": 9}, "B": {}}},
    }
    opened = (
        client_for(match.player_a)
        .post(
            reverse("api-match-disputes", args=[match.pk]),
            {"summary": "Hand size", "dispute": {**hand, "action": {"type": "end_turn", "player": "A"}}},
            format="json",
        )
        .json()
    )
    read = opened["ruling"]["id"]
    fixed = {**hand, "state": {**hand["state"], "players": {"A": {"hand": 7}, "B": {}}}}

    def fix() -> int:
        try:
            dispute_draft_save(
                match_id=match.pk,
                user=match.player_b,
                dispute_id=opened["id"],
                described=Description(dispute={**fixed, "action": {"type": "end_turn", "player": "A"}}),
            )
        except MatchConflict:
            return 409
        return 200

    judged, fixed_status = run_at_once(
        lambda: client_for(judge).post(
            reverse("api-match-dispute-resolve", args=[match.pk, opened["id"]]),
            {"decision": "confirmed", "ruling_id": read},
            format="json",
        ),
        fix,
    )

    dispute = Dispute.objects.get(pk=opened["id"])
    if judged.status_code == 200:  # the judge went first: the ruling they read is the one confirmed
        assert fixed_status == 409
        assert dispute.ruling_id == read
        assert dispute.decision == "confirmed"
    else:  # the fix went first: the judge is told to read again, nothing is decided
        assert judged.status_code == 409
        assert fixed_status == 200
        assert dispute.ruling_id != read
        assert dispute.status == Dispute.Status.OPEN
