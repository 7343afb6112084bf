"""Pendulum Summons (Rulebook v10, Pendulum Monster Cards, pp. 16-17)."""

from __future__ import annotations

from typing import Any

from rules.tests.engine.ygo_builders import cites, code, link, monster, rule_on, state, zones

LOW = monster("p1", pendulum=True, scale=1, position=None)
HIGH = monster("p2", pendulum=True, scale=8, position=None)


def scales(low=LOW, high=HIGH) -> list[Any]:
    return zones(at={0: low, 4: high})


def pendulum(
    cards: list[str], zone_list: list[str] | None = None, revision: str | None = None, **player
) -> dict[str, Any]:
    action = {"type": "special_summon", "player": "A", "method": "pendulum", "cards": cards}
    if zone_list is not None:
        action["zones"] = zone_list
    a = {"spell_trap_zones": scales(), **player}
    return rule_on(state(a=a), action, revision)


def test_pendulum_summon_levels_strictly_between_the_scales():
    """Rulebook v10: Scale 1 and 8 allow Levels 2 to 7."""
    hand = [monster("h1", level=2), monster("h2", level=7)]

    ruling = pendulum(["h1", "h2"], ["m0", "m1"], hand=hand)

    assert ruling["legal"] is True
    assert ruling["outcome"]["zones"] == ["m0", "m1"]
    assert cites(ruling, "Rulebook v10", "Pendulum")


def test_a_level_equal_to_a_scale_is_out():
    """Rulebook v10: the Levels must be in between the Scales, not equal to them."""
    ruling = pendulum(["h1"], ["m0"], hand=[monster("h1", level=8)])

    assert code(ruling) == "summon.pendulum_scale"


def test_pendulum_summon_once_per_turn():
    """Rulebook v10: once per turn during your Main Phase."""
    ruling = pendulum(["h1"], ["m0"], hand=[monster("h1", level=4)], pendulum_summon_used=True)

    assert code(ruling) == "summon.pendulum_used"


def test_pendulum_summon_needs_both_pendulum_zones():
    """Rulebook v10: after you have one in each Pendulum Zone."""
    action = {"type": "special_summon", "player": "A", "method": "pendulum", "cards": ["h1"], "zones": ["m0"]}
    game = state(a={"hand": [monster("h1", level=4)], "spell_trap_zones": zones(LOW)})

    assert code(rule_on(game, action)) == "summon.pendulum_scale"


def test_face_up_pendulum_from_the_extra_deck_needs_the_extra_monster_zone_or_a_link():
    """Rulebook v10: Monsters Pendulum Summoned from the Extra Deck go to the Extra Monster Zone or a linked
    zone."""
    extra = [monster("e1", level=4, pendulum=True, scale=4, face_up=True)]

    to_main = pendulum(["e1"], ["m2"], revision="2020", extra_deck=extra)
    to_emz = pendulum(["e1"], ["emz0"], revision="2020", extra_deck=extra)

    assert code(to_main) == "summon.wrong_zone"
    assert to_emz["legal"] is True


def test_two_from_the_extra_deck_cannot_share_the_extra_monster_zone():
    """Rulebook v10, Extra Monster Zone: each player can normally use only 1."""
    extra = [monster(f"e{i}", level=4, pendulum=True, scale=4, face_up=True) for i in (1, 2)]

    ruling = pendulum(["e1", "e2"], ["emz0", "emz1"], extra_deck=extra)

    assert code(ruling) == "summon.wrong_zone"


def test_linked_zones_take_extra_deck_pendulums():
    """Rulebook v10: a Main Monster Zone a Link Monster points to."""
    extra = [monster(f"e{i}", level=4, pendulum=True, scale=4, face_up=True) for i in (1, 2)]
    pointer = link("a2", 2, ["left", "right"])  # A's m2 points at m1 and m3

    ruling = pendulum(
        ["e1", "e2"], ["emz0", "m3"], extra_deck=extra, monster_zones=zones(None, None, pointer)
    )

    assert ruling["legal"] is True


def test_ritual_monsters_in_the_hand_cannot_be_pendulum_summoned():
    """Rulebook v10, Special Summon with a card's effect: Ritual Monsters come out properly first."""
    ruling = pendulum(["h1"], ["m0"], hand=[monster("h1", level=4, frame="ritual")])

    assert code(ruling) == "summon.not_properly_summoned"


def test_not_enough_room_without_chosen_zones():
    """Rulebook v10, Main Monster Zone: each monster needs a free zone."""
    full = zones(*(monster(f"a{i}") for i in range(5)))

    ruling = pendulum(["h1"], None, hand=[monster("h1", level=4)], monster_zones=full)

    assert code(ruling) == "summon.no_free_zone"
