"""Standings, Swiss and final.

Standings are computed from the event's own export (``replay_export.event_replay``) by the pure
``tournaments.engine.standings`` module on every read, so a judge's correction of a past result shows at once,
and the pages, the API, the CSV and ``manage.py standings`` on the export can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from matches.models import MatchResult
from tournaments.engine.standings import compute as standings_compute
from tournaments.models import Event, Round
from tournaments.replay_export import event_replay, player_id, player_name, players_by_id


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings page: the ``standings/1`` row with the player's name."""

    rank: int
    player: str
    name: str
    points: int
    wins: int
    losses: int
    draws: int
    tiebreakers: dict[str, float]
    tiebreak_number: int | None
    dropped: bool


def event_standings_document(event: Event) -> dict[str, Any]:
    """The ``standings/1`` document after the last closed round (what ``manage.py standings`` prints)."""
    return standings_compute(event_replay(event))


def player_names(event: Event) -> dict[str, str]:
    registrations = event.registrations.select_related("player")
    return {player_id(registration): player_name(registration) for registration in registrations}


def event_standings(event: Event) -> list[StandingRow]:
    document = event_standings_document(event)
    names = player_names(event)
    return [
        StandingRow(
            rank=row["rank"],
            player=row["player"],
            name=names.get(row["player"], row["player"]),
            points=row["points"],
            wins=row["record"]["wins"],
            losses=row["record"]["losses"],
            draws=row["record"]["draws"],
            tiebreakers=row["tiebreakers"],
            tiebreak_number=row.get("tiebreak_number"),
            dropped=row["dropped"],
        )
        for row in document["standings"]
    ]


@dataclass(frozen=True)
class FinalPlace:
    place: int
    player: str
    name: str
    reached: str  # "Winner", "Final", "Top 4", ... or "Swiss"


def final_standings(event: Event, swiss: list[StandingRow] | None = None) -> list[FinalPlace]:
    """Places after the top cut: the winner, the finalist, then each top cut round's losers (by their Swiss
    rank), then everyone else in Swiss order. Before the top cut ends, the top cut places are those known.
    ``swiss`` is :func:`event_standings` when the caller has it already (it is the expensive part)."""
    swiss = event_standings(event) if swiss is None else swiss
    names = {row.player: row.name for row in swiss}
    swiss_rank = {row.player: index for index, row in enumerate(swiss)}
    usernames = {user.pk: player for player, user in players_by_id(event).items()}
    top_rounds = list(
        event.rounds.filter(stage=Round.Stage.TOP, status=Round.Status.FINISHED).order_by("number")
    )
    placed: list[tuple[str, str]] = []
    for round_ in reversed(top_rounds):
        matches = list(round_.matches.all())
        size = len(matches) * 2
        label = "Final" if size == 2 else f"Top {size}"
        losers = []
        for match in matches:
            winner, loser = (
                (match.player_a_id, match.player_b_id)
                if match.result == MatchResult.A
                else (match.player_b_id, match.player_a_id)
            )
            if size == 2 and winner is not None:
                placed.append((usernames[winner], "Winner"))
            if loser is not None:
                losers.append(usernames[loser])
        placed += [(player, label) for player in sorted(losers, key=lambda p: swiss_rank.get(p, 0))]
    seen = {player for player, _ in placed}
    placed += [(row.player, "Swiss") for row in swiss if row.player not in seen]
    return [
        FinalPlace(place=index, player=player, name=names.get(player, player), reached=reached)
        for index, (player, reached) in enumerate(placed, start=1)
    ]


def reached_words(reached: str) -> str:
    """How far a player went in the top cut, as the final standings say it ("" for a Swiss place)."""
    if reached == "Winner":
        return gettext("Winner")
    if reached == "Final":
        return gettext("Finalist")
    if reached.startswith("Top "):
        return gettext("Top %(size)s") % {"size": reached.removeprefix("Top ")}
    return ""


@dataclass(frozen=True)
class Record:
    """A player's Swiss record as players say it: wins-losses-draws (a bye counts as a win)."""

    wins: int
    losses: int
    draws: int

    def __str__(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


def records_before_round(round_: Round) -> dict[int, Record]:
    """Each player's record going into ``round_``, by user id: the standings after the rounds before it.

    One computation for the whole round (a few queries, whatever the number of tables), so pairings and
    slips look each player up instead of counting per row. A round being played is not history yet, so the
    current round reads the same as the standings page; an older round reads as it stood then.
    """
    replay = event_replay(round_.event)
    replay["rounds"] = [played for played in replay["rounds"] if played["number"] < round_.number]
    replay["drops"] = [drop for drop in replay["drops"] if drop["after_round"] < round_.number]
    document = standings_compute(replay)
    users = {player: user.pk for player, user in players_by_id(round_.event).items()}
    return {
        users[row["player"]]: Record(
            wins=row["record"]["wins"], losses=row["record"]["losses"], draws=row["record"]["draws"]
        )
        for row in document["standings"]
        if row["player"] in users
    }
