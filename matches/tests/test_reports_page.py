"""The "Result" section of the match page: players report the match from their phones."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.users import display_name
from matches import services
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


def test_the_opponents_duel_report_comes_first_and_agreeing_is_one_tap(client):
    """Kaiba reported duel 1 first: Yugi's page opens on it, in Kaiba's words, and "That is right" records
    the duel with exactly what Kaiba reported."""
    match = MatchFactory()
    duel = DuelFactory(match=match, number=1, chooser="A", choice="first", first_player="A")
    services.duel_report(match_id=match.pk, number=1, player=match.player_b, result="A", reason="lp")
    a, b = display_name(match.player_a), display_name(match.player_b)
    client.force_login(match.player_a)

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    top = page[page.index('id="now"') : page.index("</section>", page.index('id="now"'))]
    assert "Confirm duel 1" in top
    assert f"{b} reports: {a} won (Life points)" in top

    client.post(reverse("match-duel-report", args=[match.pk, 1]), {"result": "A", "reason": "lp"})

    duel.refresh_from_db()
    assert (duel.result, duel.reason) == ("A", "lp")


def test_the_opponents_match_report_comes_first_and_agreeing_makes_it_final(client):
    match = MatchFactory()
    DuelFactory(match=match, number=1, result="B", reason="lp")
    DuelFactory(match=match, number=2, chooser="A", first_player="A", result="B", reason="deck_out")
    services.match_report_result(match_id=match.pk, player=match.player_b, result="b", games_a=0, games_b=2)
    client.force_login(match.player_a)

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    top = page[page.index('id="now"') : page.index("</section>", page.index('id="now"'))]
    assert "Confirm the match result" in top
    assert f"{display_name(match.player_b)} wins 2-0" in top
    for hidden in ('name="games_a" value="0"', 'name="games_b" value="2"', 'name="games_drawn" value="0"'):
        assert hidden in top

    client.post(
        reverse("match-report", args=[match.pk]),
        {"result": "b", "games_a": 0, "games_b": 2, "games_drawn": 0},
    )

    assert Match.objects.get(pk=match.pk).status == Match.Status.FINAL
