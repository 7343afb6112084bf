"""An event as an event replay (``shared/spec/event-replay-format.md``), and its standings and matches as CSV.

Standings and pairings are computed from this same document (``tournaments.engine.standings``/``pairing``), so
an export read back by ``manage.py standings`` gives exactly the standings the pages show.

What goes in, written down:
- ``players``: every checked-in registration (a player who never checked in never played). The id is the
  username (unique, and what players recognise), or for an imported event the replay's own id, so an
  import exported again is the same document; the name is the full name, else the username. Late
  entries, byes awarded up front and fixed seats go in the optional keys ``joined_round``, ``byes`` and
  ``fixed_table`` (readers that do not know them ignore them).
- ``rounds``: the rounds the organizer has closed (every result in them final). A round being played has
  results missing, so it is not history yet. A bye has no table in the event; in the replay it takes the
  number after the round's last table, as the spec's example does.
- ``drops``: every drop after a closed round. A drop during the round being played is not history yet (the
  standings shown during a round are those after the last closed round, where the player had not dropped);
  it goes in once that round is closed. A player who dropped before their first round never played: they
  are left out of ``players`` altogether, as a no-show is, so pairing never sees them.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from accounts.users import display_name, display_name_of
from matches.models import Match
from tournaments.engine.replay import FORMAT
from tournaments.models import Event, Registration, Round


def player_id(registration: Registration) -> str:
    """The player's id in the event's replay: the id it was imported with, else the username."""
    return registration.replay_id or registration.player.username


def players_by_id(event: Event) -> dict[str, User]:
    """Each registered player by their replay id (what pairings and standings name them by)."""
    registrations = event.registrations.select_related("player")
    return {player_id(registration): registration.player for registration in registrations}


def player_name(registration: Registration) -> str:
    return display_name(registration.player)


# A match as the replay reads it: the row's values, not a model instance (an event of 4,096 players has
# tens of thousands of matches, and building their instances was most of the export's time).
_MATCH_FIELDS = (
    "round_id",
    "table",
    "pk",
    "player_a_id",
    "player_b_id",
    "result",
    "games_a",
    "games_b",
    "games_drawn",
)
MatchRow = tuple[int, int | None, int, int, int | None, str, int, int, int]


def _matches(matches: list[MatchRow], usernames: dict[int, str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    matches = sorted(matches, key=lambda match: (match[1] is None, match[1] or 0, match[2]))
    next_table = max((match[1] or 0 for match in matches), default=0) + 1
    for _, table, _, player_a, player_b, result, games_a, games_b, games_drawn in matches:
        if player_b is None:
            rows.append({"table": next_table, "a": usernames[player_a], "b": None, "result": "bye"})
            next_table += 1
            continue
        rows.append(
            {
                "table": table,
                "a": usernames[player_a],
                "b": usernames[player_b],
                "result": result,
                "games": {"a": games_a, "b": games_b, "draws": games_drawn},
            }
        )
    return rows


def closed_rounds(event: Event) -> list[tuple[Round, list[MatchRow]]]:
    """The rounds the organizer closed, oldest first, each with its matches' rows (read in one query)."""
    rounds = list(event.rounds.filter(status=Round.Status.FINISHED).order_by("number"))
    by_round: dict[int, list[MatchRow]] = {round_.pk: [] for round_ in rounds}
    rows = Match.objects.filter(round__in=rounds).order_by().values_list(*_MATCH_FIELDS)
    for row in rows:
        by_round[row[0]].append(row)
    return [(round_, by_round[round_.pk]) for round_ in rounds]


# What the replay reads of a registration and its player: values, not instances (thousands of players).
_REGISTRATION_FIELDS = (
    "player_id",
    "replay_id",
    "player__username",
    "player__first_name",
    "player__last_name",
    "joined_round",
    "byes",
    "fixed_table",
    "dropped_after_round",
)


