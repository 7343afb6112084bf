"""Every write to matches, their reports and disputes. Each function owns its transaction."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction

from matches.models import Dispute, Match, MatchReport, MatchResult
from tournaments.models import Round


class MatchAlreadyFinal(Exception):
    """The match has a final result; only a judge may change it now."""


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
        round=round_, table=table, defaults={"player_a": player_a, "player_b": player_b}
    )
    return match


def _reports_agree(first: MatchReport, second: MatchReport) -> bool:
    return (first.result, first.games_a, first.games_b, first.games_drawn) == (
        second.result,
        second.games_a,
        second.games_b,
        second.games_drawn,
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

    The match row is locked first, so two players pressing "report" at the same moment are applied one
    after the other and the second sees the first's report.
    """
    match = Match.objects.select_for_update().get(pk=match_id)
    if player.pk not in (match.player_a_id, match.player_b_id):
        raise PermissionDenied("Only the two players of a match can report its result.")
    if match.status == Match.Status.FINAL:
        raise MatchAlreadyFinal(f"Match {match.pk} already has a final result.")
    MatchReport.objects.update_or_create(
        match=match,
        player=player,
        defaults={"result": result, "games_a": games_a, "games_b": games_b, "games_drawn": games_drawn},
    )
    reports = list(match.reports.all())
    if len(reports) == 2:
        if _reports_agree(*reports):
            match.status, match.result = Match.Status.FINAL, reports[0].result
        else:
            match.status, match.result = Match.Status.DISPUTED, ""
        match.save(update_fields=["status", "result"])
    return match


@transaction.atomic
def dispute_open(*, match_id: int, opened_by: User, summary: str) -> Dispute:
    """Take a disagreement at the table to the judges."""
    match = Match.objects.select_for_update().get(pk=match_id)
    return Dispute.objects.create(match=match, opened_by=opened_by, summary=summary)
