"""Who may act on a match, and the lock every write takes first.

Every service that changes a match locks its row before reading anything it decides on, so two players (or
a player and a judge) acting at once are applied one after the other and the second sees the first's work.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.db.models import F, IntegerField, QuerySet
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext

from accounts.users import display_name
from config.refusals import Conflict
from matches.models import Match, MatchResult
from matches.selectors.matches import is_match_judge
from tournaments.models import Round
from tournaments.services.history import history_changed

# Who may judge at an event: its judges and its organizers.


class MatchConflict(Conflict):
    """The action clashes with the match's state (a 409): it is over, disputed, not yours, or done."""


class MatchOver(MatchConflict):
    """The match has a final result (or the engine says it is over); only a judge may change it now."""


class MatchDisputed(MatchConflict):
    """The players' reports differ: a judge decides before play goes on."""


def match_lock(match_id: int) -> Match:
    """The match row, locked until the caller's transaction ends (its round and event read with it).

    Whoever locks a match is about to change it: its ``version`` is bumped here, in the same transaction,
    so every viewer's live fragment sees a new version once the write commits (and none if it is refused,
    since the refusal rolls the bump back).
    """
    Match.objects.filter(pk=match_id).update(version=F("version") + 1)
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .order_by("pk")
        .get(pk=match_id)
    )
    if match.round.status == Round.Status.FINISHED or match.status == Match.Status.FINAL:
        # A match of a closed round is history, and a final result is what closing a round reads: a change
        # to either changes the cached standings (tournaments.services.history). A report in a round being
        # played is neither, so the report path leaves the event row alone.
        history_changed(event_id=match.round.event_id)
    return match


def match_lock_reading(match_id: int, rows: QuerySet[Match]) -> Match:
    """The match row locked and read with ``rows``'s joins and subqueries, in one statement (two when
    another writer committed while it waited). Raises ``Match.DoesNotExist`` when there is no such match.

    For a caller that writes the version itself, in the same UPDATE as its change (``match_update``), and
    so writes nothing when it refuses. What it reads is what the previous holder of the lock committed: on
    SQLite, transactions take the database's write lock when they begin; on PostgreSQL, a ``SELECT ... FOR
    UPDATE`` that finds the row changed since its statement began locks and returns the row as it is now,
    but joined rows and subqueries as they were. Every writer changes the version, so a version in the
    statement's snapshot (a subquery) other than the locked row's says so, and the match is read again,
    the lock held.
    """
    name = connection.ops.quote_name
    table, pk, version = name(Match._meta.db_table), name(Match._meta.pk.column), name("version")
    # The names are the model's own, quoted.
    in_snapshot = f"SELECT snapshot.{version} FROM {table} snapshot WHERE snapshot.{pk} = {table}.{pk}"  # noqa: S608
    locked = (
        rows.select_for_update(of=("self",))
        .annotate(snapshot_version=RawSQL(in_snapshot, (), output_field=IntegerField()))  # noqa: S611
        .order_by("pk")
    )
    match = locked.get(pk=match_id)
    if match.__dict__["snapshot_version"] != match.version:
        match = locked.get(pk=match_id)
    return match


def match_update(match: Match, **fields: Any) -> None:
    """Write ``fields`` to the (locked) match and give it a new version, in one UPDATE."""
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1, **fields)
    for name, value in fields.items():
        setattr(match, name, value)
    match.version += 1


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
