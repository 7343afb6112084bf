"""A whole event run through the API only: created by store staff, played to its top cut final.

Every step is an HTTP request of the person who would make it (the organizer, each player), so the test
shows that an API client alone can run a store's event from creation to the winner.
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.contrib.auth.models import Permission, User
from rest_framework.test import APIClient

from tests.api_clients import client_for
from tournaments.engine.standings import compute
from tournaments.models import Event
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BASE = "/api/v1/events"
EVENT = {
    "name": "Friday Locals",
    "slug": "friday",
    "game": "yugioh",
    "starts_at": "2026-11-27T19:00:00Z",
    "round_minutes": 45,
    "top_cut": 4,
}


def _store_staff(username: str = "olivia") -> User:
    user = cast(User, UserFactory(username=username))
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return user


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.content
    return response.json()


class Table:
    """The people at the event, each with their own logged-in client."""

    def __init__(self, organizer: User, players: list[User]) -> None:
        self.organizer = client_for(organizer)
        self.players = {player.username: client_for(player) for player in players}

    def play_round(self, slug: str, key: str, winners: dict[int, str]) -> dict[str, Any]:
        """Pair, start, let both players of each match report ``winners[table]`` ("a" or "b"), close."""
        paired = self.pair(slug, key)
        self.start_and_report(slug, paired, winners)
        return cast(
            dict[str, Any], _ok(self.organizer.post(f"{BASE}/{slug}/rounds/{paired['number']}/close/"))
        )

    def pair(self, slug: str, key: str) -> dict[str, Any]:
        return cast(
            dict[str, Any],
            _ok(
                self.organizer.post(f"{BASE}/{slug}/rounds/", {}, format="json", HTTP_IDEMPOTENCY_KEY=key),
                201,
            ),
        )

    def start_and_report(self, slug: str, paired: dict[str, Any], winners: dict[int, str]) -> None:
        number = paired["number"]
        started = _ok(self.organizer.post(f"{BASE}/{slug}/rounds/{number}/start/"))
        assert started["status"] == "in_progress"
        for pairing in started["pairings"]:
            result = winners[pairing["table"]]
            games = {"games_a": 2, "games_b": 0} if result == "a" else {"games_a": 1, "games_b": 2}
            body = {"result": result, **games}
            for side in ("player_a", "player_b"):
                client = self.players[pairing[side]["username"]]
                _ok(client.post(f"/api/v1/matches/{pairing['match']}/reports/", body, format="json"))
        progress = _ok(self.organizer.get(f"{BASE}/{slug}/rounds/{number}/"))["progress"]
        assert progress["closable"] is True
        assert progress["final"] == len(started["pairings"])


def test_store_staff_run_an_eight_player_event_with_a_top_4_entirely_over_the_api():
    organizer = _store_staff()
    players = [cast(User, UserFactory(username=f"duelist{i}")) for i in range(1, 9)]
    table = Table(organizer, players)

    # The organizer creates the event: the response carries the check-in code and the plan.
    created = _ok(
        table.organizer.post(f"{BASE}/", EVENT, format="json", HTTP_IDEMPOTENCY_KEY="new-friday"), 201
    )
    assert (created["slug"], created["status"], created["top_cut"], created["swiss_rounds"]) == (
        "friday",
        "registration",
        4,
        None,
    )
    code = created["event_code"]
    assert code
    listed = _ok(APIClient().get(f"{BASE}/"))
    assert [event["slug"] for event in listed] == ["friday"]
    assert "event_code" not in listed[0]  # the check-in secret is the organizer's alone

    # Six players entered by the organizer, two check themselves in with the code shown at the venue.
    for player in players[:6]:
        _ok(
            table.organizer.post(
                f"{BASE}/friday/registrations/", {"username": player.username}, format="json"
            ),
            201,
        )
    wrong = table.players["duelist7"].post(f"{BASE}/friday/check-in/", {"code": "WRONG1"}, format="json")
    assert wrong.status_code == 400
    assert "code" in wrong.json()
    for player in players[6:]:
        checked_in = _ok(
            table.players[player.username].post(f"{BASE}/friday/check-in/", {"code": code}, format="json")
        )
        assert checked_in["checked_in_at"] is not None
    registrations = _ok(table.organizer.get(f"{BASE}/friday/registrations/"))
    assert len(registrations) == 8
    assert all(row["checked_in_at"] for row in registrations)

    # Three Swiss rounds: side a wins at odd tables 2-0, side b at even tables 2-1.
    swiss_winners = {1: "a", 2: "b", 3: "a", 4: "b"}
    for number in (1, 2, 3):
        closed = table.play_round("friday", f"pair-{number}", swiss_winners)
        assert (closed["number"], closed["stage"], closed["status"]) == (number, "swiss", "finished")
        assert len(closed["pairings"]) == 4

    standings = _ok(APIClient().get(f"{BASE}/friday/standings/"))
    assert standings["after_round"] == 3
    assert len(standings["standings"]) == 8
    assert compute(_ok(APIClient().get(f"{BASE}/friday/replay/"))) == standings
    seeds = [row["player"] for row in standings["standings"][:4]]

    # Top 4: the semifinals are seeded 1 v 4 and 2 v 3; the 4th seed upsets the 1st.
    semis = table.pair("friday", "pair-semis")
    assert semis["stage"] == "top"
    pairs = [(p["table"], p["player_a"]["username"], p["player_b"]["username"]) for p in semis["pairings"]]
    assert pairs == [(1, seeds[0], seeds[3]), (2, seeds[1], seeds[2])]
    table.start_and_report("friday", semis, {1: "b", 2: "a"})
    _ok(table.organizer.post(f"{BASE}/friday/rounds/{semis['number']}/close/"))

    # The final: the 2nd seed meets the 4th, who wins it.
    final = table.pair("friday", "pair-final")
    assert [(p["player_a"]["username"], p["player_b"]["username"]) for p in final["pairings"]] == [
        (seeds[1], seeds[3])
    ]
    table.start_and_report("friday", final, {1: "b"})
    _ok(table.organizer.post(f"{BASE}/friday/rounds/{final['number']}/close/"))

    places = _ok(APIClient().get(f"{BASE}/friday/final-standings/"))
    assert [(place["player"], place["reached"]) for place in places[:4]] == [
        (seeds[3], "Winner"),
        (seeds[1], "Final"),
        (seeds[0], "Top 4"),
        (seeds[2], "Top 4"),
    ]
    assert len(places) == 8
    assert _ok(APIClient().get(f"{BASE}/friday/"))["status"] == "finished"
    rounds = _ok(APIClient().get(f"{BASE}/friday/rounds/"))
    assert [(r["number"], r["stage"], r["status"]) for r in rounds] == [
        (1, "swiss", "finished"),
        (2, "swiss", "finished"),
        (3, "swiss", "finished"),
        (4, "top", "finished"),
        (5, "top", "finished"),
    ]
    # The top cut leaves the Swiss standings as they were, and the replay still reads back to them.
    after = _ok(APIClient().get(f"{BASE}/friday/standings/"))
    assert after == standings
    assert compute(_ok(APIClient().get(f"{BASE}/friday/replay/"))) == after


def test_a_top_cut_that_is_not_a_bracket_is_refused_under_its_field_and_creates_nothing():
    response = client_for(_store_staff()).post(f"{BASE}/", EVENT | {"top_cut": 6}, format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["top_cut"]
    assert not Event.objects.exists()


def test_only_store_staff_create_events():
    player = cast(User, UserFactory(username="joey"))

    refused = client_for(player).post(f"{BASE}/", EVENT, format="json")
    anonymous = APIClient().post(f"{BASE}/", EVENT, format="json")

    assert refused.status_code == 403
    assert "store staff" in refused.json()["detail"]
    assert anonymous.status_code == 401
    assert not Event.objects.exists()


def test_the_creator_organizes_the_event_and_a_retry_with_the_same_key_creates_it_once():
    client = client_for(_store_staff())

    first = client.post(f"{BASE}/", EVENT, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    again = client.post(f"{BASE}/", EVENT, format="json", HTTP_IDEMPOTENCY_KEY="new-1")
    taken = client.post(f"{BASE}/", EVENT, format="json")

    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert taken.status_code == 400
    assert "friday" in taken.json()["slug"][0]
    event = Event.objects.get()
    assert event.roles.get().user.username == "olivia"
    assert first.json()["end_of_round"] == "ygo_double_loss"  # the game's current procedure
