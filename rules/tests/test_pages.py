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
        "card": "1",  # the rows, by number: the builder names them a1 (row 1, A's) and b2 (row 2, B's)
        "target": "2",
    }

    response = logged_in.post("/rulings/new/", form, follow=True)

    page = response.content.decode()
    ruling = Ruling.objects.get()
    assert ruling.dispute["action"] == {"type": "attack", "player": "A", "attacker": "a1", "target": "b2"}
    assert ruling.dispute["state"]["players"]["B"]["monster_zones"][1]["name"] == "Dark Magician"
    assert "Legal" in page
    # In words: the player by their letter's default name, the card by its name and controller.
    assert "Player A takes 200 battle damage: 6100 → 5900 LP." in page
    assert "Gaia The Fierce Knight (Player A, 2300 ATK) attacks Dark Magician (Player B, 2500 ATK)" in page


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
        "card": "1",
        "method": "ritual",
        "ids": ["2"],
        "zone": "m2",
    }

    logged_in.post("/rulings/new/", form)

    ruling = Ruling.objects.get()
    assert ruling.dispute["state"]["players"]["A"]["hand"][0]["material_spec"] == {"level": 8}
    assert ruling.ruling["legal"] is False
    assert ruling.ruling["violations"][0]["code"] == "summon.level_sum"


def test_an_equip_spell_described_in_the_form_names_its_monster_and_the_equipped_card(logged_in):
    """Rulebook v10, Equip Spell Cards: the builder carries the activate target and a card's equipped_to."""
    form = {
        "mode": "build",
        "revision": "2020",
        "turn": "3",
        "turn_player": "A",
        "phase": "main1",
        **BLANK_CARDS,
        **card(
            0,
            player="A",
            zone="m0",
            name="Summoned Skull",
            kind="monster",
            atk="2500",
            position="attack",
        ),
        **card(1, player="A", zone="hand", name="Axe of Despair", kind="spell", icon="equip"),
        **card(
            2,
            player="A",
            zone="s1",
            name="Malevolent Nuzzler",
            kind="spell",
            icon="equip",
            face_up="on",
            equipped_to="1",
        ),
        "type": "activate",
        "player": "A",
        "card": "2",
        "source": "hand",
        "target": "1",
    }

    logged_in.post("/rulings/new/", form)

    ruling = Ruling.objects.get()
    assert ruling.dispute["action"] == {
        "type": "activate",
        "player": "A",
        "card": "a2",
        "from": "hand",
        "target": "a1",
    }
    assert ruling.dispute["state"]["players"]["A"]["spell_trap_zones"][1]["equipped_to"] == "a1"
    assert ruling.ruling["outcome"]["equipped_to"] == "a1"


def test_an_activation_without_a_target_leaves_the_key_out(logged_in):
    """The activate target is optional: an empty field is not sent as null."""
    form = {
        "mode": "build",
        "revision": "2020",
        "turn": "3",
        "turn_player": "A",
        "phase": "main1",
        **BLANK_CARDS,
        **card(0, player="A", zone="hand", kind="spell", icon="normal"),
        "type": "activate",
        "player": "A",
        "card": "1",
        "source": "hand",
    }

    logged_in.post("/rulings/new/", form)

    assert "target" not in Ruling.objects.get().dispute["action"]


def test_the_builder_asks_no_id_the_action_picks_its_cards_from_the_rows(logged_in):
    """Nobody types an id: the rows are "Card 1", "Card 2"... and the action's card fields list them."""
    page = logged_in.get("/rulings/new/?mode=build").content.decode()

    assert "card_id" not in page
    assert "(a1, b1" not in page
    assert "<summary>Card 1</summary>" in page
    assert '<label for="id_card">The card</label><select name="card"' in page
    assert '<option value="6">Card 6</option>' in page
    assert 'name="ids" value="1"' in page  # the Tributes and materials: a tick box per row
    # No match: the players are "Player A" and "Player B", by name in the choices and labels.
    assert '<option value="B">Player B</option>' in page
    assert "Player A&#x27;s LP" in page


def test_an_action_naming_an_empty_row_says_so_at_its_field_and_keeps_the_rows(logged_in):
    form = {
        "mode": "build",
        "revision": "2020",
        "turn": "5",
        "turn_player": "A",
        "phase": "battle",
        "step": "battle",
        **BLANK_CARDS,
        **card(0, player="A", zone="m0", name="Gaia The Fierce Knight", kind="monster", atk="2300"),
        "type": "attack",
        "player": "A",
        "card": "1",
        "target": "3",
    }

    response = logged_in.post("/rulings/new/", form)

    page = response.content.decode()
    assert response.status_code == 400
    assert "Card 3 is empty: describe it above, or pick another card." in page
    assert "<summary>Card 1: Gaia The Fierce Knight</summary>" in page
    assert '<option value="1" selected>Card 1: Gaia The Fierce Knight</option>' in page
    assert not Ruling.objects.exists()


def test_a_card_leaves_a_blank_row_behind_and_keeps_its_rows_id(logged_in):
    """A card's id is its holder's letter and its row, whatever rows before it are left empty."""
    form = {
        "mode": "build",
        "revision": "2020",
        "turn": "3",
        "turn_player": "B",
        "phase": "main1",
        **BLANK_CARDS,
        **card(3, player="B", zone="hand", name="Pot of Greed", kind="spell", icon="normal"),
        "type": "activate",
        "player": "B",
        "card": "4",
        "source": "hand",
    }

    logged_in.post("/rulings/new/", form)

    dispute = Ruling.objects.get().dispute
    assert dispute["state"]["players"]["B"]["hand"] == [
        {"id": "b4", "name": "Pot of Greed", "kind": "spell", "icon": "normal", "face_up": False}
    ]
    assert dispute["action"]["card"] == "b4"
