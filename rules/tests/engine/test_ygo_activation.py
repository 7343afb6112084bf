"""``activate`` (Rulebook 9.0, Spell & Trap Cards, Effect Monsters, Chains and Spell Speed, Damage Step
rules)."""

from __future__ import annotations

from typing import Any

from rules.tests.engine.ygo_builders import cites, code, monster, rule_on, spell, state, trap, zones


def activate(card: str, source: str, game: dict[str, Any], player: str = "A", **extra) -> dict[str, Any]:
    return rule_on(game, {"type": "activate", "player": player, "card": card, "from": source, **extra})


def test_normal_spell_from_the_hand_in_your_main_phase():
    """Rulebook 9.0, Spell Cards: activated during your Main Phase; it starts Chain Link 1."""
    ruling = activate("h1", "hand", state(a={"hand": [spell("h1")]}))

    assert ruling["legal"] is True
    assert ruling["outcome"]["chain_link"] == 1


def test_normal_spell_not_in_the_battle_phase():
    """Rulebook 9.0, Spell Cards: normally only during your Main Phase."""
    ruling = activate("h1", "hand", state(phase="battle", step="battle", a={"hand": [spell("h1")]}))

    assert code(ruling) == "phase.wrong_phase"


def test_spells_are_not_activated_in_the_opponents_turn():
    """Rulebook 9.0: a Set Spell still cannot be activated in the opponent's turn."""
    game = state(turn=4, turn_player="B", a={"spell_trap_zones": zones(spell("a1", placed_turn=3))})

    ruling = activate("a1", "field", game)

    assert code(ruling) == "activation.opponent_turn_spell"


def test_quick_play_from_the_hand_only_in_your_own_turn():
    """Rulebook 9.0, Quick-Play Spells: in the opponent's turn only if Set beforehand."""
    game = state(turn=4, turn_player="B", a={"hand": [spell("h1", "quick-play")]})

    assert code(activate("h1", "hand", game)) == "activation.opponent_turn_spell"


def test_set_quick_play_in_the_opponents_turn():
    """Rulebook 9.0, Quick-Play Spells: Set beforehand, usable in the opponent's turn."""
    game = state(
        turn=4, turn_player="B", a={"spell_trap_zones": zones(spell("a1", "quick-play", placed_turn=3))}
    )

    assert activate("a1", "field", game)["legal"] is True


def test_quick_play_not_the_turn_it_was_set():
    """Rulebook 9.0, Quick-Play Spells: not in the same turn it was Set."""
    game = state(turn=3, a={"spell_trap_zones": zones(spell("a1", "quick-play", placed_turn=3))})

    ruling = activate("a1", "field", game)

    assert code(ruling) == "activation.set_this_turn"
    assert cites(ruling, "Quick-Play")


def test_set_normal_spell_can_be_activated_the_turn_it_was_set():
    """Rulebook 9.0: Spells can be activated in the Main Phase of the same turn they were Set."""
    game = state(turn=3, a={"spell_trap_zones": zones(spell("a1", placed_turn=3))})

    assert activate("a1", "field", game)["legal"] is True


def test_trap_not_in_the_turn_it_was_set():
    """Rulebook 9.0, Trap Cards: you can't activate a Trap the turn you Set it."""
    game = state(turn=5, a={"spell_trap_zones": zones(trap("a1", placed_turn=5))})

    ruling = activate("a1", "field", game)

    assert code(ruling) == "activation.set_this_turn"
    assert cites(ruling, "Rulebook 9.0", "Trap")


def test_trap_in_the_opponents_turn():
    """Rulebook 9.0, Trap Cards: Traps can be activated in the opponent's turn."""
    game = state(
        turn=4,
        turn_player="B",
        phase="battle",
        step="battle",
        a={"spell_trap_zones": zones(trap("a1", placed_turn=3))},
    )

    ruling = activate("a1", "field", game)

    assert ruling["legal"] is True
    assert ruling["outcome"]["spell_speed"] == 2


def test_trap_from_the_hand_must_be_set_first():
    """Rulebook 9.0, Trap Cards: before you can activate a Trap Card you must Set it."""
    assert code(activate("h1", "hand", state(a={"hand": [trap("h1")]}))) == "activation.face_down_required"


def test_a_used_face_up_normal_trap_is_not_activated_again():
    """Rulebook 9.0: Normal Traps have a single use."""
    game = state(a={"spell_trap_zones": zones(trap("a1", face_up=True))})

    assert code(activate("a1", "field", game)) == "activation.face_down_required"


def test_spell_speed_1_cannot_respond():
    """Rulebook 9.0, Spell Speed 1: cannot be activated in response to another effect."""
    game = state(
        a={"hand": [spell("h1")]},
        b={"spell_trap_zones": zones(trap("b1", face_up=True))},
        chain=[{"card": "b1", "player": "B"}],
    )

    ruling = activate("h1", "hand", game)

    assert code(ruling) == "activation.spell_speed"


def test_trap_responds_to_a_spell_as_chain_link_2():
    """Rulebook 9.0, Spell Speed 2: Traps respond to Spell Speed 1 or 2."""
    game = state(
        turn=4,
        turn_player="B",
        a={"spell_trap_zones": zones(trap("a1", placed_turn=3))},
        b={"spell_trap_zones": zones(spell("b1", face_up=True, placed_turn=4))},
        chain=[{"card": "b1", "player": "B"}],
    )

    ruling = activate("a1", "field", game)

    assert ruling["legal"] is True
    assert ruling["outcome"]["chain_link"] == 2


