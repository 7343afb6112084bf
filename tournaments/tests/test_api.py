"""The API's authentication (session with CSRF, tokens) and object-level scoping in querysets."""

from __future__ import annotations

import pytest
from knox.models import AuthToken
from rest_framework.test import APIClient

from decks.tests.factories import DeckListFactory
from matches.tests.factories import MatchFactory
from tournaments.models import EventRole
from tournaments.tests.factories import (
    PASSWORD,
    EventFactory,
    EventRoleFactory,
    RegistrationFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_anyone_can_list_the_store_events():
    EventFactory(name="Friday Locals", slug="friday-locals")

    response = APIClient().get("/api/v1/events/")

    assert response.status_code == 200
    assert [event["slug"] for event in response.json()] == ["friday-locals"]


def test_me_requires_a_login():
    response = APIClient().get("/api/v1/me/")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_a_token_obtained_with_a_password_authenticates_api_calls():
    user = UserFactory(username="kaiba")
    event = EventFactory(slug="regionals")
    EventRoleFactory(event=event, user=user, role=EventRole.Role.JUDGE)
    client = APIClient()

    token = client.post(
        "/api/v1/auth/token/", {"username": "kaiba", "password": PASSWORD}, format="json"
    ).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = client.get("/api/v1/me/")

    assert response.status_code == 200
    assert response.json()["roles"] == [{"event": "regionals", "role": "judge"}]
    assert AuthToken.objects.get(user=user).token_key == token[:15]


def test_session_authenticated_writes_need_the_csrf_token():
    match = MatchFactory()
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(match.player_a)

    response = client.post(
        f"/api/v1/matches/{match.pk}/reports/", {"result": "a", "games_a": 2}, format="json"
    )

    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    match.refresh_from_db()
    assert not match.reports.exists()


def test_a_player_cannot_see_another_players_deck_list():
    mine = DeckListFactory(name="Mine")
    theirs = DeckListFactory(name="Theirs")
    client = APIClient()
    client.force_authenticate(mine.owner)

    listing = client.get("/api/v1/decks/").json()
    detail = client.get(f"/api/v1/decks/{theirs.pk}/")

    assert [deck["name"] for deck in listing] == ["Mine"]
    assert detail.status_code == 404


def test_a_judge_sees_the_deck_lists_registered_at_their_event_only():
    event = EventFactory()
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    registered = DeckListFactory(name="Registered here")
    RegistrationFactory(event=event, player=registered.owner, deck_list=registered)
    elsewhere = DeckListFactory(name="Registered elsewhere")
    RegistrationFactory(player=elsewhere.owner, deck_list=elsewhere)
    client = APIClient()
    client.force_authenticate(judge)

    listing = client.get("/api/v1/decks/").json()

    assert [deck["name"] for deck in listing] == ["Registered here"]
    assert client.get(f"/api/v1/decks/{elsewhere.pk}/").status_code == 404


def test_only_the_two_players_can_report_a_match():
    match = MatchFactory()
    stranger = UserFactory()
    client = APIClient()
    client.force_authenticate(stranger)

    response = client.post(f"/api/v1/matches/{match.pk}/reports/", {"result": "a"}, format="json")

    assert response.status_code == 403
    assert not match.reports.exists()


def test_a_bad_report_names_the_field():
    match = MatchFactory()
    client = APIClient()
    client.force_authenticate(match.player_a)

    response = client.post(
        f"/api/v1/matches/{match.pk}/reports/", {"result": "won", "games_a": 9}, format="json"
    )

    assert response.status_code == 400
    assert set(response.json()) == {"result", "games_a"}


def test_a_wrong_password_gets_no_token():
    UserFactory(username="kaiba")

    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "kaiba", "password": "wrong"}, format="json"
    )

    assert response.status_code == 401
    assert response.json() == {"detail": "The username and password do not match an account."}
    assert not AuthToken.objects.exists()
