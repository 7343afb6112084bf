"""Equip Cards (Rulebook v10, Spell & Trap Cards, Equip Spell Cards; Rulebook 9.0, Glossary, Equip Card):
an Equip Spell is equipped to 1 face-up monster, and its Equip Cards are destroyed when that monster leaves
the field."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import UnknownCardError
from rules.tests.engine.ygo_builders import (
    battle,
    cites,
    code,
    link,
    monster,
    rule_on,
    spell,
    state,
    trap,
    zones,
)

SKULL = monster("a1", atk=2500, defense=1200, name="Summoned Skull", level=6)
AXE = spell("a3", "equip", face_up=True, name="Axe of Despair", equipped_to="a1")


def activate(game: dict[str, Any], card: str = "h1", source: str = "hand", **extra: Any) -> dict[str, Any]:
    return rule_on(game, {"type": "activate", "player": "A", "card": card, "from": source, **extra})


def axe_in_hand(**fields: Any) -> dict[str, Any]:
    return spell("h1", "equip", name="Axe of Despair", **fields)


# --- Activating an Equip Spell: its target ------------------------------------------------------------------


def test_an_equip_spell_is_equipped_to_the_face_up_monster_named():
    """Rulebook v10, Equip Spell Cards: an extra effect for 1 face-up monster of your choice."""
    game = state(a={"hand": [axe_in_hand()], "monster_zones": zones(SKULL)})

    ruling = activate(game, target="a1")

    assert ruling["legal"] is True
    assert ruling["outcome"]["equipped_to"] == "a1"
    assert ruling["outcome"]["chain_link"] == 1
    assert "equipped to Summoned Skull (a1)" in ruling["explanation"]
    assert cites(ruling, "Rulebook v10", "Equip Spell")


def test_an_equip_spell_may_be_equipped_to_the_opponents_monster():
    """Rulebook v10, Equip Spell Cards: either your own or your opponent's monster, depending on the card."""
    game = state(a={"hand": [axe_in_hand()]}, b={"monster_zones": zones(monster("b1"))})

    ruling = activate(game, target="b1")

    assert ruling["legal"] is True
    assert ruling["outcome"]["equipped_to"] == "b1"


def test_an_equip_spell_cannot_be_equipped_to_a_face_down_monster():
    """Rulebook v10, Equip Spell Cards: the equipped monster is a face-up monster."""
    game = state(a={"hand": [axe_in_hand()], "monster_zones": zones(SKULL, monster("a2", position="set"))})

    ruling = activate(game, target="a2")

    assert ruling["legal"] is False
    assert code(ruling) == "activation.invalid_equip_target"
    assert "face-down" in ruling["violations"][0]["message"]
    assert cites(ruling, "Rulebook v10", "Equip Spell")


@pytest.mark.parametrize(
    ("where", "target"),
    [
        ("graveyard", monster("a2", position=None)),
        ("hand", monster("a2", position=None)),
        ("spell_trap_zones", zones(spell("a2", "continuous", face_up=True))),
    ],
)
def test_an_equip_spells_target_must_be_a_monster_on_the_field(where: str, target: Any):
    """Rulebook v10, Equip Spell Cards: 1 face-up monster on the field, not a card elsewhere."""
    player: dict[str, Any] = {"hand": [axe_in_hand()], "monster_zones": zones(SKULL)}
    if where == "spell_trap_zones":
        player[where] = target
    else:
        player[where] = [*player.get(where, []), target]

    ruling = activate(state(a=player), target="a2")

    assert code(ruling) == "activation.invalid_equip_target"
    assert "not a monster on the field" in ruling["violations"][0]["message"]


def test_an_equip_spell_with_no_face_up_monster_on_the_field_cannot_be_activated():
    """Rulebook v10, Equip Spell Cards: without a face-up monster there is nothing to equip."""
    game = state(a={"hand": [axe_in_hand()]}, b={"monster_zones": zones(monster("b1", position="set"))})

    ruling = activate(game)

    assert code(ruling) == "activation.no_equip_target"
    assert cites(ruling, "Equip Spell")


def test_without_a_target_the_activation_lists_the_monsters_it_may_equip():
    """Rulebook v10, Equip Spell Cards: the player chooses the monster; the dispute need not name it."""
    game = state(
        a={"hand": [axe_in_hand()], "monster_zones": zones(SKULL)}, b={"monster_zones": zones(monster("b1"))}
    )

    ruling = activate(game)

    assert ruling["legal"] is True
    assert "equipped_to" not in ruling["outcome"]
    assert "Summoned Skull (a1), card b1" in ruling["explanation"]


