"""Magic: The Gathering rules: one handler per action type of the dispute format.

Each handler module holds the rules of one kind of action as small functions returning a violation or
``None``, as in ``rules.engine.yugioh``; this module describes the game to the one router
(``rules.engine.router``). A state that lacks what a rule needs becomes a ruling with ``legal: null``
wherever it is found out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rules.engine.catalog import CardCatalog
from rules.engine.dispute import Dispute
from rules.engine.jsonvalues import as_card_id, as_list, as_mapping
from rules.engine.match import FIRST_TO_TWO
from rules.engine.mtg import passages
from rules.engine.mtg.attack import judge_declare_attackers
from rules.engine.mtg.blockers import judge_declare_blockers
from rules.engine.mtg.combat import judge_combat_damage
from rules.engine.mtg.context import Context
from rules.engine.mtg.deck import judge_mtg_deck_check, judge_mtg_side_swap
from rules.engine.mtg.mulligan import judge_mulligan
from rules.engine.mtg.stack import judge_resolve_stack
from rules.engine.mtg.state import Game, parse_state
from rules.engine.mtg.state_based import judge_state_check
from rules.engine.mtg.timing import judge_cast, judge_play_land
from rules.engine.mtg.turn import judge_cleanup, judge_draw
from rules.engine.router import GameRules, judge_game
from rules.engine.ruling import Ruling

MATCH_RULES = passages.MATCH_RULES
Handler = Callable[[Context], Ruling]
STATE_ACTIONS: dict[str, Handler] = {
    "combat_damage": judge_combat_damage,
    "declare_attackers": judge_declare_attackers,
    "declare_blockers": judge_declare_blockers,
    "cast": judge_cast,
    "play_land": judge_play_land,
    "draw": judge_draw,
    "cleanup": judge_cleanup,
    "state_check": judge_state_check,
    "mulligan": judge_mulligan,
    "resolve_stack": judge_resolve_stack,
}


def card_references(action: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every card id the action names, with its path: ``card``; ``attackers`` as ids (declaring attackers)
    or as ``{"attacker": ID, "blockers": [ID...]}`` (combat damage); ``blocks`` as ``{"blocker": ID,
    "attacker": ID}`` (declaring blockers). A value of another shape is left to the handler, which says what
    it should be."""
    card_id = as_card_id(action.get("card"))
    if card_id is not None:
        yield "action.card", card_id
    for index, item in enumerate(as_list(action.get("attackers")) or []):
        path = f"action.attackers[{index}]"
        entry = as_mapping(item)
        if entry is None:
            if (attacker := as_card_id(item)) is not None:
                yield path, attacker
            continue
        if (attacker := as_card_id(entry.get("attacker"))) is not None:
            yield f"{path}.attacker", attacker
        for blocker_index, blocker in enumerate(as_list(entry.get("blockers")) or []):
            if (blocker_id := as_card_id(blocker)) is not None:
                yield f"{path}.blockers[{blocker_index}]", blocker_id
    for index, item in enumerate(as_list(action.get("blocks")) or []):
        entry = as_mapping(item) or {}
        for key in ("blocker", "attacker"):
            if (card_id := as_card_id(entry.get(key))) is not None:
                yield f"action.blocks[{index}].{key}", card_id


RULES: GameRules[Game, Context] = GameRules(
    name="Magic",
    actions=STATE_ACTIONS,
    read_state=lambda state, _catalog: parse_state(state),
    context=lambda game, action, revision, _catalog: Context(game=game, action=action, revision=revision),
    card_references=card_references,
    match_rules=MATCH_RULES,
    deck_check=judge_mtg_deck_check,
    side_swap=judge_mtg_side_swap,
    state_incomplete=passages.STATE_INCOMPLETE,
)
ACTIONS = RULES.action_types

__all__ = ["FIRST_TO_TWO", "judge_mtg"]


def judge_mtg(dispute: Dispute, catalog: CardCatalog | None) -> Ruling:
    """Rule on a Magic dispute whose envelope has been checked."""
    return judge_game(RULES, dispute, catalog)
