"""Small builders for Magic disputes, so each test states only what its rule looks at."""

from __future__ import annotations

from typing import Any

from rules.engine import judge


def creature(card_id: str, power: int = 2, toughness: int = 2, **fields: Any) -> dict[str, Any]:
    """A creature in play since turn 1, untapped and undamaged."""
    return {
        "id": card_id,
        "name": fields.pop("name", f"Creature {card_id}"),
        "types": ["creature"],
        "power": power,
        "toughness": toughness,
        "damage": 0,
        "tapped": False,
        "entered_turn": 1,
        **fields,
    }


def card(card_id: str, *types: str, **fields: Any) -> dict[str, Any]:
    return {"id": card_id, "name": fields.pop("name", f"Card {card_id}"), "types": list(types), **fields}


def state(
    turn: int = 5,
    active: str = "A",
    phase: str = "main1",
    step: str | None = None,
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "turn": turn,
        "active_player": active,
        "phase": phase,
        "step": step,
        "stack": [],
        "players": {"A": a or {}, "B": b or {}},
        **extra,
    }


def combat(
    attackers: list[dict[str, Any]], defenders: list[dict[str, Any]], **players: Any
) -> dict[str, Any]:
    """A's creatures attack B in the combat damage step of turn 5."""
    return state(
        phase="combat",
        step="combat_damage",
        a={"battlefield": attackers, **players.get("a", {})},
        b={"battlefield": defenders, **players.get("b", {})},
    )


def rule_on(
    game_state: dict[str, Any] | None, action: dict[str, Any], revision: str | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"format": "dispute/1", "game": "mtg", "action": action}
    if game_state is not None:
        body["state"] = game_state
    if revision is not None:
        body["revision"] = revision
    return judge(body)


def code(ruling: dict[str, Any]) -> str:
    """The decisive violation's code."""
    assert ruling["violations"], ruling
    return str(ruling["violations"][0]["code"])


def cites(ruling: dict[str, Any], number: str) -> bool:
    """Whether some cited passage is Comprehensive Rules ``number``."""
    return any(f"Comprehensive Rules, {number}:" in rule for rule in ruling["rules"])