def test_without_a_target_an_unknown_position_is_not_guessed():
    """Dispute format: whether a monster is face-up decides it, so a missing position is asked for."""
    game = state(a={"hand": [axe_in_hand()], "monster_zones": zones(monster("a2", position=None))})

    ruling = activate(game)

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.A.monster_zones[0].position"


def test_a_set_equip_spell_flipped_face_up_needs_a_target_too():
    """Rulebook v10, Equip Spell Cards: activating a Set Equip Spell equips it like one from the hand."""
    game = state(a={"spell_trap_zones": zones(spell("a4", "equip", placed_turn=2))})

    assert code(activate(game, card="a4", source="field")) == "activation.no_equip_target"


def test_other_spells_need_no_monster_on_the_field():
    """Only Equip Spells are equipped to a monster: a Normal Spell with an empty field is still legal."""
    game = state(a={"hand": [spell("h1")]})

    assert activate(game)["legal"] is True


def test_the_wrong_phase_is_decisive_before_the_missing_monster():
    """Rulebook 9.0, Spell Cards: an Equip Spell is still a Spell of your Main Phase."""
    game = state(phase="battle", step="battle", a={"hand": [axe_in_hand()]})

    assert code(activate(game)) == "phase.wrong_phase"


def test_an_equip_target_not_in_the_state_is_the_callers_error():
    """Like an attack's target, an activation's target must be a card the state describes."""
    game = state(a={"hand": [axe_in_hand()], "monster_zones": zones(SKULL)})

    with pytest.raises(UnknownCardError):
        activate(game, target="zz")


# --- The state: equipped_to ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "field"),
    [
        ({"monster_zones": zones(SKULL), "hand": [AXE]}, "state.players.A.hand[0].equipped_to"),
        (
            {"graveyard": [SKULL], "spell_trap_zones": zones(AXE)},
            "state.players.A.spell_trap_zones[0].equipped_to",
        ),
        (
            {"monster_zones": zones(SKULL | {"position": "set"}), "spell_trap_zones": zones(AXE)},
            "state.players.A.spell_trap_zones[0].equipped_to",
        ),
        (
            {"monster_zones": zones(SKULL), "spell_trap_zones": zones(AXE | {"face_up": False})},
            "state.players.A.spell_trap_zones[0].face_up",
        ),
        (
            {"monster_zones": zones(SKULL), "spell_trap_zones": zones(AXE | {"equipped_to": "zz"})},
            "state.players.A.spell_trap_zones[0].equipped_to",
        ),
        (
            {"monster_zones": zones(SKULL), "spell_trap_zones": zones(AXE | {"equipped_to": ["a1"]})},
            "state.players.A.spell_trap_zones[0].equipped_to",
        ),
    ],
)
def test_an_equip_card_whose_monster_is_gone_or_face_down_is_a_contradiction(
    player: dict[str, Any], field: str
):
    """Rulebook v10: an Equip Card whose monster left the field or was flipped face-down is already destroyed,
    so a state still showing it equipped cannot be judged (legal null, naming the field)."""
    ruling = rule_on(state(a=player), {"type": "check_state"})

    assert ruling["legal"] is None
    assert ruling["violations"][0]["code"] == "state.incomplete"
    assert ruling["violations"][0]["field"] == field


# --- Leaving the field with it ------------------------------------------------------------------------------


def test_a_monster_destroyed_in_battle_takes_its_equip_spell_with_it():
    """Rulebook v10, Equip Spell Cards: if the equipped monster is destroyed, its Equip Cards are too."""
    game = battle(
        a={"monster_zones": zones(monster("a2", atk=3000, name="Blue-Eyes White Dragon"))},
        b={
            "monster_zones": zones(monster("b1", atk=1900, name="Vorse Raider")),
            "spell_trap_zones": zones(
                spell("b3", "equip", face_up=True, name="Axe of Despair", equipped_to="b1")
            ),
        },
    )

    ruling = rule_on(game, {"type": "attack", "player": "A", "attacker": "a2", "target": "b1"})

    assert ruling["outcome"]["destroyed"] == ["b1", "b3"]
    assert ruling["outcome"]["sent_to_graveyard"] == ["b1", "b3"]
    assert "Axe of Despair (b3), equipped to Vorse Raider (b1), is destroyed too." in ruling["explanation"]
    assert cites(ruling, "Rulebook v10", "its Equip Cards are destroyed")


