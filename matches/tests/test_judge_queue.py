"""The judges' queue: open disputes and disputed results at the events a judge staffs, oldest first."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.models import MatchReport
from matches.services import dispute_open, duel_report
from matches.services.disputes import dispute_open_with_ruling
from matches.services.judging import duel_result_set
from matches.tests.factories import DuelFactory, MatchFactory
from tests.shared_files import require_shared
from tournaments.tests.factories import EventRoleFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def judge_client(client, event):
    judge = EventRoleFactory(event=event).user
    client.force_login(judge)
    return client


def test_a_duel_the_players_disagree_on_shows_what_each_reported(client):
    duel = DuelFactory()
    match = duel.match
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="A", reason="lp")
    duel_report(
        match_id=duel.match_id, number=duel.number, player=match.player_b, result="B", reason="concession"
    )

    page = judge_client(client, match.round.event).get(reverse("judge-queue")).content.decode()

    assert f"table {match.table}" in page
    a, b = match.player_a.get_full_name(), match.player_b.get_full_name()
    assert f"Duel 1: {a} reports: {a} won (Life points)" in page
    assert f"Duel 1: {b} reports: {b} won (Concession)" in page
    assert "player A" not in page
    assert "player B" not in page


def test_the_oldest_disagreement_comes_first(client):
    round_ = RoundFactory()
    later, earlier = MatchFactory(round=round_, table=1), MatchFactory(round=round_, table=2)
    now = timezone.now()
    for match, when in ((later, now), (earlier, now - timedelta(minutes=20))):
        match.status = "disputed"
        match.save(update_fields=["status"])
        for player, result in ((match.player_a, "a"), (match.player_b, "b")):
            report = MatchReport.objects.create(match=match, player=player, result=result, games_a=2)
            MatchReport.objects.filter(pk=report.pk).update(reported_at=when)

    page = judge_client(client, round_.event).get(reverse("judge-queue")).content.decode()

    assert page.index(f"{earlier.player_a.get_full_name()} vs") < page.index(
        f"{later.player_a.get_full_name()} vs"
    )


def test_a_judge_sees_only_the_events_they_staff(client):
    mine, theirs = MatchFactory(), MatchFactory()
    for match in (mine, theirs):
        dispute_open(match_id=match.pk, opened_by=match.player_a, summary=f"Trouble at {match.player_a}")

    page = judge_client(client, mine.round.event).get(reverse("judge-queue")).content.decode()

    assert f"Trouble at {mine.player_a}" in page
    assert f"Trouble at {theirs.player_a}" not in page


def test_htmx_polling_gets_only_the_list(client):
    match = MatchFactory()
    dispute_open(match_id=match.pk, opened_by=match.player_b, summary="Was the trap set this turn?")

    response = judge_client(client, match.round.event).get(
        reverse("judge-queue"), headers={"HX-Request": "true"}
    )

    body = response.content.decode()
    assert "Was the trap set this turn?" in body
    assert "<html" not in body
    assert "refreshes every 10 seconds" in body


def test_a_player_who_judges_nothing_sees_an_empty_queue(client):
    match = MatchFactory()
    dispute_open(match_id=match.pk, opened_by=match.player_a, summary="Secret")
    client.force_login(UserFactory())

    page = client.get(reverse("judge-queue")).content.decode()

    assert "Secret" not in page
    assert "No open disputes." in page


def test_a_duel_a_judge_settles_leaves_the_queue(client):
    duel = DuelFactory()
    match = duel.match
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="A")
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result="B")
    judge = EventRoleFactory(event=match.round.event).user
    client.force_login(judge)
    assert f"{match.player_a.get_full_name()} vs" in client.get(reverse("judge-queue")).content.decode()

    duel_result_set(match_id=match.pk, number=1, judge=judge, result="A", note="Saw the LP pad")

    assert "No disputed results." in client.get(reverse("judge-queue")).content.decode()


def test_an_open_dispute_shows_the_engine_s_verdict_in_words(client):
    match = MatchFactory(player_a=UserFactory(first_name="Yugi", last_name=""))
    trap = json.loads(require_shared("spec/examples/ygo-trap-same-turn.json").read_text())["dispute"]
    dispute_open_with_ruling(
        match_id=match.pk, opened_by=match.player_a, summary="Trap Hole?", dispute=trap, duel_number=None
    )

    page = judge_client(client, match.round.event).get(reverse("judge-queue")).content.decode()

    assert "Not legal</strong> — Trap Hole (Yugi) was Set this turn (turn 5)" in page
    assert "activation.set_this_turn" not in page
    assert "(a5)" not in page
