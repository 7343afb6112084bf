"""Pairing a match, and each player's report of the whole match (the tally of its duels)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from accounts.users import display_name
from matches.models import Match, MatchReport, MatchResult, match_format_for_game
from matches.selectors import EngineAnswerMissing, match_tally
from matches.services.access import (
    MatchOver,
    impossible_tally,
    match_update,
    player_side,
    require_round_started,
    require_winner_in_top_cut,
)
from matches.services.duels import match_finish, match_result_from_tally
from matches.services.report_table import report_table_locked
from tournaments.models import Round


def match_create(*, round_: Round, table: int | None, player_a: User, player_b: User | None) -> Match:
    """Pair two players at a table (or give ``player_a`` a bye when ``player_b`` is None)."""
    if player_b is None:
        match, _ = Match.objects.get_or_create(
            round=round_,
            player_a=player_a,
            player_b=None,
            defaults={"table": None, "status": Match.Status.FINAL, "result": MatchResult.BYE},
        )
        return match
    match, _ = Match.objects.get_or_create(
        round=round_,
        table=table,
        defaults={
            "player_a": player_a,
            "player_b": player_b,
            "match_format": match_format_for_game(round_.event.game),
        },
    )
    return match


@dataclass(frozen=True)
class FinalMatch:
    """A match already played elsewhere (an imported event): who met where, and how it ended."""

    round_id: int
    table: int | None
    player_a_id: int
    player_b_id: int | None  # None for a bye
    result: str
    games: tuple[int, int, int] = (0, 0, 0)


IMPORT_BATCH = 2_000


def matches_create_final(*, game: str, matches: Iterable[FinalMatch], progress: Callable[[int], None]) -> int:
    """Write finished matches in batches (an imported event has tens of thousands); returns how many.

    The caller holds the transaction (an import is all or nothing) and has checked the matches: the rows
    are what ``match_create`` and ``match_finish`` would make one by one, with a query per batch instead of
    three per match. ``progress(written)`` is called after each batch.
    """
    match_format = match_format_for_game(game)
    written = 0
    batch: list[Match] = []
    for final in matches:
        bye = final.player_b_id is None
        batch.append(
            Match(
                round_id=final.round_id,
                table=None if bye else final.table,
                player_a_id=final.player_a_id,
                player_b_id=final.player_b_id,
                status=Match.Status.FINAL,
                result=MatchResult.BYE if bye else final.result,
                match_format=match_format,
                games_a=0 if bye else final.games[0],
                games_b=0 if bye else final.games[1],
                games_drawn=0 if bye else final.games[2],
            )
        )
        if len(batch) == IMPORT_BATCH:
            Match.objects.bulk_create(batch)
            written += len(batch)
            batch = []
            progress(written)
    if batch:
        Match.objects.bulk_create(batch)
        written += len(batch)
        progress(written)
    return written


# The engine's answers to ``tally_possible`` by game, match format, result and tally: the same few questions
# are asked by every report (2-1, 2-0, ...), and each costs several engine calls. Bounded: a judge may type
# any tally, so the memo starts afresh once it is this large.
_POSSIBLE: dict[tuple[str, str, str, tuple[int, int, int]], bool] = {}
_POSSIBLE_MAX = 4096


def tally_possible(match: Match, *, result: str, games: tuple[int, int, int]) -> bool:
    """Could these duel counts end this match with ``result``? Asked of the engine, not re-derived here.

    Some order of the duels must end the match there with that result, either by itself or because time
    was called (1-0 at time is a win), and must not end it earlier. The engine rules out the impossible:
    3-0, a win with 0-2, a fourth duel in a three-duel match. The answer depends only on the game, the
    match format, the result and the tally (what ``match_tally`` sends the engine), so it is remembered.
    """
    key = (match.round.event.game, match.match_format, result, games)
    known = _POSSIBLE.get(key)
    if known is None:
        if len(_POSSIBLE) >= _POSSIBLE_MAX:
            _POSSIBLE.clear()
        known = _POSSIBLE[key] = _tally_possible(match, result=result, games=games)
    return known


def _tally_possible(match: Match, *, result: str, games: tuple[int, int, int]) -> bool:
    order = _order_reaching(match, games)
    if order is None:
        return False
    for time_called in (False, True):
        try:
            tally = match_tally(match, order, time_called=time_called)
        except EngineAnswerMissing:
            continue  # not over without time: the engine asks who chooses next (see _ends_match)
        if tally["over"] and match_result_from_tally(tally) == result:
            return True
    return False


def _order_reaching(match: Match, games: tuple[int, int, int]) -> list[str] | None:
    """An order of the duels in ``games`` (A wins, B wins, draws) in which the match goes on until the last.

    Searched over tallies, not over orders: whether the engine ends a match depends on its tally, so one
    order per tally is enough, and a judge's 9-9-9 costs a thousand engine calls, not 27! permutations.
    """
    results = ("A", "B", "draw")
    reached: dict[tuple[int, int, int], list[str]] = {(0, 0, 0): []}
    frontier = [(0, 0, 0)]
    while frontier:
        following: list[tuple[int, int, int]] = []
        for counts in frontier:
            if counts == games:
                return reached[counts]
            if reached[counts] and _ends_match(match, reached[counts]):
                continue  # the match ended here: no further duel belongs to it
            for index, outcome in enumerate(results):
                a, b, drawn = counts
                step = (a + (index == 0), b + (index == 1), drawn + (index == 2))
                if step[index] <= games[index] and step not in reached:
                    reached[step] = [*reached[counts], outcome]
                    following.append(step)
        frontier = following
    return None


def _ends_match(match: Match, order: list[str]) -> bool:
    try:
        return bool(match_tally(match, order)["over"])
    except EngineAnswerMissing:
        # A prefix never continues past the end of the match, so the engine's only "incomplete" here is
        # who chooses after a drawn Magic game: a question about the next game, asked of a match going on.
        return False


def _duels_differ(match: Match, counted: tuple[int, int, int]) -> str:
    """Why a report is refused when the duels recorded on the page say otherwise, with the players' names."""
    values = {
        "a": display_name(match.player_a),
        "won_a": counted[0],
        "b": display_name(match.player_b),
        "won_b": counted[1],
        "drawn": counted[2],
    }
    if match.round.event.game == "mtg":
        return (
            gettext(
                "The games recorded here are %(a)s %(won_a)s, %(b)s %(won_b)s, %(drawn)s drawn:"
                " report the games, or ask a judge to correct them."
            )
            % values
        )
    return (
        gettext(
            "The duels recorded here are %(a)s %(won_a)s, %(b)s %(won_b)s, %(drawn)s drawn:"
            " report the duels, or ask a judge to correct them."
        )
        % values
    )