def test_only_a_counter_trap_responds_to_a_counter_trap():
    """Rulebook 9.0, Spell Speed 3: only another Spell Speed 3 card can respond."""
    game = state(
        turn=4,
        turn_player="B",
        a={"spell_trap_zones": zones(trap("a1", placed_turn=3), trap("a2", "counter", placed_turn=3))},
        b={"spell_trap_zones": zones(trap("b1", "counter", face_up=True, placed_turn=2))},
        chain=[{"card": "b1", "player": "B"}],
    )

    assert code(activate("a1", "field", game)) == "activation.spell_speed"
    assert activate("a2", "field", game)["legal"] is True


def test_damage_step_only_counter_traps_and_atk_def_changes():
    """Rulebook 9.0, Damage Step: only Counter Traps or cards that directly change ATK or DEF."""
    cards = zones(
        trap("a1", placed_turn=1),
        trap("a2", placed_turn=1, modifies_atk_def=True),
        trap("a3", "counter", placed_turn=1),
    )
    game = state(turn=4, turn_player="B", phase="battle", step="damage", a={"spell_trap_zones": cards})

    assert code(activate("a1", "field", game)) == "activation.damage_step"
    assert activate("a2", "field", game)["legal"] is True
    assert activate("a3", "field", game)["legal"] is True


def test_damage_calculation_closes_even_those():
    """Rulebook 9.0, Damage Step: only until the start of damage calculation."""
    cards = zones(trap("a2", placed_turn=1, modifies_atk_def=True))
    game = state(
        turn=4, turn_player="B", phase="battle", step="damage_calculation", a={"spell_trap_zones": cards}
    )

    assert code(activate("a2", "field", game)) == "activation.damage_step"


def test_all_spell_and_trap_zones_full():
    """Rulebook 9.0, Spell & Trap Zone: no Spell can be activated if all 5 are occupied."""
    full = zones(*(trap(f"a{i}") for i in range(5)))

    ruling = activate("h1", "hand", state(a={"hand": [spell("h1")], "spell_trap_zones": full}))

    assert code(ruling) == "activation.zone_full"


def test_field_spell_replaces_the_previous_one():
    """Rulebook v10, Field Zone: to use another Field Spell, send the previous one to the Graveyard."""
    old = spell("f0", "field", face_up=True)
    full = zones(*(trap(f"a{i}") for i in range(5)))

    ruling = activate(
        "h1", "hand", state(a={"hand": [spell("h1", "field")], "field_zone": old, "spell_trap_zones": full})
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["sent_to_graveyard"] == ["f0"]


def test_ignition_effect_in_your_main_phase_only():
    """Rulebook 9.0, Ignition Effect: declared during your Main Phase."""
    effect_monster = monster("a1", frame="effect")
    mine = state(a={"monster_zones": zones(effect_monster)})
    theirs = state(turn=4, turn_player="B", a={"monster_zones": zones(effect_monster)})

    assert activate("a1", "field", mine, effect_type="ignition")["legal"] is True
    assert code(activate("a1", "field", theirs, effect_type="ignition")) == "turn.not_your_turn"


def test_quick_effect_in_the_opponents_turn():
    """Rulebook 9.0, Quick Effect: can be activated in the opponent's turn, Spell Speed 2."""
    game = state(
        turn=4,
        turn_player="B",
        phase="battle",
        step="battle",
        a={"monster_zones": zones(monster("a1", frame="effect"))},
    )

    ruling = activate("a1", "field", game, effect_type="quick")

    assert ruling["legal"] is True
    assert ruling["outcome"]["spell_speed"] == 2


def test_face_down_monster_effects_cannot_be_used():
    """Rulebook 9.0, How to read a card: a face-down monster's effects cannot be used."""
    game = state(a={"monster_zones": zones(monster("a1", frame="effect", position="set"))})

    assert code(activate("a1", "field", game, effect_type="ignition")) == "activation.face_down_monster"


def test_simultaneous_trigger_effects_build_one_chain():
    """Rulebook 9.0, Multiple cards activated simultaneously: Spell Speed 1 triggers share a chain."""
    game = state(
        a={"monster_zones": zones(monster("a1", frame="effect"), monster("a2", frame="effect"))},
        chain=[{"card": "a1", "player": "A", "spell_speed": 1}],
    )

    ruling = activate("a2", "field", game, effect_type="trigger")

    assert ruling["legal"] is True
    assert ruling["outcome"]["chain_link"] == 2


def test_monster_effect_without_its_type_is_incomplete():
    """Dispute format: the effect type decides the Spell Speed; the judge does not guess it."""
    ruling = activate("a1", "field", state(a={"monster_zones": zones(monster("a1", frame="effect"))}))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"].endswith("effect_type")


def test_pendulum_card_activated_as_a_spell_needs_a_free_pendulum_zone():
    """Rulebook v10, The Game Mat: Pendulum Monster Cards go to the leftmost and rightmost zones."""
    card = monster("h1", pendulum=True, scale=2, position=None)
    free = state(a={"hand": [card]})
    full = state(a={"hand": [card], "spell_trap_zones": zones(at={0: trap("a0"), 4: trap("a4")})})

    assert activate("h1", "hand", free)["legal"] is True
    assert code(activate("h1", "hand", full)) == "activation.zone_full"


def test_card_must_be_where_the_player_says():
    """Rulebook 9.0: a card activated from the field is on your side of the field."""
    game = state(a={"hand": [spell("h1")]})

    assert code(activate("h1", "field", game)) == "activation.wrong_location"


def test_without_priority_only_triggers():
    """Rulebook 9.0, Priority: while the turn player holds priority the opponent cannot activate."""
    game = state(
        turn=4, turn_player="B", priority="B", a={"spell_trap_zones": zones(trap("a1", placed_turn=3))}
    )

    assert code(activate("a1", "field", game)) == "activation.no_priority"
