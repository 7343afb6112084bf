"""Bad input is a DisputeError naming the field; an incomplete or inconsistent state is ``legal: null``
(dispute format: "A judge that is unsure must not guess")."""

from __future__ import annotations

import pytest

from rules.engine import CardCatalog, DisputeError, InMemoryCatalog, UnknownCardError, judge
from rules.tests.engine.ygo_builders import battle, code, dispute, monster, rule_on, state, zones

ATTACK = {"type": "attack", "player": "A", "attacker": "a1", "target": "b9"}


def test_unknown_card_id_in_the_action_is_a_400_naming_the_id():
    game = battle(a={"monster_zones": zones(monster("a1"))})

    with pytest.raises(UnknownCardError) as error:
        rule_on(game, ATTACK)

    assert error.value.card_id == "b9"
    assert error.value.field == "action.target"
    assert error.value.as_dict()["card_id"] == "b9"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ([], "dispute"),
        ({"game": "chess", "action": {"type": "draw"}}, "game"),
        ({"game": "yugioh", "revision": "1999", "action": {"type": "draw"}}, "revision"),
        ({"game": "yugioh", "format": "dispute/2", "action": {"type": "draw"}}, "format"),
        ({"game": "yugioh"}, "action"),
        ({"game": "yugioh", "action": {}}, "action.type"),
        ({"game": "yugioh", "action": {"type": "teleport"}, "state": state()}, "action.type"),
        ({"game": "yugioh", "action": {"type": "draw", "player": "C"}, "state": state()}, "action.player"),
        (
            {
                "game": "yugioh",
                "action": {"type": "attack", "player": "A", "attacker": "a1"},
                "state": battle(a={"monster_zones": zones(monster("a1"))}),
            },
            "action.target",
        ),
    ],
)
def test_malformed_disputes_name_the_field(body, field: str):
    with pytest.raises(DisputeError) as error:
        judge(body)

    assert error.value.field == field


def test_an_action_magic_does_not_have_is_refused_on_the_action_type():
    with pytest.raises(DisputeError) as error:
        judge({"game": "mtg", "state": {}, "action": {"type": "scry"}})

    assert error.value.field == "action.type"


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda s: s.pop("turn"), "state.turn"),
        (lambda s: s.pop("turn_player"), "state.turn_player"),
        (lambda s: s.pop("phase"), "state.phase"),
        (lambda s: s.pop("players"), "state.players"),
        (lambda s: s["players"].pop("B"), "state.players.B"),
        (lambda s: s.update(turn=0), "state.turn"),
        (lambda s: s.update(first_player="B"), "state.first_player"),
        (lambda s: s.update(step="battle", phase="main1"), "state.step"),
        (lambda s: s["players"]["A"].update(lp=-5), "state.players.A.lp"),
        (lambda s: s["players"]["A"].update(monster_zones=[None]), "state.players.A.monster_zones"),
    ],
)
def test_incomplete_or_inconsistent_state_gives_legal_null_naming_the_field(mutate, field: str):
    game = state(phase="draw")
    mutate(game)

    ruling = rule_on(game, {"type": "draw", "player": "A"})

    assert ruling["legal"] is None
    assert code(ruling) == "state.incomplete"
    assert ruling["violations"][0]["field"] == field
    assert "outcome" not in ruling


def test_missing_state_for_an_action_that_needs_one():
    ruling = judge(dispute(None, {"type": "draw", "player": "A"}))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state"


def test_duplicate_card_ids_are_inconsistent():
    game = state(a={"hand": [monster("x")], "graveyard": [monster("x")]})

    assert rule_on(game, {"type": "check_state"})["legal"] is None


def test_first_player_follows_from_turn_parity():
    """Dispute format: the first player takes the odd turns."""
    ruling = rule_on(
        state(turn=4, turn_player="B", first_player="A", phase="draw"), {"type": "draw", "player": "B"}
    )

    assert ruling["legal"] is True


def test_catalog_fills_in_a_card_given_only_by_name_and_the_dispute_overrides_it():
    catalog = InMemoryCatalog(
        [
            {
                "name": "Dark Magician",
                "kind": "monster",
                "frame": "normal",
                "level": 7,
                "atk": 2500,
                "def": 2100,
            }
        ]
    )
    game = battle(
        a={
            "monster_zones": zones(
                {"id": "a1", "name": "Dark Magician", "position": "attack", "placed_turn": 1, "atk": 3000}
            )
        },
        b={
            "monster_zones": zones(
                {"id": "b1", "name": "Dark Magician", "position": "attack", "placed_turn": 2}
            )
        },
    )

    ruling = rule_on(
        game, {"type": "attack", "player": "A", "attacker": "a1", "target": "b1"}, catalog=catalog
    )

    assert isinstance(catalog, CardCatalog)
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 500}


def test_a_card_only_named_without_a_catalog_is_incomplete_where_its_atk_matters():
    game = battle(
        a={
            "monster_zones": zones(
                {"id": "a1", "name": "Dark Magician", "position": "attack", "placed_turn": 1}
            )
        },
    )

    ruling = rule_on(game, {"type": "attack", "player": "A", "attacker": "a1", "target": None})

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.A.monster_zones[0].atk"


def test_rulings_carry_structured_citations():
    ruling = rule_on(battle(a={"monster_zones": zones(monster("a1"))}), {**ATTACK, "target": None})

    assert ruling["citations"][0]["document"] == "Yu-Gi-Oh! Rulebook 9.0"
    assert ruling["citations"][0]["file"].endswith(".txt")
