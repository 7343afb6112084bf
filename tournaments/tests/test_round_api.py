"""Running an event over the API: players, check-in, rounds, standings, the replay and imports."""

from __future__ import annotations

import copy
from typing import Any, cast

import pytest
from django.contrib.auth.models import Permission, User
from django.utils import timezone
from rest_framework.test import APIClient

from matches.models import Match
from tests.api_clients import client_for
from tournaments.models import Event, EventRole, Registration, Round
from tournaments.services import event_create, registration_create
from tournaments.tests.factories import EventRoleFactory, UserFactory
from tournaments.tests.test_replay_import import SWISS

pytestmark = pytest.mark.django_db

BASE = "/api/v1/events"


def _user(username: str, first: str = "", last: str = "") -> User:
    return cast(User, UserFactory(username=username, first_name=first, last_name=last))


@pytest.fixture
def organizer() -> User:
    return _user("olivia", "Olivia", "Org")


@pytest.fixture
def event(organizer: User) -> Event:
    return event_create(
        name="Friday Locals", slug="friday", game="yugioh", starts_at=timezone.now(), organizer=organizer
    )


def _with_players(event: Event, count: int) -> list[User]:
    players = [_user(f"p{i}", f"First{i}", f"Last{i}") for i in range(1, count + 1)]
    for player in players:
        registration_create(event=event, player=player)
    return players


# --- Registrations and check-in -------------------------------------------------------------------------


def test_staff_see_each_registrations_details_and_others_only_names(event, organizer):
    _with_players(event, 2)
    judge = _user("jules")
    EventRoleFactory(event=event, user=judge, role=EventRole.Role.JUDGE)

    staff_view = client_for(judge).get(f"{BASE}/friday/registrations/").json()
    public_view = APIClient().get(f"{BASE}/friday/registrations/").json()

    assert public_view == [{"player": "p1", "name": "First1 Last1"}, {"player": "p2", "name": "First2 Last2"}]
    assert staff_view[0]["player"] == "p1"
    assert staff_view[0]["checked_in_at"] is not None
    assert {
        key: staff_view[0][key] for key in ("joined_round", "byes", "fixed_table", "dropped_after_round")
    } == {
        "joined_round": 1,
        "byes": 0,
        "fixed_table": None,
        "dropped_after_round": None,
    }


def test_an_organizer_enters_a_player_checked_in_and_a_player_enters_themselves(event, organizer):
    _user("kaiba")
    walk_in = _user("joey")

    by_organizer = client_for(organizer).post(
        f"{BASE}/friday/registrations/", {"username": "kaiba"}, format="json"
    )
    by_player = client_for(walk_in).post(f"{BASE}/friday/registrations/", {}, format="json")

    assert by_organizer.status_code == 201
    assert by_organizer.json()["checked_in_at"] is not None
    assert by_player.status_code == 201
    assert by_player.json()["player"] == "joey"
    assert by_player.json()["checked_in_at"] is None


def test_a_player_cannot_enter_someone_else_and_an_unknown_username_is_named(event, organizer):
    _user("kaiba")
    player = _user("joey")

    refused = client_for(player).post(f"{BASE}/friday/registrations/", {"username": "kaiba"}, format="json")
    unknown = client_for(organizer).post(
        f"{BASE}/friday/registrations/", {"username": "nobody"}, format="json"
    )

    assert refused.status_code == 403
    assert "organizer" in refused.json()["detail"]
    assert unknown.status_code == 400
    assert unknown.json() == {"username": ["No account is named 'nobody'."]}
    assert not Registration.objects.filter(event=event).exists()


def test_a_player_checks_in_with_the_event_code_and_a_wrong_code_is_a_400(event, organizer):
    player = _user("joey")
    client = client_for(player)

    wrong = client.post(f"{BASE}/friday/check-in/", {"code": "NOPE"}, format="json")
    right = client.post(f"{BASE}/friday/check-in/", {"code": event.event_code.lower()}, format="json")

    assert wrong.status_code == 400
    assert "code" in wrong.json()
    assert right.status_code == 200
    assert right.json()["checked_in_at"] is not None


