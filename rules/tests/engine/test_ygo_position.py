"""``change_position`` (Rulebook 9.0, Main Phase 1, Changing battle positions; v10, Link Monsters)."""

from __future__ import annotations

from typing import Any

from rules.tests.engine.ygo_builders import cites, code, link, monster, rule_on, state, zones


def change(to: str, card: str = "a1", **game) -> dict[str, Any]:
    return rule_on(state(**game), {"type": "change_position", "player": "A", "card": card, "to": to})


def test_change_a_monster_from_an_earlier_turn():
    """Rulebook 9.0, Changing battle positions: each monster you control, once per turn."""
    ruling = change("defense", a={"monster_zones": zones(monster("a1", placed_turn=1))})

    assert ruling["legal"] is True
    assert ruling["outcome"]["position"] == "defense"


def test_not_a_monster_placed_this_turn():
    """Rulebook 9.0, case 1: not a monster that came to the field this turn."""
    ruling = change("defense", turn=3, a={"monster_zones": zones(monster("a1", placed_turn=3))})

    assert code(ruling) == "position.same_turn"
    assert cites(ruling, "Rulebook 9.0", "this turn")


def test_not_after_it_attacked():
    """Rulebook 9.0, case 2: not in Main Phase 2 if it attacked in the Battle Phase."""
    ruling = change("defense", phase="main2", a={"monster_zones": zones(monster("a1", attacks=1))})

    assert code(ruling) == "position.attacked_this_turn"


def test_not_twice_in_a_turn():
    """Rulebook 9.0, case 3: not if its position was already changed this turn."""
    ruling = change(
        "attack", a={"monster_zones": zones(monster("a1", position="defense", position_changed=True))}
    )

    assert code(ruling) == "position.already_changed"


def test_link_monsters_never_go_to_defense_position():
    """Rulebook v10: Link Monsters cannot ever be in Defense Position."""
    ruling = change("defense", a={"monster_zones": zones(link("a1", 2, ["top", "left"]))})

    assert code(ruling) == "position.link_defense"
    assert cites(ruling, "Rulebook v10", "Link Monsters")


def test_only_in_your_main_phase():
    """Rulebook 9.0: changing positions is a Main Phase action of the turn player."""
    assert code(
        change("defense", phase="battle", step="battle", a={"monster_zones": zones(monster("a1"))})
    ) == ("phase.wrong_phase")
    assert code(change("defense", turn=4, turn_player="B", a={"monster_zones": zones(monster("a1"))})) == (
        "turn.not_your_turn"
    )


def test_face_down_to_attack_is_a_flip_summon():
    """Rulebook v10, Flip Summon: a face-down monster is turned to Attack Position by Flip Summoning it."""
    ruling = change("attack", a={"monster_zones": zones(monster("a1", position="set"))})

    assert ruling["legal"] is True
    assert ruling["outcome"]["flipped"] == ["a1"]


def test_face_down_cannot_become_face_up_defense():
    """Rulebook v10, Flip Summon: only to face-up Attack Position."""
    assert code(change("defense", a={"monster_zones": zones(monster("a1", position="set"))})) == (
        "position.face_down_to_defense"
    )


def test_no_change_to_the_same_position():
    """A change of battle position must change it."""
    assert code(change("attack", a={"monster_zones": zones(monster("a1"))})) == "position.unchanged"
