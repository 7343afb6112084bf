"""``special_summon`` for Fusion, Synchro, Xyz, Link, Ritual and card effects, with the zone rules of both
revisions (Rulebook v10, pp. 12-25; the dispute format's 2020 revision)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.tests.engine.ygo_builders import cites, code, link, monster, rule_on, state, zones

SYNCHRO = monster("x1", atk=2500, level=7, frame="synchro", position=None, placed_turn=None)
XYZ = {**monster("x2", atk=2500, frame="xyz", rank=4, position=None, placed_turn=None)}
del XYZ["level"]
FUSION = monster(
    "x3", atk=2800, level=6, frame="fusion", material_spec={"names": ["Big Piece Golem", "Medio Piece Golem"]}
)
LINK2 = link("x4", 2, ["bottom-left", "bottom-right"], material_spec={"min": 2})


def summon(
    method: str, card: str, materials: list[str], zone: str | None = "m2", revision: str | None = None, **game
) -> dict[str, Any]:
    action = {"type": "special_summon", "player": "A", "method": method, "card": card, "materials": materials}
    if zone is not None:
        action["zone"] = zone
    return rule_on(state(**game), action, revision)


def field(*cards, extra=None, **player) -> dict[str, Any]:
    return {
        "monster_zones": zones(*cards),
        "extra_deck": [SYNCHRO, XYZ, FUSION, LINK2] if extra is None else extra,
        **player,
    }


TUNER = monster("a1", level=3, tuner=True, frame="effect")
FOUR = monster("a2", level=4)


# --- Synchro ------------------------------------------------------------------------------------------------


def test_synchro_summon_tuner_plus_non_tuners_with_the_exact_level():
    """Rulebook v10, Synchro Monsters: 1 Tuner + non-Tuners whose Levels add up exactly."""
    ruling = summon("synchro", "x1", ["a1", "a2"], a=field(TUNER, FOUR))

    assert ruling["legal"] is True
    assert ruling["outcome"]["sent_to_graveyard"] == ["a1", "a2"]
    assert cites(ruling, "Rulebook v10", "Synchro")


def test_synchro_summon_levels_must_add_up_exactly():
    """Rulebook v10, Synchro Monsters: the sum must be exactly equal to the Synchro Monster's Level."""
    ruling = summon("synchro", "x1", ["a1", "a2", "a3"], a=field(TUNER, FOUR, monster("a3", level=1)))

    assert code(ruling) == "summon.level_sum"


def test_synchro_summon_needs_exactly_one_tuner():
    """Rulebook v10, Synchro Monsters: you need 1 Tuner."""
    two_tuners = summon("synchro", "x1", ["a1", "a2"], a=field(TUNER, monster("a2", level=4, tuner=True)))
    no_tuner = summon("synchro", "x1", ["a2", "a3"], a=field(FOUR, FOUR | {"id": "a3", "level": 3}))

    assert code(two_tuners) == "summon.tuner_count"
    assert code(no_tuner) == "summon.tuner_count"


def test_synchro_materials_are_face_up():
    """Rulebook v10, Synchro Monsters: face-up materials only."""
    ruling = summon("synchro", "x1", ["a1", "a2"], a=field(TUNER, FOUR | {"position": "set"}))

    assert code(ruling) == "summon.face_down_material"


def test_synchro_materials_from_your_field():
    """Rulebook v10, Synchro Monsters: materials are sent from your side of the field."""
    ruling = summon(
        "synchro", "x1", ["a1", "b1"], a=field(TUNER), b={"monster_zones": zones(FOUR | {"id": "b1"})}
    )

    assert code(ruling) == "summon.materials"


def test_synchro_summon_is_a_main_phase_action_of_your_turn():
    """Rulebook v10, How to Synchro Summon: during your Main Phase."""
    ruling = summon("synchro", "x1", ["a1", "a2"], phase="battle", step="battle", a=field(TUNER, FOUR))

    assert code(ruling) == "phase.wrong_phase"


def test_the_method_must_match_the_monster():
    """Rulebook v10: a Synchro Summon brings out a Synchro Monster."""
    assert code(summon("synchro", "x2", ["a1", "a2"], a=field(TUNER, FOUR))) == "summon.wrong_method"


def test_extra_deck_monster_must_be_in_the_extra_deck():
    """Rulebook v10, The Game Mat: Extra Deck monsters are Summoned from the Extra Deck."""
    game_a = field(TUNER, FOUR, extra=[], graveyard=[SYNCHRO])

    assert code(summon("synchro", "x1", ["a1", "a2"], a=game_a)) == "summon.wrong_location"


