"""``attack``: declaring an attack and the battle's result.

Rulebook 9.0, Turn Structure and Monster Battle Rules; Rulebook v10, More about Link Monsters.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules.tests.engine.ygo_builders import battle, cites, code, link, monster, rule_on, state, zones

ATTACK = {"type": "attack", "player": "A", "attacker": "a1", "target": "b1"}
DIRECT = {"type": "attack", "player": "A", "attacker": "a1", "target": None}


def duel_of(
    attacker: dict[str, Any],
    target: dict[str, Any] | None = None,
    *,
    a_lp: int = 8000,
    b_lp: int = 8000,
    **extra,
) -> dict[str, Any]:
    b_zones = zones(target) if target else zones()
    return battle(
        a={"lp": a_lp, "monster_zones": zones(attacker)}, b={"lp": b_lp, "monster_zones": b_zones}, **extra
    )


# --- Declaring the attack -----------------------------------------------------------------------------------


def test_battle_step_only_the_turn_player_attacks():
    """Rulebook 9.0, Battle Step: the turn player selects the attacker."""
    ruling = rule_on(
        duel_of(monster("a1"), monster("b1")), {**ATTACK, "player": "B", "attacker": "b1", "target": "a1"}
    )

    assert ruling["legal"] is False
    assert code(ruling) == "turn.not_your_turn"
    assert "outcome" not in ruling


def test_battle_phase_first_player_cannot_attack_on_turn_1():
    """Rulebook 9.0, Battle Phase: the player who starts the Duel has no Battle Phase in their first turn."""
    ruling = rule_on(duel_of(monster("a1"), None, turn=1), DIRECT)

    assert ruling["legal"] is False
    assert code(ruling) == "battle.first_turn"
    assert cites(ruling, "Rulebook 9.0", "first turn")


def test_battle_step_attacks_are_declared_in_the_battle_phase():
    """Rulebook 9.0, Battle Step: no attack from Main Phase 1."""
    game = state(phase="main1", a={"monster_zones": zones(monster("a1"))})

    ruling = rule_on(game, DIRECT)

    assert code(ruling) == "phase.wrong_phase"


def test_battle_step_not_during_the_damage_step():
    """Rulebook 9.0, Battle Step: a new attack waits until the Damage Step of the last one ends."""
    game = duel_of(monster("a1"))
    game["step"] = "damage"

    assert code(rule_on(game, DIRECT)) == "phase.wrong_phase"


def test_battle_step_from_the_start_step_the_player_simply_moves_on():
    """Rulebook 9.0, Battle Phase: the Start Step leads straight into the Battle Step."""
    game = duel_of(monster("a1"))
    game["step"] = "start"

    assert rule_on(game, DIRECT)["legal"] is True


def test_battle_phase_without_a_step_is_incomplete():
    """Dispute format: a Battle Phase state must say the step; the judge does not guess it."""
    game = duel_of(monster("a1"))
    game["step"] = None

    ruling = rule_on(game, DIRECT)

    assert ruling["legal"] is None
    assert code(ruling) == "state.incomplete"
    assert ruling["violations"][0]["field"] == "state.step"


def test_battle_step_defense_position_monsters_cannot_attack():
    """Rulebook 9.0, Battle Step: only face-up Attack Position monsters attack."""
    ruling = rule_on(duel_of(monster("a1", position="defense")), DIRECT)

    assert code(ruling) == "battle.not_attack_position"


def test_battle_step_face_down_monsters_cannot_attack():
    """Rulebook 9.0, Battle Step: a Set monster is not in Attack Position."""
    assert code(rule_on(duel_of(monster("a1", position="set")), DIRECT)) == "battle.not_attack_position"


def test_battle_step_each_monster_attacks_once_per_turn():
    """Rulebook 9.0, Battle Step: each face-up Attack Position monster can attack 1 time per turn."""
    ruling = rule_on(duel_of(monster("a1", attacks=1)), DIRECT)

    assert code(ruling) == "battle.already_attacked"
    assert cites(ruling, "once per turn")


def test_rules_vs_effects_an_extra_attack_lets_it_attack_again():
    """Rulebook 9.0, Rules vs. card effects: an effect may let a monster attack twice."""
    ruling = rule_on(duel_of(monster("a1", attacks=1, abilities=["extra_attacks:1"])), DIRECT)

    assert ruling["legal"] is True


def test_rules_vs_effects_a_monster_that_cannot_attack():
    """Rulebook 9.0, Rules vs. card effects: an agreed "cannot attack" effect stops the declaration."""
    assert (
        code(rule_on(duel_of(monster("a1", abilities=["cannot_attack"])), DIRECT)) == "battle.cannot_attack"
    )


def test_direct_attack_is_blocked_while_the_opponent_controls_a_monster():
    """Rulebook 9.0, If your opponent has no monsters: only then can you attack directly."""
    ruling = rule_on(duel_of(monster("a1"), monster("b1", position="set")), DIRECT)

    assert code(ruling) == "battle.direct_attack_blocked"


def test_extra_monster_zone_monster_blocks_direct_attacks():
    """Rulebook v10, More about Link Monsters: a monster in the Extra Monster Zone still blocks a direct
    attack."""
    game = duel_of(monster("a1"))
    game["extra_monster_zones"] = [None, link("b9", 2, ["bottom-left", "bottom-right"], controller="B")]

    ruling = rule_on(game, DIRECT)

    assert code(ruling) == "battle.direct_attack_blocked"
    assert cites(ruling, "Rulebook v10", "Extra Monster Zone")


def test_glossary_direct_attack_effect_attacks_past_monsters():
    """Rulebook 9.0, Glossary, Attack directly: some effects let a monster attack directly anyway."""
    ruling = rule_on(duel_of(monster("a1", atk=1200, abilities=["direct_attack"]), monster("b1")), DIRECT)

    assert ruling["legal"] is True
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 1200}


def test_battle_step_the_target_must_be_an_opponents_monster():
    """Rulebook 9.0, Battle Step: the target is 1 of the opponent's monsters."""
    game = battle(
        a={"monster_zones": zones(monster("a1"), monster("a2"))}, b={"monster_zones": zones(monster("b1"))}
    )

    assert code(rule_on(game, {**ATTACK, "target": "a2"})) == "battle.invalid_target"