def test_an_organizer_checks_a_player_in_by_username(event, organizer):
    player = _user("joey")
    client_for(player).post(f"{BASE}/friday/registrations/", {}, format="json")

    response = client_for(organizer).post(f"{BASE}/friday/check-in/", {"username": "joey"}, format="json")

    assert response.status_code == 200
    assert Registration.objects.get(event=event, player=player).checked_in_at is not None


def test_a_player_drops_themselves_but_not_another(event, organizer):
    p1, p2 = _with_players(event, 2)
    registration = Registration.objects.get(event=event, player=p1)

    refused = client_for(p2).post(f"{BASE}/friday/registrations/{registration.pk}/drop/")
    dropped = client_for(p1).post(f"{BASE}/friday/registrations/{registration.pk}/drop/")

    assert refused.status_code == 403
    assert dropped.status_code == 200
    assert dropped.json()["dropped_after_round"] == 0


def test_an_organizer_awards_byes_and_keeps_a_table_in_one_patch(organizer):
    event = event_create(
        name="Regionals", slug="regionals", game="yugioh", starts_at=timezone.now(), organizer=organizer,
        byes_allowed=True,
    )  # fmt: skip
    p1, p2 = _with_players(event, 2)
    first, second = (Registration.objects.get(event=event, player=p) for p in (p1, p2))
    client = client_for(organizer)

    kept = client.patch(
        f"{BASE}/regionals/registrations/{first.pk}/", {"byes": 2, "fixed_table": 7}, format="json"
    )
    clash = client.patch(
        f"{BASE}/regionals/registrations/{second.pk}/", {"byes": 1, "fixed_table": 7}, format="json"
    )
    by_player = client_for(p2).patch(
        f"{BASE}/regionals/registrations/{second.pk}/", {"byes": 3}, format="json"
    )

    assert kept.status_code == 200
    assert (kept.json()["byes"], kept.json()["fixed_table"]) == (2, 7)
    assert clash.status_code == 400
    assert "fixed_table" in clash.json()
    second.refresh_from_db()
    assert second.byes == 0  # the refused seat did not leave the bye awarded
    assert by_player.status_code == 403


# --- Rounds -----------------------------------------------------------------------------------------------


def test_a_player_may_not_pair_a_round(event):
    players = _with_players(event, 4)

    response = client_for(players[0]).post(f"{BASE}/friday/rounds/", {}, format="json")

    assert response.status_code == 403
    assert response.json() == {"detail": "Only an organizer of this event can pair rounds."}
    assert not Round.objects.exists()


def test_pairing_while_a_round_is_played_is_a_409_saying_what_to_do(event, organizer):
    _with_players(event, 4)
    client = client_for(organizer)
    client.post(f"{BASE}/friday/rounds/", {"seed": 1}, format="json")
    client.post(f"{BASE}/friday/rounds/1/start/")

    response = client.post(f"{BASE}/friday/rounds/", {}, format="json")

    assert response.status_code == 409
    assert response.json() == {"detail": "Round 1 is being played: close it when every result is in."}


def test_the_same_idempotency_key_twice_gives_the_same_round_once(event, organizer):
    _with_players(event, 4)
    client = client_for(organizer)

    first = client.post(f"{BASE}/friday/rounds/", {"seed": 5}, format="json", HTTP_IDEMPOTENCY_KEY="pair-1")
    again = client.post(f"{BASE}/friday/rounds/", {"seed": 5}, format="json", HTTP_IDEMPOTENCY_KEY="pair-1")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Round.objects.filter(event=event).count() == 1


def test_repairing_a_round_draws_new_pairings_with_the_given_seed(event, organizer):
    _with_players(event, 6)
    client = client_for(organizer)
    client.post(f"{BASE}/friday/rounds/", {"seed": 1}, format="json")

    repaired = client.post(f"{BASE}/friday/rounds/1/repair/", {"seed": 99}, format="json")
    started = client.post(f"{BASE}/friday/rounds/1/start/")
    too_late = client.post(f"{BASE}/friday/rounds/1/repair/", {}, format="json")

    assert repaired.status_code == 200
    assert repaired.json()["seed"] == 99
    assert started.json()["status"] == "in_progress"
    assert 0 < started.json()["seconds_left"] <= 50 * 60  # the Yu-Gi-Oh! policy's 50-minute clock is running
    assert too_late.status_code == 409
    assert too_late.json()["detail"] == "Round 1 has started: its pairings stay as they are."


