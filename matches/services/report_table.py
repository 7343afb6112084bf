"""The match a player's report is decided on: locked, and read in one statement with all it is checked
against.

Its round, event and both players (the refusals name them, the answer shows them), the opponent's report
(two agreeing reports finish the match) and the duels recorded on the page (the report must agree with
them). The counts are small SQL subqueries rather than ORM ``Subquery`` expressions: building those cost
more CPU than all the rest of the request.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Case, F, FilteredRelation, IntegerField, Q, When
from django.db.models.expressions import RawSQL

from matches.models import Duel, Match
from matches.services.access import match_lock_reading


@dataclass(frozen=True)
class ReportTable:
    match: Match  # locked, with its round, event and players
    opponent_report: tuple[str, int, int, int] | None  # result, games A, B and drawn; None: not reported
    duels: tuple[int, int, int]  # the duels recorded on the page: won by A, won by B, drawn


def _duels_ended(result: str) -> RawSQL:
    """How many of the match's duels ended with ``result`` (a subquery of the match's read)."""
    name = connection.ops.quote_name
    duel = Duel._meta
    table, match_id, ended = name(duel.db_table), name(duel.get_field("match").column), name("result")
    match = f"{name(Match._meta.db_table)}.{name(Match._meta.pk.column)}"
    # The names are the models' own, quoted; the result is a parameter.
    sql = f"SELECT COUNT(*) FROM {table} WHERE {match_id} = {match} AND {ended} = %s"  # noqa: S608
    return RawSQL(sql, (result,), output_field=IntegerField())  # noqa: S611


def report_table_locked(match_id: int, player: User) -> ReportTable:
    """The match locked (``match_lock_reading``: the second of two players reporting at once sees the
    first's report) and read with everything a report by ``player`` is checked against."""
    opponent = Case(When(player_a_id=player.pk, then=F("player_b_id")), default=F("player_a_id"))
    rows = (
        Match.objects.select_related("round__event", "player_a", "player_b")
        .annotate(opponents=FilteredRelation("reports", condition=Q(reports__player_id=opponent)))
        .annotate(
            opponent_result=F("opponents__result"),
            opponent_games_a=F("opponents__games_a"),
            opponent_games_b=F("opponents__games_b"),
            opponent_games_drawn=F("opponents__games_drawn"),
            duels_a=_duels_ended(Duel.Result.A),
            duels_b=_duels_ended(Duel.Result.B),
            duels_drawn=_duels_ended(Duel.Result.DRAW),
        )
    )
    match = match_lock_reading(match_id, rows)
    read = match.__dict__  # the annotations, which the model's type does not know
    opponent_report = None
    if read["opponent_result"] is not None:
        opponent_report = (
            read["opponent_result"],
            read["opponent_games_a"],
            read["opponent_games_b"],
            read["opponent_games_drawn"],
        )
    return ReportTable(match, opponent_report, (read["duels_a"], read["duels_b"], read["duels_drawn"]))
