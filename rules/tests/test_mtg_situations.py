"""The Magic situations: what a player enters, the dispute it builds, and the ruling they would notice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules import engine
from rules.situations import situation_class, situations_of
from rules.situations.base import Situation
from rules.situations.mtg import CastTiming, Combat, LegendRule, MatchTally, SecondLand, StateBased
from tournaments.tests.factories import UserFactory

CARDS: dict[str, dict[str, Any]] = {
    "hill giant": {
        "name": "Hill Giant",
        "types": ["creature"],
        "supertypes": [],
        "power": 3,
        "toughness": 3,
    },
    "grizzly bears": {
        "name": "Grizzly Bears",
        "types": ["creature"],
        "supertypes": [],
        "power": 2,
        "toughness": 2,
    },
    "lightning bolt": {"name": "Lightning Bolt", "types": ["instant"], "supertypes": []},
    "ornithopter": {
        "name": "Ornithopter",
        "types": ["artifact", "creature"],
        "supertypes": [],
        "power": 0,
        "toughness": 2,
    },
    "mox pearl": {"name": "Mox Pearl", "types": ["artifact"], "supertypes": []},
    "tolaria": {"name": "Tolaria", "types": ["land"], "supertypes": ["legendary"]},
}


def lookup(name: str) -> Mapping[str, Any] | None:
    return CARDS.get(name.strip().lower())


def bound(situation: type[Situation], **data: str) -> Situation:
    return situation(data, lookup=lookup)


def ruling(situation: type[Situation], **data: str) -> dict[str, Any]:
    form = bound(situation, **data)
    assert form.is_valid(), form.errors
    return engine.judge(form.dispute())


def test_the_situations_are_offered_in_order():
    keys = [situation.key for situation in situations_of("mtg")]
    assert keys == ["combat", "cast_timing", "second_land", "legend_rule", "state_based", "match_tally"]
    assert situation_class("mtg", "legend_rule") is LegendRule


# --- combat -----------------------------------------------------------------------------------------------


def test_a_trampler_kills_its_blocker_and_the_rest_reaches_the_player():
    result = ruling(
        Combat,
        player="A",
        attacker_power="5",
        attacker_toughness="5",
        attacker_trample="on",
        blocker1_power="1",
        blocker1_toughness="2",
        life="20",
        assignment="2, 3",
    )
    assert result["legal"] is True
    assert result["outcome"]["destroyed"] == ["b1"]
    assert result["outcome"]["life"]["B"] == 17
    assert result["outcome"]["creature_damage"] == {"b1": 2, "a1": 1}


def test_damage_to_the_player_without_trample_is_refused():
    result = ruling(
        Combat,
        player="A",
        attacker_name="Hill Giant",
        blocker1_name="Grizzly Bears",
        life="20",
        assignment="2, 1",
    )
    assert result["legal"] is False
    assert result["violations"][0]["code"] == "mtg.combat.assignment_to_player"


def test_a_first_striker_kills_the_attacker_before_it_deals_damage():
    result = ruling(
        Combat,
        player="B",
        attacker_name="Grizzly Bears",
        blocker1_power="2",
        blocker1_toughness="1",
        blocker1_first_strike="on",
        life="20",
    )
    assert result["outcome"]["destroyed"] == ["b1"]  # the attacker is B's: b1
    assert result["outcome"]["creature_damage"] == {"b1": 2}
    assert result["outcome"]["life"] == {"A": 20, "B": 20}


def test_two_blockers_share_the_attackers_damage_as_assigned():
    result = ruling(
        Combat,
        player="A",
        attacker_name="Hill Giant",
        blocker1_name="Grizzly Bears",
        blocker2_power="1",
        blocker2_toughness="1",
        life="20",
        assignment="2, 1",
    )
    assert sorted(result["outcome"]["destroyed"]) == ["a1", "b1", "b2"]


def test_an_unblocked_attacker_hits_the_player_and_can_end_the_game():
    result = ruling(Combat, player="B", attacker_name="Hill Giant", life="3")
    assert result["outcome"]["life"]["A"] == 0
    assert result["outcome"]["game"]["winner"] == "B"


def test_two_blockers_without_an_assignment_ask_for_it():
    form = bound(
        Combat,
        player="A",
        attacker_name="Hill Giant",
        blocker1_name="Grizzly Bears",
        blocker2_name="Grizzly Bears",
        life="20",
    )
    assert not form.is_valid()
    assert list(form.errors) == ["assignment"]


def test_an_assignment_with_the_wrong_count_of_numbers_is_refused():
    form = bound(
        Combat,
        player="A",
        attacker_name="Hill Giant",
        blocker1_name="Grizzly Bears",
        life="20",
        assignment="1 1 1",
    )
    assert not form.is_valid()
    assert "assignment" in form.errors


def test_a_blocker_without_toughness_is_named_as_missing():
    form = bound(Combat, player="A", attacker_name="Hill Giant", blocker1_power="2", life="20")
    assert not form.is_valid()
    assert list(form.errors) == ["blocker1_toughness"]


def test_the_catalog_fills_power_and_toughness():
    form = bound(Combat, player="A", attacker_name="Hill Giant", blocker1_name="grizzly bears", life="20")
    assert form.is_valid(), form.errors
    battlefield = form.dispute()["state"]["players"]
    assert battlefield["A"]["battlefield"][0] == {
        "id": "a1",
        "name": "Hill Giant",
        "power": 3,
        "toughness": 3,
        "types": ["creature"],
        "abilities": [],
        "tapped": True,
        "damage": 0,
    }
    assert (battlefield["B"]["battlefield"][0]["power"], battlefield["B"]["battlefield"][0]["toughness"]) == (
        2,
        2,
    )


def test_numbers_typed_override_the_catalog():
    form = bound(Combat, player="A", attacker_name="Hill Giant", attacker_power="5", life="20")
    assert form.is_valid(), form.errors
    assert form.dispute()["state"]["players"]["A"]["battlefield"][0]["power"] == 5


def test_the_abilities_are_drawn_inside_their_creatures_fieldset():
    sections = bound(Combat).sections()
    attacker = next(section for section in sections if section.slot and section.slot.prefix == "attacker")
    names = [field.name for field in attacker.stat_fields]
    assert names == ["attacker_power", "attacker_toughness", "attacker_first_strike", "attacker_trample"]


# --- casting ----------------------------------------------------------------------------------------------


def test_an_instant_may_be_cast_in_the_opponents_combat():
    result = ruling(
        CastTiming, player="A", card_name="Lightning Bolt", whose_turn="B", moment="combat:declare_attackers"
    )
    assert result["legal"] is True


def test_a_creature_cannot_be_cast_while_something_is_on_the_stack():
    result = ruling(
        CastTiming, player="A", card_name="Hill Giant", whose_turn="A", moment="main1", stack="on"
    )
    assert result["legal"] is False
    assert result["violations"][0]["code"] == "mtg.timing.sorcery_speed"


def test_an_artifact_creature_from_the_catalog_casts_at_sorcery_speed():
    form = bound(CastTiming, player="A", card_name="Ornithopter", whose_turn="B", moment="main1")
    assert form.is_valid(), form.errors
    assert form.cleaned_data["card_type"] == "creature"
    assert engine.judge(form.dispute())["violations"][0]["code"] == "mtg.timing.sorcery_speed"


def test_a_card_not_in_the_list_is_described_by_its_kind():
    result = ruling(
        CastTiming, player="B", card_name="Homebrew", card_type="sorcery", whose_turn="B", moment="main2"
    )
    assert result["legal"] is True
    form = bound(CastTiming, player="B", card_name="Homebrew", whose_turn="B", moment="main2")
    assert not form.is_valid()
    assert list(form.errors) == ["card_type"]


def test_nothing_is_cast_in_the_untap_step():
    result = ruling(
        CastTiming, player="A", card_name="Lightning Bolt", whose_turn="A", moment="beginning:untap"
    )
    assert result["violations"][0]["code"] == "mtg.timing.no_priority"


# --- lands ------------------------------------------------------------------------------------------------


def test_a_second_land_in_a_turn_is_refused():
    result = ruling(SecondLand, player="A", lands_played="1", whose_turn="A", moment="main2")
    assert result["legal"] is False
    assert result["violations"][0]["code"] == "mtg.land.already_played"


def test_the_first_land_in_the_main_phase_is_fine_but_not_on_the_opponents_turn():
    assert ruling(SecondLand, player="B", lands_played="0", whose_turn="B", moment="main1")["legal"] is True
    result = ruling(SecondLand, player="B", lands_played="0", whose_turn="A", moment="main1")
    assert result["violations"][0]["code"] == "mtg.land.not_main_phase"


def test_a_land_waits_for_an_empty_stack():
    result = ruling(SecondLand, player="A", lands_played="0", whose_turn="A", moment="main1", stack="on")
    assert result["violations"][0]["code"] == "mtg.land.stack_not_empty"


def test_a_land_form_without_the_moment_names_it():
    form = bound(SecondLand, player="A", lands_played="1", whose_turn="A")
    assert not form.is_valid()
    assert list(form.errors) == ["moment"]


# --- the legend rule --------------------------------------------------------------------------------------


def test_classic_rules_keep_the_oldest_legend_whoever_controls_it():
    result = ruling(LegendRule, legend_name="Tolaria", player="B", newer="other", revision="classic")
    assert result["outcome"]["sent_to_graveyard"] == ["a1"]  # A's is the newer one


def test_classic_rules_send_both_when_they_arrived_together():
    result = ruling(
        LegendRule, legend_name="Tolaria", player="A", newer="other", same_time="on", revision="classic"
    )
    assert sorted(result["outcome"]["sent_to_graveyard"]) == ["a1", "b1"]


def test_current_rules_let_each_player_keep_theirs():
    result = ruling(LegendRule, legend_name="Tolaria", player="A", newer="other", revision="current")
    assert result["outcome"]["sent_to_graveyard"] == []
    assert result["outcome"]["legend_rule"] == []


def test_current_rules_one_player_chooses_which_to_keep():
    choice = ruling(LegendRule, legend_name="Tolaria", player="A", newer="same", revision="current")
    assert choice["outcome"]["legend_rule"] == [
        {"controller": "A", "name": "Tolaria", "keep_one_of": ["a1", "a2"]}
    ]
    kept = ruling(
        LegendRule, legend_name="Tolaria", player="A", newer="same", revision="current", keep="newer"
    )
    assert kept["outcome"]["sent_to_graveyard"] == ["a1"]


def test_the_legend_needs_a_name_and_a_legendary_card():
    form = bound(LegendRule, player="A", newer="same", revision="classic")
    assert not form.is_valid()
    assert list(form.errors) == ["legend_name"]
    form = bound(LegendRule, legend_name="Hill Giant", player="A", newer="same", revision="classic")
    assert not form.is_valid()
    assert "not legendary" in form.errors["legend_name"][0]


# --- state-based actions ----------------------------------------------------------------------------------


def test_lethal_damage_destroys_the_creature_and_zero_life_loses():
    result = ruling(StateBased, player="B", creature_name="Hill Giant", damage="3", life_a="20", life_b="0")
    assert result["outcome"]["destroyed"] == ["b1"]
    assert result["outcome"]["game"] == {"over": True, "winner": "A", "draw": False, "reason": "life"}


def test_damage_below_toughness_leaves_the_creature():
    result = ruling(StateBased, player="A", creature_toughness="4", damage="3", life_a="2", life_b="7")
    assert result["outcome"]["destroyed"] == []
    assert result["outcome"]["game"]["over"] is False


def test_a_damaged_creature_needs_its_toughness_and_its_controller():
    form = bound(StateBased, creature_name="Homebrew", damage="2", life_a="20", life_b="20")
    assert not form.is_valid()
    assert sorted(form.errors) == ["creature_toughness", "player"]


def test_life_alone_is_judged_and_labelled_with_the_players_names():
    result = ruling(StateBased, damage="0", life_a="-2", life_b="5")
    assert result["outcome"]["game"]["winner"] == "B"
    form = StateBased(names={"A": "Jace", "B": "Liliana"})
    assert str(form["life_a"].label) == "Jace's life"


# --- the match tally --------------------------------------------------------------------------------------


def test_two_wins_take_the_match():
    match = ruling(MatchTally, game1="A", game2="B", game3="A")["outcome"]["match"]
    assert (match["over"], match["winner"]) == (True, "A")


def test_the_loser_chooses_next_and_a_draw_keeps_the_chooser():
    assert ruling(MatchTally, game1="A")["outcome"]["match"]["next_first_choice"] == "B"
    match = ruling(MatchTally, game1="A", game2="draw", first_chooser="A")["outcome"]["match"]
    assert (match["over"], match["next_first_choice"]) == (False, "B")  # B lost game 1 and chose for game 2


def test_a_last_drawn_game_asks_who_chose():
    form = bound(MatchTally, game1="A", game2="draw")
    assert not form.is_valid()
    assert list(form.errors) == ["first_chooser"]


def test_time_called_decides_on_wins():
    match = ruling(MatchTally, game1="A", game2="draw", time_called="on")["outcome"]["match"]
    assert (match["over"], match["winner"]) == (True, "A")


def test_games_are_filled_in_order():
    form = bound(MatchTally, game1="A", game3="B")
    assert not form.is_valid()
    assert list(form.errors) == ["game3"]


# --- the page ---------------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("key", [situation.key for situation in situations_of("mtg")])
def test_each_situation_renders(client, key):
    client.force_login(UserFactory())
    response = client.get(f"/rulings/new/?game=mtg&situation={key}")
    assert response.status_code == 200
    assert f'name="situation" value="{key}"' in response.content.decode()


@pytest.mark.django_db
def test_a_posted_situation_is_judged_and_stored(client):
    client.force_login(UserFactory())
    data = {
        "mode": "situations",
        "game": "mtg",
        "situation": "second_land",
        "player": "A",
        "lands_played": "1",
        "whose_turn": "A",
        "moment": "main1",
    }
    response = client.post("/rulings/new/", data)
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "only one land may be played per turn" in page


@pytest.mark.django_db
def test_the_store_catalog_fills_a_creature_and_a_spells_type():
    from decks.tests.factories import CardFactory
    from rules.situation_pages import bind_situation

    CardFactory(mtg=True, name="Craw Wurm", power="6", toughness="4")
    CardFactory(mtg=True, name="Shock", types=["instant"], power="", toughness="")
    form = bind_situation(Combat, {"player": "A", "attacker_name": "craw wurm", "life": "20"})
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["attacker_power"], form.cleaned_data["attacker_toughness"]) == (6, 4)
    assert engine.judge(form.dispute())["outcome"]["life"]["B"] == 14
    cast_form = bind_situation(
        CastTiming, {"player": "A", "card_name": "Shock", "whose_turn": "B", "moment": "end:end_of_turn"}
    )
    assert cast_form.is_valid(), cast_form.errors
    assert cast_form.cleaned_data["card_type"] == "instant"


@pytest.mark.django_db
def test_a_suggestion_fills_power_toughness_and_type(client):
    from decks.tests.factories import CardFactory

    CardFactory(mtg=True, name="Craw Wurm", types=["creature"], power="6", toughness="4")
    client.force_login(UserFactory())
    response = client.get("/rulings/cards/?game=mtg&slot=attacker&attacker_name=craw")
    page = response.content.decode()
    assert "&quot;power&quot;: 6" in page
    assert "&quot;type&quot;: &quot;creature&quot;" in page


def test_combat_with_an_ability_the_engine_does_not_rule_sends_the_players_to_a_judge():
    """A deathtouch blocker ruled as a plain 1/1 would be a wrong ruling: the form refuses to guess."""
    form = Combat(
        {
            "player": "A",
            "attacker_power": "5",
            "attacker_toughness": "5",
            "blocker1_power": "1",
            "blocker1_toughness": "1",
            "life": "20",
            "other_ability": "on",
        }
    )

    assert not form.is_valid()
    assert "call a judge" in form.errors["other_ability"][0]
