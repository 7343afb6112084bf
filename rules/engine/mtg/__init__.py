"""Magic: The Gathering rules: the match tally, deck checks and sideboarding so far.

The Magic issue adds the game-state handlers here (``combat_damage``, ``declare_attackers``, ``cast``,
``play_land``, ``draw``, ``cleanup``, ``state_check``), each in its own module, following the layout of
``rules.engine.yugioh``. Until then those actions are a clear :class:`UnsupportedError`.
"""

from __future__ import annotations

from rules.engine.catalog import CardCatalog
from rules.engine.dispute import Dispute
from rules.engine.errors import DisputeError, UnsupportedError
from rules.engine.jsonvalues import ActionFields
from rules.engine.match import FIRST_TO_TWO, judge_match_result
from rules.engine.mtg import passages
from rules.engine.mtg.deck import judge_mtg_deck_check, judge_mtg_side_swap
from rules.engine.ruling import Ruling

MATCH_RULES = passages.MATCH_RULES
ACTIONS = (
    "combat_damage",
    "declare_attackers",
    "cast",
    "play_land",
    "draw",
    "cleanup",
    "state_check",
    "match_result",
    "deck_check",
    "side_swap",
)

__all__ = ["FIRST_TO_TWO", "judge_mtg"]


def judge_mtg(dispute: Dispute, catalog: CardCatalog | None) -> Ruling:
    """Rule on a Magic dispute: match, deck and sideboard now; game states with the Magic rules."""
    action = ActionFields(dispute.action)
    if dispute.action_type == "match_result":
        return judge_match_result(action, MATCH_RULES)
    if dispute.action_type == "deck_check":
        return judge_mtg_deck_check(action, catalog)
    if dispute.action_type == "side_swap":
        return judge_mtg_side_swap(action, catalog)
    if dispute.action_type not in ACTIONS:
        raise DisputeError("action.type", f"unknown Magic action; expected one of {', '.join(ACTIONS)}")
    raise UnsupportedError(
        "action.type", f"Magic: The Gathering {dispute.action_type} rulings are not supported yet"
    )