# --- Xyz ----------------------------------------------------------------------------------------------------


def test_xyz_summon_stacks_same_level_materials():
    """Rulebook v10, Xyz Monsters: 2 Level 4 monsters for a Rank 4; the materials stay attached."""
    ruling = summon("xyz", "x2", ["a1", "a2"], a=field(FOUR | {"id": "a1"}, FOUR))

    assert ruling["legal"] is True
    assert ruling["outcome"]["attached_materials"] == ["a1", "a2"]
    assert ruling["outcome"]["sent_to_graveyard"] == []


def test_xyz_materials_must_have_the_same_level():
    """Rulebook v10, Xyz Monsters: monsters of the same Level."""
    ruling = summon("xyz", "x2", ["a1", "a2"], a=field(TUNER, FOUR))

    assert code(ruling) == "summon.xyz_levels"


def test_tokens_cannot_be_xyz_materials():
    """Rulebook 9.0, Monster Tokens: Tokens cannot be used as Xyz Materials."""
    token = monster("a1", level=4, kind="token", frame=None)

    assert code(summon("xyz", "x2", ["a1", "a2"], a=field(token, FOUR))) == "summon.token_material"


def test_xyz_needs_its_material_count():
    """Rulebook v10, Xyz Monsters: the recipe says how many materials (2 by default)."""
    assert code(summon("xyz", "x2", ["a2"], a=field(FOUR))) == "summon.materials"


# --- Link ---------------------------------------------------------------------------------------------------


def test_link_summon_materials_match_the_link_rating():
    """Rulebook v10, Link Monsters: as many materials as the Link Rating."""
    ruling = summon("link", "x4", ["a1", "a2"], zone="emz0", a=field(TUNER, FOUR))

    assert ruling["legal"] is True
    assert ruling["outcome"]["zone"] == "emz0"


def test_link_rating_mismatch():
    """Rulebook v10, Link Monsters: the materials must match the Link Rating."""
    ruling = summon("link", "x4", ["a1", "a2", "a3"], zone="emz0", a=field(TUNER, FOUR, monster("a3")))

    assert code(ruling) == "summon.link_rating"


def test_a_link_material_counts_as_its_link_rating():
    """Rulebook v10, More about Link Monsters: a Link 2 and a monster can Summon a Link 3."""
    link3 = link("x5", 3, ["top"], material_spec={"min": 2})
    game_a = field(link("a1", 2, ["top", "bottom"]), FOUR, extra=[link3])

    assert summon("link", "x5", ["a1", "a2"], zone="emz0", a=game_a)["legal"] is True


def test_tokens_can_be_link_materials():
    """Rulebook v10, More about Link Monsters: a Token can be Link Material."""
    token = monster("a1", kind="token", frame=None)

    assert summon("link", "x4", ["a1", "a2"], zone="emz0", a=field(token, FOUR))["legal"] is True


def test_link_monsters_are_summoned_in_attack_position():
    """Rulebook v10: Link Monsters cannot ever be in Defense Position."""
    action = {
        "type": "special_summon",
        "player": "A",
        "method": "link",
        "card": "x4",
        "materials": ["a1", "a2"],
        "zone": "emz0",
        "position": "defense",
    }

    assert code(rule_on(state(a=field(TUNER, FOUR)), action)) == "position.link_defense"


# --- Fusion and Ritual --------------------------------------------------------------------------------------


def test_fusion_summon_with_the_named_materials_from_hand_and_field():
    """Rulebook v10, Fusion Monsters: the Fusion Materials listed on the card, from hand or field."""
    big = monster("h1", name="Big Piece Golem")
    medio = monster("a1", name="Medio Piece Golem")

    ruling = summon("fusion", "x3", ["h1", "a1"], a=field(medio, hand=[big]))

    assert ruling["legal"] is True
    assert ruling["outcome"]["sent_to_graveyard"] == ["h1", "a1"]


def test_fusion_summon_missing_a_named_material():
    """Rulebook v10, Fusion Monsters: you need all the Fusion Materials listed."""
    ruling = summon(
        "fusion",
        "x3",
        ["h1", "a1"],
        a=field(monster("a1", name="Medio Piece Golem"), hand=[monster("h1", name="Dark Magician")]),
    )

    assert code(ruling) == "summon.materials"
    assert "Big Piece Golem" in ruling["violations"][0]["message"]