def test_battle_step_the_target_must_be_on_the_field():
    """Rulebook 9.0, Battle Step: a card in the Graveyard cannot be attacked."""
    game = battle(a={"monster_zones": zones(monster("a1"))}, b={"graveyard": [monster("b1")]})

    assert code(rule_on(game, ATTACK)) == "battle.invalid_target"


def test_battle_step_the_attacker_must_be_your_monster_on_the_field():
    """Rulebook 9.0, Battle Step: the attacker is a monster on your side of the field."""
    game = battle(a={"hand": [monster("a1")]}, b={"monster_zones": zones(monster("b1"))})

    assert code(rule_on(game, ATTACK)) == "battle.invalid_attacker"


# --- The battle table ---------------------------------------------------------------------------------------


def test_attack_position_higher_atk_destroys_and_deals_the_difference():
    """Rulebook 9.0, Monster Battle Rules, attacking Attack Position: win."""
    ruling = rule_on(duel_of(monster("a1", atk=2500), monster("b1", atk=1900)), ATTACK)

    assert ruling["outcome"]["destroyed"] == ["b1"]
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 600}
    assert ruling["outcome"]["lp"] == {"A": 8000, "B": 7400}
    assert cites(ruling, "Rulebook 9.0", "Monster Battle Rules", "Attack Position")


def test_attack_position_equal_atk_destroys_both_without_damage():
    """Rulebook 9.0, Monster Battle Rules, attacking Attack Position: tie."""
    ruling = rule_on(duel_of(monster("a1", atk=1800), monster("b1", atk=1800)), ATTACK)

    assert sorted(ruling["outcome"]["destroyed"]) == ["a1", "b1"]
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 0}


