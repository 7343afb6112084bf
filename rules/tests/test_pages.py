"""The judge page: describe a dispute in the form (or paste JSON) and read the ruling."""

from __future__ import annotations

import json

import pytest

from rules.models import Ruling
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BLANK_CARDS = {
    "cards-TOTAL_FORMS": "6",
    "cards-INITIAL_FORMS": "0",
    "cards-MIN_NUM_FORMS": "0",
    "cards-MAX_NUM_FORMS": "30",
}


def card(index: int, **fields: object) -> dict[str, object]:
    return {f"cards-{index}-{key}": value for key, value in fields.items()}


@pytest.fixture
def logged_in(client):
    client.force_login(UserFactory())
    return client


def test_a_battle_described_in_the_form_gets_its_ruling(logged_in):
    form = {
        "mode": "build",
        "revision": "2020",
        "turn": "5",
        "turn_player": "A",
        "phase": "battle",
        "step": "battle",
        "lp_a": "6100",
        "lp_b": "4000",
        **BLANK_CARDS,
        **card(
            0,
            card_id="a1",
            player="A",
            zone="m0",
            name="Gaia The Fierce Knight",
            kind="monster",
            frame="normal",
            level="7",
            atk="2300",
            defense="2100",
            position="attack",
            placed_turn="3",
        ),
        **card(
            1,
            card_id="b1",
            player="B",
            zone="m1",
            name="Dark Magician",
            kind="monster",
            frame="normal",
            level="7",
            atk="2500",
            defense="2100",
            position="attack",
            placed_turn="4",
        ),
        "type": "attack",
        "player": "A",
        "card": "a1",
        "target": "b1",
    }

    response = logged_in.post("/rulings/new/", form, follow=True)

    page = response.content.decode()
    ruling = Ruling.objects.get()
    assert ruling.dispute["action"] == {"type": "attack", "player": "A", "attacker": "a1", "target": "b1"}
    assert ruling.dispute["state"]["players"]["B"]["monster_zones"][1]["name"] == "Dark Magician"
    assert "Legal" in page
    assert "5900" in page
    assert ruling.ruling["explanation"] in page


def test_a_pasted_dispute_gets_its_ruling(logged_in, gaia_attacks_dark_magician):
    response = logged_in.post(
        "/rulings/new/", {"mode": "json", "dispute": json.dumps(gaia_attacks_dark_magician)}, follow=True
    )

    assert response.redirect_chain[-1][0] == f"/rulings/{Ruling.objects.get().pk}/"
    assert Ruling.objects.get().ruling["outcome"]["destroyed"] == ["a1"]


def test_pasted_text_that_is_not_json_is_explained_and_nothing_is_kept(logged_in):
    response = logged_in.post("/rulings/new/", {"mode": "json", "dispute": '{"game": "yugioh",'})

    assert response.status_code == 400
    assert "Not JSON" in response.content.decode()
    assert not Ruling.objects.exists()


def test_an_action_naming_a_card_not_on_the_table_shows_the_problem(logged_in, gaia_attacks_dark_magician):
    dispute = {
        **gaia_attacks_dark_magician,
        "action": {**gaia_attacks_dark_magician["action"], "target": "b9"},
    }

    response = logged_in.post("/rulings/new/", {"mode": "json", "dispute": json.dumps(dispute)})

    assert response.status_code == 400
    assert "$.action.target" in response.content.decode()
    assert not Ruling.objects.exists()


def test_the_form_is_prefilled_from_the_link(logged_in):
    page = logged_in.get("/rulings/new/?mode=build&lp_a=3200&lp_b=800&turn=7").content.decode()

    assert 'value="3200"' in page
    assert 'value="800"' in page


def test_a_ritual_summon_described_in_the_form_carries_the_ritual_spells_requirement(logged_in):
    form = {
        "mode": "build",
        "revision": "2020",
        "turn": "3",
        "turn_player": "A",
        "phase": "main1",
        **BLANK_CARDS,
        **card(
            0,
            card_id="a1",
            player="A",
            zone="hand",
            name="Black Luster Soldier",
            kind="monster",
            frame="ritual",
            level="8",
            atk="3000",
            defense="2500",
            material_level="8",
        ),
        **card(
            1,
            card_id="a2",
            player="A",
            zone="hand",
            name="Gaia The Fierce Knight",
            kind="monster",
            frame="normal",
            level="7",
            atk="2300",
            defense="2100",
        ),
        "type": "special_summon",
        "player": "A",
        "card": "a1",
        "method": "ritual",
        "ids": "a2",
        "zone": "m2",
    }

    logged_in.post("/rulings/new/", form)

    ruling = Ruling.objects.get()
    assert ruling.dispute["state"]["players"]["A"]["hand"][0]["material_spec"] == {"level": 8}
    assert ruling.ruling["legal"] is False
    assert ruling.ruling["violations"][0]["code"] == "summon.level_sum"
