"""A player's own pages: entering, checking in with the event code, dropping, and their match history."""

from __future__ import annotations

from typing import cast

import pytest
from django.contrib.auth.models import User

from matches.services.judging import match_result_set
from tournaments.models import Registration
from tournaments.services import round_pair, round_start
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_a_wrong_event_code_is_refused_under_the_field_and_checks_nobody_in(client):
    event, _, _ = event_with_players(2)
    walk_in = cast(User, UserFactory(username="walkin"))
    client.force_login(walk_in)

    plain = client.post(f"/events/{event.slug}/check-in/", {"code": "WRONG1"})
    swapped = client.post(f"/events/{event.slug}/check-in/", {"code": "WRONG1"}, headers=HTMX)

    assert plain.status_code == 400
    for body in (plain.content.decode(), swapped.content.decode()):
        assert 'id="event-code-error"' in body
        assert "That is not this event&#x27;s code" in body
    assert "<html" not in swapped.content.decode()
    assert not Registration.objects.filter(event=event, player=walk_in).exists()


def test_a_player_enters_then_checks_in_with_the_code(client):
    event, _, _ = event_with_players(2)
    player = cast(User, UserFactory(username="newcomer"))
    client.force_login(player)

    entered = client.post(f"/events/{event.slug}/enter/", follow=True).content.decode()
    checked = client.post(f"/events/{event.slug}/check-in/", {"code": event.event_code.lower()}, follow=True)

    assert "Not checked in" in entered
    assert "You are checked in." in checked.content.decode()
    assert "Checked in</span> at" in checked.content.decode()
    assert Registration.objects.get(event=event, player=player).checked_in_at is not None


def test_a_late_check_in_says_which_round_the_player_joins(client):
    event, organizer, _ = event_with_players(4)
    play_round(event, organizer)
    player = cast(User, UserFactory(username="late"))
    client.force_login(player)

    client.post(f"/events/{event.slug}/check-in/", {"code": event.event_code})
    page = client.get(f"/events/{event.slug}/").content.decode()

    assert "You join in round 2; the rounds before count as losses." in page


def test_dropping_needs_the_box_ticked(client):
    event, _, players = event_with_players(2)
    client.force_login(players[0])

    unconfirmed = client.post(f"/events/{event.slug}/drop/", headers=HTMX).content.decode()
    assert "Tick the box to confirm" in unconfirmed
    assert Registration.objects.get(event=event, player=players[0]).dropped_after_round is None

    confirmed = client.post(f"/events/{event.slug}/drop/", {"confirm": "yes"}, headers=HTMX).content.decode()
    assert "You have dropped" in confirmed
    assert Registration.objects.get(event=event, player=players[0]).dropped_after_round == 0


def test_the_history_shows_each_match_from_the_players_side(client):
    event, organizer, _ = event_with_players(3)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    match = round_.matches.exclude(player_b=None).get()
    match_result_set(match_id=match.pk, judge=organizer, result="b", games_a=1, games_b=2, note="slip")
    bye = round_.matches.get(player_b=None)

    client.force_login(match.player_b)
    winner = client.get("/me/history/").content.decode()
    client.force_login(match.player_a)
    loser = client.get("/me/history/").content.decode()
    client.force_login(bye.player_a)
    byed = client.get("/me/history/").content.decode()

    assert "Friday Locals" in winner
    assert ">Won</a>" in winner
    assert "2-1" in winner
    assert match.player_a.get_full_name() in winner
    assert ">Lost</a>" in loser
    assert "1-2" in loser
    assert ">Bye</a>" in byed


def test_the_history_needs_a_login(client):
    assert client.get("/me/history/").status_code == 302
