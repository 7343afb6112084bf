"""The time API and the "Time" section of the match page: what judges and players see and are refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from matches.models import Match, TimeExtension
from matches.services.timing import match_call_time, time_extension_grant
from matches.tests.factories import DuelFactory, MatchFactory
from tests.api_clients import client_for
from tournaments.models import EventRole
from tournaments.tests.factories import EventFactory, EventRoleFactory, RoundFactory

pytestmark = pytest.mark.django_db


def setup(procedure: str, *, game: str = "yugioh", ends_at=None):
    event = EventFactory(game=game, end_of_round=procedure)
    match = MatchFactory(round=RoundFactory(event=event, ends_at=ends_at))
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    return match, judge


def won_then_playing(match):
    DuelFactory(match=match, number=1, result="A", reason="lp")
    return DuelFactory(match=match, number=2, chooser="B", choice="first", first_player="B")


def test_a_judge_grants_extensions_and_everyone_sees_the_new_time_due():
    ends_at = timezone.now().replace(microsecond=0) + timedelta(minutes=20)
    match, judge = setup("ygo_lp", ends_at=ends_at)
    url = reverse("api-match-extensions", args=[match.pk])

    granted = client_for(judge).post(
        url, {"minutes": 5, "reason": "deck_check", "note": "random check"}, format="json"
    )
    body = APIClient().get(url).json()

    assert granted.status_code == 201
    assert body["extra_minutes"] == 5
    assert body["due"] == (ends_at + timedelta(minutes=5)).isoformat().replace("+00:00", "Z")
    assert body["extensions"][0] | {"granted_at": None} == {
        "minutes": 5,
        "reason": "deck_check",
        "note": "random check",
        "granted_by": judge.username,
        "granted_at": None,
    }
    assert body["end_of_round"] == "ygo_lp"


def test_a_player_cannot_grant_an_extension_and_bad_input_names_the_field():
    match, judge = setup("ygo_lp")
    url = reverse("api-match-extensions", args=[match.pk])

    player = client_for(match.player_a).post(url, {"minutes": 5, "reason": "judge_call"}, format="json")
    bad = client_for(judge).post(url, {"minutes": 90, "reason": "coffee"}, format="json")

    assert player.status_code == 403
    assert bad.status_code == 400
    assert set(bad.json()) == {"minutes", "reason"}
    assert not TimeExtension.objects.exists()


def test_call_time_twice_keeps_the_first_time_and_players_are_refused():
    match, judge = setup("ygo_double_loss")
    url = reverse("api-match-call-time", args=[match.pk])

    refused = client_for(match.player_a).post(url)
    first = client_for(judge).post(url)
    second = client_for(judge).post(url)

    assert refused.status_code == 403
    assert (first.status_code, second.status_code) == (200, 200)
    assert first.json()["time_called_at"] == second.json()["time_called_at"]
    assert (second.json()["status"], second.json()["result"]) == ("final", "double_loss")
    assert second.json()["steps"] == [
        "A match nobody has won when time is called is a loss for both players."
    ]
    in_portuguese = client_for(judge).post(url, headers={"accept-language": "pt-BR"})
    assert in_portuguese.json()["steps"] == [
        "Uma partida que ninguém venceu quando o tempo se esgota é uma derrota para os dois jogadores."
    ]


def test_finish_at_time_needs_both_lp_totals_then_scores_the_duel():
    """Yu-Gi-Oh! policy before September 2025: 1-0, duel 2 at 3000 vs 5000 LP goes to B: a 1-1 draw."""
    match, judge = setup("ygo_lp")
    won_then_playing(match)
    client = client_for(judge)
    client.post(reverse("api-match-call-time", args=[match.pk]))
    url = reverse("api-match-finish-at-time", args=[match.pk])

    missing = client.post(url, {"lp_a": 3000}, format="json")
    done = client.post(url, {"lp_a": 3000, "lp_b": 5000}, format="json")
    again = client.post(url, {"lp_a": 3000, "lp_b": 5000}, format="json")

    assert missing.status_code == 400
    assert "lp_b" in missing.json()
    assert done.status_code == 200
    assert (done.json()["status"], done.json()["result"], done.json()["playing"]) == ("final", "draw", None)
    assert again.status_code == 409


def test_no_new_duel_starts_through_the_api_after_time():
    match, _judge = setup("ygo_lp")
    DuelFactory(match=match, number=1, result="draw", reason="lp")
    Match.objects.filter(pk=match.pk).update(time_called_at=timezone.now())

    started = client_for(match.player_a).post(
        reverse("api-match-duels", args=[match.pk]), {"choice": "first"}, format="json"
    )

    assert started.status_code == 409


def test_round_call_time_reports_what_it_did():
    event = EventFactory(end_of_round="ygo_double_loss")
    round_ = RoundFactory(event=event, ends_at=timezone.now() - timedelta(minutes=1))
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    plain, extended = MatchFactory(round=round_), MatchFactory(round=round_)
    time_extension_grant(match_id=extended.pk, judge=judge, minutes=10, reason="judge_call")
    url = reverse("api-round-call-time", args=[round_.pk])

    refused = client_for(plain.player_a).post(url)
    body = client_for(judge).post(url).json()

    assert refused.status_code == 403
    assert body == {"called": 1, "in_extra_time": 1, "disputed": 0, "already_called": 0}


def test_the_event_api_shows_the_end_of_round_setting():
    event = EventFactory(game="mtg", end_of_round="mtg_five_turns")

    body = APIClient().get(reverse("api-event", args=[event.slug])).json()

    assert body["end_of_round"] == "mtg_five_turns"
    assert body["end_of_round_label"].startswith("Magic: the current turn plus five more")


# --- The match page ----------------------------------------------------------------------------------------


def test_the_page_shows_extensions_and_the_time_due(client):
    ends_at = timezone.localtime(timezone.now()).replace(hour=20, minute=0, second=0, microsecond=0)
    match, judge = setup("ygo_lp", ends_at=ends_at)
    time_extension_grant(match_id=match.pk, judge=judge, minutes=4, reason="judge_call", note="ruling")
    client.force_login(match.player_a)

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()

    assert 'id="time"' in page
    assert "Round ends at <strong>8 p.m.</strong>" in page
    assert "+4 min · Judge call (ruling)" in page
    assert "time due at <strong>8:04 p.m.</strong>" in page
    assert "Grant extension" not in page  # players do not get the judge's forms


def test_a_judge_grants_an_extension_from_the_page(client):
    match, judge = setup("ygo_lp")
    client.force_login(judge)
    url = reverse("match-extension", args=[match.pk])

    section = client.post(url, {"minutes": "3", "reason": "deck_check"}, headers={"HX-Request": "true"})
    refused = client.post(url, {"minutes": "0", "reason": "deck_check"}, headers={"HX-Request": "true"})

    assert section.status_code == 200
    assert "+3 min · Deck check" in section.content.decode()
    assert "whole minutes, from 1 to 60" in refused.content.decode()
    client.force_login(match.player_a)
    assert client.post(url, {"minutes": "3", "reason": "deck_check"}).status_code == 403


def test_after_time_the_page_shows_the_procedure_and_the_lp_form(client):
    """Yu-Gi-Oh! policy before September 2025: the page lists the steps and asks for the LP totals."""
    match, judge = setup("ygo_lp")
    won_then_playing(match)
    client.force_login(judge)
    called = client.post(reverse("match-call-time", args=[match.pk]), headers={"HX-Request": "true"})
    assert called["HX-Redirect"] == reverse("match-detail", args=[match.pk])

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()

    assert "<strong>Time!</strong>" in page
    assert "The players finish the current phase of the duel." in page
    assert "The player with more LP wins the unfinished duel" in page
    assert 'name="lp_a"' in page
    response = client.post(reverse("match-finish-at-time", args=[match.pk]), {"lp_a": "3000", "lp_b": "5000"})
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).result == "draw"


def test_after_time_a_magic_player_reports_the_unfinished_game_as_a_draw(client):
    """Magic, five extra turns: the page offers "unfinished: a draw"; both players' reports make it count."""
    match, judge = setup("mtg_five_turns", game="mtg")
    won_then_playing(match)
    match_call_time(match_id=match.pk, by=judge)
    client.force_login(match.player_b)

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    client.post(reverse("match-finish-at-time", args=[match.pk]))
    client.force_login(match.player_a)
    client.post(reverse("match-finish-at-time", args=[match.pk]))

    assert "Game 2 was unfinished: a draw" in page
    assert 'name="lp_a"' not in page
    final = Match.objects.get(pk=match.pk)
    assert (final.result, final.games_a, final.games_drawn) == ("a", 1, 1)


def test_the_2025_double_loss_is_shown_on_the_page(client):
    """Yu-Gi-Oh! 2025 revision: the page says the match is a loss for both."""
    match, judge = setup("ygo_double_loss")
    match_call_time(match_id=match.pk, by=judge)
    client.force_login(match.player_a)

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()

    assert "The match is a loss for both players." in page
    assert "A match nobody has won when time is called is a loss for both players." in page


def test_the_event_and_organize_pages_show_the_end_of_round_setting(client):
    event = EventFactory(end_of_round="ygo_lp")
    organizer = EventRoleFactory(event=event, role=EventRole.Role.ORGANIZER).user
    client.force_login(organizer)

    event_page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    organize_page = client.get(reverse("organize")).content.decode()

    label = (
        "End of round: Yu-Gi-Oh! (policy before September 2025): finish the phase, higher LP wins the duel"
    )
    assert label in event_page
    assert label in organize_page
