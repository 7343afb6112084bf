"""The "Result" section of the match page: players report the match from their phones."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.users import display_name
from matches.models import Match
from matches.tests.factories import DuelFactory, MatchFactory
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_both_players_report_from_the_page_and_the_result_is_final(client):
    match = MatchFactory()
    url = reverse("match-report", args=[match.pk])

    for player in (match.player_a, match.player_b):
        client.force_login(player)
        client.post(url, {"result": "a", "games_a": 2, "games_b": 1, "games_drawn": 0})

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    assert Match.objects.get(pk=match.pk).status == "final"
    assert "Final" in page
    assert f"{display_name(match.player_a)} wins 2-1" in page


def test_an_impossible_tally_is_explained_in_the_section(client):
    match = MatchFactory()
    client.force_login(match.player_a)

    response = client.post(
        reverse("match-report", args=[match.pk]),
        {"result": "a", "games_a": 3, "games_b": 0},
        headers={"HX-Request": "true"},
    )

    body = response.content.decode()
    assert 'id="reports"' in body
    # In words with the players' names, not "3-0 with 0 drawn cannot end a match as 'a'".
    a, b = display_name(match.player_a), display_name(match.player_b)
    expected = f"{a} 3, {b} 0, 0 drawn: a match cannot end that way with {a} winning. Check the duels."
    assert expected in body.replace("&#x27;", "'")
    assert not match.reports.exists()


def test_the_form_is_prefilled_with_the_duels_recorded(client):
    match = MatchFactory()
    DuelFactory(match=match, number=1, result="A", reason="lp")
    DuelFactory(match=match, number=2, chooser="B", first_player="B", result="A", reason="lp")
    client.force_login(match.player_b)

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()

    assert 'name="games_a" min="0" max="5" value="2"' in page


def test_a_spectator_sees_the_reports_but_no_form(client):
    match = MatchFactory()
    client.force_login(UserFactory())

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()

    assert "No match result reported yet." in page
    assert "Report the match" not in page


def test_a_count_that_is_not_a_number_is_named(client):
    match = MatchFactory()
    client.force_login(match.player_a)

    response = client.post(
        reverse("match-report", args=[match.pk]), {"result": "a", "games_a": "two"}, follow=True
    )

    assert "Give a number of duels." in response.content.decode()