def test_an_attacker_destroyed_in_battle_takes_its_equip_spell_with_it():
    """Rulebook v10, Equip Spell Cards: the attacker losing the battle is destroyed with its Equip Cards."""
    game = battle(
        a={"monster_zones": zones(SKULL), "spell_trap_zones": zones(AXE)},
        b={"monster_zones": zones(monster("b1", atk=3000))},
    )

    ruling = rule_on(game, {"type": "attack", "player": "A", "attacker": "a1", "target": "b1"})

    assert ruling["outcome"]["destroyed"] == ["a1", "a3"]
    assert ruling["outcome"]["damage"] == {"A": 500, "B": 0}


def test_an_equipped_monster_that_survives_keeps_its_equip_spell():
    """Rulebook v10: only a monster that leaves the field takes its Equip Cards with it."""
    game = battle(
        a={"monster_zones": zones(SKULL), "spell_trap_zones": zones(AXE)},
        b={"monster_zones": zones(monster("b1", atk=1000, defense=2600, position="defense"))},
    )

    ruling = rule_on(game, {"type": "attack", "player": "A", "attacker": "a1", "target": "b1"})

    assert ruling["outcome"]["destroyed"] == []
    assert "a3" not in ruling["outcome"]["sent_to_graveyard"]
    assert "equipped to" not in ruling["explanation"]


def test_every_equip_card_of_the_monster_goes_including_an_equip_trap_and_the_opponents():
    """Rulebook 9.0, Glossary, Equip Card: Traps can be Equip Cards too; v10: all its Equip Cards go."""
    game = battle(
        a={"monster_zones": zones(monster("a2", atk=3000))},
        b={
            "monster_zones": zones(monster("b1", atk=1900)),
            "spell_trap_zones": zones(trap("b4", "continuous", face_up=True, equipped_to="b1")),
        },
    )
    game["players"]["A"]["spell_trap_zones"] = zones(spell("a5", "equip", face_up=True, equipped_to="b1"))

    ruling = rule_on(game, {"type": "attack", "player": "A", "attacker": "a2", "target": "b1"})

    assert sorted(ruling["outcome"]["destroyed"]) == ["a5", "b1", "b4"]


def test_a_chain_link_destroying_the_equipped_monster_destroys_its_equip_spell():
    """Rulebook v10, Equip Spell Cards: a monster destroyed by an effect takes its Equip Cards."""
    game = state(
        turn=4,
        turn_player="B",
        a={"monster_zones": zones(SKULL), "spell_trap_zones": zones(AXE)},
        b={"spell_trap_zones": zones(spell("b1", "quick-play", face_up=True))},
        chain=[{"card": "b1", "player": "B", "effect": {"destroy": ["a1"]}}],
    )

    ruling = rule_on(game, {"type": "resolve_chain"})

    assert ruling["outcome"]["destroyed"] == ["a1", "a3"]
    assert ruling["outcome"]["sent_to_graveyard"] == ["a1", "a3", "b1"]
    assert "Axe of Despair (a3), equipped to Summoned Skull (a1), is destroyed too." in ruling["explanation"]


def test_destroying_only_the_equip_spell_leaves_the_monster():
    """Rulebook v10: the rule runs one way; an Equip Card destroyed alone leaves its monster on the field."""
    game = state(
        a={
            "monster_zones": zones(SKULL),
            "spell_trap_zones": zones(AXE, spell("a4", face_up=True, placed_turn=3)),
        },
        chain=[{"card": "a4", "player": "A", "effect": {"destroy": ["a3"]}}],
    )

    ruling = rule_on(game, {"type": "resolve_chain"})

    assert ruling["outcome"]["destroyed"] == ["a3"]
    assert "a1" not in ruling["outcome"]["sent_to_graveyard"]


def test_destroying_all_cards_lists_an_equip_spell_once():
    """Rulebook v10: destroyed with its monster or on its own, an Equip Card is destroyed once."""
    game = state(
        a={
            "monster_zones": zones(SKULL),
            "spell_trap_zones": zones(AXE, spell("a4", face_up=True, placed_turn=3)),
        },
        chain=[
            {"card": "a4", "player": "A", "effect": {"destroy_all": "spell_trap"}},
            {"card": "a1", "player": "A", "spell_speed": 2, "effect": {"destroy": ["a1"]}},
        ],
    )

    ruling = rule_on(game, {"type": "resolve_chain"})

    assert ruling["outcome"]["destroyed"].count("a3") == 1
    assert ruling["outcome"]["sent_to_graveyard"].count("a3") == 1


