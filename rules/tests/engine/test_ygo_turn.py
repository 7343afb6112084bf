"""``draw``, ``end_turn``, ``check_state`` and ``replay`` (Rulebook 9.0, Turn Structure and Winning a Duel;
2007 rules, Exodia)."""

from __future__ import annotations

from typing import Any

from rules.tests.engine.ygo_builders import battle, cites, code, monster, rule_on, state, zones


def test_draw_phase_the_turn_player_draws_one():
    """Rulebook 9.0, Draw Phase: the turn player draws 1 card."""
    ruling = rule_on(state(phase="draw", a={"deck": 10}), {"type": "draw", "player": "A"})

    assert ruling["legal"] is True
    assert ruling["outcome"]["drew"] is True
    assert ruling["outcome"]["duel"]["over"] is False


def test_draw_from_an_empty_deck_is_legal_and_loses():
    """Rulebook 9.0, Draw Phase: a player unable to draw loses the Duel."""
    ruling = rule_on(
        state(turn=4, turn_player="B", phase="draw", b={"deck": 0}), {"type": "draw", "player": "B"}
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["drew"] is False
    assert ruling["outcome"]["duel"] == {"over": True, "winner": "A", "draw": False, "reason": "deck_out"}
    assert cites(ruling, "unable to draw")


def test_the_first_player_skips_the_first_draw():
    """Rulebook 9.0, Draw Phase: the player who starts does not draw on their first turn."""
    ruling = rule_on(state(turn=1, phase="draw"), {"type": "draw", "player": "A"})

    assert code(ruling) == "draw.first_turn"


def test_the_second_player_draws_on_turn_2():
    """Rulebook 9.0, Draw Phase: only the first player's first draw is skipped."""
    assert (
        rule_on(state(turn=2, turn_player="B", phase="draw"), {"type": "draw", "player": "B"})["legal"]
        is True
    )


def test_only_the_turn_player_draws_in_the_draw_phase():
    """Rulebook 9.0, Draw Phase: the turn player draws."""
    assert code(rule_on(state(phase="draw"), {"type": "draw", "player": "B"})) == "turn.not_your_turn"


def test_the_normal_draw_is_in_the_draw_phase():
    """Rulebook 9.0, Draw Phase."""
    assert code(rule_on(state(phase="main1"), {"type": "draw", "player": "A"})) == "phase.wrong_phase"


def test_end_phase_discard_down_to_six():
    """Rulebook 9.0, End Phase: more than 6 cards at the end of the End Phase, discard to 6."""
    ruling = rule_on(state(phase="end", a={"hand": 8}), {"type": "end_turn", "player": "A"})

    assert ruling["outcome"]["discard"] == 2
    assert cites(ruling, "End Phase", "6")


def test_end_phase_six_or_fewer_keeps_them():
    """Rulebook 9.0, End Phase: only more than 6 cards must be discarded."""
    listed = [monster(f"h{i}") for i in range(6)]

    assert (
        rule_on(state(phase="end", a={"hand": listed}), {"type": "end_turn", "player": "A"})["outcome"][
            "discard"
        ]
        == 0
    )


def test_check_state_lp_zero_ends_the_duel():
    """Rulebook 9.0, Winning a Duel: reduce the opponent's LP to 0."""
    ruling = rule_on(state(b={"lp": 0}), {"type": "check_state"})

    assert ruling["legal"] is True
    assert ruling["outcome"]["duel"] == {"over": True, "winner": "A", "draw": False, "reason": "lp"}


def test_check_state_both_at_zero_is_a_draw():
    """Rulebook 9.0, Winning a Duel: both reach 0 at the same time, the Duel is a draw."""
    ruling = rule_on(state(a={"lp": 0}, b={"lp": 0}), {"type": "check_state"})

    assert ruling["outcome"]["duel"] == {
        "over": True,
        "winner": None,
        "draw": True,
        "reason": "simultaneous_lp",
    }


def test_check_state_exodia_wins():
    """2007 rules, How to win a Duel: all five pieces of Exodia in hand win instantly."""
    names = [
        "Exodia the Forbidden One",
        "Left Leg of the Forbidden One",
        "Right Leg of the Forbidden One",
        "Left Arm of the Forbidden One",
        "Right Arm of the Forbidden One",
    ]
    hand = [monster(f"h{i}", name=name) for i, name in enumerate(names)]

    ruling = rule_on(state(turn=4, turn_player="B", b={"hand": hand}), {"type": "check_state"})

    assert ruling["outcome"]["duel"]["winner"] == "B"
    assert ruling["outcome"]["duel"]["reason"] == "exodia"
    assert cites(ruling, "Exodia")


def test_check_state_four_pieces_are_not_enough():
    """2007 rules: all five pieces are needed."""
    hand = [
        monster("h1", name="Exodia the Forbidden One"),
        monster("h2", name="Left Leg of the Forbidden One"),
    ]

    assert rule_on(state(a={"hand": hand}), {"type": "check_state"})["outcome"]["duel"]["over"] is False


def replay_state(b_monsters: list[Any], declared: int, attacker_position: str = "attack") -> dict[str, Any]:
    return battle(
        a={"monster_zones": zones(monster("a1", attacks=1, position=attacker_position))},
        b={"monster_zones": zones(*b_monsters)},
        pending_attack={"attacker": "a1", "target": None, "monsters_at_declaration": {"A": 1, "B": declared}},
    )


def test_replay_when_a_new_monster_appears():
    """Rulebook 9.0, Replay: a monster appears before the Damage Step; attack again, elsewhere, or not at
    all."""
    ruling = rule_on(replay_state([monster("b1")], declared=0), {"type": "replay", "player": "A"})

    assert ruling["legal"] is True
    assert ruling["outcome"]["replay"] == {
        "may_attack_again": True,
        "may_choose_new_target": True,
        "attacker_has_attacked": True,
    }
    assert cites(ruling, "Rulebook 9.0", "replay")


def test_replay_when_the_target_leaves():
    """Rulebook 9.0, Replay: the attack target removed from the field."""
    ruling = rule_on(replay_state([], declared=1), {"type": "replay", "player": "A"})

    assert ruling["outcome"]["replay"]["may_attack_again"] is True


def test_no_replay_when_the_monster_count_is_unchanged():
    """Rulebook 9.0, Replay: only a change in the opponent's monsters causes a replay."""
    ruling = rule_on(replay_state([monster("b1")], declared=1), {"type": "replay", "player": "A"})

    assert code(ruling) == "battle.no_replay"


def test_replay_attacker_no_longer_in_attack_position():
    """Rulebook 9.0, Replay: an attacker changed to Defense Position cannot attack again, yet counts as
    attacked."""
    ruling = rule_on(
        replay_state([], declared=1, attacker_position="defense"), {"type": "replay", "player": "A"}
    )

    assert ruling["outcome"]["replay"]["may_attack_again"] is False
    assert ruling["outcome"]["replay"]["attacker_has_attacked"] is True


def test_replay_without_a_pending_attack_is_incomplete():
    """Dispute format: nothing to replay, the judge says which field is missing."""
    ruling = rule_on(battle(), {"type": "replay", "player": "A"})

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.pending_attack"


def test_replay_when_the_target_is_replaced_by_another_monster():
    """Rulebook 9.0, Replay: the attack target left the field and another monster took its place before the
    Damage Step; the opponent still has one monster, and it is a replay all the same."""
    state = battle(
        a={"monster_zones": zones(monster("a1", attacks=1))},
        b={
            "monster_zones": zones(monster("b2", name="Kuriboh")),
            "graveyard": [monster("b1", name="Celtic Guardian")],
        },
        pending_attack={"attacker": "a1", "target": "b1", "monsters_at_declaration": {"A": 1, "B": 1}},
    )

    ruling = rule_on(state, {"type": "replay", "player": "A"})

    assert ruling["legal"] is True
    assert "the attack target, Celtic Guardian (b1), left the field: a replay occurs" in ruling["explanation"]
    assert ruling["outcome"]["replay"]["may_choose_new_target"] is True
    assert cites(ruling, "Rulebook 9.0", "replay")


def test_replay_read_from_the_monsters_listed_at_declaration():
    """Dispute format, ``monsters_at_declaration`` as ids: a monster swapped for another between the attack
    and the Damage Step (a direct attack, so no target to watch) is a replay; the same monsters are not."""

    def state_with(b_now: list[Any]) -> dict[str, Any]:
        return battle(
            a={"monster_zones": zones(monster("a1", attacks=1))},
            b={"monster_zones": zones(*b_now)},
            pending_attack={
                "attacker": "a1",
                "target": None,
                "monsters_at_declaration": {"A": ["a1"], "B": ["b1"]},
            },
        )

    swapped = rule_on(state_with([monster("b2", name="Kuriboh")]), {"type": "replay", "player": "A"})
    same = rule_on(state_with([monster("b1")]), {"type": "replay", "player": "A"})

    assert swapped["legal"] is True
    assert "b1 left the field and Kuriboh (b2) appeared: a replay occurs" in swapped["explanation"]
    assert code(same) == "battle.no_replay"


def test_monsters_at_declaration_with_a_bad_entry_names_the_field():
    """Dispute format: each side is a count or a list of ids; anything else is named, not guessed."""
    state = battle(
        a={"monster_zones": zones(monster("a1", attacks=1))},
        pending_attack={"attacker": "a1", "target": None, "monsters_at_declaration": {"B": [1.5]}},
    )

    ruling = rule_on(state, {"type": "replay", "player": "A"})

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.pending_attack.monsters_at_declaration.B"
