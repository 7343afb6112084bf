"""Reads of matches, one module per concern; the names are re-exported here (the whole package is one layer,
so importing one concern loads nothing from above it)."""

from matches.selectors.duels import (
    DuelState,
    EngineAnswerMissing,
    duel_state,
    finished_duels_tally,
    match_tally,
)
from matches.selectors.matches import (
    PairingRow,
    disputes_visible_to,
    is_match_judge,
    judge_queue,
    match_for,
    match_live_stamp,
    matches_of_player,
    pairing_rows,
    pairings_for_round,
)
from matches.selectors.side_decks import (
    CountView,
    SideDecksOverview,
    SwapView,
    registered_deck_list,
    registered_side_count,
    side_decks_overview,
    visible_problems,
)

__all__ = [
    "CountView",
    "DuelState",
    "EngineAnswerMissing",
    "PairingRow",
    "SideDecksOverview",
    "SwapView",
    "disputes_visible_to",
    "duel_state",
    "finished_duels_tally",
    "is_match_judge",
    "judge_queue",
    "match_for",
    "match_live_stamp",
    "match_tally",
    "matches_of_player",
    "pairing_rows",
    "pairings_for_round",
    "registered_deck_list",
    "registered_side_count",
    "side_decks_overview",
    "visible_problems",
]