def test_ritual_summon_from_the_hand_to_a_main_monster_zone():
    """Rulebook v10, Ritual Monsters: Tribute from hand or field, then play it in a Main Monster Zone."""
    ritual = monster("h1", level=6, frame="ritual", material_spec={"level": 6})
    game_a = {"hand": [ritual, monster("h2", level=6)], "monster_zones": zones()}

    legal = summon("ritual", "h1", ["h2"], zone="m0", a=game_a)
    to_emz = summon("ritual", "h1", ["h2"], zone="emz0", a=game_a)

    assert legal["legal"] is True
    assert code(to_emz) == "summon.wrong_zone"


def test_ritual_tributes_must_reach_the_total_level_the_ritual_spell_lists():
    """Rulebook v10, Ritual Monsters, p. 23: the Ritual Spell Card lists the required Tribute."""
    ritual = monster("h1", level=8, frame="ritual", material_spec={"level": 8})
    small, big = monster("h2", level=4), monster("h3", level=4)
    game_a = {"hand": [ritual, small, big], "monster_zones": zones()}

    short = summon("ritual", "h1", ["h2"], zone="m0", a=game_a)
    enough = summon("ritual", "h1", ["h2", "h3"], zone="m0", a=game_a)

    assert code(short) == "summon.level_sum"
    assert "total 4" in short["violations"][0]["message"]
    assert cites(short, "Ritual")
    assert enough["legal"] is True


def test_a_ritual_summon_without_the_ritual_spells_requirement_is_not_guessed():
    """Rulebook v10, Ritual Monsters, p. 23: the requirement is on the Ritual Spell, so it must be stated."""
    ritual = monster("h1", level=8, frame="ritual")
    game_a = {"hand": [ritual, monster("h2", level=1)], "monster_zones": zones()}

    ruling = summon("ritual", "h1", ["h2"], zone="m0", a=game_a)

    assert ruling["legal"] is None
    assert code(ruling) == "state.incomplete"
    assert ruling["violations"][0]["field"].endswith("material_spec.level")


# --- By a card effect ---------------------------------------------------------------------------------------


def test_card_effect_cannot_revive_an_improperly_summoned_monster():
    """Rulebook v10, Special Summon with a card's effect: it must have been properly Summoned first."""
    dead = monster("g1", frame="synchro", level=7, properly_summoned=False)

    ruling = summon("effect", "g1", [], zone="m0", a={"graveyard": [dead]})

    assert code(ruling) == "summon.not_properly_summoned"
    assert cites(ruling, "properly")


def test_card_effect_revives_a_properly_summoned_monster_to_a_main_monster_zone():
    """Rulebook v10, More about Link Monsters: from the Graveyard, Extra Deck monsters go to Main Monster
    Zones."""
    dead = monster("g1", frame="synchro", level=7, properly_summoned=True)

    legal = summon("effect", "g1", [], zone="m4", revision="v10", a={"graveyard": [dead]})
    emz = summon("effect", "g1", [], zone="emz1", revision="v10", a={"graveyard": [dead]})

    assert legal["legal"] is True
    assert code(emz) == "summon.wrong_zone"


def test_properly_summoned_unknown_is_incomplete():
    """Dispute format: whether it was properly Summoned is not guessed."""
    ruling = summon("effect", "g1", [], zone="m0", a={"graveyard": [monster("g1", frame="xyz", rank=4)]})

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"].endswith("graveyard[0].properly_summoned")


def test_card_effect_may_act_in_the_opponents_turn():
    """Rulebook v10, Special Summon with a card's effect: effects decide their own timing."""
    ruling = summon(
        "effect",
        "g1",
        [],
        zone="m0",
        turn=4,
        turn_player="B",
        phase="battle",
        step="battle",
        a={"graveyard": [monster("g1")]},
    )

    assert ruling["legal"] is True


# --- Zones: revisions and Link Arrows -----------------------------------------------------------------------


@pytest.mark.parametrize(("revision", "legal"), [("2020", True), ("v10", False)])
def test_synchro_to_a_main_monster_zone_depends_on_the_revision(revision: str, legal: bool):
    """Dispute format revision 2020 vs Rulebook v10, More about Link Monsters."""
    ruling = summon("synchro", "x1", ["a1", "a2"], zone="m3", revision=revision, a=field(TUNER, FOUR))

    assert ruling["legal"] is legal
    if not legal:
        assert code(ruling) == "summon.wrong_zone"
        assert cites(ruling, "Rulebook v10", "Link Monster points")


