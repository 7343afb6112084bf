"""The match a player's report is decided on: locked, and read in one statement with all it is checked
against.

Its round, event and both players (the refusals name them, the answer shows them), the opponent's report
(two agreeing reports finish the match) and the duels recorded on the page (the report must agree with
them). These are small SQL subqueries rather than ORM ``Subquery`` expressions and filtered relations:
building those cost more CPU than all the rest of the request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import CharField, Field, IntegerField, Model
from django.db.models.expressions import RawSQL

from matches.models import Duel, Match, MatchReport
from matches.services.access import match_lock_reading


@dataclass(frozen=True)
class ReportTable:
    match: Match  # locked, with its round, event and players
    opponent_report: tuple[str, int, int, int] | None  # result, games A, B and drawn; None: not reported
    duels: tuple[int, int, int]  # the duels recorded on the page: won by A, won by B, drawn


def _quoted(model: type[Model], field: str) -> tuple[str, str]:
    name = connection.ops.quote_name
    column = cast("Field[Any, Any]", model._meta.get_field(field)).column
    return name(model._meta.db_table), name(column)


def _duels_ended(result: str) -> RawSQL:
    """How many of the match's duels ended with ``result`` (a subquery of the match's read)."""
    (duels, match_id), (_, ended) = _quoted(Duel, "match"), _quoted(Duel, "result")
    matches, pk = _quoted(Match, "id")
    # The names are the models' own, quoted; the result is a parameter.
    sql = f"SELECT COUNT(*) FROM {duels} WHERE {match_id} = {matches}.{pk} AND {ended} = %s"  # noqa: S608
    return RawSQL(sql, (result,), output_field=IntegerField())  # noqa: S611


def _opponents(field: str, player: User) -> RawSQL:
    """``field`` of the report of ``player``'s opponent, NULL when they have not reported (a subquery)."""
    (reports, match_id), (_, by), (_, value) = (
        _quoted(MatchReport, "match"),
        _quoted(MatchReport, "player"),
        _quoted(MatchReport, field),
    )
    (matches, pk), (_, a), (_, b) = (
        _quoted(Match, "id"),
        _quoted(Match, "player_a"),
        _quoted(Match, "player_b"),
    )
    opponent = f"CASE WHEN {matches}.{a} = %s THEN {matches}.{b} ELSE {matches}.{a} END"
    # The names are the models' own, quoted; the player is a parameter. One report a player and match.
    sql = f"SELECT {value} FROM {reports} WHERE {match_id} = {matches}.{pk} AND {by} = {opponent}"  # noqa: S608
    kind: Field[Any, Any] = CharField() if field == "result" else IntegerField()
    return RawSQL(sql, (player.pk,), output_field=kind)  # noqa: S611


def report_table_locked(match_id: int, player: User) -> ReportTable:
    """The match locked (``match_lock_reading``: the second of two players reporting at once sees the
    first's report) and read with everything a report by ``player`` is checked against."""
    rows = Match.objects.select_related("round__event", "player_a", "player_b").annotate(
        opponent_result=_opponents("result", player),
        opponent_games_a=_opponents("games_a", player),
        opponent_games_b=_opponents("games_b", player),
        opponent_games_drawn=_opponents("games_drawn", player),
        duels_a=_duels_ended(Duel.Result.A),
        duels_b=_duels_ended(Duel.Result.B),
        duels_drawn=_duels_ended(Duel.Result.DRAW),
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
