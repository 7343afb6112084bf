"""Calling time in Magic puts unfinished matches into extra turns (never decided by the call itself), and a
top cut match's draw is refused when it is reported or entered, in the same words on the page and the API."""

from __future__ import annotations

from typing import cast

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from matches.models import Duel, Match
from matches.services import match_report_result
from matches.services.judging import match_result_set
from matches.services.timing import round_call_time
from matches.tests.factories import DuelFactory, MatchFactory
from tests.api_clients import client_for
from tournaments.models import EventRole, Round
from tournaments.services import round_pair, round_start
from tournaments.tests.event_steps import event_with_players
from tournaments.tests.factories import EventFactory, EventRoleFactory, RoundFactory

pytestmark = pytest.mark.django_db

TOP_CUT_SENTENCE = (
    "A top cut match needs a winner: report which player won the match, not a draw or a double loss."
)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def magic_round():
    event, organizer, _players = event_with_players(4, game="mtg")
    assert event.end_of_round == "mtg_five_turns"
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    return event, organizer, Round.objects.get(pk=round_.pk)


def test_calling_time_in_magic_leaves_unreported_matches_in_extra_turns_not_drawn():
    """Calling time used to end every unreported Magic match as a 0-0 draw; now the players play on."""
    _event, organizer, round_ = magic_round()

    outcome = round_call_time(round_id=round_.pk, by=organizer)

    assert outcome.called == 2
    for match in Match.objects.filter(round=round_):
        assert match.time_called_at is not None
        assert match.status == Match.Status.PLAYING
        assert match.result == ""
        assert match.status_label == "Extra turns"


def test_a_magic_match_with_a_game_won_before_time_is_not_decided_by_the_call_either():
    _event, organizer, round_ = magic_round()
    match = Match.objects.filter(round=round_).first()
    assert match is not None
    DuelFactory(match=match, number=1, result=Duel.Result.A, reason="lp")

    round_call_time(round_id=round_.pk, by=organizer)

    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    assert match.result == ""


def test_players_report_after_extra_turns_and_their_agreement_makes_it_final():
    _event, organizer, round_ = magic_round()
    round_call_time(round_id=round_.pk, by=organizer)
    match = Match.objects.filter(round=round_).select_related("player_a", "player_b").first()
    assert match is not None
    assert match.player_b is not None

    for player in (match.player_a, match.player_b):
        match_report_result(match_id=match.pk, player=player, result="a", games_a=1, games_b=0, games_drawn=1)

    match.refresh_from_db()
    assert (match.status, match.result, match.games_a, match.games_drawn) == ("final", "a", 1, 1)


def test_extra_turns_are_shown_on_the_match_page_the_run_page_and_the_projector():
    event, organizer, round_ = magic_round()
    round_call_time(round_id=round_.pk, by=organizer)
    match = Match.objects.filter(round=round_).select_related("player_a").first()
    assert match is not None

    match_page = signed_in(match.player_a).get(reverse("match-detail", args=[match.pk])).content.decode()
    run_page = signed_in(organizer).get(f"/events/{event.slug}/run/").content.decode()
    projector = Client().get(f"/events/{event.slug}/projector/").content.decode()

    assert '<span class="badge status-playing">Extra turns</span>' in match_page
    assert "Match over" not in match_page  # the duels section no longer says a match in extra turns is over
    assert "then both players report the match result" in match_page
    assert "Extra turns" in run_page
    assert "Time was called at" in run_page
    assert "Extra turns: unfinished matches" in projector
    assert "Time was called at" in projector


def test_the_match_pages_call_time_for_the_round_asks_first():
    event, _organizer, round_ = magic_round()
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    match = Match.objects.filter(round=round_).first()
    assert match is not None
    page = signed_in(judge)
    url = reverse("match-detail", args=[match.pk])

    assert "Yes, call time for the round" not in page.get(url).content.decode()
    assert "Yes, call time for the round" in page.get(url, {"confirm": "round-time"}).content.decode()

    unconfirmed = page.post(reverse("match-call-time", args=[match.pk]), {"scope": "round"}, follow=True)
    assert "Time was not called for the round" in unconfirmed.content.decode()
    assert not Match.objects.filter(round=round_, time_called_at__isnull=False).exists()

    page.post(reverse("match-call-time", args=[match.pk]), {"scope": "round", "confirm": "yes"})
    assert not Match.objects.filter(round=round_, time_called_at__isnull=True).exists()


# --- the top cut needs a winner ---------------------------------------------------------------------


def top_cut_match() -> Match:
    event = EventFactory(game="yugioh")
    return cast(Match, MatchFactory(round=RoundFactory(event=event, stage=Round.Stage.TOP, number=4)))


def test_a_players_drawn_report_in_the_top_cut_is_refused_when_made():
    match = top_cut_match()

    with pytest.raises(ValidationError) as refused:
        match_report_result(match_id=match.pk, player=match.player_a, result="draw", games_a=1, games_b=1)

    assert refused.value.message_dict["result"] == [TOP_CUT_SENTENCE]
    assert not match.reports.exists()


def test_a_judges_draw_or_double_loss_in_the_top_cut_is_refused():
    match = top_cut_match()
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user

    for result in ("draw", "double_loss"):
        with pytest.raises(ValidationError) as refused:
            match_result_set(match_id=match.pk, judge=judge, result=result, games_a=1, games_b=1, note="slip")
        assert refused.value.message_dict["result"] == [TOP_CUT_SENTENCE]
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING


def test_the_api_refuses_a_top_cut_draw_with_the_same_sentence():
    match = top_cut_match()
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user

    reported = client_for(match.player_a).post(
        f"/api/v1/matches/{match.pk}/reports/",
        {"result": "draw", "games_a": 1, "games_b": 1},
        format="json",
        HTTP_IDEMPOTENCY_KEY="r1",
    )
    entered = client_for(judge).post(
        f"/api/v1/matches/{match.pk}/result/",
        {"result": "draw", "games_a": 1, "games_b": 1, "note": "slip"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="j1",
    )

    assert reported.status_code == entered.status_code == 400
    assert reported.json()["result"] == entered.json()["result"] == [TOP_CUT_SENTENCE]


def test_the_top_cut_match_page_offers_no_draw_and_says_why():
    match = top_cut_match()
    page = signed_in(match.player_a)
    url = reverse("match-detail", args=[match.pk])

    html = page.get(url).content.decode()
    assert "Match draw" not in html
    assert TOP_CUT_SENTENCE in html

    posted = page.post(
        reverse("match-report", args=[match.pk]), {"result": "draw", "games_a": 1, "games_b": 1}, follow=True
    )
    assert TOP_CUT_SENTENCE in posted.content.decode()
    assert not match.reports.exists()

    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    judging = signed_in(judge).get(url).content.decode()
    options = judging.split('name="result" required>', 1)[1].split("</select>", 1)[0]
    assert "Draw" not in options
    assert "Double loss" not in options
