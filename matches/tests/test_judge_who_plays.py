"""A judge who also plays (a small store's organizer often does) is a player at their own table: they do
not see their opponent's sided cards and do not deck-check their own match."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from matches.services import dispute_open
from matches.tests.factories import MatchFactory
from matches.tests.test_side_decks import play_duel, register, swap
from tests.api_clients import client_for
from tournaments.models import DeckCheck, EventRole, Registration
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge_at_own_table():
    """Player A sided in Mystical Space Typhoon; player B is also an organizer of the event."""
    match = MatchFactory(player_b=UserFactory())
    EventRoleFactory(event=match.round.event, user=match.player_b, role=EventRole.Role.ORGANIZER)
    register(match, match.player_a)
    register(match, match.player_b)
    play_duel(match)
    swap(match, [(1, "Mystical Space Typhoon")], [(1, "Dark Magician")])
    return match


def test_the_api_hides_the_opponents_swap_from_a_judge_who_plays(judge_at_own_table):
    match = judge_at_own_table
    other_judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    url = reverse("api-match-side-decks", args=[match.pk])

    as_playing_judge = client_for(match.player_b).get(url).json()["swaps"][0]
    as_other_judge = client_for(other_judge).get(url).json()["swaps"][0]

    assert (as_playing_judge["hidden"], as_playing_judge["moves"], as_playing_judge["presented"]) == (
        True,
        None,
        None,
    )
    assert as_other_judge["hidden"] is False


def test_a_judge_who_plays_at_another_table_does_not_see_the_cards_sided_here(judge_at_own_table):
    # Ben judges and plays at table 1; a player at table 2 who also judges sees table 1's verdict only.
    match = judge_at_own_table
    elsewhere = MatchFactory(round=match.round)
    register(elsewhere, elsewhere.player_a)
    EventRoleFactory(event=match.round.event, user=elsewhere.player_a, role=EventRole.Role.JUDGE)

    swap = (
        client_for(elsewhere.player_a)
        .get(reverse("api-match-side-decks", args=[match.pk]))
        .json()["swaps"][0]
    )

    assert (swap["hidden"], swap["moves"]) == (True, None)


def test_the_match_page_hides_the_opponents_swap_from_a_judge_who_plays(judge_at_own_table):
    match = judge_at_own_table
    url = reverse("match-detail", args=[match.pk])
    playing_judge, other_judge = Client(), Client()
    playing_judge.force_login(match.player_b)
    other_judge.force_login(EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user)

    as_playing_judge = playing_judge.get(url)
    as_other_judge = other_judge.get(url)

    assert as_playing_judge.status_code == 200
    assert "Mystical Space Typhoon" not in as_playing_judge.content.decode()
    assert as_other_judge.status_code == 200
    assert "Mystical Space Typhoon" in as_other_judge.content.decode()  # the page does show swaps to a judge


def test_a_judge_who_plays_runs_no_deck_check_at_their_event(judge_at_own_table):
    match = judge_at_own_table
    event = match.round.event
    url = f"/api/v1/events/{event.slug}/rounds/{match.round.number}/deck-checks/"

    by_hand = client_for(match.player_b).post(url, {"match": match.pk}, format="json")
    at_random = client_for(match.player_b).post(url, {"count": 1, "seed": "s"}, format="json")
    listed = client_for(match.player_b).get(url)

    assert (by_hand.status_code, at_random.status_code, listed.status_code) == (403, 403, 403)
    assert not DeckCheck.objects.exists()


def test_a_judge_who_plays_cannot_see_or_record_a_check_another_judge_picked(judge_at_own_table):
    match = judge_at_own_table
    event = match.round.event
    other_judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    url = f"/api/v1/events/{event.slug}/rounds/{match.round.number}/deck-checks/"
    checks = client_for(other_judge).post(url, {"match": match.pk}, format="json").json()
    opponents = next(check for check in checks if check["player"] == match.player_a.username)
    check_url = f"/api/v1/deck-checks/{opponents['id']}/"

    seen = client_for(match.player_b).get(check_url)
    recorded = client_for(match.player_b).post(check_url, {"main": 40, "extra": 1, "side": 3}, format="json")

    assert len(checks) == 2
    assert (seen.status_code, recorded.status_code) == (404, 404)
    assert DeckCheck.objects.get(pk=opponents["id"]).checked_at is None


def test_a_judge_who_plays_does_not_read_the_other_players_lists(judge_at_own_table):
    match = judge_at_own_table
    event = match.round.event
    opponents_list = Registration.objects.get(event=event, player=match.player_a).deck_list
    own_list = Registration.objects.get(event=event, player=match.player_b).deck_list
    client = client_for(match.player_b)
    page = Client()
    page.force_login(match.player_b)

    assert client.get(f"/api/v1/events/{event.slug}/decklists/").status_code == 403
    assert client.get(f"/api/v1/decks/{opponents_list.pk}/").status_code == 404
    assert client.get(f"/api/v1/decks/{own_list.pk}/").status_code == 200
    assert page.get(f"/events/{event.slug}/decklists/").status_code == 403
    assert page.get(f"/events/{event.slug}/decklists.txt").status_code == 403


def test_a_judge_who_plays_cannot_drop_the_opponent_they_are_playing(judge_at_own_table):
    match = judge_at_own_table
    event = match.round.event
    opponent = Registration.objects.get(event=event, player=match.player_a)
    url = f"/api/v1/events/{event.slug}/registrations/{opponent.pk}/drop/"

    by_playing_judge = client_for(match.player_b).post(url, {}, format="json")
    opponent.refresh_from_db()
    dropped_meanwhile = opponent.dropped_after_round
    by_other_judge = client_for(EventRoleFactory(event=event).user).post(url, {}, format="json")

    assert by_playing_judge.status_code == 403
    assert dropped_meanwhile is None
    assert by_other_judge.status_code == 200


def test_a_judge_who_plays_cannot_call_time_for_their_round_and_nothing_is_called():
    # The other table comes first: a refusal found only at the judge's own table would leave it called.
    other_table = MatchFactory(table=1)
    judge = UserFactory()
    own_table = MatchFactory(round=other_table.round, table=2, player_b=judge)
    EventRoleFactory(event=own_table.round.event, user=judge, role=EventRole.Role.JUDGE)

    response = client_for(judge).post(f"/api/v1/rounds/{own_table.round.pk}/call-time/", {}, format="json")

    other_table.refresh_from_db()
    own_table.refresh_from_db()
    assert response.status_code == 403
    assert (other_table.time_called_at, own_table.time_called_at) == (None, None)


def test_a_judge_called_without_a_game_state_writes_a_decision_not_confirms_a_ruling(client):
    """Nothing was given to the judge engine: the judge's page says the players called, offers no ruling
    to confirm, and the decision written is what both players read."""
    match = MatchFactory()
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    dispute = dispute_open(match_id=match.pk, opened_by=match.player_a, summary="Who attacked first?")
    url = reverse("match-dispute-detail", args=[match.pk, dispute.pk])
    client.force_login(judge)

    page = client.get(url).content.decode()
    assert "The players called a judge" in page
    assert "Confirm the ruling" not in page
    assert "Record my decision" in page

    client.post(
        reverse("match-dispute-resolve", args=[match.pk, dispute.pk]),
        {"decision": "overruled", "note": "Yugi attacked first; the duel goes on."},
    )
    client.force_login(match.player_b)
    read = client.get(url).content.decode()
    assert "Decided by the judge" in read
    assert "Yugi attacked first; the duel goes on." in read
