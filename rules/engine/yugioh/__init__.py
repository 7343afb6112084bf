"""Yu-Gi-Oh! rules: one handler per action type of the dispute format.

Each handler module holds the rules of one kind of action as small functions returning a violation or
``None``; this module only reads the state and routes the action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.engine.catalog import CardCatalog
from rules.engine.dispute import Dispute
from rules.engine.errors import DisputeError, StateIncomplete, UnknownCardError
from rules.engine.jsonvalues import ActionFields, as_card_id, as_list
from rules.engine.match import judge_match_result
from rules.engine.ruling import Ruling, incomplete_ruling
from rules.engine.yugioh import passages
from rules.engine.yugioh.activation import judge_activate
from rules.engine.yugioh.battle import judge_attack
from rules.engine.yugioh.chain import judge_resolve_chain
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.deck import judge_deck_check
from rules.engine.yugioh.position import judge_change_position
from rules.engine.yugioh.replay import judge_replay
from rules.engine.yugioh.side import judge_side_swap
from rules.engine.yugioh.special import judge_special_summon
from rules.engine.yugioh.state import Duel, parse_state
from rules.engine.yugioh.state_check import judge_check_state
from rules.engine.yugioh.summon import judge_flip_summon, judge_normal_summon, judge_set_monster
from rules.engine.yugioh.turn import judge_draw, judge_end_turn

Handler = Callable[[Context], Ruling]

# The action fields that name cards of the state, one id or a list of ids.
CARD_ID_FIELDS = ("attacker", "target", "card")
CARD_ID_LIST_FIELDS = ("cards", "tributes", "materials")

STATE_ACTIONS: dict[str, Handler] = {
    "attack": judge_attack,
    "normal_summon": judge_normal_summon,
    "set_monster": judge_set_monster,
    "flip_summon": judge_flip_summon,
    "change_position": judge_change_position,
    "special_summon": judge_special_summon,
    "activate": judge_activate,
    "resolve_chain": judge_resolve_chain,
    "draw": judge_draw,
    "end_turn": judge_end_turn,
    "check_state": lambda ctx: judge_check_state(ctx.duel),
    "replay": judge_replay,
}
ACTIONS = (*STATE_ACTIONS, "match_result", "deck_check", "side_swap")


def judge_yugioh(dispute: Dispute, catalog: CardCatalog | None) -> Ruling:
    """Rule on a Yu-Gi-Oh! dispute whose envelope has been checked."""
    action = ActionFields(dispute.action)
    if dispute.action_type == "match_result":
        return judge_match_result(action, passages.MATCH_RULES)
    if dispute.action_type == "deck_check":
        return judge_deck_check(action, catalog)
    if dispute.action_type == "side_swap":
        return judge_side_swap(action, catalog)
    handler = STATE_ACTIONS.get(dispute.action_type)
    if handler is None:
        raise DisputeError("action.type", f"unknown Yu-Gi-Oh! action; expected one of {', '.join(ACTIONS)}")
    if not dispute.has_state:
        gap = StateIncomplete("state", f"a {dispute.action_type} dispute needs the game state")
        return incomplete_ruling(gap, passages.STATE_INCOMPLETE)
    try:
        duel = parse_state(dispute.state, catalog)
    except StateIncomplete as gap:
        return incomplete_ruling(gap, passages.STATE_INCOMPLETE)
    check_card_references(duel, dispute.action)
    return handler(Context(duel=duel, action=action, revision=dispute.revision, catalog=catalog))


def check_card_references(duel: Duel, action: Mapping[str, Any]) -> None:
    """Every card id the action names must be in the reported state; list each one that is not (a 400).

    The handlers check the ids they use one at a time; checking them all first lets the players see every
    wrong id at once instead of fixing them one request at a time.
    """
    unknown: list[DisputeError] = []

    def check(card_id: str | None, field: str) -> None:
        if card_id is not None and duel.locate(card_id) is None:
            message = f"no card with id {card_id!r} in the state"
            unknown.append(UnknownCardError(field, message, card_id=card_id))

    for key in CARD_ID_FIELDS:
        check(as_card_id(action.get(key)), f"action.{key}")
    for key in CARD_ID_LIST_FIELDS:
        for index, item in enumerate(as_list(action.get(key)) or []):
            check(as_card_id(item), f"action.{key}[{index}]")
    DisputeError.raise_all(unknown)
