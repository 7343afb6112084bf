"""POST /api/v1/rulings/: judge a dispute, keep it with its ruling and engine version, read it back."""

from __future__ import annotations

import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection, connections
from rest_framework.test import APIClient

from rules.engine.version import ENGINE_VERSION
from rules.models import Ruling
from tournaments.demo import DEMO_CARDS
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_client():
    client = APIClient()
    client.force_authenticate(UserFactory(username="joey"))
    return client


def test_a_dispute_gets_its_ruling_and_is_kept_exactly_as_given(player_client, gaia_attacks_dark_magician):
    response = player_client.post("/api/v1/rulings/", gaia_attacks_dark_magician, format="json")

    assert response.status_code == 201
    body = response.json()
    assert body["ruling"]["legal"] is True
    assert body["ruling"]["outcome"]["lp"] == {"A": 5900, "B": 4000}
    assert body["ruling"]["outcome"]["destroyed"] == ["a1"]
    assert body["engine_version"] == ENGINE_VERSION
    again = player_client.get(f"/api/v1/rulings/{body['id']}/").json()
    assert again["ruling"] == body["ruling"]
    assert again["dispute"] == gaia_attacks_dark_magician


def test_the_same_idempotency_key_returns_the_first_ruling_instead_of_a_second(
    player_client, gaia_attacks_dark_magician
):
    headers = {"Idempotency-Key": "table-7-duel-3"}

    first = player_client.post("/api/v1/rulings/", gaia_attacks_dark_magician, format="json", headers=headers)
    retry = player_client.post("/api/v1/rulings/", gaia_attacks_dark_magician, format="json", headers=headers)

    # The one idempotency mechanism (decision record 0012): the first response again, marked as a replay.
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json() == first.json()
    assert Ruling.objects.count() == 1


def test_reusing_an_idempotency_key_for_another_dispute_is_a_conflict(
    player_client, gaia_attacks_dark_magician
):
    headers = {"Idempotency-Key": "k1"}
    player_client.post("/api/v1/rulings/", gaia_attacks_dark_magician, format="json", headers=headers)
    other = {**gaia_attacks_dark_magician, "action": {**gaia_attacks_dark_magician["action"], "target": None}}

    response = player_client.post("/api/v1/rulings/", other, format="json", headers=headers)

    assert response.status_code == 409
    assert "k1" in response.json()["detail"]
    assert Ruling.objects.count() == 1


def test_an_unknown_card_id_is_a_400_naming_the_id_and_nothing_is_kept(
    player_client, gaia_attacks_dark_magician
):
    dispute = {
        **gaia_attacks_dark_magician,
        "action": {**gaia_attacks_dark_magician["action"], "attacker": "zz9"},
    }

    response = player_client.post("/api/v1/rulings/", dispute, format="json")

    assert response.status_code == 400
    problems = response.json()["problems"]
    assert any(problem["path"] == "$.action.attacker" and "zz9" in problem["message"] for problem in problems)
    assert not Ruling.objects.exists()


def test_a_dispute_breaking_the_format_lists_each_problem_with_its_json_path(player_client):
    response = player_client.post(
        "/api/v1/rulings/",
        {"game": "yugioh", "state": {"turn": "three"}, "action": {"type": "fly"}},
        format="json",
    )

    assert response.status_code == 400
    paths = {problem["path"] for problem in response.json()["problems"]}
    assert "$.action.type" in paths


def test_malformed_json_is_a_400(player_client):
    response = player_client.generic(
        "POST", "/api/v1/rulings/", '{"game": "yugioh", ', content_type="application/json"
    )

    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


def test_a_player_reads_their_own_rulings_and_nobody_else_does(gaia_attacks_dark_magician):
    # A ruling asked outside any dispute is private to who asked: judges of the store's events see the
    # rulings of their own events' disputes only (rules/tests/test_ruling_visibility.py).
    asker, other = APIClient(), APIClient()
    asker.force_authenticate(UserFactory())
    other.force_authenticate(UserFactory())
    judge = APIClient()
    judge.force_authenticate(EventRoleFactory(role=EventRole.Role.JUDGE).user)
    ruling_id = asker.post("/api/v1/rulings/", gaia_attacks_dark_magician, format="json").json()["id"]

    assert asker.get(f"/api/v1/rulings/{ruling_id}/").status_code == 200
    assert other.get(f"/api/v1/rulings/{ruling_id}/").status_code == 404
    assert judge.get(f"/api/v1/rulings/{ruling_id}/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_retries_with_one_key_store_one_ruling(gaia_attacks_dark_magician):
    """Real concurrent requests on PostgreSQL meet at the unique constraint; both get the same ruling."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (CI runs the suite on PostgreSQL)")
    user = UserFactory()
    barrier = threading.Barrier(2)
    answers: list[tuple[int, int, str]] = []

    def post():
        client = APIClient()
        client.force_authenticate(user)
        try:
            barrier.wait(timeout=10)
            response = client.post(
                "/api/v1/rulings/",
                gaia_attacks_dark_magician,
                format="json",
                headers={"Idempotency-Key": "same"},
            )
            replayed = response.headers.get("Idempotent-Replayed", "")
            answers.append((response.status_code, response.json()["id"], replayed))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert [code for code, _, _ in answers] == [201, 201]
    assert sorted(replayed for _, _, replayed in answers) == ["", "true"]  # one ran, the other waited
    assert len({ruling_id for _, ruling_id, _ in answers}) == 1
    assert Ruling.objects.count() == 1


def test_cards_named_without_their_stats_are_looked_up_in_the_catalog(player_client):
    """A dispute may name a card and leave its stats to the catalog; the ruling uses the catalog's ATK."""
    call_command("import_cards", str(DEMO_CARDS), stdout=StringIO())
    dispute = {
        "game": "yugioh",
        "state": {
            "turn": 3,
            "turn_player": "A",
            "phase": "battle",
            "step": "battle",
            "players": {
                "A": {
                    "monster_zones": [
                        {"id": "a1", "name": "Dark Magician", "position": "attack", "placed_turn": 1},
                        None,
                        None,
                        None,
                        None,
                    ]
                },
                "B": {"lp": 8000},
            },
        },
        "action": {"type": "attack", "player": "A", "attacker": "a1", "target": None},
    }

    ruling = player_client.post("/api/v1/rulings/", dispute, format="json").json()["ruling"]

    assert ruling["legal"] is True
    assert ruling["outcome"]["lp"]["B"] == 8000 - 2500


def test_a_deck_of_names_alone_is_checked_with_the_catalog(player_client):
    """deck_check on names alone works once the catalog is imported (the engine asks for nothing)."""
    call_command("import_cards", str(DEMO_CARDS), stdout=StringIO())
    main = [{"name": "Dark Magician", "count": 3}, {"name": "Pot of Desires", "count": 3}]
    main += [{"name": name, "count": 2} for name in ("Dark Magician Girl", "Eternal Soul", "Illusion Magic")]
    main += [{"name": "Twin Twisters", "count": 28}]
    dispute = {
        "game": "yugioh",
        "action": {
            "type": "deck_check",
            "deck": {"main": main, "extra": [{"name": "Dark Paladin", "count": 1}]},
        },
    }

    ruling = player_client.post("/api/v1/rulings/", dispute, format="json").json()["ruling"]

    assert ruling["legal"] is False
    assert [v["code"] for v in ruling["violations"]] == ["deck.copies"]
    assert "Twin Twisters" in ruling["violations"][0]["message"]
