"""Reads about an event's rounds and results: standings (Swiss and final), a round's progress, the round
clock, a player's history across events.

Standings are computed from the event's own export (``replay_export.event_replay``) by the pure
``tournaments.engine.standings`` module on every read, so a judge's correction of a past result shows at once,
and the pages, the API, the CSV and ``manage.py standings`` on the export can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, F, Q, QuerySet
from django.utils import timezone

from matches.models import Match, MatchResult
from tournaments.engine.standings import compute as standings_compute
from tournaments.models import Event, Registration, Round
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


@dataclass(frozen=True)
class RoundProgress:
    """The organizer's view of a round: how many matches are final, disputed, still being played."""

    round: Round
    final: int
    disputed: int
    playing: int
    time_called: int

    @property
    def total(self) -> int:
        return self.final + self.disputed + self.playing

    @property
    def closable(self) -> bool:
        return self.round.status == Round.Status.IN_PROGRESS and self.disputed == 0 and self.playing == 0


def round_progress(round_: Round) -> RoundProgress:
    counts = round_.matches.aggregate(
        final=Count("pk", filter=Q(status=Match.Status.FINAL)),
        disputed=Count("pk", filter=Q(status=Match.Status.DISPUTED)),
        playing=Count("pk", filter=Q(status=Match.Status.PLAYING)),
        time_called=Count("pk", filter=Q(time_called_at__isnull=False)),
    )
    return RoundProgress(round=round_, **counts)


def seconds_left(round_: Round, now: datetime | None = None) -> int | None:
    """Seconds until the round's time is called (0 once it has), None for a round with no clock running."""
    if round_.status != Round.Status.IN_PROGRESS or round_.ends_at is None:
        return None
    return max(0, int((round_.ends_at - (now or timezone.now())).total_seconds()))


def unpaired_players(round_: Round) -> QuerySet[Registration]:
    """Checked-in players who could play the round but are not in its pairings (a late check-in): the
    organizer re-pairs before starting to include them."""
    if round_.stage != Round.Stage.SWISS:
        return Registration.objects.none()
    # Match.Meta.ordering must not reach inside the UNION: SQLite refuses ORDER BY in its parts.
    paired = (
        round_.matches.order_by()
        .values_list("player_a_id", flat=True)
        .union(round_.matches.filter(player_b__isnull=False).order_by().values_list("player_b_id", flat=True))
    )
    return (
        round_.event.registrations.filter(
            checked_in_at__isnull=False, dropped_after_round__isnull=True, joined_round__lte=round_.number
        )
        .exclude(player_id__in=list(paired))
        .select_related("player")
    )


def player_history(user: User) -> QuerySet[Match]:
    """Every match the user played, newest event first, for their own history page."""
    return (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user))
        .select_related("round__event", "player_a", "player_b")
        .order_by(
            "-round__event__starts_at", "round__event_id", "-round__number", F("table").asc(nulls_last=True)
        )
    )
