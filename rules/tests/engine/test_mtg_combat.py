"""``combat_damage`` (Comprehensive Rules 310, 502.2 first strike, 502.9 trample, 420.5)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import judge
from rules.tests.engine.mtg_builders import cites, code, combat, creature, rule_on
from rules.tests.engine.test_engine_examples import mismatches
from tests.shared_files import require_shared


def attack(*engagements: dict[str, Any]) -> dict[str, Any]:
    return {"type": "combat_damage", "attackers": list(engagements)}


def test_the_spec_example_blocked_creature_dies_reproduces():
    """310.1c and 420.5c: the spec's worked example, compared as the examples test compares."""
    document = json.loads(require_shared("spec/examples/mtg-blocked-creature-dies.json").read_text())

    ruling = judge(document["dispute"])

    assert mismatches(document["expected_ruling"], ruling) == []
    assert cites(ruling, "420.5c")
    assert "destroyed" in ruling["explanation"]


def test_310_1b_an_unblocked_attacker_damages_the_defending_player():
    ruling = rule_on(combat([creature("a1", 3, 3)], [], b={"life": 20}), attack({"attacker": "a1"}))

    assert ruling["legal"] is True
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 3}
    assert ruling["outcome"]["life"] == {"A": 20, "B": 17}
    assert cites(ruling, "310.1b")


def test_420_5a_combat_damage_to_zero_life_loses_the_game():
    ruling = rule_on(combat([creature("a1", 5, 5)], [], b={"life": 4}), attack({"attacker": "a1"}))

    assert ruling["outcome"]["life"]["B"] == -1  # Magic life goes below 0
    assert ruling["outcome"]["game"] == {"over": True, "winner": "A", "draw": False, "reason": "life"}
    assert cites(ruling, "420.5a")


def test_310_1d_blockers_damage_the_attacker_and_both_die():
    ruling = rule_on(
        combat([creature("a1", 2, 2)], [creature("b1", 2, 2)]), attack({"attacker": "a1", "blockers": ["b1"]})
    )

    assert ruling["outcome"]["destroyed"] == ["a1", "b1"]
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 0}


def test_420_5c_damage_already_marked_counts_toward_lethal():
    ruling = rule_on(
        combat([creature("a1", 1, 1)], [creature("b1", 1, 3, damage=2)]),
        attack({"attacker": "a1", "blockers": ["b1"]}),
    )

    assert ruling["outcome"]["destroyed"] == ["a1", "b1"]


