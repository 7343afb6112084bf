"""Any JSON at all gets a ruling or a DisputeError, never a crash; rulings keep the format's invariants."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import DisputeError, judge

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)

ACTION_TYPES = [
    "attack",
    "normal_summon",
    "set_monster",
    "flip_summon",
    "change_position",
    "special_summon",
    "activate",
    "resolve_chain",
    "draw",
    "end_turn",
    "check_state",
    "replay",
    "match_result",
    "deck_check",
    "side_swap",
]
ids = st.sampled_from(["a1", "a2", "b1", "b2", "h1", "x1", "zz", None])
small = st.integers(min_value=-2, max_value=12)
card_values = st.fixed_dictionaries(
    {"id": ids},
    optional={
        "kind": st.sampled_from(["monster", "spell", "trap", "token", "bogus"]),
        "frame": st.sampled_from(["normal", "effect", "ritual", "fusion", "synchro", "xyz", "link"]),
        "level": small,
        "rank": small,
        "link": small,
        "scale": small,
        "atk": st.integers(min_value=-100, max_value=5000),
        "def": st.integers(min_value=0, max_value=5000),
        "position": st.sampled_from(["attack", "defense", "set", "upside"]),
        "placed_turn": small,
        "attacks": small,
        "tuner": st.booleans(),
        "pendulum": st.booleans(),
        "face_up": st.booleans(),
        "icon": st.sampled_from(["normal", "quick-play", "continuous", "equip", "field", "counter"]),
        "equipped_to": ids,
        "effect_type": st.sampled_from(["ignition", "trigger", "flip", "quick"]),
        "properly_summoned": st.booleans(),
        "controller": st.sampled_from(["A", "B"]),
        "link_arrows": st.lists(
            st.sampled_from(["top", "bottom", "left", "right", "top-left", "bottom-right"]), max_size=3
        ),
        "abilities": st.lists(
            st.sampled_from(["piercing", "direct_attack", "extra_attacks:1", "cannot_attack"]), max_size=2
        ),
        "material_spec": st.fixed_dictionaries(
            {}, optional={"count": small, "min": small, "names": st.lists(st.text(max_size=4), max_size=2)}
        ),
    },
)
zone_rows = st.lists(st.none() | card_values, min_size=5, max_size=5)
players = st.fixed_dictionaries(
    {},
    optional={
        "lp": st.integers(min_value=-10, max_value=9000),
        "deck": small,
        "hand": small | st.lists(card_values, max_size=3),
        "extra_deck": st.lists(card_values, max_size=3),
        "graveyard": st.lists(card_values, max_size=2),
        "monster_zones": zone_rows,
        "spell_trap_zones": zone_rows,
        "normal_summon_used": st.booleans(),
    },
)
states = st.fixed_dictionaries(
    {
        "turn": st.integers(min_value=0, max_value=6),
        "turn_player": st.sampled_from(["A", "B"]),
        "phase": st.sampled_from(["draw", "standby", "main1", "battle", "main2", "end"]),
        "players": st.fixed_dictionaries({"A": players, "B": players}),
    },
    optional={
        "step": st.sampled_from(["start", "battle", "damage", "damage_calculation", "end"]),
        "extra_monster_zones": st.lists(st.none() | card_values, min_size=2, max_size=2),
        "chain": st.lists(
            st.fixed_dictionaries(
                {"card": ids, "player": st.sampled_from(["A", "B"])}, optional={"negates": small}
            ),
            max_size=3,
        ),
    },
)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTION_TYPES), "player": st.sampled_from(["A", "B"])},
    optional={
        "attacker": ids,
        "target": ids,
        "card": ids,
        "tributes": st.lists(ids, max_size=2),
        "materials": st.lists(ids, max_size=3),
        "method": st.sampled_from(["fusion", "synchro", "xyz", "link", "ritual", "pendulum", "effect"]),
        "zone": st.sampled_from(["m0", "m2", "emz0", "emz1"]),
        "to": st.sampled_from(["attack", "defense"]),
        "from": st.sampled_from(["hand", "field"]),
        "duels": st.lists(st.sampled_from(["A", "B", "draw"]), max_size=4),
    },
)


def check_invariants(ruling: dict[str, Any]) -> None:
    json.dumps(ruling)  # JSON-ready
    assert ruling["legal"] in (True, False, None)
    if ruling["legal"] is False:
        assert ruling["violations"]
    if ruling["legal"] is None:
        assert ruling["violations"][0]["code"] == "state.incomplete"
        assert "outcome" not in ruling
    if ruling["legal"] is True:
        assert ruling["violations"] == []
        assert "outcome" in ruling
    assert isinstance(ruling["explanation"], str)
    assert all(isinstance(rule, str) for rule in ruling["rules"])


def judged(body: Any) -> None:
    try:
        ruling = judge(body)
    except DisputeError as error:
        problem = error
    else:
        check_invariants(ruling)
        return
    assert problem.field  # bad input is answered naming the field


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_any_json_never_crashes(body: Any):
    judged(body)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["format", "game", "revision", "state", "action"]), json_values))
def test_any_envelope_never_crashes(body: dict[str, Any]):
    judged({"game": "yugioh", **body})


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(states, actions, st.sampled_from(["2020", "v10"]))
def test_plausible_disputes_never_crash_and_keep_the_invariants(game_state, action, revision):
    judged({"game": "yugioh", "revision": revision, "state": game_state, "action": action})


# --- Valid-looking states, so the fuzzing reaches the rules themselves --------------------------------------

positive = st.integers(min_value=0, max_value=12)
valid_card = st.fixed_dictionaries(
    {"kind": st.sampled_from(["monster", "monster", "monster", "token", "spell", "trap"])},
    optional={
        "frame": st.sampled_from(["normal", "effect", "ritual", "fusion", "synchro", "xyz", "link"]),
        "level": positive,
        "rank": positive,
        "link": st.integers(min_value=1, max_value=4),
        "scale": positive,
        "atk": st.integers(min_value=0, max_value=4000),
        "def": st.integers(min_value=0, max_value=4000),
        "position": st.sampled_from(["attack", "defense", "set"]),
        "placed_turn": st.integers(min_value=1, max_value=5),
        "attacks": st.integers(min_value=0, max_value=2),
        "tuner": st.booleans(),
        "pendulum": st.booleans(),
        "face_up": st.booleans(),
        "icon": st.sampled_from(["normal", "quick-play", "continuous", "field", "counter", "equip"]),
        "effect_type": st.sampled_from(["ignition", "trigger", "flip", "quick"]),
        "properly_summoned": st.booleans(),
        "link_arrows": st.lists(
            st.sampled_from(["top", "bottom", "left", "right", "top-left", "bottom-right"]), max_size=3
        ),
        "abilities": st.lists(
            st.sampled_from(["piercing", "direct_attack", "extra_attacks:1", "cannot_attack"]), max_size=2
        ),
        "position_changed": st.booleans(),
        "modifies_atk_def": st.booleans(),
        "material_spec": st.fixed_dictionaries(
            {}, optional={"count": st.integers(1, 3), "min": st.integers(1, 3)}
        ),
    },
)


def with_ids(player: str, area: str, cards: list[Any]) -> list[Any]:
    return [None if card is None else {**card, "id": f"{player}{area}{i}"} for i, card in enumerate(cards)]


@st.composite
def valid_player(draw, player: str) -> dict[str, Any]:
    return {
        "lp": draw(st.integers(min_value=0, max_value=8000)),
        "deck": draw(st.integers(min_value=0, max_value=3)),
        "hand": with_ids(player, "h", draw(st.lists(valid_card, max_size=5))),
        "monster_zones": with_ids(
            player,
            "m",
            draw(
                st.lists(
                    st.none() | valid_card.map(lambda c: {**c, "kind": "monster"}), min_size=5, max_size=5
                )
            ),
        ),
        "spell_trap_zones": with_ids(
            player, "s", draw(st.lists(st.none() | valid_card, min_size=5, max_size=5))
        ),
        "graveyard": with_ids(player, "g", draw(st.lists(valid_card, max_size=2))),
        "extra_deck": with_ids(player, "x", draw(st.lists(valid_card, max_size=3))),
        "normal_summon_used": draw(st.booleans()),
        "pendulum_summon_used": draw(st.booleans()),
    }


@st.composite
def valid_state(draw) -> dict[str, Any]:
    phase = draw(st.sampled_from(["draw", "standby", "main1", "battle", "main2", "end"]))
    emz = []
    for index in range(2):
        card = draw(st.none() | valid_card)
        if card is not None:
            card = {**card, "kind": "monster", "id": f"e{index}", "controller": draw(st.sampled_from("AB"))}
        emz.append(card)
    game = {
        "turn": draw(st.integers(min_value=1, max_value=5)),
        "turn_player": draw(st.sampled_from(["A", "B"])),
        "phase": phase,
        "step": draw(st.sampled_from(["start", "battle", "damage", "damage_calculation", "end"]))
        if phase == "battle"
        else None,
        "players": {"A": draw(valid_player("a")), "B": draw(valid_player("b"))},
        "extra_monster_zones": emz,
    }
    present = [
        card["id"]
        for p in "AB"
        for area in ("monster_zones", "spell_trap_zones", "hand")
        for card in game["players"][p][area]
        if card
    ]
    if present and draw(st.booleans()):
        game["chain"] = [
            {"card": draw(st.sampled_from(present)), "player": draw(st.sampled_from("AB"))}
            for _ in range(draw(st.integers(1, 3)))
        ]
    return game


def card_ids(game: dict[str, Any]) -> list[str]:
    found = [card["id"] for card in game.get("extra_monster_zones") or [] if card]
    for player in game["players"].values():
        for area in ("hand", "monster_zones", "spell_trap_zones", "graveyard", "extra_deck"):
            found += [card["id"] for card in player[area] if card]
    return found or ["ghost"]


@st.composite
def valid_dispute(draw) -> dict[str, Any]:
    """A valid-looking state and an action of any type whose ids are (nearly always) cards of that state."""
    game = draw(valid_state())
    present = st.sampled_from(card_ids(game))
    kind = draw(st.sampled_from(ACTION_TYPES))
    if draw(st.integers(0, 3)):  # mostly the turn player, at the moment the action belongs to
        natural = {"attack": "battle", "draw": "draw", "replay": "battle", "end_turn": "end"}.get(
            kind, "main1"
        )
        game["phase"], game["step"] = natural, ("battle" if natural == "battle" else None)
        game["turn"] = max(game["turn"], 2)
        game["turn_player"] = "A" if game["turn"] % 2 else "B"
    action = {
        "type": kind,
        "player": game["turn_player"] if draw(st.integers(0, 3)) else draw(st.sampled_from(["A", "B"])),
        "attacker": draw(present),
        "target": draw(st.none() | present),
        "card": draw(present),
        "tributes": draw(st.lists(present, max_size=2, unique=True)),
        "materials": draw(st.lists(present, max_size=3, unique=True)),
        "method": draw(st.sampled_from(["fusion", "synchro", "xyz", "link", "ritual", "pendulum", "effect"])),
        "zone": draw(st.sampled_from(["m0", "m2", "m4", "emz0", "emz1"])),
        "to": draw(st.sampled_from(["attack", "defense"])),
        "from": draw(st.sampled_from(["hand", "field"])),
        "duels": draw(st.lists(st.sampled_from(["A", "B", "draw"]), max_size=3)),
    }
    if draw(st.booleans()):
        action["effect_type"] = draw(st.sampled_from(["ignition", "trigger", "flip", "quick"]))
    return {
        "game": "yugioh",
        "revision": draw(st.sampled_from(["2020", "v10"])),
        "state": game,
        "action": action,
    }


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(valid_dispute())
def test_valid_looking_disputes_never_crash_and_keep_the_invariants(body: dict[str, Any]):
    judged(body)
