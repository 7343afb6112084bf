"""``declare_blockers`` (Comprehensive Rules 308.4, 308.5, 309.1, 309.3, 309.5, 502.4b flying, 502.8b shadow,
103.1 for reach)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import DisputeError
from rules.tests.engine.mtg_builders import card, cites, code, creature, rule_on, state


def attacker(card_id: str, power: int = 2, toughness: int = 2, **fields: Any) -> dict[str, Any]:
    """A's creature, declared as an attacker (tapped by attacking)."""
    return creature(card_id, power, toughness, attacking=True, tapped=True, **fields)


def in_declare_blockers(
    attackers: list[dict[str, Any]], defenders: list[dict[str, Any]], **fields: Any
) -> dict[str, Any]:
    """Turn 5, A attacks: the declare blockers step."""
    return state(
        phase=fields.pop("phase", "combat"),
        step=fields.pop("step", "declare_blockers"),
        a={"battlefield": attackers},
        b={"battlefield": defenders},
        **fields,
    )


def blocks(*pairs: tuple[str, str], player: str = "B") -> dict[str, Any]:
    """(blocker, attacker) pairs."""
    return {
        "type": "declare_blockers",
        "player": player,
        "blocks": [{"blocker": blocker, "attacker": target} for blocker, target in pairs],
    }


def test_309_1_an_untapped_creature_blocks_and_the_attacker_is_blocked():
    ruling = rule_on(in_declare_blockers([attacker("a1")], [creature("b1")]), blocks(("b1", "a1")))

    assert ruling["legal"] is True
    assert ruling["outcome"] == {
        "attackers": [{"attacker": "a1", "blockers": ["b1"]}],
        "blocked": ["a1"],
        "unblocked": [],
    }
    assert cites(ruling, "309.3")
    assert "is blocked" in ruling["explanation"]


def test_309_3_an_attacker_nobody_blocks_is_unblocked_and_309_5_the_active_player_gets_priority():
    ruling = rule_on(
        in_declare_blockers([attacker("a1"), attacker("a2")], [creature("b1")]), blocks(("b1", "a2"))
    )

    assert ruling["outcome"]["blocked"] == ["a2"]
    assert ruling["outcome"]["unblocked"] == ["a1"]
    assert "Creature a1 (a1) is unblocked" in ruling["explanation"]
    assert cites(ruling, "309.5")
    assert "A receives priority" in ruling["explanation"]