def test_310_1c_the_attacker_divides_damage_among_several_blockers_as_it_likes():
    """This edition has no damage assignment order: any division of the power is legal."""
    ruling = rule_on(
        combat([creature("a1", 4, 4)], [creature("b1", 2, 2), creature("b2", 3, 3)]),
        attack({"attacker": "a1", "blockers": ["b1", "b2"], "assignment": {"b1": 1, "b2": 3}}),
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["destroyed"] == ["a1", "b2"]
    assert ruling["outcome"]["creature_damage"] == {"b1": 1, "b2": 3, "a1": 5}


def test_310_1c_several_blockers_without_an_assignment_is_incomplete():
    ruling = rule_on(
        combat([creature("a1", 4, 4)], [creature("b1"), creature("b2")]),
        attack({"attacker": "a1", "blockers": ["b1", "b2"]}),
    )

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "action.attackers[0].assignment"


def test_310_1a_an_assignment_must_add_up_to_the_power():
    ruling = rule_on(
        combat([creature("a1", 4, 4)], [creature("b1"), creature("b2")]),
        attack({"attacker": "a1", "blockers": ["b1", "b2"], "assignment": {"b1": 2, "b2": 1}}),
    )

    assert ruling["legal"] is False
    assert code(ruling) == "mtg.combat.assignment_total"
    assert cites(ruling, "310.1a")
    assert "outcome" not in ruling


def test_310_1c_a_blocked_creature_without_trample_cannot_damage_the_player():
    ruling = rule_on(
        combat([creature("a1", 4, 4)], [creature("b1")]),
        attack({"attacker": "a1", "blockers": ["b1"], "assignment": {"b1": 2, "B": 2}}),
    )

    assert code(ruling) == "mtg.combat.assignment_to_player"


def test_310_1c_damage_only_to_the_creatures_blocking_it():
    ruling = rule_on(
        combat([creature("a1", 4, 4)], [creature("b1"), creature("b2")]),
        attack({"attacker": "a1", "blockers": ["b1"], "assignment": {"b2": 4}}),
    )

    assert code(ruling) == "mtg.combat.assignment_target"


def test_502_9b_trample_sends_the_excess_to_the_player():
    ruling = rule_on(
        combat([creature("a1", 5, 5, abilities=["trample"])], [creature("b1", 2, 2)]),
        attack({"attacker": "a1", "blockers": ["b1"], "assignment": {"b1": 2, "B": 3}}),
    )

    assert ruling["outcome"]["damage"]["B"] == 3
    assert ruling["outcome"]["destroyed"] == ["b1"]
    assert cites(ruling, "502.9b")


def test_502_9b_trample_needs_lethal_damage_on_each_blocker_first():
    ruling = rule_on(
        combat([creature("a1", 5, 5, abilities=["trample"])], [creature("b1", 3, 3)]),
        attack({"attacker": "a1", "blockers": ["b1"], "assignment": {"b1": 2, "player": 3}}),
    )

    assert code(ruling) == "mtg.combat.trample_lethal_first"
    assert cites(ruling, "502.9b")


def test_502_9c_a_trampler_whose_blockers_are_gone_hits_the_player():
    state = combat([creature("a1", 4, 4, abilities=["trample"])], [])
    state["players"]["B"]["graveyard"] = [creature("b1")]

    ruling = rule_on(state, attack({"attacker": "a1", "blockers": ["b1"]}))

    assert ruling["outcome"]["damage"]["B"] == 4
    assert cites(ruling, "502.9c")


def test_310_1c_a_blocked_attacker_whose_blocker_left_deals_no_damage():
    state = combat([creature("a1", 4, 4)], [])
    state["players"]["B"]["graveyard"] = [creature("b1")]

    ruling = rule_on(state, attack({"attacker": "a1", "blockers": ["b1"]}))

    assert ruling["outcome"]["damage"] == {"A": 0, "B": 0}
    assert "deals no combat damage" in ruling["explanation"]


def test_502_2b_a_first_striker_kills_its_blocker_before_it_strikes_back():
    ruling = rule_on(
        combat([creature("a1", 2, 2, abilities=["first_strike"])], [creature("b1", 3, 2)]),
        attack({"attacker": "a1", "blockers": ["b1"]}),
    )

    assert ruling["outcome"]["destroyed"] == ["b1"]
    assert ruling["outcome"]["creature_damage"] == {"b1": 2}
    assert cites(ruling, "502.2b")


def test_502_2b_a_first_striker_that_does_not_kill_takes_damage_in_the_second_step():
    ruling = rule_on(
        combat([creature("a1", 1, 2, abilities=["first strike"])], [creature("b1", 2, 3)]),
        attack({"attacker": "a1", "blockers": ["b1"]}),
    )

    assert ruling["outcome"]["destroyed"] == ["a1"]
    assert ruling["outcome"]["creature_damage"] == {"b1": 1, "a1": 2}


def test_502_2b_the_game_ends_after_first_strike_damage():
    ruling = rule_on(
        combat([creature("a1", 3, 3, abilities=["first_strike"]), creature("a2", 3, 3)], [], b={"life": 3}),
        attack({"attacker": "a1"}, {"attacker": "a2"}),
    )

    assert ruling["outcome"]["damage"]["B"] == 3
    assert ruling["outcome"]["game"]["winner"] == "A"


def test_102_4_both_players_at_zero_is_a_draw():
    state = combat([creature("a1", 2, 2)], [], a={"life": 0}, b={"life": 2})

    ruling = rule_on(state, attack({"attacker": "a1"}))

    assert ruling["outcome"]["game"] == {
        "over": True,
        "winner": None,
        "draw": True,
        "reason": "simultaneous_loss",
    }
    assert cites(ruling, "102.4")


def test_309_1_a_creature_blocks_only_one_attacker():
    ruling = rule_on(
        combat([creature("a1"), creature("a2")], [creature("b1")]),
        attack({"attacker": "a1", "blockers": ["b1"]}, {"attacker": "a2", "blockers": ["b1"]}),
    )

    assert code(ruling) == "mtg.block.illegal_blocker"
    assert cites(ruling, "309.1")


def test_310_combat_damage_happens_in_the_combat_damage_step():
    state = combat([creature("a1")], [])
    state["step"] = "declare_blockers"

    assert code(rule_on(state, attack({"attacker": "a1"}))) == "mtg.phase.wrong_step"


def test_a_creature_without_power_cannot_be_judged():
    state = combat([creature("a1", power=None)], [])

    ruling = rule_on(state, attack({"attacker": "a1"}))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.A.battlefield[0].power"


creatures = st.tuples(st.integers(0, 8), st.integers(1, 8), st.integers(0, 7))


@given(
    attackers=st.lists(creatures, min_size=1, max_size=5),
    blocked=st.lists(st.booleans(), min_size=5, max_size=5),
    blockers=st.lists(creatures, min_size=5, max_size=5),
    life=st.integers(-3, 30),
)
@settings(max_examples=200, deadline=None)
def test_310_combat_damage_properties(attackers, blocked, blockers, life):
    """310.1b: the player takes the sum of unblocked powers; life drops by it; 420.5c: lethal destroys."""
    a_cards = [creature(f"a{i}", p, t, damage=min(d, t - 1)) for i, (p, t, d) in enumerate(attackers)]
    b_cards = []
    engagements = []
    for i, card in enumerate(a_cards):
        entry: dict[str, Any] = {"attacker": card["id"]}
        if blocked[i]:
            power, toughness, damage = blockers[i]
            b_cards.append(creature(f"b{i}", power, toughness, damage=min(damage, toughness - 1)))
            entry["blockers"] = [f"b{i}"]
        engagements.append(entry)

    ruling = rule_on(combat(a_cards, b_cards, b={"life": life}), attack(*engagements))

    assert ruling["legal"] is True
    unblocked = sum(card["power"] for i, card in enumerate(a_cards) if not blocked[i])
    assert ruling["outcome"]["damage"] == {"A": 0, "B": unblocked}
    assert ruling["outcome"]["life"] == {"A": 20, "B": life - unblocked}
    assert ruling["outcome"]["game"]["over"] == (life - unblocked <= 0)
    every = {card["id"]: card for card in a_cards + b_cards}
    # One blocker each, no first strike: each side of a block takes the other's power (310.1c, 310.1d).
    dealt: dict[str, int] = {}
    for i, card in enumerate(a_cards):
        if blocked[i]:
            dealt[card["id"]] = every[f"b{i}"]["power"]
            dealt[f"b{i}"] = card["power"]
    assert {k: v for k, v in ruling["outcome"]["creature_damage"].items() if v} == {
        k: v for k, v in dealt.items() if v
    }
    for card_id, card in every.items():
        lethal = card["damage"] + dealt.get(card_id, 0) >= card["toughness"]
        assert (card_id in ruling["outcome"]["destroyed"]) == lethal


def test_310_1c_an_attacker_cannot_assign_damage_to_its_own_controller():
    ruling = rule_on(
        combat([creature("a1", 4, 4, abilities=["trample"])], [creature("b1")]),
        attack({"attacker": "a1", "blockers": ["b1"], "assignment": {"b1": 2, "A": 2}}),
    )

    assert code(ruling) == "mtg.combat.assignment_target"
