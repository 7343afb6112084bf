"""Standings, Swiss and final, and each player's record before a round.

Standings are computed from the event's own export (``replay_export.event_replay``) by the pure
``tournaments.engine.standings`` module, so the pages, the API, the CSV and ``manage.py standings`` on the
export can never disagree. They are computed once per version of the event's history and kept in the cache
(``tournaments.selectors.cached_documents``): every write that changes the history bumps the version in its
transaction (``tournaments.services.history``), so a judge's correction of a past result shows at once and
the next reader computes the new standings, while every read in between costs a cache read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypedDict

from django.utils.translation import gettext

from accounts.users import AnyUser
from matches.models import MatchResult
from tournaments.engine.replay import ReplayColumns, read_columns
from tournaments.engine.standings import compute as standings_compute
from tournaments.models import Event, Round
from tournaments.replay_export import event_replay_and_users, players_by_id
from tournaments.selectors.cached_documents import HistoryStamp, cached, current_history_stamp


class StandingsDocument(TypedDict):
    """What one computation of the standings keeps: the ``standings/1`` document, the name of each of its
    players, their user ids, and the last round of the replay it was computed from."""

    document: dict[str, Any]
    names: dict[str, str]
    users: dict[str, int]
    last_round: int


class HistoryRead:
    """The event's history read from the database at most once for the documents computed from it (the
    warming after a round's close computes two: ``tournaments.selectors.pairing``)."""

    def __init__(self, event: Event) -> None:
        self.event = event

    @cached_property
    def replay_and_users(self) -> tuple[dict[str, Any], dict[str, int]]:
        return event_replay_and_users(self.event)

    @cached_property
    def columns(self) -> ReplayColumns:
        """The replay as the engines read it; raises ``ReplayError`` if it does not read back."""
        return read_columns(self.replay_and_users[0])


def computed_standings(read: HistoryRead) -> StandingsDocument:
    replay, users = read.replay_and_users
    return {
        "document": standings_compute(read.columns),
        "names": {player["id"]: player["name"] for player in replay["players"]},
        "users": users,
        "last_round": max((played["number"] for played in replay["rounds"]), default=0),
    }


def standings_of(event: Event, stamp: HistoryStamp | None = None) -> StandingsDocument:
    """The standings after the last closed round, from the cache when this version of the event's history
    has been computed already (``stamp``: the version the caller read; else it is read now)."""
    stamp = stamp or current_history_stamp(event)
    return cached(stamp.key("standings"), lambda: computed_standings(HistoryRead(event)))


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
    tiebreak_number: str | None  # 8 digits with leading zeros
    dropped: bool


def event_standings_document(event: Event) -> dict[str, Any]:
    """The ``standings/1`` document after the last closed round (what ``manage.py standings`` prints)."""
    return standings_of(event)["document"]


def player_names(event: Event) -> dict[str, str]:
    """The name of each player of the standings, by their id in the replay."""
    return standings_of(event)["names"]


def event_standings(event: Event, stamp: HistoryStamp | None = None) -> list[StandingRow]:
    standings = standings_of(event, stamp)
    document, names = standings["document"], standings["names"]
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


def place_in_standings(event: Event, user: AnyUser, stamp: HistoryStamp | None = None) -> int | None:
    """The signed-in player's rank in the Swiss standings (None for anyone not in them): the page links to
    their line, so a player finds themselves in thousands at once. A small document of its own (user id ->
    rank), so the page does not read the whole standings to say it."""
    if not user.is_authenticated:
        return None
    stamp = stamp or current_history_stamp(event)
    places = cached(stamp.key("places"), lambda: _computed_places(event, stamp))
    return places.get(user.pk)


def _computed_places(event: Event, stamp: HistoryStamp) -> dict[int, int]:
    standings = standings_of(event, stamp)
    users = standings["users"]
    if not standings["document"]["after_round"]:
        return {}  # no Swiss round closed: the page shows no standings yet
    return {
        users[row["player"]]: row["rank"]
        for row in standings["document"]["standings"]
        if row["player"] in users
    }


@dataclass(frozen=True)
class FinalPlace:
    place: int
    player: str
    name: str
    reached: str  # "Winner", "Final", "Top 4", ... or "Swiss"
    decided: bool = True  # False for a player still in the top cut being played: the place may change


def _round_label(size: int) -> str:
    """A top cut round by the players it started with: "Final" for two, else "Top <size>"."""
    return "Final" if size == 2 else f"Top {size}"


