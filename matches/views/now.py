"""The top of the match page: the one thing this viewer has to do now, and what a player reads of a judge's
corrections and penalties at their table.

The match page opens on it on a phone: count the Side Deck, toss the coin, choose who plays first, report the
duel, report the match, or wait for the opponent. It is worked out from the sections' contexts (the engine's
duel state, the Side Deck overview, the reports), so it offers only what the services would accept from this
viewer now.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, pgettext

from accounts.users import display_name
from matches.models import Duel, Match, MatchResult, Penalty, ResultChange


def reason_choices(game: str) -> list[tuple[str, str]]:
    """How a duel can end, in the game's own words (Magic has life and a library, Yu-Gi-Oh! LP and a Deck)."""
    if game != "mtg":
        return [(value, str(label)) for value, label in Duel.Reason.choices]
    magic: dict[str, str] = {
        Duel.Reason.LP: pgettext("how a Magic game ended", "Life total"),
        Duel.Reason.DECK_OUT: pgettext("how a Magic game ended", "Drew from an empty library"),
    }
    return [(value, magic.get(value, str(label))) for value, label in Duel.Reason.choices]


def reason_label(game: str, reason: str) -> str:
    """One way a duel ended, in the game's own words ("" for none)."""
    return dict(reason_choices(game)).get(reason, "") if reason else ""


def score(games_a: int, games_b: int, games_drawn: int = 0) -> str:
    """A tally as people write it: "2-1", or "1-1-1" with a drawn duel."""
    return f"{games_a}-{games_b}-{games_drawn}" if games_drawn else f"{games_a}-{games_b}"


def result_sentence(match: Match, result: str, games: tuple[int, int, int]) -> str:
    """A match result with the winner's name, the winner's games first, as people say it: "Seto Kaiba wins
    2-0" whichever seat he had; "A draw, 1-1-1", "A bye"."""
    tally = score(*games)
    if result == MatchResult.A:
        return gettext("%(name)s wins %(score)s") % {"name": display_name(match.player_a), "score": tally}
    if result == MatchResult.B:
        won_b = score(games[1], games[0], games[2])
        return gettext("%(name)s wins %(score)s") % {"name": display_name(match.player_b), "score": won_b}
    if result == MatchResult.DRAW:
        return gettext("A draw, %(score)s") % {"score": tally}
    if result == MatchResult.DOUBLE_LOSS:
        return gettext("A loss for both players")
    if result == MatchResult.BYE:
        return gettext("A bye")
    return gettext("No result")


def snapshot_result(match: Match, snapshot: dict[str, Any]) -> str:
    return result_sentence(
        match,
        snapshot.get("result", ""),
        (snapshot.get("games_a", 0), snapshot.get("games_b", 0), snapshot.get("games_drawn", 0)),
    )


def duel_result_sentence(match: Match, snapshot: dict[str, Any]) -> str:
    """A duel's result as recorded: "Yugi Muto won (deck out)", "a draw", "no result"."""
    result = snapshot.get("result", "")
    reason = snapshot.get("reason", "")
    how = reason_label(match.round.event.game, reason).lower()
    if result in (Duel.Result.A, Duel.Result.B):
        name = display_name(match.player_a if result == Duel.Result.A else match.player_b)
        if how:
            return gettext("%(name)s won (%(how)s)") % {"name": name, "how": how}
        return gettext("%(name)s won") % {"name": name}
    if result == Duel.Result.DRAW:
        return gettext("a draw (%(how)s)") % {"how": how} if how else gettext("a draw")
    return gettext("no result")


def correction_sentence(match: Match, change: ResultChange) -> str:
    """One plain sentence a player reads of a judge's change to their result, e.g. "Judge Jude Ruling
    corrected the result: Yugi Muto wins 2-1 (was: Seto Kaiba wins 2-1). Note: a miscount."."""
    judge = display_name(change.changed_by)
    mtg = match.round.event.game == "mtg"
    if change.duel_number:
        values = {
            "judge": judge,
            "number": change.duel_number,
            "after": duel_result_sentence(match, change.after),
            "before": duel_result_sentence(match, change.before),
            "note": change.note_words,
        }
        if mtg:
            return (
                gettext(
                    "Judge %(judge)s corrected game %(number)s: %(after)s (was: %(before)s). Note: %(note)s"
                )
                % values
            )
        return (
            gettext("Judge %(judge)s corrected duel %(number)s: %(after)s (was: %(before)s). Note: %(note)s")
            % values
        )
    values = {
        "judge": judge,
        "after": snapshot_result(match, change.after),
        "before": snapshot_result(match, change.before),
        "note": change.note_words,
    }
    if not change.before.get("result"):
        return gettext("Judge %(judge)s entered the result: %(after)s. Note: %(note)s") % values
    return (
        gettext("Judge %(judge)s corrected the result: %(after)s (was: %(before)s). Note: %(note)s") % values
    )