def test_309_1_declaring_no_blockers_leaves_every_attacker_unblocked():
    ruling = rule_on(
        in_declare_blockers([attacker("a1")], [creature("b1")]), {"type": "declare_blockers", "player": "B"}
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["unblocked"] == ["a1"]
    assert "B declares no blockers" in ruling["explanation"]


def test_309_1_any_number_of_creatures_may_block_one_attacker():
    ruling = rule_on(
        in_declare_blockers([attacker("a1", 5, 5)], [creature("b1"), creature("b2")]),
        blocks(("b1", "a1"), ("b2", "a1")),
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["attackers"] == [{"attacker": "a1", "blockers": ["b1", "b2"]}]


def test_309_1_a_creature_blocks_only_one_attacker():
    ruling = rule_on(
        in_declare_blockers([attacker("a1"), attacker("a2")], [creature("b1")]),
        blocks(("b1", "a1"), ("b1", "a2")),
    )

    assert ruling["legal"] is False
    assert code(ruling) == "mtg.block.one_attacker"
    assert cites(ruling, "309.1")
    assert "outcome" not in ruling


def test_309_1_a_tapped_creature_cannot_block():
    ruling = rule_on(
        in_declare_blockers([attacker("a1")], [creature("b1", tapped=True)]), blocks(("b1", "a1"))
    )

    assert code(ruling) == "mtg.block.tapped"
    assert cites(ruling, "309.1")


def test_309_1_a_permanent_that_is_not_a_creature_cannot_block():
    ruling = rule_on(in_declare_blockers([attacker("a1")], [card("b1", "artifact")]), blocks(("b1", "a1")))

    assert code(ruling) == "mtg.block.not_creature"


def test_309_1_the_defender_blocks_only_with_creatures_they_control():
    ruling = rule_on(
        in_declare_blockers([attacker("a1"), creature("a2")], [creature("b1")]), blocks(("a2", "a1"))
    )

    assert code(ruling) == "mtg.block.not_controller"
    assert "B can block only with creatures they control" in ruling["violations"][0]["message"]


def test_309_1_only_the_defending_player_declares_blockers():
    ruling = rule_on(
        in_declare_blockers([attacker("a1")], [creature("b1")]), blocks(("b1", "a1"), player="A")
    )

    assert code(ruling) == "mtg.block.not_defending_player"
    assert cites(ruling, "309.1")


@pytest.mark.parametrize("step", ["declare_attackers", "combat_damage"])
def test_309_blockers_are_declared_only_in_the_declare_blockers_step(step):
    ruling = rule_on(in_declare_blockers([attacker("a1")], [creature("b1")], step=step), blocks(("b1", "a1")))

    assert code(ruling) == "mtg.phase.wrong_step"
    assert "declare blockers step" in ruling["violations"][0]["message"]


def test_308_5_only_an_attacking_creature_can_be_blocked():
    game = in_declare_blockers([attacker("a1"), creature("a2")], [creature("b1")])

    ruling = rule_on(game, blocks(("b1", "a2")))

    assert code(ruling) == "mtg.block.not_attacking"
    assert cites(ruling, "308.5")


def test_308_5_a_creature_no_longer_in_play_is_not_attacking():
    game = in_declare_blockers([attacker("a1")], [creature("b1")])
    game["players"]["A"]["graveyard"] = [attacker("a2")]

    ruling = rule_on(game, blocks(("b1", "a2")))

    assert code(ruling) == "mtg.block.not_attacking"
    assert "in A's graveyard" in ruling["violations"][0]["message"]


def test_308_4_a_state_with_no_attacker_in_the_declare_blockers_step_is_incomplete():
    """With no attacker the step is skipped: a judge asks which creatures attack instead of guessing."""
    ruling = rule_on(in_declare_blockers([creature("a1")], [creature("b1")]), blocks(("b1", "a1")))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.A.battlefield"
    assert cites(ruling, "308.4")


def test_308_5_a_creature_of_the_defending_player_marked_attacking_contradicts_the_state():
    ruling = rule_on(
        in_declare_blockers([attacker("a1")], [creature("b1"), creature("b2", attacking=True)]),
        blocks(("b1", "a1")),
    )

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.B.battlefield[1].attacking"


def test_309_1_walls_cannot_attack_but_may_block():
    ruling = rule_on(
        in_declare_blockers([attacker("a1")], [creature("b1", 0, 4, subtypes=["Wall"])]), blocks(("b1", "a1"))
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["blocked"] == ["a1"]
    assert "Wall" in ruling["explanation"]


def test_309_1_a_creature_that_came_into_play_this_turn_may_block():
    """Summoning sickness (308.1) limits attacking only."""
    ruling = rule_on(
        in_declare_blockers([attacker("a1")], [creature("b1", entered_turn=5)]), blocks(("b1", "a1"))
    )

    assert ruling["legal"] is True
    assert "not from blocking" in ruling["explanation"]


def test_502_4b_a_flyer_cannot_be_blocked_by_a_creature_without_flying():
    ruling = rule_on(
        in_declare_blockers([attacker("a1", abilities=["flying"])], [creature("b1")]), blocks(("b1", "a1"))
    )

    assert ruling["legal"] is False
    assert code(ruling) == "mtg.block.flying"
    assert cites(ruling, "502.4b")


def test_502_4b_a_flyer_may_block_a_flyer_and_a_creature_without_flying():
    ruling = rule_on(
        in_declare_blockers(
            [attacker("a1", abilities=["flying"]), attacker("a2")],
            [creature("b1", abilities=["flying"]), creature("b2", abilities=["flying"])],
        ),
        blocks(("b1", "a1"), ("b2", "a2")),
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["blocked"] == ["a1", "a2"]
    assert cites(ruling, "502.4b")


def test_103_1_reach_blocks_a_flyer_though_this_edition_has_no_reach():
    """Reach is not in the folder's edition; the card's text wins (103.1), and the ruling says so."""
    ruling = rule_on(
        in_declare_blockers([attacker("a1", abilities=["flying"])], [creature("b1", abilities=["reach"])]),
        blocks(("b1", "a1")),
    )

    assert ruling["legal"] is True
    assert "has no reach" in ruling["explanation"]
    assert cites(ruling, "103.1")
    assert any("reach" in rule for rule in ruling["rules"] if rule.startswith("Arbiter dispute format"))


@pytest.mark.parametrize(
    ("attacker_abilities", "blocker_abilities", "legal"),
    [(["shadow"], [], False), ([], ["shadow"], False), (["shadow"], ["shadow"], True)],
)
def test_502_8b_shadow_blocks_and_is_blocked_only_by_shadow(attacker_abilities, blocker_abilities, legal):
    ruling = rule_on(
        in_declare_blockers(
            [attacker("a1", abilities=attacker_abilities)], [creature("b1", abilities=blocker_abilities)]
        ),
        blocks(("b1", "a1")),
    )

    assert ruling["legal"] is legal
    if not legal:
        assert code(ruling) == "mtg.block.shadow"
        assert cites(ruling, "502.8b")


def test_309_1_every_illegal_block_is_listed():
    ruling = rule_on(
        in_declare_blockers(
            [attacker("a1", abilities=["flying"]), attacker("a2")],
            [creature("b1", tapped=True), card("b2", "land")],
        ),
        blocks(("b1", "a2"), ("b2", "a2")),
    )

    assert [v["code"] for v in ruling["violations"]] == ["mtg.block.tapped", "mtg.block.not_creature"]


def test_the_blocks_name_only_cards_in_the_state():
    with pytest.raises(DisputeError) as refused:
        rule_on(in_declare_blockers([attacker("a1")], [creature("b1")]), blocks(("b9", "a1")))

    assert refused.value.field == "action.blocks[0].blocker"


def test_a_block_listed_twice_is_refused():
    with pytest.raises(DisputeError) as refused:
        rule_on(in_declare_blockers([attacker("a1")], [creature("b1")]), blocks(("b1", "a1"), ("b1", "a1")))

    assert refused.value.field == "action.blocks[1]"


def test_the_outcome_is_the_combat_damage_actions_attackers():
    """The blocks ruled on feed the combat damage step (310.1b, 310.1c) as they stand."""
    game = in_declare_blockers([attacker("a1", 3, 3), attacker("a2", 2, 2)], [creature("b1", 1, 1)])
    declared = rule_on(game, blocks(("b1", "a1")))
    game["step"] = "combat_damage"

    damage = rule_on(game, {"type": "combat_damage", "attackers": declared["outcome"]["attackers"]})

    assert damage["outcome"]["damage"] == {"A": 0, "B": 2}
    assert damage["outcome"]["destroyed"] == ["b1"]
