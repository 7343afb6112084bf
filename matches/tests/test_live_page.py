"""The match page is live: one fragment per match with a version, polled with If-None-Match.

Whatever changes in a match (a toss, a choice, a count, a report, a judge's correction), every viewer's next
poll gets the whole new body; while nothing changed, it gets "304 Not Modified" for next to no work.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.users import display_name
from matches.models import Match
from matches.services import duel_report, duel_start, match_coin_toss, match_report_result
from matches.services.judging import match_result_set
from matches.services.side_decks import side_deck_count_record
from matches.tests.factories import MatchFactory, coin_landing_on
from tournaments.tests.factories import EventFactory, EventRoleFactory, RoundFactory

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def phone(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def shown_etag(html: str) -> str:
    """The version a page shows (its live fragment's data-live-etag), as the browser sends it back."""
    found = re.search(r'data-live-etag="([^"]+)"', html)
    assert found, "the page has no live fragment"
    return found.group(1).replace("&quot;", '"')


def poll(client: Client, match: Match, etag: str):
    return client.get(reverse("match-live", args=[match.pk]), headers={**HTMX, "If-None-Match": etag})


def test_the_opponents_choice_reaches_the_other_phone_and_an_idle_poll_is_304(django_assert_max_num_queries):
    match = MatchFactory()
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    yugi, kaiba = phone(match.player_a), phone(match.player_b)
    side_deck_count_record(match_id=match.pk, player=match.player_b, count=3)
    seen = shown_etag(kaiba.get(reverse("match-detail", args=[match.pk])).content.decode())
    assert poll(kaiba, match, seen).status_code == 304  # nothing happened yet

    # Yugi, who won the toss, plays first: Kaiba's page had "Yugi chooses who plays first".
    yugi.post(reverse("match-duel-start", args=[match.pk]), {"choice": "first"}, headers=HTMX)

    fresh = poll(kaiba, match, seen)
    body = fresh.content.decode()
    assert fresh.status_code == 200
    a, b = display_name(match.player_a), display_name(match.player_b)
    assert f"{a} chose to play first: {a} went first." in body
    assert "Duel 1 is being played." in body
    assert f"{b}</strong>: 3 cards in the Side Deck" in body  # the whole body, not one section
    assert "Report duel 1" in body  # Kaiba's next thing to do
    assert "I play first" not in body
    assert fresh["ETag"] != seen
    assert shown_etag(body) == fresh["ETag"]

    # While nothing changes, the poll costs the session and one small query, and renders nothing.
    with django_assert_max_num_queries(2):
        idle = poll(kaiba, match, fresh["ETag"])
    assert idle.status_code == 304
    assert idle.content == b""


def test_each_viewer_has_their_own_version_of_the_same_match():
    match = MatchFactory()
    yugi, kaiba = phone(match.player_a), phone(match.player_b)

    yugis = yugi.get(reverse("match-live", args=[match.pk]), headers=HTMX)
    kaibas = kaiba.get(reverse("match-live", args=[match.pk]), headers=HTMX)

    assert yugis["ETag"] != kaibas["ETag"]  # each is offered their own forms
    assert poll(kaiba, match, yugis["ETag"]).status_code == 200


def test_a_refused_action_changes_no_version():
    match = MatchFactory()
    kaiba = phone(match.player_b)
    seen = kaiba.get(reverse("match-live", args=[match.pk]), headers=HTMX)["ETag"]

    refused = kaiba.post(reverse("match-duel-start", args=[match.pk]), {"choice": "first"}, headers=HTMX)

    assert "toss" in refused.content.decode()  # the refusal is at the top of the body that comes back
    assert poll(kaiba, match, seen).status_code == 304


def test_the_report_form_disappears_once_the_match_is_final_and_a_correction_reaches_the_players():
    event = EventFactory()
    judge = EventRoleFactory(event=event).user
    match = MatchFactory(round=RoundFactory(event=event))
    yugi, kaiba = phone(match.player_a), phone(match.player_b)
    match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2, games_b=0)
    seen = shown_etag(kaiba.get(reverse("match-detail", args=[match.pk])).content.decode())
    page = yugi.get(reverse("match-detail", args=[match.pk])).content.decode()
    a, b = display_name(match.player_a), display_name(match.player_b)
    assert f"{b} has not reported the match yet." in page  # Yugi waits for Kaiba

    match_report_result(match_id=match.pk, player=match.player_b, result="a", games_a=2, games_b=0)
    final = poll(kaiba, match, seen).content.decode()

    assert f"{a} wins 2-0" in final
    assert f"{b} reports: {a} wins 2-0" in final
    assert 'action="/matches/' not in final.split('id="disputes"')[0]  # no form above the disputes
    assert "Report the match" not in final
    assert "Change your report" not in final

    seen = poll(kaiba, match, "").get("ETag")
    match_result_set(match_id=match.pk, judge=judge, result="b", games_a=1, games_b=2, note="Slip misread")
    corrected = poll(kaiba, match, seen).content.decode()
    judge_name = display_name(judge)
    # The winner's games come first, whichever seat they had: "wins 2-1", never "wins 1-2".
    assert f"Judge {judge_name} corrected the result: {b} wins 2-1 (was: {a} wins 2-0)." in corrected
    assert "Note: Slip misread" in corrected


def test_a_duel_report_names_the_players():
    match = MatchFactory()
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    duel_start(match_id=match.pk, player=match.player_a, choice="first")
    duel_report(match_id=match.pk, number=1, player=match.player_b, result="B", reason="lp")

    body = phone(match.player_a).get(reverse("match-live", args=[match.pk]), headers=HTMX).content.decode()

    b = display_name(match.player_b)
    assert f"{b} reports: {b} won (Life points)" in body
    assert "Player B" not in body


def test_a_magic_match_speaks_of_games_play_or_draw_and_sideboards():
    match = MatchFactory(round=RoundFactory(event=EventFactory(game="mtg")), match_format="first_to_two")
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    side_deck_count_record(match_id=match.pk, player=match.player_a, count=15)

    body = phone(match.player_a).get(reverse("match-detail", args=[match.pk])).content.decode()

    assert "Play or draw?" in body
    assert "I play</button>" in body
    assert "I draw</button>" in body
    assert "cards in the sideboard" in body
    words = re.sub(r"<[^>]+>", " ", body.split('id="match-live"')[1])  # what a person reads
    for yugioh_word in ("Duel", "duel", "Side Deck", "LP"):
        assert yugioh_word not in words, yugioh_word
