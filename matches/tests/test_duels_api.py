"""The duels API and the "Duels" section of the match page: what players see and what they are refused."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from idempotency.models import IdempotencyRecord
from matches.models import CoinToss, Duel, DuelReport, Match
from matches.services import duel_start, match_coin_toss
from matches.tests.concurrency import needs_postgresql, run_at_once
from matches.tests.factories import MatchFactory, coin_landing_on
from tests.api_clients import client_for
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def started(match: Match) -> Duel:
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    return duel_start(match_id=match.pk, player=match.player_a, choice="first")


def report_url(match: Match, number: int = 1) -> str:
    return reverse("api-duel-reports", args=[match.pk, number])


def test_the_duels_of_a_new_match_ask_for_a_coin_toss():
    match = MatchFactory()

    body = APIClient().get(reverse("api-match-duels", args=[match.pk])).json()

    assert body["next"] == {"duel": 1, "chooser": None, "coin_toss_needed": True, "playing": None}
    assert body["tally"]["next_first_choice"] == "coin_toss"
    assert (body["duels"], body["tosses"], body["match_format"]) == ([], [], "three_duels")


def test_tossing_twice_returns_the_same_toss():
    match = MatchFactory()
    client = client_for(match.player_a)

    first = client.post(reverse("api-match-toss", args=[match.pk]))
    second = client.post(reverse("api-match-toss", args=[match.pk]))

    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json() == second.json()
    assert CoinToss.objects.count() == 1
    body = client.get(reverse("api-match-duels", args=[match.pk])).json()
    assert body["next"]["chooser"] == first.json()["winner"]  # a fair coin: whoever won it chooses


def test_only_the_players_may_toss_and_only_the_chooser_may_start():
    match = MatchFactory()
    url = reverse("api-match-duels", args=[match.pk])

    assert client_for(UserFactory()).post(reverse("api-match-toss", args=[match.pk])).status_code == 403
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    assert client_for(UserFactory()).post(url, {"choice": "first"}, format="json").status_code == 403
    not_yours = client_for(match.player_b).post(url, {"choice": "first"}, format="json")
    bad = client_for(match.player_a).post(url, {"choice": "middle"}, format="json")
    started_ = client_for(match.player_a).post(url, {"choice": "second"}, format="json")
    twice = client_for(match.player_a).post(url, {"choice": "first"}, format="json")

    assert not_yours.status_code == 409
    assert "chooses" in not_yours.json()["detail"]
    assert (bad.status_code, list(bad.json())) == (400, ["choice"])
    assert started_.status_code == 201
    assert (started_.json()["number"], started_.json()["first_player"]) == (1, "B")
    assert twice.status_code == 409
    assert Duel.objects.count() == 1


def test_reports_from_both_players_finish_the_duel_and_show_the_next_chooser():
    match = MatchFactory()
    started(match)

    client_for(match.player_a).post(report_url(match), {"result": "A", "reason": "lp"}, format="json")
    response = client_for(match.player_b).post(
        report_url(match), {"result": "A", "reason": "lp"}, format="json"
    )

    assert response.status_code == 200
    assert (response.json()["result"], len(response.json()["reports"])) == ("A", 2)
    body = client_for(match.player_a).get(reverse("api-match-duels", args=[match.pk])).json()
    assert body["next"] == {"duel": 2, "chooser": "B", "coin_toss_needed": False, "playing": None}
    assert body["tally"]["wins"] == {"A": 1, "B": 0}


def test_report_errors_are_403_409_and_400_per_field():
    match = MatchFactory()
    started(match)
    for player in (match.player_a, match.player_b):
        client_for(player).post(report_url(match), {"result": "draw"}, format="json")

    stranger = client_for(UserFactory()).post(report_url(match), {"result": "A"}, format="json")
    final = client_for(match.player_a).post(report_url(match), {"result": "A"}, format="json")
    bad = client_for(match.player_a).post(report_url(match), {"result": "C", "reason": "luck"}, format="json")

    assert stranger.status_code == 403
    assert final.status_code == 409
    assert (bad.status_code, sorted(bad.json())) == (400, ["reason", "result"])
    assert DuelReport.objects.count() == 2


def test_an_idempotency_key_replay_returns_the_first_response_without_a_second_write():
    match = MatchFactory()
    started(match)
    client = client_for(match.player_a)
    headers = {"Idempotency-Key": "report-1"}

    first = client.post(report_url(match), {"result": "A"}, format="json", headers=headers)
    report = DuelReport.objects.get()
    second = client.post(report_url(match), {"result": "A"}, format="json", headers=headers)

    assert (first.status_code, second.status_code) == (200, 200)
    assert second.json() == first.json()
    assert second["Idempotent-Replayed"] == "true"
    assert DuelReport.objects.get().reported_at == report.reported_at
    assert IdempotencyRecord.objects.count() == 1


def test_a_replayed_refusal_is_the_same_refusal_and_a_reused_key_is_a_conflict():
    match = MatchFactory()
    started(match)
    stranger = client_for(UserFactory())
    client = client_for(match.player_a)

    refused = [
        stranger.post(report_url(match), {"result": "A"}, format="json", headers={"Idempotency-Key": "k"})
        for _ in range(2)
    ]
    client.post(report_url(match), {"result": "A"}, format="json", headers={"Idempotency-Key": "k"})
    reused = client.post(report_url(match), {"result": "B"}, format="json", headers={"Idempotency-Key": "k"})

    assert [r.status_code for r in refused] == [403, 403]
    assert refused[0].json() == refused[1].json()
    assert reused.status_code == 409
    assert list(DuelReport.objects.values_list("result", flat=True)) == ["A"]


def test_the_match_page_offers_the_toss_then_the_choice_then_the_report(client):
    match = MatchFactory()
    client.force_login(match.player_a)
    page = reverse("match-detail", args=[match.pk])

    assert "Toss the coin" in client.get(page).content.decode()
    tossed = client.post(reverse("match-toss", args=[match.pk]), headers={"HX-Request": "true"})
    assert "<html" not in tossed.content.decode()
    # A fair coin: whoever won it is offered the choice, on their own phone.
    winner = match.player_a if CoinToss.objects.get(match=match).winner == "A" else match.player_b
    client.force_login(winner)
    assert "I play first" in client.get(page).content.decode()
    client.post(
        reverse("match-duel-start", args=[match.pk]), {"choice": "first"}, headers={"HX-Request": "true"}
    )
    reported = client.post(
        reverse("match-duel-report", args=[match.pk, 1]),
        {"result": "A", "reason": "lp"},
        headers={"HX-Request": "true"},
    )

    html = reported.content.decode()
    assert "Duel 1" in html
    assert "Waiting for reports" in html
    assert "reports:" in html
    assert DuelReport.objects.filter(duel__match=match, result="A", reason="lp").exists()


def test_the_page_shows_a_refusal_and_the_opponent_sees_no_choice_buttons(client):
    match = MatchFactory()
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    client.force_login(match.player_b)

    assert "I play first" not in client.get(reverse("match-detail", args=[match.pk])).content.decode()
    refused = client.post(
        reverse("match-duel-start", args=[match.pk]), {"choice": "first"}, headers={"HX-Request": "true"}
    )

    assert 'class="problems"' in refused.content.decode()
    assert not Duel.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_both_players_reporting_a_duel_at_the_same_moment_finish_it_once():
    needs_postgresql()
    match = MatchFactory()
    started(match)
    clients = [client_for(match.player_a), client_for(match.player_b)]

    responses = run_at_once(
        *(
            lambda c=c: c.post(report_url(match), {"result": "B", "reason": "lp"}, format="json")
            for c in clients
        )
    )

    assert [r.status_code for r in responses] == [200, 200]
    duel = Duel.objects.get(match=match)
    assert (duel.result, duel.reports.count()) == ("B", 2)
    assert sorted(len(r.json()["reports"]) for r in responses) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_one_report_retried_at_the_same_moment_with_one_key_is_written_once():
    needs_postgresql()
    match = MatchFactory()
    started(match)
    client = client_for(match.player_a)

    def send():
        return client.post(
            report_url(match), {"result": "A"}, format="json", headers={"Idempotency-Key": "same"}
        )

    responses = run_at_once(send, send, send)

    assert [r.status_code for r in responses] == [200, 200, 200]
    bodies = [r.json() for r in responses]
    assert bodies[1:] == bodies[:1] * 2  # equal as JSON (jsonb does not keep the key order)
    assert sorted(r.has_header("Idempotent-Replayed") for r in responses) == [False, True, True]
    assert DuelReport.objects.filter(duel__match=match).count() == 1
    assert IdempotencyRecord.objects.count() == 1