def penalty_sentence(penalty: Penalty) -> str:
    """One plain sentence a player reads of a penalty given at their table."""
    values = {
        "judge": display_name(penalty.issued_by),
        "player": display_name(penalty.player),
        "kind": penalty.get_kind_display(),
        "infraction": penalty.infraction_words,
        "note": penalty.note,
    }
    if penalty.note:
        return (
            gettext("Judge %(judge)s gave %(player)s a penalty (%(kind)s): %(infraction)s. Note: %(note)s")
            % values
        )
    return gettext("Judge %(judge)s gave %(player)s a penalty (%(kind)s): %(infraction)s.") % values


def count_missing(match: Match, context: dict[str, Any]) -> bool:
    """The viewer plays and has not counted their Side Deck, which they still may (before duel 1)."""
    overview = context.get("side_overview")
    my_side = context.get("my_side")
    if overview is None or not my_side or not overview.before_duel_1 or match.status != Match.Status.PLAYING:
        return False
    mine = next((view for view in overview.counts if view.side == my_side), None)
    return mine is not None and mine.count is None


def what_now(match: Match, context: dict[str, Any]) -> str:
    """The one thing to do now for this viewer, from the sections' contexts, in the order of the table:

    "toss", "count", "choose", "wait_choice", "report_duel" (or "confirm_duel" when the opponent reported it
    first), "wait_duel", "report_match" (or "confirm_match"), "wait_match" for a player; "toss" for a judge
    who may toss for the players; "final", "disputed" or "" otherwise.
    """
    if match.player_b_id is None:
        return ""
    if match.status == Match.Status.FINAL:
        return "final"
    if match.status == Match.Status.DISPUTED:
        return "disputed"
    state = context.get("duel_state")
    my_side = context.get("my_side")
    if state is None:
        return ""
    if not my_side:
        return "toss" if state.needs_toss and context.get("can_toss_as_judge") else ""
    if context.get("my_report") is not None:
        return "wait_match"
    if state.playing is not None:
        row = next((row for row in context["duel_rows"] if row["duel"].pk == state.playing.pk), None)
        if row is not None and row["mine"] is not None:
            return "wait_duel"
        # The opponent reported first: agreeing is one tap, and what the player checks comes first.
        return "confirm_duel" if row is not None and row["reports"] else "report_duel"
    if state.over or match.time_called_at is not None:
        return "confirm_match" if context.get("match_reports") else "report_match"
    if state.needs_toss:
        return "toss"
    # The Side Deck is counted before duel 1 starts, that is before the choice that starts it: the player
    # who chooses is asked for both at once (see ``count_missing``), the other one counts while waiting.
    if count_missing(match, context) and state.chooser != my_side:
        return "count"
    if state.chooser:
        return "choose" if state.chooser == my_side else "wait_choice"
    return ""


def _opponents_report(now: str, playing_row: dict[str, Any] | None, context: dict[str, Any]) -> Any:
    """What the opponent reported, for the player to confirm: of the duel being played, or of the match."""
    if now == "confirm_duel" and playing_row is not None:
        return playing_row["reports"][0]
    if now == "confirm_match":
        return (context.get("match_reports") or [None])[0]
    return None


def now_context(match: Match, context: dict[str, Any]) -> dict[str, Any]:
    """What the top of the page shows: the action, the duel it is about, and a player's plain sentences of
    corrections and penalties (judges read the full log in the Judging section)."""
    now = what_now(match, context)
    state = context.get("duel_state")
    playing_row = None
    if state is not None and state.playing is not None:
        playing_row = next((row for row in context["duel_rows"] if row["duel"].pk == state.playing.pk), None)
    is_player = bool(context.get("my_side"))
    return {
        "now": now,
        "now_playing": playing_row,
        "now_theirs": _opponents_report(now, playing_row, context),
        "now_count_missing": now == "choose" and count_missing(match, context),
        "now_opponent": display_name(
            (match.player_b if context.get("my_side") == "A" else match.player_a) if is_player else None
        ),
        "mtg": match.round.event.game == "mtg",
        "final_sentence": (
            result_sentence(match, match.result, (match.games_a, match.games_b, match.games_drawn))
            if match.status == Match.Status.FINAL
            else ""
        ),
        "players_notices": (
            [
                correction_sentence(match, change)
                for change in match.result_changes.select_related("changed_by")
            ]
            + [penalty_sentence(p) for p in match.penalties.select_related("player", "issued_by")]
            if is_player
            else []
        ),
    }
