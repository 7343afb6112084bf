"""Magic: The Gathering rules: one handler per action type of the dispute format.

Each handler module holds the rules of one kind of action as small functions returning a violation or
``None``, as in ``rules.engine.yugioh``; this module only reads the state and routes the action. A state
that lacks what a rule needs becomes a ruling with ``legal: null`` wherever it is found out.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.engine.catalog import CardCatalog
from rules.engine.dispute import Dispute
from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.jsonvalues import ActionFields
from rules.engine.match import FIRST_TO_TWO, judge_match_result
from rules.engine.mtg import passages
from rules.engine.mtg.attack import judge_declare_attackers
from rules.engine.mtg.combat import judge_combat_damage
from rules.engine.mtg.context import Context
from rules.engine.mtg.deck import judge_mtg_deck_check, judge_mtg_side_swap
from rules.engine.mtg.state import parse_state
from rules.engine.mtg.state_based import judge_state_check
from rules.engine.mtg.timing import judge_cast, judge_play_land
from rules.engine.mtg.turn import judge_cleanup, judge_draw
from rules.engine.ruling import Ruling, incomplete_ruling

MATCH_RULES = passages.MATCH_RULES
Handler = Callable[[Context], Ruling]
STATE_ACTIONS: dict[str, Handler] = {
    "combat_damage": judge_combat_damage,
    "declare_attackers": judge_declare_attackers,
    "cast": judge_cast,
    "play_land": judge_play_land,
    "draw": judge_draw,
    "cleanup": judge_cleanup,
    "state_check": judge_state_check,
}
ACTIONS = (*STATE_ACTIONS, "match_result", "deck_check", "side_swap")

__all__ = ["FIRST_TO_TWO", "judge_mtg"]


def judge_mtg(dispute: Dispute, catalog: CardCatalog | None) -> Ruling:
    """Rule on a Magic dispute whose envelope has been checked."""
    action = ActionFields(dispute.action)
    if dispute.action_type == "match_result":
        return judge_match_result(action, MATCH_RULES)
    if dispute.action_type == "deck_check":
        return judge_mtg_deck_check(action, catalog)
    if dispute.action_type == "side_swap":
        return judge_mtg_side_swap(action, catalog)
    handler = STATE_ACTIONS.get(dispute.action_type)
    if handler is None:
        raise DisputeError("action.type", f"unknown Magic action; expected one of {', '.join(ACTIONS)}")
    if not dispute.has_state:
        gap = StateIncomplete("state", f"a {dispute.action_type} dispute needs the game state")
        return incomplete_ruling(gap, passages.STATE_INCOMPLETE)
    try:
        game = parse_state(dispute.state)
        return handler(Context(game=game, action=action, revision=dispute.revision))
    except StateIncomplete as gap:
        # Handlers ask for turn, phase or a card's toughness only when a rule needs them (see state.py).
        return incomplete_ruling(gap, passages.STATE_INCOMPLETE)
