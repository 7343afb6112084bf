"""One router for both games: every card the action names is checked before any rule runs, and every wrong
id is reported at once, in Magic as in Yu-Gi-Oh!."""

from __future__ import annotations

import pytest

from rules.engine import DisputeError, judge
from rules.tests.engine.mtg_builders import combat, creature


def test_a_magic_combat_naming_two_cards_not_in_the_state_reports_both():
    state = combat([creature("a1")], [creature("b1")])
    action = {
        "type": "combat_damage",
        "attackers": [{"attacker": "a9", "blockers": ["b1", "b7"]}],
    }

    with pytest.raises(DisputeError) as refused:
        judge({"format": "dispute/1", "game": "mtg", "state": state, "action": action})

    assert [problem["path"] for problem in refused.value.problems()] == [
        "$.action.attackers[0].attacker",
        "$.action.attackers[0].blockers[1]",
    ]
    assert all(problem["code"] == "dispute.unknown_card" for problem in refused.value.problems())


def test_magic_blocks_naming_cards_not_in_the_state_report_each_of_them():
    state = combat([creature("a1", attacking=True)], [creature("b1")])
    state["step"] = "declare_blockers"
    action = {
        "type": "declare_blockers",
        "player": "B",
        "blocks": [{"blocker": "b1", "attacker": "a7"}, {"blocker": "b8", "attacker": "a1"}],
    }

    with pytest.raises(DisputeError) as refused:
        judge({"format": "dispute/1", "game": "mtg", "state": state, "action": action})

    assert [problem["path"] for problem in refused.value.problems()] == [
        "$.action.blocks[0].attacker",
        "$.action.blocks[1].blocker",
    ]


def test_a_yugioh_attack_naming_two_cards_not_in_the_state_reports_both():
    state = {
        "turn": 3,
        "turn_player": "A",
        "phase": "battle",
        "step": "battle",
        "players": {
            "A": {"monsters": [{"id": "a1", "name": "Dark Magician", "atk": 2500, "def": 2100}]},
            "B": {},
        },
    }
    action = {"type": "attack", "player": "A", "attacker": "a7", "target": "b7"}

    with pytest.raises(DisputeError) as refused:
        judge({"format": "dispute/1", "game": "yugioh", "state": state, "action": action})

    assert [problem["path"] for problem in refused.value.problems()] == [
        "$.action.attacker",
        "$.action.target",
    ]
    assert all(problem["code"] == "dispute.unknown_card" for problem in refused.value.problems())


def test_both_games_refuse_an_unknown_action_naming_their_own_actions():
    for game, example in (("yugioh", "attack"), ("mtg", "combat_damage")):
        with pytest.raises(DisputeError) as refused:
            judge({"format": "dispute/1", "game": game, "state": {}, "action": {"type": "fly"}})

        assert refused.value.field == "action.type"
        assert example in refused.value.message