def test_attack_position_lower_atk_destroys_the_attacker_and_hurts_its_controller():
    """Rulebook 9.0, Monster Battle Rules, attacking Attack Position: lose."""
    ruling = rule_on(duel_of(monster("a1", atk=1000), monster("b1", atk=1600)), ATTACK)

    assert ruling["outcome"]["destroyed"] == ["a1"]
    assert ruling["outcome"]["damage"] == {"A": 600, "B": 0}


def test_zero_atk_monsters_destroy_nothing():
    """Rulebook 9.0, Monsters with 0 ATK: two 0 ATK Attack Position monsters battle and neither is
    destroyed."""
    ruling = rule_on(duel_of(monster("a1", atk=0), monster("b1", atk=0)), ATTACK)

    assert ruling["outcome"]["destroyed"] == []
    assert cites(ruling, "0 ATK")


def test_defense_position_higher_atk_destroys_without_damage():
    """Rulebook 9.0, Monster Battle Rules, attacking Defense Position: win."""
    ruling = rule_on(
        duel_of(monster("a1", atk=2000), monster("b1", defense=1500, position="defense")), ATTACK
    )

    assert ruling["outcome"]["destroyed"] == ["b1"]
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 0}


def test_defense_position_equal_destroys_nothing():
    """Rulebook 9.0, Monster Battle Rules, attacking Defense Position: tie."""
    ruling = rule_on(
        duel_of(monster("a1", atk=1500), monster("b1", defense=1500, position="defense")), ATTACK
    )

    assert ruling["outcome"]["destroyed"] == []
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 0}


def test_defense_position_higher_def_hurts_the_attacker():
    """Rulebook 9.0, Monster Battle Rules, attacking Defense Position: lose."""
    ruling = rule_on(
        duel_of(monster("a1", atk=1200), monster("b1", defense=2000, position="defense")), ATTACK
    )

    assert ruling["outcome"]["destroyed"] == []
    assert ruling["outcome"]["damage"] == {"A": 800, "B": 0}


def test_piercing_damage_against_defense_position():
    """Rulebook 9.0, Glossary, Piercing battle damage: ATK above DEF goes through."""
    attacker = monster("a1", atk=2400, abilities=["piercing"])

    ruling = rule_on(duel_of(attacker, monster("b1", defense=1000, position="defense")), ATTACK)

    assert ruling["outcome"]["damage"] == {"A": 0, "B": 1400}
    assert cites(ruling, "Piercing")


def test_piercing_does_nothing_against_attack_position():
    """Rulebook 9.0, Glossary: piercing damage is about Defense Position monsters only."""
    attacker = monster("a1", atk=2400, abilities=["piercing"])

    ruling = rule_on(duel_of(attacker, monster("b1", atk=2000)), ATTACK)

    assert ruling["outcome"]["damage"] == {"A": 0, "B": 400}


def test_face_down_target_is_flipped_and_uses_its_def():
    """Rulebook 9.0, Attacking a face-down card: flip face-up in Defense Position, then compare with DEF."""
    ruling = rule_on(
        duel_of(monster("a1", atk=1000), monster("b1", atk=300, defense=1800, position="set")), ATTACK
    )

    assert ruling["outcome"]["flipped"] == ["b1"]
    assert ruling["outcome"]["destroyed"] == []
    assert ruling["outcome"]["damage"] == {"A": 800, "B": 0}


def test_direct_attack_deals_full_atk():
    """Rulebook 9.0, If your opponent has no monsters: the full ATK is battle damage."""
    ruling = rule_on(duel_of(monster("a1", atk=1700)), DIRECT)

    assert ruling["outcome"]["damage"] == {"A": 0, "B": 1700}
    assert ruling["outcome"]["lp"]["B"] == 6300


