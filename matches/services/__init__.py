"""Every write to matches: one module per job, each function owning its transaction.

Every write locks the match row first (:func:`access.match_lock`), so two players, or a player and a judge,
acting at once are applied one after the other. So every write takes the match by its id (``match_id``, a
duel by ``match_id`` and ``number``, a dispute by ``dispute_id``) and reads only the row it locked: an
instance from the caller would be a second copy, read before the lock and possibly stale. Reads are in
:mod:`matches.selectors`. The names below are the app's service API.
"""

from matches.services.access import (
    MatchConflict,
    MatchDisputed,
    MatchOver,
    match_lock,
    player_side,
    require_judge,
    require_open,
)
from matches.services.disputes import dispute_open
from matches.services.duels import (
    DuelAlreadyFinal,
    NotYourChoice,
    duel_report,
    duel_start,
    match_coin_toss,
    match_finish,
    match_settle,
)
from matches.services.pairings import (
    RoundPlayed,
    Seat,
    matches_swap_players,
    round_matches_clear,
    round_matches_create,
)
from matches.services.reports import (
    FinalMatch,
    match_create,
    match_report_result,
    matches_create_final,
    tally_possible,
)

__all__ = [
    "DuelAlreadyFinal",
    "FinalMatch",
    "MatchConflict",
    "MatchDisputed",
    "MatchOver",
    "NotYourChoice",
    "RoundPlayed",
    "Seat",
    "dispute_open",
    "duel_report",
    "duel_start",
    "match_coin_toss",
    "match_create",
    "match_finish",
    "match_lock",
    "match_report_result",
    "match_settle",
    "matches_create_final",
    "matches_swap_players",
    "player_side",
    "require_judge",
    "require_open",
    "round_matches_clear",
    "round_matches_create",
    "tally_possible",
]
