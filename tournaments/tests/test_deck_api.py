"""The deck list and deck check API: who sees which list, the deadline's 409, the parser's 400, the engine's
side check."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.tests.factories import CardFactory, DeckListFactory
from matches.tests.factories import MatchFactory
from tests.api_clients import client_for
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_player_cannot_see_another_players_registered_list_until_the_event_publishes_them():
    registration = RegistrationFactory(deck_list=DeckListFactory())
    rival = RegistrationFactory(event=registration.event).player
    judge = EventRoleFactory(event=registration.event, role=EventRole.Role.JUDGE).user
    url = f"/api/v1/decks/{registration.deck_list.pk}/"

    assert client_for(rival).get(url).status_code == 404
    assert client_for(registration.player).get(url).status_code == 200
    assert client_for(judge).get(url).json()["sections"]["main"] == [
        {"name": "Blue-Eyes White Dragon", "count": 3}
    ]

    registration.event.decklists_public = True
    registration.event.save(update_fields=["decklists_public"])
    assert client_for(rival).get(url).status_code == 200


def test_creating_a_list_answers_400_with_each_bad_line_and_suggestions_when_the_catalog_has_cards():
    CardFactory(name="Dark Magician")
    client = client_for(UserFactory())

    response = client.post(
        "/api/v1/decks/",
        {"game": "yugioh", "name": "DM", "text": "Main\n3 Dark Magican\n3 Dark Magician\nnonsense here\n"},
        format="json",
    )

    assert response.status_code == 400
    problems = response.json()["problems"]
    assert [problem["line"] for problem in problems] == [2, 4]
    assert problems[0]["suggestions"] == ["Dark Magician"]
    assert client.get("/api/v1/decks/").json() == []


def test_creating_a_list_and_reading_its_legality_for_an_event():
    player = UserFactory()
    registration = RegistrationFactory(player=player)
    client = client_for(player)

    created = client.post(
        "/api/v1/decks/", {"game": "yugioh", "name": "Tiny", "text": "Main\n3 Kuriboh\n"}, format="json"
    )
    detail = client.get(f"/api/v1/decks/{created.json()['id']}/?event={registration.event.slug}")

    assert created.status_code == 201
    assert created.json()["sections"]["main"] == [{"name": "Kuriboh", "count": 3}]
    legality = detail.json()["legality"]
    assert legality["legal"] is False  # 3 cards: the engine says why
    assert [violation["code"] for violation in legality["violations"]] == ["deck.main_size"]
    assert legality["explanation"] == "The Main Deck has 3 cards; it must have 40 to 60."


def test_a_player_submits_their_list_and_gets_409_after_the_deadline():
    registration = RegistrationFactory()
    deck_list = DeckListFactory(owner=registration.player)
    client = client_for(registration.player)
    url = f"/api/v1/events/{registration.event.slug}/registrations/me/deck/"

    submitted = client.put(url, {"deck_list": deck_list.pk}, format="json")
    registration.event.decklist_deadline = timezone.now() - timedelta(minutes=5)
    registration.event.save(update_fields=["decklist_deadline"])
    late = client.put(url, {"deck_list": DeckListFactory(owner=registration.player).pk}, format="json")

    assert submitted.status_code == 200
    assert submitted.json()["deck_list"]["id"] == deck_list.pk
    assert late.status_code == 409
    assert "locked" in late.json()["detail"]
    assert client.get(url).json()["locked"] is True


def test_a_player_cannot_register_someone_elses_list():
    registration = RegistrationFactory()
    client = client_for(registration.player)

    response = client.put(
        f"/api/v1/events/{registration.event.slug}/registrations/me/deck/",
        {"deck_list": DeckListFactory().pk},
        format="json",
    )

    assert response.status_code == 404


def test_a_judge_replaces_a_list_with_a_reason_and_a_player_may_not():
    registration = RegistrationFactory(deck_list=DeckListFactory())
    judge = EventRoleFactory(event=registration.event).user
    url = f"/api/v1/events/{registration.event.slug}/registrations/{registration.pk}/deck/"
    body = {"text": "Main\n3 Dark Magician\n", "reason": "Registered the wrong list"}

    as_player = client_for(registration.player).post(url, body, format="json")
    as_judge = client_for(judge).post(url, body, format="json")

    assert as_player.status_code == 403
    assert as_judge.status_code == 200
    assert as_judge.json()["changes"][0]["reason"] == "Registered the wrong list"
    assert as_judge.json()["changes"][0]["changed_by"] == judge.username


def test_the_event_deck_lists_are_for_its_staff():
    registration = RegistrationFactory(deck_list=DeckListFactory())
    organizer = EventRoleFactory(event=registration.event, role=EventRole.Role.ORGANIZER).user
    url = f"/api/v1/events/{registration.event.slug}/decklists/"

    assert client_for(registration.player).get(url).status_code == 403
    rows = client_for(organizer).get(url).json()
    assert [row["player"] for row in rows] == [registration.player.username]
    assert rows[0]["legal"] is False
    assert rows[0]["violations"][0]["code"] == "deck.main_size"


def test_deck_checks_are_picked_at_random_with_the_seed_and_recorded():
    round_ = RoundFactory()
    match = MatchFactory(round=round_, table=1)
    for player in (match.player_a, match.player_b):
        RegistrationFactory(event=round_.event, player=player, deck_list=DeckListFactory(owner=player))
    judge = EventRoleFactory(event=round_.event).user
    client = client_for(judge)
    url = f"/api/v1/events/{round_.event.slug}/rounds/1/deck-checks/"

    picked = client.post(url, {"count": 1, "seed": "s1"}, format="json")
    check = picked.json()[0]
    recorded = client.post(f"/api/v1/deck-checks/{check['id']}/", {"main": 2, "side": 0}, format="json")

    assert picked.status_code == 201
    assert {row["seed"] for row in picked.json()} == {"s1"}
    assert len(client.get(url).json()) == 2
    assert recorded.json()["mismatches"] == [{"section": "main", "registered": 3, "presented": 2}]
    assert client_for(match.player_a).get(f"/api/v1/deck-checks/{check['id']}/").status_code == 404
    assert client_for(match.player_a).post(url, {"match": match.pk}, format="json").status_code == 403


def test_the_side_check_answers_with_the_engines_ruling():
    registered = DeckListFactory(text="Main\n3 Alpha\nSide\n2 Beta\n")
    client = client_for(registered.owner)

    response = client.post(
        "/api/v1/decks/side-check/",
        {
            "registered": registered.pk,
            "presented": {"main": [{"name": "Alpha", "count": 3}], "side": [{"name": "Beta", "count": 1}]},
        },
        format="json",
    )
    hidden = client_for(UserFactory()).post(
        "/api/v1/decks/side-check/", {"registered": registered.pk, "presented": {"main": []}}, format="json"
    )

    assert response.status_code == 200
    assert response.json()["legal"] is False
    assert response.json()["violations"][0]["code"] == "side.count_changed"
    assert "Side Deck had 2 cards" in response.json()["violations"][0]["message"]
    assert hidden.status_code == 404
