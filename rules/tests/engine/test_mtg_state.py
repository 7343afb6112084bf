"""``state_check`` and the reported Magic state (Comprehensive Rules 420.5 state-based effects, 102)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import DisputeError, judge
from rules.tests.engine.mtg_builders import cites, creature, rule_on, state

CHECK = {"type": "state_check"}


def legend(card_id: str, name: str = "Tetsuo Umezawa", timestamp: int = 1, **fields: Any) -> dict[str, Any]:
    return creature(card_id, 3, 3, name=name, supertypes=["legendary"], timestamp=timestamp, **fields)


def test_420_5a_a_player_at_zero_life_loses():
    ruling = rule_on(state(b={"life": 0}), CHECK)

    assert ruling["legal"] is True
    assert ruling["outcome"]["game"] == {"over": True, "winner": "A", "draw": False, "reason": "life"}
    assert cites(ruling, "420.5a")


def test_102_4_both_at_zero_life_is_a_draw():
    ruling = rule_on(state(a={"life": -2}, b={"life": 0}), CHECK)

    assert ruling["outcome"]["game"]["draw"] is True
    assert ruling["outcome"]["game"]["winner"] is None


def test_420_5b_zero_toughness_goes_to_the_graveyard():
    ruling = rule_on(state(a={"battlefield": [creature("a1", 1, 0)]}), CHECK)

    assert ruling["outcome"]["sent_to_graveyard"] == ["a1"]
    assert ruling["outcome"]["destroyed"] == []
    assert cites(ruling, "420.5b")


def test_420_5c_lethal_damage_destroys():
    ruling = rule_on(
        state(b={"battlefield": [creature("b1", 2, 2, damage=2), creature("b2", 2, 3, damage=2)]}), CHECK
    )

    assert ruling["outcome"]["destroyed"] == ["b1"]
    assert cites(ruling, "420.5c")


def test_420_5e_classic_legend_rule_keeps_the_oldest_in_play():
    """Classic: across both players, all but the oldest legend of a name go."""
    game = state(
        a={"battlefield": [legend("a1", timestamp=4)]}, b={"battlefield": [legend("b1", timestamp=2)]}
    )

    ruling = rule_on(game, CHECK)

    assert ruling["outcome"]["sent_to_graveyard"] == ["a1"]
    assert cites(ruling, "420.5e")
    assert "classic revision" in ruling["explanation"]


def test_420_5e_classic_legend_rule_tied_oldest_all_go():
    game = state(a={"battlefield": [legend("a1", timestamp=2), legend("a2", timestamp=2)]})

    assert rule_on(game, CHECK)["outcome"]["sent_to_graveyard"] == ["a1", "a2"]


def test_420_5e_the_legend_subtype_of_this_edition_counts():
    game = state(
        a={"battlefield": [creature("a1", name="Old Legend", subtypes=["Legend"], timestamp=1)]},
        b={"battlefield": [creature("b1", name="Old Legend", subtypes=["Legend"], timestamp=3)]},
    )

    assert rule_on(game, CHECK)["outcome"]["sent_to_graveyard"] == ["b1"]


def test_420_5e_classic_legend_rule_needs_timestamps():
    game = state(a={"battlefield": [legend("a1", timestamp=None), legend("a2")]})

    ruling = rule_on(game, CHECK)

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state.players.A.battlefield[0].timestamp"


def test_current_legend_rule_is_per_controller():
    """Current: one player's legend does not push out the other player's."""
    game = state(
        a={"battlefield": [legend("a1", timestamp=4)]}, b={"battlefield": [legend("b1", timestamp=2)]}
    )

    ruling = rule_on(game, CHECK, revision="current")

    assert ruling["outcome"]["sent_to_graveyard"] == []
    assert "current revision" in ruling["explanation"]


def test_current_legend_rule_the_controller_chooses_which_to_keep():
    game = state(a={"battlefield": [legend("a1", timestamp=1), legend("a2", timestamp=2)]})

    open_choice = rule_on(game, CHECK, revision="current")
    kept = rule_on(game, {"type": "state_check", "keep": ["a1"]}, revision="current")

    assert open_choice["outcome"]["legend_rule"] == [
        {"controller": "A", "name": "Tetsuo Umezawa", "keep_one_of": ["a1", "a2"]}
    ]
    assert kept["outcome"]["sent_to_graveyard"] == ["a2"]


def test_current_legend_rule_keeps_only_one():
    game = state(a={"battlefield": [legend("a1"), legend("a2")]})

    with pytest.raises(DisputeError) as error:
        rule_on(game, {"type": "state_check", "keep": ["a1", "a2"]}, revision="current")

    assert error.value.field == "action.keep"


def test_nothing_applies_the_game_goes_on():
    ruling = rule_on(state(a={"battlefield": [creature("a1")]}), CHECK)

    assert ruling["outcome"]["game"]["over"] is False
    assert "goes on" in ruling["explanation"]


def test_a_state_action_without_a_state_is_incomplete():
    ruling = judge({"game": "mtg", "action": CHECK})

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == "state"


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda s: s.pop("players"), "state.players"),
        (lambda s: s["players"].pop("B"), "state.players.B"),
        (lambda s: s.update(turn=0), "state.turn"),
        (lambda s: s.update(first_player="B"), "state.first_player"),
        (lambda s: s.update(step="cleanup", phase="main1"), "state.step"),
        (lambda s: s.update(phase="upkeep"), "state.phase"),
        (
            lambda s: s["players"]["A"].update(battlefield=[creature("x"), creature("x")]),
            "state.players.A.battlefield[1].id",
        ),
    ],
)
def test_a_malformed_state_names_its_field(mutate, field: str):
    game = state()
    mutate(game)

    ruling = rule_on(game, CHECK)

    assert ruling["legal"] is None
    assert ruling["violations"][0]["field"] == field


def test_500_a_step_outside_its_phase_is_named_in_words():
    """Comprehensive Rules 500.1: each step belongs to one phase; the problem names both in words."""
    game = state()
    game.update(phase="main1", step="declare_blockers")

    ruling = rule_on(game, CHECK)

    assert (
        "the declare blockers step is not a step of the first main phase"
        in ruling["violations"][0]["message"]
    )
    assert "declare_blockers" not in ruling["violations"][0]["message"]


def test_an_unknown_card_id_is_a_400():
    with pytest.raises(DisputeError) as error:
        rule_on(state(), {"type": "declare_attackers", "player": "A", "attackers": ["zz"]})

    assert error.value.card_id == "zz"


@given(
    toughness=st.lists(st.integers(-2, 6), min_size=1, max_size=6),
    damage=st.lists(st.integers(0, 8), min_size=6, max_size=6),
    life=st.tuples(st.integers(-5, 20), st.integers(-5, 20)),
)
@settings(max_examples=200, deadline=None)
def test_420_5_state_based_effects_properties(toughness, damage, life):
    """420.5b/c: toughness <= 0 to the graveyard, damage >= toughness destroyed; 420.5a, 102.4: life."""
    cards = [creature(f"a{i}", 1, t, damage=damage[i]) for i, t in enumerate(toughness)]

    ruling = rule_on(state(a={"battlefield": cards, "life": life[0]}, b={"life": life[1]}), CHECK)

    outcome = ruling["outcome"]
    assert outcome["sent_to_graveyard"] == [c["id"] for c in cards if c["toughness"] <= 0]
    assert outcome["destroyed"] == [c["id"] for c in cards if 0 < c["toughness"] <= c["damage"]]
    losers = [p for p, value in zip("AB", life, strict=True) if value <= 0]
    assert outcome["game"]["over"] == bool(losers)
    assert outcome["game"]["draw"] == (len(losers) == 2)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 25) | st.sampled_from(["A", "B", "a1", "b1", "creature"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["id", "power", "b1"]), inner)
    ),
    max_leaves=8,
)
players = st.sampled_from(["A", "B"])
small = st.integers(0, 8)
IDS = ["a1", "a2", "b1", "b2", "h1", "h2"]


def permanent(card_id: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"id": st.just(card_id)},
        optional={
            "types": st.sampled_from([["creature"], ["land"], ["instant"], ["sorcery"], "creature"]),
            "power": small | json_values,
            "toughness": small | json_values,
            "damage": small,
            "tapped": st.booleans(),
            "attacking": st.booleans() | json_values,
            "subtypes": st.sampled_from([["Wall"], ["Goblin"], "Wall"]),
            "abilities": st.sampled_from(
                [["trample"], ["first_strike"], ["haste"], [3], ["flying"], ["reach"], ["shadow"]]
            ),
            "entered_turn": st.integers(1, 6),
            "supertypes": st.just(["legendary"]),
            "name": st.just("Same Name"),
            "timestamp": small,
            "controller": players,
        },
    )


def zone(*ids: str) -> st.SearchStrategy[list[dict[str, Any]]]:
    """Cards with distinct ids, so the state is not refused for a reused id."""
    return st.lists(st.sampled_from(ids), unique=True, max_size=len(ids)).flatmap(
        lambda chosen: st.tuples(*(permanent(i) for i in chosen)).map(list)
    )


def player(battlefield: tuple[str, ...], hand: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {},
        optional={
            "life": st.integers(-2, 20) | json_values,
            "library": small,
            "hand": small | zone(*hand),
            "battlefield": zone(*battlefield),
            "lands_played": st.integers(0, 2),
        },
    )


phase_steps = st.sampled_from(
    [
        ("beginning", "untap"),
        ("beginning", "draw"),
        ("main1", None),
        ("main2", None),
        ("combat", "declare_attackers"),
        ("combat", "declare_blockers"),
        ("combat", "combat_damage"),
        ("end", "cleanup"),
        ("upkeep", "draw"),
    ]
)
states = st.builds(
    lambda turn, active, phase_step, a, b, stack, priority: {
        "turn": turn,
        "active_player": active,
        "phase": phase_step[0],
        "step": phase_step[1],
        "players": {"A": a, "B": b},
        "stack": stack,
        "priority": priority,
    },
    st.integers(1, 6),
    players,
    phase_steps,
    player(("a1", "a2"), ("h1",)),
    player(("b1", "b2"), ("h2",)),
    st.lists(st.just({"card": "x"}) | st.just({"card": "b1", "player": "B"}) | json_values, max_size=2),
    players | st.none() | json_values,
)
card_ids = st.sampled_from(IDS)
actions = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            [
                "combat_damage",
                "declare_attackers",
                "declare_blockers",
                "cast",
                "play_land",
                "draw",
                "cleanup",
                "state_check",
                "mulligan",
                "resolve_stack",
            ]
        ),
        "player": players,
    },
    optional={
        "card": card_ids | json_values,
        "keep": st.lists(card_ids, max_size=2),
        "attackers": st.lists(
            st.fixed_dictionaries(
                {"attacker": card_ids},
                optional={
                    "blockers": st.lists(card_ids, max_size=2, unique=True),
                    "assignment": st.dictionaries(
                        st.sampled_from(["a1", "b1", "b2", "A", "B", "player"]), small
                    ),
                },
            ),
            max_size=2,
        )
        | st.lists(card_ids, max_size=2),
        "blocks": st.lists(
            st.fixed_dictionaries({"blocker": card_ids, "attacker": card_ids}) | json_values, max_size=3
        ),
        "mulligans_taken": st.integers(-1, 8) | json_values,
        "hand_size": st.integers(-1, 8) | json_values,
        "sequence": st.lists(
            st.fixed_dictionaries(
                {"player": players, "does": st.sampled_from(["pass", "cast", "activate", "bogus"])},
                optional={"card": card_ids | json_values},
            )
            | json_values,
            max_size=5,
        ),
    },
)


@given(game_state=states, action=actions, revision=st.sampled_from(["classic", "current"]))
@settings(max_examples=400, deadline=None)
def test_any_magic_state_gets_a_ruling_or_a_named_error(game_state, action, revision) -> None:
    """Whatever players report, the judge answers with a ruling or a 400 naming the field, never a crash."""
    problems: list[dict[str, str]] = []
    ruling: dict[str, Any] = {}
    try:
        ruling = rule_on(game_state, action, revision=revision)
    except DisputeError as error:
        problems = error.problems()
    if problems:
        assert all(problem["path"].startswith("$.") for problem in problems)
        return
    assert ruling["legal"] in (True, False, None)
    assert (ruling["legal"] is False) == any(v["code"] != "state.incomplete" for v in ruling["violations"])
    assert (ruling["legal"] is True) == ("outcome" in ruling)
    assert ruling["explanation"]


def test_current_legend_rule_refuses_a_keep_that_is_no_legend_in_a_group():
    game = state(a={"battlefield": [legend("a1"), legend("a2"), creature("a3")]})

    with pytest.raises(DisputeError) as error:
        rule_on(game, {"type": "state_check", "keep": ["a3"]}, revision="current")

    assert error.value.field == "action.keep"
