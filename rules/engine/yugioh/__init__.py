"""Yu-Gi-Oh! rules: one handler per action type of the dispute format.

Each handler module holds the rules of one kind of action as small functions returning a violation or
``None``; this module describes the game to the one router (``rules.engine.router``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rules.engine.catalog import CardCatalog
from rules.engine.dispute import Dispute
from rules.engine.jsonvalues import as_card_id, as_list
from rules.engine.router import GameRules, judge_game
from rules.engine.ruling import Ruling
from rules.engine.yugioh import passages
from rules.engine.yugioh.activation import judge_activate
from rules.engine.yugioh.battle import judge_attack
from rules.engine.yugioh.chain import judge_resolve_chain
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.deck import judge_deck_check
from rules.engine.yugioh.equip import check_equipped
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


def card_references(action: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every card id the action names (one id, or a list of ids), with its path."""
    for key in CARD_ID_FIELDS:
        card_id = as_card_id(action.get(key))
        if card_id is not None:
            yield f"action.{key}", card_id
    for key in CARD_ID_LIST_FIELDS:
        for index, item in enumerate(as_list(action.get(key)) or []):
            card_id = as_card_id(item)
            if card_id is not None:
                yield f"action.{key}[{index}]", card_id


def read_duel(value: object, catalog: CardCatalog | None) -> Duel:
    """The reported state, with every Equip Card's monster checked (``equipped_to``)."""
    duel = parse_state(value, catalog)
    check_equipped(duel)
    return duel


RULES: GameRules[Duel, Context] = GameRules(
    name="Yu-Gi-Oh!",
    actions=STATE_ACTIONS,
    read_state=read_duel,
    context=lambda duel, action, revision, catalog: Context(
        duel=duel, action=action, revision=revision, catalog=catalog
    ),
    card_references=card_references,
    match_rules=passages.MATCH_RULES,
    deck_check=judge_deck_check,
    side_swap=judge_side_swap,
    state_incomplete=passages.STATE_INCOMPLETE,
)
ACTIONS = RULES.action_types


def judge_yugioh(dispute: Dispute, catalog: CardCatalog | None) -> Ruling:
    """Rule on a Yu-Gi-Oh! dispute whose envelope has been checked."""
    return judge_game(RULES, dispute, catalog)
