"""Who may act on a match, and the lock every write takes first.

Every service that changes a match locks its row before reading anything it decides on, so two players (or
a player and a judge) acting at once are applied one after the other and the second sees the first's work.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import F, QuerySet
from django.utils.translation import gettext

from accounts.users import display_name
from config.refusals import Conflict
from matches.models import Match, MatchResult
from matches.selectors.matches import is_match_judge
from tournaments.models import Round

# Who may judge at an event: its judges and its organizers.


class MatchConflict(Conflict):
    """The action clashes with the match's state (a 409): it is over, disputed, not yours, or done."""


class MatchOver(MatchConflict):
    """The match has a final result (or the engine says it is over); only a judge may change it now."""


class MatchDisputed(MatchConflict):
    """The players' reports differ: a judge decides before play goes on."""


def match_lock(match_id: int, *, rows: QuerySet[Match] | None = None) -> Match:
    """The match row, locked until the caller's transaction ends (its round and event read with it).

    Whoever locks a match is about to change it: its ``version`` is bumped here, in the same transaction,
    so every viewer's live fragment sees a new version once the write commits (and none if it is refused,
    since the refusal rolls the bump back). The bump is also what takes the lock: the read comes after it,
    in a statement of its own, so it sees whatever the previous holder of the lock committed (on PostgreSQL
    a ``SELECT ... FOR UPDATE`` that waited would see the locked row anew but joined rows as they were).
    ``rows``: the match with whatever else the caller decides on, read in that one query (by default its
    round and event). Raises ``Match.DoesNotExist`` when there is no such match.
    """
    Match.objects.filter(pk=match_id).update(version=F("version") + 1)
    read = Match.objects.select_related("round__event") if rows is None else rows
    return read.select_for_update(of=("self",)).order_by("pk").get(pk=match_id)


def side_name(match: Match, side: str | None) -> str:
    """The name of the player in seat ``side`` ("A" or "B"), as every message names them ("" for none)."""
    if side == "A":
        return display_name(match.player_a)
    if side == "B":
        return display_name(match.player_b)
    return ""


def player_side(match: Match, player: User) -> str:
    """``"A"`` or ``"B"`` for a player of the match; anyone else is refused."""
    side = match.side_of(player.pk)
    if side is None:
        raise PermissionDenied(gettext("Only the two players of this match can do that."))
    return side


def require_judge(match: Match, user: User) -> None:
    """Only the event's judges and organizers may enter results, give penalties or extend time; not in
    a match they play."""
    if match.side_of(user.pk) is not None:
        raise PermissionDenied(gettext("You play in this match: another judge or organizer must do that."))
    if not is_match_judge(match, user):
        raise PermissionDenied(gettext("Only a judge or organizer of this event can do that."))


def require_round_started(match: Match) -> None:
    """Nothing is played at a table before the organizer starts the round (it may still be re-paired)."""
    if match.round.status == Round.Status.PAIRED:
        raise MatchConflict(
            gettext("Round %(number)s has not started yet: play begins when the organizer starts it.")
            % {"number": match.round.number}
        )


def require_open(match: Match) -> None:
    """Players act only on a match being played: its round started, not final, not waiting for a judge."""
    require_round_started(match)
    if match.status == Match.Status.FINAL:
        raise MatchOver(gettext("This match already has a final result."))
    if match.status == Match.Status.DISPUTED:
        raise MatchDisputed(gettext("This match is disputed: a judge decides before play goes on."))


def top_cut_needs_a_winner() -> str:
    """What the pages and the API say when a top cut match is given no winner."""
    return gettext(
        "A top cut match needs a winner: report which player won the match, not a draw or a double loss."
    )


def require_winner_in_top_cut(match: Match, result: str) -> None:
    """A top cut match ends with a winner: a draw or a double loss is refused when it is reported, not found
    out when the organizer closes the round."""
    if match.round.stage == Round.Stage.TOP and result not in (MatchResult.A, MatchResult.B):
        raise ValidationError({"result": [top_cut_needs_a_winner()]})


def impossible_tally(match: Match, *, result: str, games: tuple[int, int, int]) -> str:
    """Why a match result does not follow from its duels, in words with the players' names (never the
    letters or the stored values): "Yugi Muto 3, Seto Kaiba 0, 0 drawn: a match cannot end that way with
    Yugi Muto winning. Check the duels."."""
    won_a, won_b, drawn = games
    count = gettext("%(a)s %(won_a)s, %(b)s %(won_b)s, %(drawn)s drawn") % {
        "a": display_name(match.player_a),
        "won_a": won_a,
        "b": display_name(match.player_b),
        "won_b": won_b,
        "drawn": drawn,
    }
    if result == MatchResult.DRAW:
        return gettext("%(count)s: a match cannot end that way as a draw. Check the duels.") % {
            "count": count
        }
    winner = match.player_a if result == MatchResult.A else match.player_b
    words = {"count": count, "name": display_name(winner)}
    return gettext("%(count)s: a match cannot end that way with %(name)s winning. Check the duels.") % words
