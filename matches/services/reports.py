"""Pairing a match, and each player's report of the whole match (the tally of its duels)."""

from __future__ import annotations

from itertools import permutations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from matches.models import Match, MatchReport, MatchResult, match_format_for_game
from matches.services.access import MatchOver, match_lock, player_side
from matches.services.duels import (
    EngineAnswerMissing,
    match_finish,
    match_result_from_tally,
    match_tally,
)
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


def _reports_agree(first: MatchReport, second: MatchReport) -> bool:
    return (first.result, first.games_a, first.games_b, first.games_drawn) == (
        second.result,
        second.games_a,
        second.games_b,
        second.games_drawn,
    )


def tally_possible(match: Match, *, result: str, games: tuple[int, int, int]) -> bool:
    """Could these duel counts end this match with ``result``? Asked of the engine, not re-derived here.

    Some order of the duels must end the match there with that result, either by itself or because time
    was called (1-0 at time is a win). The engine rules out the impossible: 3-0, a win with 0-2, a fourth
    duel in a three-duel match.
    """
    duels = ["A"] * games[0] + ["B"] * games[1] + ["draw"] * games[2]
    for order in set(permutations(duels)):
        for time_called in (False, True):
            try:
                tally = match_tally(match, list(order), time_called=time_called)
            except EngineAnswerMissing:  # the engine calls this order impossible: try another
                continue
            if tally["over"] and match_result_from_tally(tally) == result:
                return True
    return False


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
    applied one after the other and the second sees the first's report.
    """
    match = match_lock(match_id)
    player_side(match, player)
    if match.status == Match.Status.FINAL:
        raise MatchOver(f"Match {match.pk} already has a final result.")
    games = (games_a, games_b, games_drawn)
    if result not in (MatchResult.A, MatchResult.B, MatchResult.DRAW):
        raise ValidationError({"result": ["Report a, b or draw."]})
    if not tally_possible(match, result=result, games=games):
        raise ValidationError(
            {"games_a": [f"{games_a}-{games_b} with {games_drawn} drawn cannot end a match as {result!r}."]}
        )
    recorded = [duel.result for duel in match.duels.exclude(result="")]
    if recorded:
        counted = (recorded.count("A"), recorded.count("B"), recorded.count("draw"))
        if counted != games:
            raise ValidationError(
                {
                    "games_a": [
                        f"The duels recorded here are {counted[0]}-{counted[1]} with {counted[2]} drawn;"
                        " report the duels, or ask a judge to correct them."
                    ]
                }
            )
    MatchReport.objects.update_or_create(
        match=match,
        player=player,
        defaults={"result": result, "games_a": games_a, "games_b": games_b, "games_drawn": games_drawn},
    )
    reports = list(match.reports.all())
    if len(reports) == 2:
        if _reports_agree(*reports):
            match_finish(match, result=reports[0].result, games=games)
        else:
            match.status, match.result = Match.Status.DISPUTED, ""
            match.save(update_fields=["status", "result"])
    return match