def test_winning_a_duel_lp_stop_at_zero_and_damage_is_not_capped():
    """Rulebook 9.0, Winning a Duel: LP reduced to 0 wins; the format says damage is never capped."""
    ruling = rule_on(duel_of(monster("a1", atk=3000), b_lp=1000), DIRECT)

    assert ruling["outcome"]["damage"]["B"] == 3000
    assert ruling["outcome"]["lp"]["B"] == 0
    assert ruling["outcome"]["duel"] == {"over": True, "winner": "A", "draw": False, "reason": "lp"}


def test_battle_with_a_monster_whose_atk_is_unknown_is_incomplete():
    """Dispute format: a judge that is unsure does not guess; the missing field is named."""
    attacker = monster("a1")
    del attacker["atk"]

    ruling = rule_on(duel_of(attacker, monster("b1")), ATTACK)

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.A.monster_zones[0].atk"
    assert "outcome" not in ruling


def test_an_illegal_attack_is_reported_even_if_a_field_is_missing():
    """A certain violation decides even where another check lacks a value (Rulebook 9.0, first turn)."""
    attacker = monster("a1")
    del attacker["position"]

    ruling = rule_on(duel_of(attacker, None, turn=1), DIRECT)

    assert ruling["legal"] is False
    assert code(ruling) == "battle.first_turn"


def test_destroyed_xyz_monster_takes_its_materials_to_the_graveyard():
    """Rulebook 9.0, Xyz Materials: when the Xyz Monster leaves the field its materials go too."""
    xyz = monster("b1", atk=1000, frame="xyz", rank=4, materials=[monster("m1"), monster("m2")])
    del xyz["level"]

    ruling = rule_on(duel_of(monster("a1", atk=2500), xyz), ATTACK)

    assert ruling["outcome"]["destroyed"] == ["b1"]
    assert ruling["outcome"]["sent_to_graveyard"] == ["b1", "m1", "m2"]


# --- Properties ---------------------------------------------------------------------------------------------

values = st.integers(min_value=0, max_value=10_000)


@given(atk=values, other=values)
def test_attack_position_battle_is_symmetric(atk: int, other: int):
    """Monster Battle Rules: whichever monster attacks, the weaker one is destroyed and the same damage is
    dealt."""
    forward = rule_on(duel_of(monster("a1", atk=atk), monster("b1", atk=other)), ATTACK)["outcome"]
    backward = rule_on(
        battle(
            turn=4,
            turn_player="B",
            a={"monster_zones": zones(monster("a1", atk=other))},
            b={"monster_zones": zones(monster("b1", atk=atk))},
        ),
        {"type": "attack", "player": "B", "attacker": "b1", "target": "a1"},
    )["outcome"]

    roles_forward = {{"a1": "atk", "b1": "other"}[card] for card in forward["destroyed"]}
    roles_backward = {{"b1": "atk", "a1": "other"}[card] for card in backward["destroyed"]}

    assert forward["damage"]["B"] == backward["damage"]["A"]
    assert forward["damage"]["A"] == backward["damage"]["B"]
    assert roles_forward == roles_backward


@given(
    atk=values,
    defense=values,
    lp=st.integers(min_value=1, max_value=8000),
    position=st.sampled_from(["defense", "set"]),
)
def test_only_the_attacker_can_be_hurt_attacking_defense_position(
    atk: int, defense: int, lp: int, position: str
):
    """Monster Battle Rules, Defense Position: no damage to the defender, and the attacker is never
    destroyed."""
    outcome = rule_on(
        duel_of(monster("a1", atk=atk), monster("b1", defense=defense, position=position), a_lp=lp), ATTACK
    )["outcome"]

    assert outcome["damage"]["B"] == 0
    assert "a1" not in outcome["destroyed"]
    assert outcome["damage"]["A"] == max(0, defense - atk)
    assert outcome["lp"]["A"] == max(0, lp - outcome["damage"]["A"])
    assert outcome["duel"]["over"] == (outcome["lp"]["A"] == 0)
