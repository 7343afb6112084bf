"""``declare_attackers``, ``cast``, ``play_land``, ``draw`` and ``cleanup`` (Comprehensive Rules 101.4, 102.2,
214.9, 302.2, 304.1, 305.3-305.4, 308.1, 314.1, 408.1d, 502.5b)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tests.engine.mtg_builders import card, cites, code, creature, rule_on, state


def attackers(*ids: str, player: str = "A") -> dict[str, Any]:
    return {"type": "declare_attackers", "player": player, "attackers": list(ids)}


def in_declare_attackers(*cards: dict[str, Any], turn: int = 5) -> dict[str, Any]:
    return state(turn=turn, phase="combat", step="declare_attackers", a={"battlefield": list(cards)})


# --- declare_attackers (308.1) -------------------------------------------------------------------------


def test_308_1_an_untapped_creature_in_play_since_the_turn_began_may_attack():
    ruling = rule_on(in_declare_attackers(creature("a1")), attackers("a1"))

    assert ruling["legal"] is True
    assert ruling["outcome"] == {"attackers": ["a1"], "tapped": ["a1"]}
    assert cites(ruling, "308.2")


def test_308_1_a_tapped_creature_cannot_attack():
    ruling = rule_on(in_declare_attackers(creature("a1", tapped=True)), attackers("a1"))

    assert code(ruling) == "mtg.attack.tapped"
    assert cites(ruling, "308.1")


def test_308_1_a_creature_that_entered_this_turn_is_summoning_sick():
    ruling = rule_on(in_declare_attackers(creature("a1", entered_turn=5)), attackers("a1"))

    assert code(ruling) == "mtg.attack.summoning_sick"


def test_502_5b_haste_lets_a_new_creature_attack():
    ruling = rule_on(
        in_declare_attackers(creature("a1", entered_turn=5, abilities=["haste"])), attackers("a1")
    )

    assert ruling["legal"] is True
    assert cites(ruling, "502.5b")


def test_308_1_non_creatures_cannot_attack():
    ruling = rule_on(in_declare_attackers(card("a1", "artifact")), attackers("a1"))

    assert code(ruling) == "mtg.attack.not_creature"


def test_308_1_walls_cannot_attack():
    ruling = rule_on(in_declare_attackers(creature("a1", subtypes=["Wall"])), attackers("a1"))

    assert code(ruling) == "mtg.attack.wall"


def test_308_1_every_reason_is_listed():
    ruling = rule_on(
        in_declare_attackers(creature("a1", tapped=True), creature("a2", entered_turn=5)),
        attackers("a1", "a2"),
    )

    assert [v["code"] for v in ruling["violations"]] == ["mtg.attack.tapped", "mtg.attack.summoning_sick"]


def test_308_1_only_the_active_player_declares_attackers():
    game = in_declare_attackers()
    game["players"]["B"]["battlefield"] = [creature("b1")]

    assert code(rule_on(game, attackers("b1", player="B"))) == "mtg.turn.not_active_player"


def test_308_1_attackers_are_declared_in_the_declare_attackers_step():
    game = state(phase="main1", a={"battlefield": [creature("a1")]})

    assert code(rule_on(game, attackers("a1"))) == "mtg.phase.wrong_step"


def test_308_1_without_entered_turn_summoning_sickness_cannot_be_judged():
    raw = creature("a1")
    del raw["entered_turn"]

    ruling = rule_on(in_declare_attackers(raw), attackers("a1"))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.A.battlefield[0].entered_turn"


# --- cast (305.3, 408.1d) ------------------------------------------------------------------------------


def cast(card_id: str, player: str = "A") -> dict[str, Any]:
    return {"type": "cast", "player": player, "card": card_id}


@pytest.mark.parametrize("kind", ["sorcery", "creature", "artifact", "enchantment"])
def test_408_1d_sorcery_speed_spells_in_the_own_main_phase(kind: str):
    ruling = rule_on(state(phase="main2", a={"hand": [card("h1", kind)]}), cast("h1"))

    assert ruling["legal"] is True
    assert ruling["outcome"]["speed"] == "sorcery"


def test_408_1d_a_sorcery_in_combat_is_illegal():
    ruling = rule_on(
        state(phase="combat", step="declare_blockers", a={"hand": [card("h1", "sorcery")]}), cast("h1")
    )

    assert code(ruling) == "mtg.timing.sorcery_speed"
    assert cites(ruling, "408.1d")


def test_408_1d_a_creature_on_the_opponents_turn_is_illegal():
    ruling = rule_on(state(b={"hand": [card("h1", "creature")]}), cast("h1", player="B"))

    assert code(ruling) == "mtg.timing.sorcery_speed"


def test_408_1d_a_sorcery_needs_an_empty_stack():
    game = state(
        a={"hand": [card("h1", "sorcery")]}, stack=[{"card": "Shock", "player": "B", "kind": "spell"}]
    )

    assert code(rule_on(game, cast("h1"))) == "mtg.timing.sorcery_speed"


def test_408_1c_an_instant_on_the_opponents_turn_with_a_full_stack_is_legal():
    game = state(
        phase="combat", step="declare_blockers", b={"hand": [card("h1", "instant")]}, stack=[{"card": "x"}]
    )

    ruling = rule_on(game, cast("h1", player="B"))

    assert ruling["legal"] is True
    assert ruling["outcome"] == {"speed": "instant", "stack": 2}


def test_302_2_no_instant_in_the_untap_step():
    ruling = rule_on(state(phase="beginning", step="untap", a={"hand": [card("h1", "instant")]}), cast("h1"))

    assert code(ruling) == "mtg.timing.no_priority"
    assert cites(ruling, "302.2")


def test_314_1c_no_instant_in_a_quiet_cleanup_step():
    ruling = rule_on(state(phase="end", step="cleanup", a={"hand": [card("h1", "instant")]}), cast("h1"))

    assert code(ruling) == "mtg.timing.no_priority"


def test_214_9a_a_land_is_not_cast():
    assert code(rule_on(state(a={"hand": [card("h1", "land")]}), cast("h1"))) == "mtg.cast.land"


def test_401_1_a_spell_is_cast_from_the_hand():
    game = state(a={"battlefield": [creature("a1")]})

    assert code(rule_on(game, cast("a1"))) == "mtg.cast.not_in_hand"


def test_cast_accepts_the_card_given_in_full():
    ruling = rule_on(state(a={"hand": 3}), {"type": "cast", "player": "A", "card": card("x", "sorcery")})

    assert ruling["legal"] is True


# --- play_land (305.4, 214.9b) -------------------------------------------------------------------------


def land(player: str = "A") -> dict[str, Any]:
    return {"type": "play_land", "player": player, "card": "l1"}


def test_305_4_a_land_in_the_own_main_phase():
    ruling = rule_on(state(a={"hand": [card("l1", "land")]}), land())

    assert ruling["legal"] is True
    assert ruling["outcome"] == {"lands_played": 1}


def test_214_9b_one_land_per_turn():
    ruling = rule_on(state(a={"hand": [card("l1", "land")], "lands_played": 1}), land())

    assert code(ruling) == "mtg.land.already_played"
    assert cites(ruling, "214.9b")


def test_305_4_no_land_outside_the_main_phase():
    game = state(phase="combat", step="end_of_combat", a={"hand": [card("l1", "land")]})

    assert code(rule_on(game, land())) == "mtg.land.not_main_phase"


def test_305_4_no_land_on_the_opponents_turn():
    assert code(rule_on(state(b={"hand": [card("l1", "land")]}), land("B"))) == "mtg.land.not_main_phase"


def test_305_4_no_land_with_a_spell_on_the_stack():
    game = state(a={"hand": [card("l1", "land")]}, stack=[{"card": "x"}])

    assert code(rule_on(game, land())) == "mtg.land.stack_not_empty"


def test_305_4_every_land_problem_is_listed():
    game = state(phase="main1", active="B", b={}, a={"hand": [card("l1", "land")], "lands_played": 1})

    codes = [v["code"] for v in rule_on(game, land())["violations"]]

    assert codes == ["mtg.land.not_main_phase", "mtg.land.already_played"]


def test_play_land_needs_a_land():
    assert code(rule_on(state(a={"hand": [card("l1", "instant")]}), land())) == "mtg.land.not_a_land"


# --- draw (101.4, 102.2, 304.1) ------------------------------------------------------------------------


def draw(player: str = "A") -> dict[str, Any]:
    return {"type": "draw", "player": player}


def test_304_1_the_active_player_draws_in_the_draw_step():
    ruling = rule_on(state(phase="beginning", step="draw", a={"library": 10}), draw())

    assert ruling["outcome"] == {
        "drew": True,
        "library": 9,
        "game": {"over": False, "winner": None, "draw": False, "reason": None},
    }


def test_101_4_the_first_player_skips_the_first_draw():
    ruling = rule_on(state(turn=1, phase="beginning", step="draw"), draw())

    assert code(ruling) == "mtg.draw.first_turn"
    assert cites(ruling, "101.4")


def test_101_4_the_second_player_draws_on_turn_2():
    assert rule_on(state(turn=2, active="B", phase="beginning", step="draw"), draw("B"))["legal"] is True


def test_102_2_drawing_from_an_empty_library_is_legal_and_loses():
    ruling = rule_on(state(turn=4, active="B", phase="beginning", step="draw", b={"library": 0}), draw("B"))

    assert ruling["legal"] is True
    assert ruling["outcome"]["drew"] is False
    assert ruling["outcome"]["game"] == {
        "over": True,
        "winner": "A",
        "draw": False,
        "reason": "empty_library",
    }
    assert cites(ruling, "102.2")


def test_304_1_the_draw_is_in_the_draw_step():
    assert code(rule_on(state(phase="main1"), draw())) == "mtg.phase.wrong_step"


def test_304_1_only_the_active_player_draws():
    assert code(rule_on(state(phase="beginning", step="draw"), draw("B"))) == "mtg.turn.not_active_player"


def test_a_draw_without_a_turn_number_cannot_be_judged():
    game = state(phase="beginning", step="draw")
    del game["turn"]

    ruling = rule_on(game, draw())

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.turn"


# --- cleanup (314.1a) ----------------------------------------------------------------------------------


@given(hand=st.integers(0, 30))
@settings(max_examples=50, deadline=None)
def test_314_1a_discard_down_to_seven(hand: int):
    ruling = rule_on(state(phase="end", step="cleanup", a={"hand": hand}), {"type": "cleanup", "player": "A"})

    assert ruling["outcome"]["discard"] == max(0, hand - 7)
    assert cites(ruling, "314.1a")


def test_314_1b_damage_wears_off_in_cleanup():
    game = state(phase="end", step="cleanup", a={"battlefield": [creature("a1", damage=1)]})

    assert rule_on(game, {"type": "cleanup", "player": "A"})["outcome"]["damage_removed"] == ["a1"]


def test_314_1a_only_the_active_player_discards_to_hand_size():
    game = state(phase="end", step="cleanup", b={"hand": 9})

    assert code(rule_on(game, {"type": "cleanup", "player": "B"})) == "mtg.turn.not_active_player"


def test_314_1a_the_hand_is_discarded_down_only_in_the_cleanup_step():
    game = state(phase="main1", a={"hand": 9})

    assert code(rule_on(game, {"type": "cleanup", "player": "A"})) == "mtg.phase.wrong_step"


def test_314_1c_a_legend_to_choose_in_cleanup_gives_priority_under_the_current_rule():
    legends = [
        creature(f"a{i}", 3, 3, name="Tetsuo Umezawa", supertypes=["legendary"], timestamp=i) for i in (1, 2)
    ]
    game = state(phase="end", step="cleanup", a={"battlefield": legends, "hand": [card("h1", "instant")]})

    ruling = rule_on(game, cast("h1"), revision="current")

    assert ruling["legal"] is True


def test_a_spell_described_in_full_needs_a_card_in_hand():
    game = state(a={"hand": 0})

    ruling = rule_on(game, {"type": "cast", "player": "A", "card": card("s1", "sorcery")})

    assert code(ruling) == "mtg.cast.not_in_hand"