def test_closing_a_round_with_results_missing_names_the_tables(event, organizer):
    _with_players(event, 4)
    client = client_for(organizer)
    client.post(f"{BASE}/friday/rounds/", {"seed": 1}, format="json")
    client.post(f"{BASE}/friday/rounds/1/start/")

    response = client.post(f"{BASE}/friday/rounds/1/close/")

    assert response.status_code == 409
    assert "without a final result at tables 1 (playing), 2 (playing)" in response.json()["detail"]


def test_an_unknown_round_or_event_is_a_404(event, organizer):
    client = client_for(organizer)

    assert client.get(f"{BASE}/friday/rounds/3/").status_code == 404
    assert client.post(f"{BASE}/nowhere/rounds/", {}, format="json").status_code == 404
    assert client.get(f"{BASE}/nowhere/standings/").status_code == 404


def _report_all(client: APIClient, round_body: dict[str, Any]) -> None:
    """The organizer enters each result as a judge: side a wins 2-1."""
    for pairing in round_body["pairings"]:
        if pairing["player_b"] is None:
            continue
        response = client.post(
            f"/api/v1/matches/{pairing['match']}/result/",
            {"result": "a", "games_a": 2, "games_b": 1, "note": "from the slip"},
            format="json",
        )
        assert response.status_code == 200, response.json()


def test_a_four_player_event_runs_through_the_api(event, organizer):
    # given four players: two entered at the counter, two walk-ins with the code
    for name in ("yugi", "kaiba", "joey", "mai"):
        _user(name, name.capitalize(), "Duelist")
    staff = client_for(organizer)
    for name in ("yugi", "kaiba"):
        assert (
            staff.post(f"{BASE}/friday/registrations/", {"username": name}, format="json").status_code == 201
        )
    for name in ("joey", "mai"):
        player = client_for(User.objects.get(username=name))
        assert (
            player.post(f"{BASE}/friday/check-in/", {"code": event.event_code}, format="json").status_code
            == 200
        )

    # when the organizer pairs, starts, enters results and closes two rounds
    for number in (1, 2):
        paired = staff.post(f"{BASE}/friday/rounds/", {"seed": number}, format="json")
        assert paired.status_code == 201
        body = paired.json()
        assert (body["number"], body["stage"], body["status"]) == (number, "swiss", "paired")
        assert [p["table"] for p in body["pairings"]] == [1, 2]
        assert body["pairings"][0]["player_a"]["name"].endswith(" Duelist")
        started = staff.post(f"{BASE}/friday/rounds/{number}/start/").json()
        assert started["progress"] == {
            "final": 0, "disputed": 0, "playing": 2, "time_called": 0, "total": 2, "closable": False,
        }  # fmt: skip
        _report_all(staff, started)
        assert staff.get(f"{BASE}/friday/rounds/{number}/").json()["progress"]["closable"] is True
        closed = staff.post(f"{BASE}/friday/rounds/{number}/close/")
        assert closed.status_code == 200
        assert closed.json()["status"] == "finished"

    # then the standings are the spec's standings/1 document
    standings = APIClient().get(f"{BASE}/friday/standings/").json()
    assert standings["format"] == "standings/1"
    assert standings["after_round"] == 2
    assert [row["points"] for row in standings["standings"]] == [6, 3, 3, 0]
    top = standings["standings"][0]
    assert set(top) == {
        "rank",
        "player",
        "points",
        "record",
        "tiebreakers",
        "tiebreak_number",
        "tiebreak_flip",
        "dropped",
    }
    assert top["record"] == {"wins": 2, "losses": 0, "draws": 0}
    assert set(top["tiebreakers"]) == {"omw", "oomw"}
    rounds = APIClient().get(f"{BASE}/friday/rounds/").json()
    assert [(r["number"], r["status"]) for r in rounds] == [(1, "finished"), (2, "finished")]
    places = APIClient().get(f"{BASE}/friday/final-standings/").json()
    leader = User.objects.get(username=top["player"])
    assert places[0] == {
        "place": 1, "player": top["player"], "name": leader.get_full_name(), "reached": "Swiss",
        "decided": True,
    }  # fmt: skip
    replay = APIClient().get(f"{BASE}/friday/replay/").json()
    assert replay["format"] == "event-replay/1"
    assert len(replay["rounds"]) == 2