@transaction.atomic
def match_report_result(
    *,
    match_id: int,
    player: User,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
) -> Match:
    """Record one player's report; two agreeing reports make the result final, two differing ones a dispute.

    The tally must be one the engine accepts for that result, and where the duels were recorded here it
    must be theirs. The match row is locked first, so two players pressing "report" at the same moment are
    applied one after the other and the second sees the first's report; a refused report writes nothing.
    Returns the match with its round, event and players loaded. Raises ``Match.DoesNotExist`` when there is
    no such match.
    """
    table = report_table_locked(match_id, player)
    match = table.match
    require_round_started(match)
    player_side(match, player)
    if match.status == Match.Status.FINAL:
        raise MatchOver(gettext("This match already has a final result."))
    games = (games_a, games_b, games_drawn)
    if result not in (MatchResult.A, MatchResult.B, MatchResult.DRAW):
        raise ValidationError({"result": [gettext("Choose who won the match, or a draw.")]})
    require_winner_in_top_cut(match, result)
    if not tally_possible(match, result=result, games=games):
        raise ValidationError({"games_a": [impossible_tally(match, result=result, games=games)]})
    if any(table.duels) and table.duels != games:
        raise ValidationError({"games_a": [_duels_differ(match, table.duels)]})
    # One statement, no savepoint: the player's report is written, or their earlier one replaced (the
    # match's lock keeps anyone else from writing it meanwhile).
    MatchReport.objects.bulk_create(
        [
            MatchReport(
                match=match,
                player=player,
                result=result,
                games_a=games_a,
                games_b=games_b,
                games_drawn=games_drawn,
            )
        ],
        update_conflicts=True,
        unique_fields=["match", "player"],
        update_fields=["result", "games_a", "games_b", "games_drawn"],
    )
    # The match's own UPDATE gives it its new version (the live page's), with the result or the dispute.
    if table.opponent_report is None:
        match_update(match)
    elif table.opponent_report == (result, *games):
        match_finish(match, result=result, games=games)
    else:
        match_update(match, status=Match.Status.DISPUTED, result="")
    return match
