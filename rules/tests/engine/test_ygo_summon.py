"""``normal_summon``, ``set_monster`` and ``flip_summon`` (Rulebook v10, Summoning Monster Cards, pp.
24-25)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.tests.engine.ygo_builders import cites, code, link, monster, rule_on, spell, state, zones

SKULL = monster("h1", atk=2500, defense=1200, level=6)


def summon(card: str = "h1", tributes: list[str] | None = None, **extra) -> dict[str, Any]:
    return {"type": "normal_summon", "player": "A", "card": card, "tributes": tributes or [], **extra}


def hand_state(*hand: dict[str, Any], field: list[Any] | None = None, **player) -> dict[str, Any]:
    return state(a={"hand": list[Any](hand), "monster_zones": field or zones(), **player})


def test_normal_summon_a_level_4_from_the_hand():
    """Rulebook v10, Normal Summon: face-up Attack Position from the hand, no Tribute."""
    ruling = rule_on(hand_state(monster("h1")), summon())

    assert ruling["legal"] is True
    assert ruling["outcome"]["sent_to_graveyard"] == []
    assert cites(ruling, "Rulebook v10", "Normal Summon")


@pytest.mark.parametrize(("level", "needed"), [(1, 0), (4, 0), (5, 1), (6, 1), (7, 2), (8, 2), (12, 2)])
def test_tribute_summon_needs_tributes_by_level(level: int, needed: int):
    """Rulebook v10, Tribute Summon: Level 5-6 need 1 Tribute, Level 7 or more need 2."""
    field = zones(monster("a1"), monster("a2"), monster("a3"))
    game = hand_state(monster("h1", level=level), field=field)

    exact = rule_on(game, summon(tributes=["a1", "a2", "a3"][:needed]))
    one_more = rule_on(game, summon(tributes=["a1", "a2", "a3"][: needed + 1]))

    assert exact["legal"] is True
    assert exact["outcome"]["sent_to_graveyard"] == ["a1", "a2", "a3"][:needed]
    assert code(one_more) == "summon.tribute_count"
    assert cites(one_more, "Tribute")


def test_tribute_summon_level_7_with_one_tribute_is_illegal():
    """Rulebook v10, Tribute Summon: Level 7 or higher require 2 Tributes."""
    game = hand_state(monster("h1", level=7), field=zones(monster("a1")))

    assert code(rule_on(game, summon(tributes=["a1"]))) == "summon.tribute_count"


def test_tributes_must_be_your_own_monsters_on_the_field():
    """Rulebook v10, Tribute Summon: you Tribute monsters you control."""
    game = state(a={"hand": [SKULL]}, b={"monster_zones": zones(monster("b1"))})

    assert code(rule_on(game, summon(tributes=["b1"]))) == "summon.invalid_tribute"


def test_a_tributed_token_is_removed_not_sent_to_the_graveyard():
    """Rulebook 9.0, Monster Tokens: Tokens only exist on the field."""
    token = monster("t1", kind="token", frame=None)
    game = hand_state(SKULL, field=zones(token))

    ruling = rule_on(game, summon(tributes=["t1"]))

    assert ruling["legal"] is True
    assert ruling["outcome"]["sent_to_graveyard"] == []
    assert ruling["outcome"]["removed_tokens"] == ["t1"]


def test_a_tributed_pendulum_monster_goes_to_the_extra_deck():
    """Rulebook v10, Pendulum Monster Cards: sent face-up to the Extra Deck instead of the Graveyard."""
    game = hand_state(SKULL, field=zones(monster("a1", pendulum=True, scale=3)))

    ruling = rule_on(game, summon(tributes=["a1"]))

    assert ruling["outcome"]["sent_to_extra_deck"] == ["a1"]
    assert ruling["outcome"]["sent_to_graveyard"] == []


def test_normal_summon_once_per_turn():
    """Rulebook v10: you can only Normal Summon OR Normal Set once per turn."""
    game = hand_state(monster("h1"), normal_summon_used=True)

    ruling = rule_on(game, summon())

    assert code(ruling) == "summon.normal_summon_used"
    assert cites(ruling, "once per turn")


def test_set_after_a_normal_summon_is_the_same_once_per_turn():
    """Rulebook v10: if you Normal Summon you cannot also Normal Set that turn."""
    game = hand_state(monster("h1"), normal_summon_used=True)

    assert (
        code(rule_on(game, {"type": "set_monster", "player": "A", "card": "h1", "tributes": []}))
        == "summon.normal_summon_used"
    )


def test_no_face_up_defense_position_from_the_hand():
    """Rulebook v10, Note: you cannot play a monster from your hand in face-up Defense Position."""
    ruling = rule_on(hand_state(monster("h1")), summon(position="defense"))

    assert code(ruling) == "summon.face_up_defense_from_hand"
    assert cites(ruling, "face-up Defense Position")


@pytest.mark.parametrize("frame", ["fusion", "synchro", "xyz", "link", "ritual"])
def test_special_summon_monsters_cannot_be_normal_summoned(frame: str):
    """Rulebook v10: Extra Deck monsters and Ritual Monsters come out by their own methods only."""
    card = monster("h1", frame=frame)

    assert code(rule_on(hand_state(card), summon())) == "summon.cannot_normal_summon"


def test_a_spell_card_cannot_be_normal_summoned():
    """Rulebook v10, Normal Summon: only Monster Cards."""
    assert code(rule_on(hand_state(spell("h1")), summon())) == "summon.cannot_normal_summon"


def test_normal_summon_in_the_main_phase_of_your_turn():
    """Rulebook 9.0, Main Phase: Summons are made by the turn player in the Main Phase."""
    battle_phase = state(phase="battle", step="battle", a={"hand": [monster("h1")]})
    opponents_turn = state(turn=4, turn_player="B", a={"hand": [monster("h1")]})

    assert code(rule_on(battle_phase, summon())) == "phase.wrong_phase"
    assert code(rule_on(opponents_turn, summon())) == "turn.not_your_turn"


def test_normal_summon_needs_a_free_main_monster_zone():
    """Rulebook v10, Main Monster Zone: up to 5 monsters."""
    full = zones(*(monster(f"a{i}") for i in range(5)))

    assert code(rule_on(hand_state(monster("h1"), field=full), summon())) == "summon.no_free_zone"


def test_a_tribute_frees_its_zone():
    """Rulebook v10, Tribute Summon: the Tributed monster leaves its zone before the Summon."""
    full = zones(*(monster(f"a{i}") for i in range(5)))

    assert rule_on(hand_state(SKULL, field=full), summon(tributes=["a0"]))["legal"] is True


def test_the_card_must_be_in_the_hand():
    """Rulebook v10, Normal Summon: from your hand."""
    game = state(a={"graveyard": [monster("h1")]})

    assert code(rule_on(game, summon())) == "summon.not_in_hand"


def test_a_link_monster_can_be_tributed():
    """Rulebook v10, Tribute Summon: any monster you control can be Tributed."""
    game = hand_state(SKULL)
    game["extra_monster_zones"] = [link("e1", 1, ["top"], controller="A"), None]

    assert rule_on(game, summon(tributes=["e1"]))["legal"] is True


def test_normal_set_and_tribute_set():
    """Rulebook v10, Normal Set: face-down Defense Position; Level 5 or more still need Tributes."""
    game = hand_state(SKULL, field=zones(monster("a1")))

    without = rule_on(game, {"type": "set_monster", "player": "A", "card": "h1", "tributes": []})
    tribute_set = rule_on(game, {"type": "set_monster", "player": "A", "card": "h1", "tributes": ["a1"]})

    assert code(without) == "summon.tribute_count"
    assert tribute_set["legal"] is True
    assert tribute_set["outcome"]["position"] == "set"


def test_level_missing_is_incomplete():
    """Dispute format: the Tribute count depends on the Level, which the judge does not guess."""
    card = monster("h1")
    del card["level"]

    ruling = rule_on(hand_state(card), summon())

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"].endswith("hand[0].level")


# --- Flip Summon --------------------------------------------------------------------------------------------


def flip(card: str = "a1") -> dict[str, Any]:
    return {"type": "flip_summon", "player": "A", "card": card}


def test_flip_summon_a_monster_set_in_an_earlier_turn():
    """Rulebook v10, Flip Summon: face-down Defense Position to face-up Attack Position."""
    ruling = rule_on(state(a={"monster_zones": zones(monster("a1", position="set", placed_turn=1))}), flip())

    assert ruling["legal"] is True
    assert ruling["outcome"]["flipped"] == ["a1"]


def test_flip_summon_not_in_the_turn_it_was_set():
    """Rulebook v10, Flip Summon: a monster cannot be Flip Summoned the turn it was Set."""
    ruling = rule_on(
        state(turn=3, a={"monster_zones": zones(monster("a1", position="set", placed_turn=3))}), flip()
    )

    assert code(ruling) == "summon.flip_same_turn"


def test_flip_summon_only_face_down_monsters():
    """Rulebook v10, Flip Summon: only a face-down monster is flipped."""
    assert code(rule_on(state(a={"monster_zones": zones(monster("a1"))}), flip())) == "summon.flip_not_set"


def test_flip_summon_counts_as_the_position_change_of_the_turn():
    """Rulebook 9.0, Main Phase: a monster's position changes once per turn."""
    card = monster("a1", position="set", position_changed=True)

    assert code(rule_on(state(a={"monster_zones": zones(card)}), flip())) == "position.already_changed"


def test_flip_summon_does_not_use_the_normal_summon():
    """Rulebook 9.0, Main Phase: no limit on Flip Summons; the Normal Summon is separate."""
    game = state(a={"monster_zones": zones(monster("a1", position="set")), "normal_summon_used": True})

    assert rule_on(game, flip())["legal"] is True