def test_v10_extra_deck_monster_may_go_where_a_link_arrow_points():
    """Rulebook v10: a Main Monster Zone a Link Monster points to can take Extra Deck monsters."""
    pointer = link("a4", 1, ["left"])  # in A's m4, pointing left at m3
    ruling = summon(
        "synchro", "x1", ["a1", "a2"], zone="m3", revision="v10", a=field(TUNER, FOUR, None, None, pointer)
    )

    assert ruling["legal"] is True


def test_v10_extra_monster_zone_link_points_down_into_a_main_zone():
    """Rulebook v10: A's Link Monster in emz0 (column 1) with a bottom arrow points at A's m1."""
    game = state(a=field(TUNER, FOUR))
    game["extra_monster_zones"] = [link("e1", 1, ["bottom"], controller="A"), None]
    action = {
        "type": "special_summon",
        "player": "A",
        "method": "synchro",
        "card": "x1",
        "materials": ["a1", "a2"],
    }

    legal = rule_on(game, {**action, "zone": "m1"}, "v10")
    other = rule_on(game, {**action, "zone": "m2"}, "v10")
    second_emz = rule_on(game, {**action, "zone": "emz1"}, "v10")

    assert legal["legal"] is True
    assert code(other) == "summon.wrong_zone"
    assert code(second_emz) == "summon.wrong_zone"  # each player normally uses only 1 Extra Monster Zone


def test_opponents_link_arrows_are_seen_from_their_seat():
    """Dispute format, Link Arrows: B's top arrow points toward A's side; B's m0 is column 4."""
    game = state(a=field(TUNER, FOUR), b={"monster_zones": zones()})
    game["extra_monster_zones"] = [None, link("e2", 1, ["top"], controller="B")]  # column 3; B's top is row 0
    action = {
        "type": "special_summon",
        "player": "A",
        "method": "synchro",
        "card": "x1",
        "materials": ["a1", "a2"],
    }

    assert rule_on(game, {**action, "zone": "m3"}, "v10")["legal"] is True
    assert code(rule_on(game, {**action, "zone": "m1"}, "v10")) == "summon.wrong_zone"


def test_link_monster_needs_the_extra_monster_zone_in_both_revisions():
    """Dispute format 2020: only Link (and Pendulum) Monsters still need the Extra Monster Zone or a linked
    zone."""
    ruling = summon("link", "x4", ["a1", "a2"], zone="m3", revision="2020", a=field(TUNER, FOUR))

    assert code(ruling) == "summon.wrong_zone"


def test_materials_free_the_zone_they_leave():
    """Rulebook v10, Link Monsters: materials are sent away first, so their zone can take the new monster."""
    game = state(a=field(TUNER, FOUR))
    game["extra_monster_zones"] = [link("e1", 1, ["top"], controller="A"), None]
    action = {
        "type": "special_summon",
        "player": "A",
        "method": "link",
        "card": "x4",
        "materials": ["e1", "a2"],
    }

    assert rule_on(game, {**action, "zone": "emz0"})["legal"] is True


def test_no_open_zone_at_all():
    """Rulebook v10: with both Extra Monster Zones taken and no arrow, a Link Monster has nowhere to go."""
    game = state(a=field(TUNER, FOUR))
    game["extra_monster_zones"] = [monster("e1", controller="B"), monster("e2", controller="B")]
    action = {
        "type": "special_summon",
        "player": "A",
        "method": "link",
        "card": "x4",
        "materials": ["a1", "a2"],
    }

    assert code(rule_on(game, action)) == "summon.no_free_zone"


def test_without_a_zone_the_ruling_lists_the_open_ones():
    """Rulebook v10: the player may choose among the open zones."""
    ruling = summon("link", "x4", ["a1", "a2"], zone=None, a=field(TUNER, FOUR))

    assert ruling["outcome"]["legal_zones"] == ["emz0", "emz1"]


def test_an_occupied_zone_is_not_available():
    """Rulebook v10, Main Monster Zone: one card per zone."""
    ruling = summon("synchro", "x1", ["a1", "a2"], zone="m2", a=field(TUNER, FOUR, monster("a3")))

    assert code(ruling) == "summon.wrong_zone"
    assert "occupied" in ruling["violations"][0]["message"]