def top_cut_complete(event: Event) -> bool:
    """Whether the top cut has been played to its end: its final (a round of one match) is closed."""
    finished = event.rounds.filter(stage=Round.Stage.TOP, status=Round.Status.FINISHED)
    return any(len(round_.matches.all()) == 1 for round_ in finished.prefetch_related("matches"))


def final_standings(event: Event, swiss: list[StandingRow] | None = None) -> list[FinalPlace]:
    """Places after the top cut: the winner, the finalist, then each top cut round's losers (by their Swiss
    rank), then everyone else in Swiss order.

    While the top cut is being played, the players still in it come first (by their Swiss rank, "reached"
    the round they are in or go to next, ``decided`` False), above everyone already knocked out: no one is
    placed above a player who may still beat them. Pages show these places once the top cut is complete
    (:func:`top_cut_complete`).
    ``swiss`` is :func:`event_standings` when the caller has it already (it is the expensive part)."""
    swiss = event_standings(event) if swiss is None else swiss
    names = {row.player: row.name for row in swiss}
    swiss_rank = {row.player: index for index, row in enumerate(swiss)}
    usernames = {user.pk: player for player, user in players_by_id(event).items()}

    def by_swiss_rank(players: list[str]) -> list[str]:
        return sorted(players, key=lambda p: swiss_rank.get(p, 0))

    top_rounds = list(
        event.rounds.filter(stage=Round.Stage.TOP).prefetch_related("matches").order_by("number")
    )
    placed: list[tuple[str, str]] = []
    knocked_out: list[tuple[str, str]] = []
    still_in: set[str] = set()
    for round_ in reversed(top_rounds):
        matches = list(round_.matches.all())
        size = len(matches) * 2
        seated = [
            usernames[player]
            for match in matches
            for player in (match.player_a_id, match.player_b_id)
            if player is not None
        ]
        if round_.status != Round.Status.FINISHED:
            if round_ is top_rounds[-1]:  # being played: everyone at its tables is still in
                placed += [(player, _round_label(size)) for player in by_swiss_rank(seated)]
                still_in.update(seated)
            continue
        winners, losers = [], []
        for match in matches:
            winner, loser = (
                (match.player_b_id, match.player_a_id)
                if match.result == MatchResult.B
                else (match.player_a_id, match.player_b_id)  # a win for a, or a bracket's bye (no loser)
            )
            if winner is not None:
                winners.append(usernames[winner])
            if loser is not None:
                losers.append(usernames[loser])
        if round_ is top_rounds[-1]:
            if size == 2:
                placed += [(player, "Winner") for player in winners]
            else:  # closed, the next round not paired yet: its winners go on
                placed += [(player, _round_label(size // 2)) for player in by_swiss_rank(winners)]
                still_in.update(winners)
        knocked_out += [(player, _round_label(size)) for player in by_swiss_rank(losers)]
    placed += knocked_out
    seen = {player for player, _ in placed}
    placed += [(row.player, "Swiss") for row in swiss if row.player not in seen]
    return [
        FinalPlace(
            place=index,
            player=player,
            name=names.get(player, player),
            reached=reached,
            decided=player not in still_in,
        )
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

    One computation for the whole round, kept with the event's history version, so pairings and slips look
    each player up instead of counting per row. A round being played is not history yet, so the current
    round reads the same as the standings page (the same document, not computed again); an older round
    reads as it stood then.
    """
    return {
        user: Record(wins=wins, losses=losses, draws=draws)
        for user, (wins, losses, draws) in _records_before(round_).items()
    }


def record_before_round(round_: Round, user_id: int) -> Record | None:
    """One player's record going into ``round_`` (None for someone who is not in its standings)."""
    record = _records_before(round_).get(user_id)
    return Record(wins=record[0], losses=record[1], draws=record[2]) if record is not None else None


def _records_before(round_: Round) -> dict[int, tuple[int, int, int]]:
    event = round_.event
    stamp = current_history_stamp(event)
    return cached(stamp.key("records", round_.number), lambda: _computed_records(event, stamp, round_.number))


def _computed_records(event: Event, stamp: HistoryStamp, number: int) -> dict[int, tuple[int, int, int]]:
    standings = standings_of(event, stamp)
    document, users = standings["document"], standings["users"]
    if standings["last_round"] >= number:  # an older round: the history as it stood before it
        replay, users = event_replay_and_users(event)
        replay["rounds"] = [played for played in replay["rounds"] if played["number"] < number]
        replay["drops"] = [drop for drop in replay["drops"] if drop["after_round"] < number]
        document = standings_compute(replay)
    return {
        users[row["player"]]: (row["record"]["wins"], row["record"]["losses"], row["record"]["draws"])
        for row in document["standings"]
        if row["player"] in users
    }
