"""Small builders for Yu-Gi-Oh! disputes, so each test states only what its rule looks at."""

from __future__ import annotations

from typing import Any

from rules.engine import judge


def monster(card_id: str, atk: int = 1000, defense: int | None = 1000, **fields: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "id": card_id,
        "kind": "monster",
        "frame": "normal",
        "level": 4,
        "atk": atk,
        "position": "attack",
        "placed_turn": 1,
    }
    if defense is not None:
        card["def"] = defense
    card.update(fields)
    return card


def link(card_id: str, rating: int, arrows: list[str], atk: int = 1500, **fields: Any) -> dict[str, Any]:
    card = monster(card_id, atk=atk, defense=None, frame="link", link=rating, link_arrows=arrows)
    del card["level"]
    card.update(fields)
    return card


def spell(
    card_id: str, icon: str = "normal", *, face_up: bool = False, placed_turn: int = 1, **fields: Any
) -> dict[str, Any]:
    return {
        "id": card_id,
        "kind": "spell",
        "icon": icon,
        "face_up": face_up,
        "placed_turn": placed_turn,
        **fields,
    }


def trap(
    card_id: str, icon: str = "normal", *, face_up: bool = False, placed_turn: int = 1, **fields: Any
) -> dict[str, Any]:
    return {
        "id": card_id,
        "kind": "trap",
        "icon": icon,
        "face_up": face_up,
        "placed_turn": placed_turn,
        **fields,
    }


def zones(
    *cards: dict[str, Any] | None, at: dict[int, dict[str, Any]] | None = None
) -> list[dict[str, Any] | None]:
    """Five zones: the cards left to right, or placed by index with ``at``."""
    row: list[dict[str, Any] | None] = [*cards, *([None] * (5 - len(cards)))]
    for index, card in (at or {}).items():
        row[index] = card
    return row


def state(
    turn: int = 3,
    turn_player: str = "A",
    phase: str = "main1",
    step: str | None = None,
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "turn": turn,
        "turn_player": turn_player,
        "phase": phase,
        "step": step,
        "players": {"A": a or {}, "B": b or {}},
        **extra,
    }


def battle(
    turn: int = 3,
    turn_player: str = "A",
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return state(turn=turn, turn_player=turn_player, phase="battle", step="battle", a=a, b=b, **extra)


def dispute(
    game_state: dict[str, Any] | None, action: dict[str, Any], revision: str | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"format": "dispute/1", "game": "yugioh", "action": action}
    if game_state is not None:
        body["state"] = game_state
    if revision is not None:
        body["revision"] = revision
    return body


def rule_on(
    game_state: dict[str, Any] | None, action: dict[str, Any], revision: str | None = None, **kw: Any
) -> dict[str, Any]:
    return judge(dispute(game_state, action, revision), **kw)


def code(ruling: dict[str, Any]) -> str:
    """The decisive violation's code."""
    assert ruling["violations"], ruling
    return str(ruling["violations"][0]["code"])


def cites(ruling: dict[str, Any], *words: str) -> bool:
    """Whether some cited passage mentions every one of ``words`` (document, section, passage)."""
    return any(all(word in rule for word in words) for rule in ruling["rules"])
