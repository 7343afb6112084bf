"""``resolve_stack``: priority and the stack (Comprehensive Rules 217.6a, 217.6c, 300.2, 302.2, 408.1c,
408.1d)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import DisputeError
from rules.tests.engine.mtg_builders import card, cites, code, rule_on, state

BOLT = {"card": "Lightning Bolt", "player": "A", "kind": "spell"}


def passes(player: str) -> dict[str, str]:
    return {"player": player, "does": "pass"}


def casts(player: str, card_id: str) -> dict[str, str]:
    return {"player": player, "does": "cast", "card": card_id}


def resolve(*events: dict[str, str]) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "resolve_stack"}
    if events:
        action["sequence"] = list(events)
    return action


def with_stack(*items: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A's first main phase, turn 5, with ``items`` on the stack (the first at the bottom)."""
    hand = [card("b2", "instant", name="Giant Growth")]
    return state(stack=list(items), b={"hand": hand}, **fields)


def test_217_6c_without_a_sequence_the_stack_resolves_from_the_top():
    game = with_stack(BOLT, {"card": "Giant Growth", "player": "B", "kind": "spell"}, {"card": "Shock"})

    ruling = rule_on(game, resolve())

    assert ruling["legal"] is True
    assert ruling["outcome"]["resolution_order"] == ["Shock", "Giant Growth", "Lightning Bolt"]
    assert ruling["outcome"]["priority"] == "A"
    assert cites(ruling, "217.6c")
    assert "Shock, then B's spell Giant Growth, then A's spell Lightning Bolt" in ruling["explanation"]


def test_408_1c_both_players_passing_in_succession_resolves_the_top_and_the_active_player_gets_priority():
    ruling = rule_on(with_stack(BOLT, priority="A", active="B"), resolve(passes("A"), passes("B")))

    assert ruling["legal"] is True
    assert ruling["outcome"]["resolution_order"] == ["Lightning Bolt"]
    assert ruling["outcome"]["priority"] == "B"  # the active player, not the last to pass
    assert ruling["outcome"]["stack"] == []
    assert cites(ruling, "408.1c")


def test_408_1c_one_pass_resolves_nothing_and_hands_priority_to_the_opponent():
    ruling = rule_on(with_stack(BOLT, priority="A"), resolve(passes("A")))

    assert ruling["outcome"]["resolution_order"] == []
    assert ruling["outcome"]["priority"] == "B"
    assert ruling["outcome"]["resolves_next"] == "Lightning Bolt"


def test_217_6a_a_response_goes_on_top_and_resolves_first():
    """B answers A's Lightning Bolt with Giant Growth: last in, first out."""
    ruling = rule_on(with_stack(BOLT, priority="B"), resolve(casts("B", "b2"), passes("B"), passes("A")))

    assert ruling["legal"] is True
    assert ruling["outcome"]["resolution_order"] == ["b2"]
    assert ruling["outcome"]["resolves_next"] == "Lightning Bolt"
    assert ruling["outcome"]["stack"] == [BOLT]
    assert "Giant Growth (b2)" in ruling["explanation"]
    assert "receives priority again" in ruling["explanation"]


def test_408_1c_a_spell_cast_between_two_passes_breaks_the_succession():
    """A passes, B casts and passes: A's pass and B's are not in succession, so nothing resolves yet."""
    ruling = rule_on(with_stack(BOLT, priority="A"), resolve(passes("A"), casts("B", "b2"), passes("B")))

    assert ruling["outcome"]["resolution_order"] == []
    assert ruling["outcome"]["priority"] == "A"
    assert ruling["outcome"]["resolves_next"] == "b2"


def test_408_1c_each_item_needs_its_own_round_of_passes():
    ruling = rule_on(
        with_stack(BOLT, {"card": "Shock", "player": "B"}, priority="A"),
        resolve(passes("A"), passes("B"), passes("A"), passes("B")),
    )

    assert ruling["outcome"]["resolution_order"] == ["Shock", "Lightning Bolt"]
    assert ruling["outcome"]["stack"] == []


def test_408_1d_only_the_player_with_priority_may_cast():
    ruling = rule_on(with_stack(BOLT, priority="A"), resolve(casts("B", "b2")))

    assert ruling["legal"] is False
    assert code(ruling) == "mtg.priority.not_holder"
    assert cites(ruling, "408.1d")
    assert "A holds priority" in ruling["explanation"]


def test_300_2_both_passing_with_an_empty_stack_ends_the_step():
    ruling = rule_on(with_stack(priority="A"), resolve(passes("A"), passes("B")))

    assert ruling["outcome"]["step_ends"] is True
    assert ruling["outcome"]["priority"] is None
    assert cites(ruling, "300.2")


def test_300_2_nothing_happens_in_a_step_that_has_ended():
    ruling = rule_on(with_stack(priority="A"), resolve(passes("A"), passes("B"), casts("A", "Shock")))

    assert code(ruling) == "mtg.priority.step_ended"


def test_302_2_no_priority_in_the_untap_step():
    ruling = rule_on(with_stack(BOLT, phase="beginning", step="untap"), resolve())

    assert code(ruling) == "mtg.timing.no_priority"
    assert cites(ruling, "302.2")


def test_without_a_priority_holder_the_first_to_act_is_taken_to_hold_it():
    ruling = rule_on(with_stack(BOLT), resolve(passes("B"), passes("A")))

    assert ruling["legal"] is True
    assert "taken to hold it" in ruling["explanation"]


def test_a_resolution_needs_the_active_player_who_receives_priority():
    game = with_stack(BOLT, priority="A")
    del game["active_player"]

    ruling = rule_on(game, resolve(passes("A"), passes("B")))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.active_player"


@pytest.mark.parametrize(
    ("item", "field"),
    [({"player": "A"}, "state.stack[0]"), ({"card": "Shock", "kind": "trap"}, "state.stack[0].kind")],
)
def test_a_stack_item_the_judge_cannot_read_is_incomplete(item, field):
    ruling = rule_on(with_stack(item), resolve())

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == field


def test_a_cast_must_name_its_card():
    with pytest.raises(DisputeError) as refused:
        rule_on(with_stack(BOLT), resolve({"player": "B", "does": "cast"}))

    assert refused.value.field == "action.sequence[0].card"
