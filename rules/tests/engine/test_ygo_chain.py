"""``resolve_chain`` (Rulebook 9.0, Chains and Spell Speed: resolution order, the example of a chain)."""

from __future__ import annotations

from typing import Any

from rules.tests.engine.ygo_builders import cites, code, monster, rule_on, spell, state, trap, zones


def resolve(game: dict[str, Any]) -> dict[str, Any]:
    return rule_on(game, {"type": "resolve_chain"})


def heavy_storm_example(**links) -> dict[str, Any]:
    """The rulebook's example: Heavy Storm, Threatening Roar, Seven Tools of the Bandit."""
    return state(
        turn=3,
        a={
            "spell_trap_zones": zones(
                spell("a1", face_up=True, placed_turn=3), trap("a3", "counter", face_up=True)
            )
        },
        b={"spell_trap_zones": zones(trap("b2", face_up=True), trap("b9", "continuous"))},
        chain=[
            {"card": "a1", "player": "A", "effect": {"destroy_all": "spell_trap"}},
            {"card": "b2", "player": "B"},
            {"card": "a3", "player": "A", "negates": 2, **links},
        ],
    )


def test_chain_resolves_last_link_first():
    """Rulebook 9.0, How a Chain works: resolve starting with the last card activated."""
    ruling = resolve(heavy_storm_example())

    assert ruling["legal"] is True
    assert ruling["outcome"]["resolution_order"] == [3, 2, 1]
    assert cites(ruling, "Rulebook 9.0", "reverse order")


def test_example_of_a_chain_seven_tools_negates_threatening_roar():
    """Rulebook 9.0, Example of a Chain: Chain Link 3 negates Chain Link 2, then Heavy Storm resolves."""
    ruling = resolve(heavy_storm_example())

    assert ruling["outcome"]["negated"] == [2]
    assert ruling["outcome"]["destroyed"] == ["a3", "b2", "b9"]
    assert "a1" in ruling["outcome"]["sent_to_graveyard"]


def test_a_negated_negation_lets_the_link_resolve():
    """Rulebook 9.0, Chains: a negated link does not resolve, so what it would have negated resolves."""
    game = state(
        turn=4,
        turn_player="B",
        a={"spell_trap_zones": zones(trap("a1", face_up=True), trap("a2", "counter", face_up=True))},
        b={"lp": 3000, "spell_trap_zones": zones(trap("b1", "counter", face_up=True))},
        chain=[
            {"card": "a1", "player": "A", "effect": {"damage": {"player": "B", "amount": 1000}}},
            {"card": "b1", "player": "B", "negates": 1},
            {"card": "a2", "player": "A", "negates": 2},
        ],
    )

    ruling = resolve(game)

    assert ruling["outcome"]["negated"] == [2]
    assert ruling["outcome"]["lp"]["B"] == 2000


def test_damage_that_ends_the_duel_stops_the_chain():
    """Rulebook 9.0, Winning a Duel: LP 0 ends the Duel; the remaining links do not resolve."""
    game = state(
        a={"lp": 500, "spell_trap_zones": zones(spell("a1", face_up=True, placed_turn=3))},
        b={"spell_trap_zones": zones(trap("b1", face_up=True))},
        chain=[
            {"card": "a1", "player": "A", "effect": {"gain": {"player": "A", "amount": 1000}}},
            {"card": "b1", "player": "B", "effect": {"damage": {"player": "A", "amount": 800}}},
        ],
    )

    ruling = resolve(game)

    assert ruling["outcome"]["lp"]["A"] == 0
    assert ruling["outcome"]["duel"]["winner"] == "B"


def test_drawing_from_an_empty_deck_by_an_effect_loses():
    """Rulebook 9.0, Winning a Duel: a player who cannot draw when they must loses."""
    game = state(
        a={"deck": 1, "spell_trap_zones": zones(spell("a1", face_up=True))},
        chain=[{"card": "a1", "player": "A", "effect": {"draw": {"player": "A", "count": 2}}}],
    )

    ruling = resolve(game)

    assert ruling["outcome"]["duel"] == {"over": True, "winner": "B", "draw": False, "reason": "deck_out"}


def test_modify_changes_atk_on_resolution():
    """Simple chain effect: the judge applies an ATK/DEF change as the link resolves."""
    game = state(
        a={
            "monster_zones": zones(monster("a1", atk=1500)),
            "spell_trap_zones": zones(spell("q1", "quick-play", face_up=True)),
        },
        chain=[{"card": "q1", "player": "A", "effect": {"modify": {"card": "a1", "atk": 500, "def": 0}}}],
    )

    assert resolve(game)["outcome"]["modified"] == {"a1": {"atk": 2000, "def": 1000}}


def test_a_chain_that_could_not_have_been_built_is_inconsistent():
    """Rulebook 9.0, Spell Speeds: a Spell Speed 1 Spell cannot be Chain Link 2."""
    game = state(
        a={"spell_trap_zones": zones(spell("a1", face_up=True))},
        b={"spell_trap_zones": zones(trap("b1", face_up=True))},
        chain=[{"card": "b1", "player": "B"}, {"card": "a1", "player": "A"}],
    )

    ruling = resolve(game)

    assert ruling["legal"] is None
    assert code(ruling) == "state.incomplete"
    assert ruling["violations"][0]["field"] == "state.chain[1].spell_speed"


def test_empty_chain():
    """Rulebook 9.0: with no chain, nothing resolves (a question, answered true)."""
    ruling = resolve(state())

    assert ruling["legal"] is True
    assert ruling["outcome"]["resolution_order"] == []


def test_chain_link_naming_an_unknown_card_is_inconsistent():
    """Dispute format: every chain link names a card described in the state."""
    ruling = resolve(state(chain=[{"card": "zz", "player": "A"}]))

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.chain[0].card"