@dataclass(frozen=True)
class _Entry:
    """A checked-in registration as the replay reads it."""

    user: int
    id: str
    name: str
    joined_round: int
    byes: int
    fixed_table: int | None
    dropped_after_round: int | None

    def player(self) -> dict[str, Any]:
        player: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.joined_round > 1:
            player["joined_round"] = self.joined_round
        if self.byes:
            player["byes"] = self.byes
        if self.fixed_table is not None:
            player["fixed_table"] = self.fixed_table
        return player


def _entries(event: Event) -> list[_Entry]:
    """The checked-in registrations, in the order they were made, as :func:`player_id` and
    :func:`player_name` read them, except those who dropped before their first round."""
    rows = (
        event.registrations.filter(checked_in_at__isnull=False)
        .order_by("pk")
        .values_list(*_REGISTRATION_FIELDS)
    )
    entries = [
        _Entry(
            user=user,
            id=replay_id or username,
            name=display_name_of(first_name=first_name, last_name=last_name, username=username),
            joined_round=joined_round,
            byes=byes,
            fixed_table=fixed_table,
            dropped_after_round=dropped,
        )
        for user, replay_id, username, first_name, last_name, joined_round, byes, fixed_table, dropped in rows
    ]
    # Dropped before the first round they could have been paired in (0 before round 1): never played.
    return [
        entry
        for entry in entries
        if entry.dropped_after_round is None or entry.dropped_after_round >= entry.joined_round
    ]


def event_replay(event: Event) -> dict[str, Any]:
    """The event's history as an ``event-replay/1`` document (see the module docstring for what is in it)."""
    return event_replay_and_users(event)[0]


def event_replay_and_users(event: Event) -> tuple[dict[str, Any], dict[str, int]]:
    """:func:`event_replay` and the user id of each of its players, from one read of the registrations."""
    entries = _entries(event)
    usernames = {entry.user: entry.id for entry in entries}
    rounds = closed_rounds(event)
    last_closed = rounds[-1][0].number if rounds else 0
    replay = {
        "format": FORMAT,
        "game": event.game,
        "players": [entry.player() for entry in entries],
        "rounds": [
            {"number": round_.number, "stage": round_.stage, "matches": _matches(matches, usernames)}
            for round_, matches in rounds
        ],
        "drops": [
            {"player": entry.id, "after_round": entry.dropped_after_round}
            for entry in entries
            if entry.dropped_after_round is not None and entry.dropped_after_round <= last_closed
        ],
    }
    return replay, {player: user for user, player in usernames.items()}


def standings_csv(standings: dict[str, Any], names: dict[str, str]) -> str:
    """The ``standings/1`` document as CSV, one row a player, tiebreakers as printed in the document."""
    tiebreakers = sorted({key for row in standings["standings"] for key in row.get("tiebreakers", {})})
    extra = ["tiebreak_number"] if any("tiebreak_number" in row for row in standings["standings"]) else []
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["rank", "player", "name", "points", "wins", "losses", "draws", *tiebreakers, *extra, "dropped"]
    )
    for row in standings["standings"]:
        record = row["record"]
        writer.writerow(
            [
                row["rank"],
                row["player"],
                names.get(row["player"], row["player"]),
                row["points"],
                record["wins"],
                record["losses"],
                record["draws"],
                *(row["tiebreakers"].get(key, "") for key in tiebreakers),
                *(row.get(key, "") for key in extra),
                "yes" if row["dropped"] else "no",
            ]
        )
    return out.getvalue()


def matches_csv(replay: dict[str, Any]) -> str:
    """Every match of the replay as CSV: round, stage, table, players, result and games."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["round", "stage", "table", "player_a", "player_b", "result", "games_a", "games_b", "draws"]
    )
    for round_ in replay["rounds"]:
        for match in round_["matches"]:
            games = match.get("games") or {}
            writer.writerow(
                [
                    round_["number"],
                    round_["stage"],
                    match["table"],
                    match["a"],
                    match["b"] or "",
                    match["result"],
                    games.get("a", ""),
                    games.get("b", ""),
                    games.get("draws", ""),
                ]
            )
    return out.getvalue()