# --- Import -----------------------------------------------------------------------------------------------


def _counts() -> tuple[int, int, int]:
    return User.objects.count(), Event.objects.count(), Match.objects.count()


def _store_staff(username: str = "ishizu") -> User:
    """A user who may create events, and so import them."""
    user = _user(username)
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return user


def test_store_staff_import_a_replay_and_organize_the_event():
    importer = _store_staff()

    response = client_for(importer).post(
        f"{BASE}/import/", {"name": "Duelist Kingdom", "replay": SWISS}, format="json"
    )

    assert response.status_code == 201
    assert response.json()["slug"] == "duelist-kingdom"
    assert response.json()["status"] == "running"
    event = Event.objects.get(slug="duelist-kingdom")
    assert event.roles.get().user == importer
    standings = APIClient().get(f"{BASE}/duelist-kingdom/standings/").json()
    assert standings["standings"][0]["player"] == "p1"  # the replay's own ids, kept by the import


def test_an_import_needs_a_login():
    response = APIClient().post(f"{BASE}/import/", {"name": "X", "replay": SWISS}, format="json")

    assert response.status_code == 401
    assert not Event.objects.exists()


def test_a_player_without_the_permission_to_add_events_cannot_import():
    player = _user("joey")
    before = _counts()

    response = client_for(player).post(f"{BASE}/import/", {"name": "X", "replay": SWISS}, format="json")

    assert response.status_code == 403
    assert "store staff" in response.json()["detail"]
    assert _counts() == before


def test_a_bad_replay_is_a_400_locating_every_problem_and_creates_nothing():
    importer = _store_staff()
    document = copy.deepcopy(SWISS)
    document["format"] = "replay"
    document["rounds"][0]["matches"][1]["b"] = "p9"
    document["rounds"][1]["matches"][2]["a"] = "p1"
    before = _counts()

    response = client_for(importer).post(
        f"{BASE}/import/", {"name": "Broken", "replay": document}, format="json"
    )

    assert response.status_code == 400
    paths = [problem["path"] for problem in response.json()["replay"]]
    assert paths == ["format", "rounds[0].matches[1].b", "rounds[1].matches[2].a"]
    assert response.json()["replay"][1]["message"] == "unknown player id 'p9': not in players"
    assert _counts() == before


def test_a_missing_replay_is_reported_like_any_other_problem():
    response = client_for(_store_staff()).post(f"{BASE}/import/", {"name": "Empty"}, format="json")

    assert response.status_code == 400
    assert response.json() == {
        "replay": [{"path": "", "message": "an event replay is a JSON object, got null"}]
    }


def test_a_repeated_import_with_the_same_key_makes_one_event():
    client = client_for(_store_staff())
    body = {"name": "Duelist Kingdom", "replay": SWISS}

    first = client.post(f"{BASE}/import/", body, format="json", HTTP_IDEMPOTENCY_KEY="import-1")
    again = client.post(f"{BASE}/import/", body, format="json", HTTP_IDEMPOTENCY_KEY="import-1")

    assert again.json() == first.json()
    assert Event.objects.count() == 1


@pytest.mark.parametrize(
    ("replay", "path"),
    [
        ([], ""),
        ("event-replay/1", ""),
        ({"format": "event-replay/1", "game": "yugioh", "players": "everyone", "rounds": []}, "players"),
        (
            {"format": "event-replay/1", "game": "mtg", "players": [], "rounds": [{"matches": [7]}]},
            "rounds[0].number",
        ),
        (
            {
                "format": "event-replay/1",
                "game": "yugioh",
                "players": [{"id": "a"}, {"id": "b"}],
                "rounds": [{"number": 1, "stage": "swiss", "matches": [{"table": True, "a": "a", "b": "b"}]}],
            },
            "rounds[0].matches[0].table",
        ),
    ],
)
def test_a_replay_of_any_shape_is_answered_with_located_problems(replay, path):
    response = client_for(_store_staff()).post(
        f"{BASE}/import/", {"name": "Odd", "replay": replay}, format="json"
    )

    assert response.status_code == 400
    assert path in [problem["path"] for problem in response.json()["replay"]]
    assert not Event.objects.exists()