def test_destroying_all_monsters_destroys_their_equip_spells():
    """Rulebook v10, Equip Spell Cards: every destroyed monster takes its own Equip Cards."""
    game = state(
        a={
            "monster_zones": zones(SKULL),
            "spell_trap_zones": zones(AXE, spell("a4", face_up=True, placed_turn=3)),
        },
        b={
            "monster_zones": zones(monster("b1")),
            "spell_trap_zones": zones(spell("b2", "equip", face_up=True, equipped_to="b1")),
        },
        chain=[{"card": "a4", "player": "A", "effect": {"destroy_all": "monsters"}}],
    )

    ruling = rule_on(game, {"type": "resolve_chain"})

    assert ruling["outcome"]["destroyed"] == ["a1", "b1", "a3", "b2"]


@pytest.mark.parametrize("action", ["normal_summon", "set_monster"])
def test_a_tributed_monster_takes_its_equip_spell_with_it(action: str):
    """Rulebook v10, Equip Spell Cards: a Tributed monster is removed from the field; its Equip Cards are
    destroyed (Rulebook 9.0, Glossary: the Tribute itself is not "destroyed")."""
    game = state(
        a={
            "hand": [monster("h1", atk=2400, level=6, position=None, placed_turn=None)],
            "monster_zones": zones(SKULL),
            "spell_trap_zones": zones(AXE),
        }
    )

    ruling = rule_on(game, {"type": action, "player": "A", "card": "h1", "tributes": ["a1"]})

    assert ruling["legal"] is True
    assert ruling["outcome"]["sent_to_graveyard"] == ["a1", "a3"]
    assert ruling["outcome"]["destroyed"] == ["a3"]
    assert "Axe of Despair (a3), equipped to Summoned Skull (a1), is destroyed too." in ruling["explanation"]


def test_a_summon_without_an_equipped_tribute_lists_nothing_destroyed():
    """Rulebook 9.0, Glossary: a Tribute is not destroyed, so a plain Tribute Summon has no destroyed list."""
    game = state(a={"hand": [monster("h1", level=6, position=None)], "monster_zones": zones(SKULL)})

    ruling = rule_on(game, {"type": "normal_summon", "player": "A", "card": "h1", "tributes": ["a1"]})

    assert "destroyed" not in ruling["outcome"]


def test_a_link_material_takes_its_equip_spell_with_it():
    """Rulebook v10, Equip Spell Cards: a monster used as material leaves the field with its Equip Cards."""
    game = state(
        a={
            "monster_zones": zones(SKULL, monster("a2")),
            "spell_trap_zones": zones(AXE),
            "extra_deck": [link("x4", 2, ["bottom-left", "bottom-right"], material_spec={"min": 2})],
        }
    )

    ruling = rule_on(
        game,
        {
            "type": "special_summon",
            "player": "A",
            "method": "link",
            "card": "x4",
            "materials": ["a1", "a2"],
            "zone": "emz0",
        },
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["sent_to_graveyard"] == ["a1", "a2", "a3"]
    assert ruling["outcome"]["destroyed"] == ["a3"]


def test_an_xyz_material_takes_its_equip_spell_with_it():
    """Rulebook v10, Equip Spell Cards: a monster that becomes an Xyz Material is removed from the field."""
    xyz = monster("x2", atk=2500, frame="xyz", rank=6, position=None, placed_turn=None)
    del xyz["level"]
    game = state(
        a={
            "monster_zones": zones(SKULL, monster("a2", level=6)),
            "spell_trap_zones": zones(AXE),
            "extra_deck": [xyz],
        }
    )

    ruling = rule_on(
        game,
        {
            "type": "special_summon",
            "player": "A",
            "method": "xyz",
            "card": "x2",
            "materials": ["a1", "a2"],
            "zone": "m2",
        },
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["attached_materials"] == ["a1", "a2"]
    assert ruling["outcome"]["sent_to_graveyard"] == ["a3"]
    assert ruling["outcome"]["destroyed"] == ["a3"]
