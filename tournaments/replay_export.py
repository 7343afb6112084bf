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
- ``tiebreak_floor`` (Magic only): the floor of the event's structure table
  (``tournaments.engine.event_structure.tiebreak_floor``): ``"0.33"`` for events created on
  ``mtr-appendix-e-2024-r3`` or later, ``"1/3"`` for those created before, which keep the standings they
  were shown with. This document is the one every standings, pairing and export of the event is computed
  from, so they all floor alike; an import of the export creates its event on a table with that floor.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.contrib.auth.models import User
from django.db.models import F

from accounts.users import display_name, full_name
from config.spreadsheet import csv_document
from matches.models import Match
from tournaments.engine.event_structure import tiebreak_floor
from tournaments.engine.replay import FORMAT
from tournaments.models import Event, Registration, Round


def player_id(registration: Registration) -> str:
    """The player's id in the event's replay: the id it was imported with, else the username."""
    return registration.replay_id or registration.player.username


def players_by_id(event: Event) -> dict[str, User]:
    """Each registered player by their replay id (what pairings and standings name them by)."""
    registrations = event.registrations.select_related("player")
    return {player_id(registration): registration.player for registration in registrations}


def player_pks(event: Event) -> dict[str, int]:
    """Each registered player's account id by their replay id, read as plain values (no model instances)."""
    rows = event.registrations.values_list("replay_id", "player__username", "player_id")
    return {replay_id or username: pk for replay_id, username, pk in rows}


def player_name(registration: Registration) -> str:
    return display_name(registration.player)


class _Entry(NamedTuple):
    """A checked-in registration as the replay needs it, read as plain values."""

    user_id: int
    id: str
    name: str
    joined_round: int
    byes: int
    fixed_table: int | None
    dropped_after_round: int | None


_ENTRY_FIELDS = (
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


def _entries(event: Event) -> list[_Entry]:
    """The checked-in players, but for those who left before playing (dropped before the first round they
    could have been paired in: 0 before round 1)."""
    rows = event.registrations.filter(checked_in_at__isnull=False).order_by("pk").values_list(*_ENTRY_FIELDS)
    entries = [
        _Entry(user, replay_id or username, full_name(first, last, username), joined, byes, table, dropped)
        for user, replay_id, username, first, last, joined, byes, table, dropped in rows
    ]
    return [
        entry
        for entry in entries
        if entry.dropped_after_round is None or entry.dropped_after_round >= entry.joined_round
    ]


def _player(entry: _Entry) -> dict[str, Any]:
    player: dict[str, Any] = {"id": entry.id, "name": entry.name}
    if entry.joined_round > 1:
        player["joined_round"] = entry.joined_round
    if entry.byes:
        player["byes"] = entry.byes
    if entry.fixed_table is not None:
        player["fixed_table"] = entry.fixed_table
    return player


# A match as the replay needs it: round, table, players, result, games (A, B, drawn).
_MATCH_FIELDS = (
    "round_id",
    "table",
    "player_a_id",
    "player_b_id",
    "result",
    "games_a",
    "games_b",
    "games_drawn",
)


def _closed_rounds(event: Event, usernames: dict[int, str]) -> list[dict[str, Any]]:
    """The rounds the organizer closed, oldest first, each with its matches by table and the byes last.

    Two queries of plain values, read in one pass: at 4,096 players x 11 rounds that is 22,000 matches, too
    many to build as model instances (that took longer than pairing the next round). A bye has no table in
    the event; in the replay it takes the number after the round's last table, as the spec's example does.
    """
    rounds = event.rounds.filter(status=Round.Status.FINISHED).order_by("number")
    replayed: dict[int, dict[str, Any]] = {
        pk: {"number": number, "stage": stage, "matches": []}
        for pk, number, stage in rounds.values_list("pk", "number", "stage")
    }
    if not replayed:
        return []
    matches = (
        Match.objects.filter(round_id__in=list(replayed))
        .order_by("round_id", F("table").asc(nulls_last=True), "pk")
        .values_list(*_MATCH_FIELDS)
    )
    last_table = dict.fromkeys(replayed, 0)  # byes come after every table of their round: its last so far
    for round_id, table, a, b, result, games_a, games_b, drawn in matches:
        if b is None:
            last_table[round_id] += 1
            match = {"table": last_table[round_id], "a": usernames[a], "b": None, "result": "bye"}
        else:
            last_table[round_id] = max(last_table[round_id], table or 0)
            games = {"a": games_a, "b": games_b, "draws": drawn}
            match = {"table": table, "a": usernames[a], "b": usernames[b], "result": result, "games": games}
        replayed[round_id]["matches"].append(match)
    return list(replayed.values())


def event_replay(event: Event) -> dict[str, Any]:
    """The event's history as an ``event-replay/1`` document (see the module docstring for what is in it)."""
    return event_replay_and_users(event)[0]


def event_replay_and_users(event: Event) -> tuple[dict[str, Any], dict[str, int]]:
    """:func:`event_replay` and the account id of each of its players, from one read of the registrations.

    Three queries of plain values (players, closed rounds, their matches), whatever the event's size.
    """
    entries = _entries(event)
    usernames = {entry.user_id: entry.id for entry in entries}
    rounds = _closed_rounds(event, usernames)
    last_closed = rounds[-1]["number"] if rounds else 0
    replay = {
        "format": FORMAT,
        "game": event.game,
        "players": [_player(entry) for entry in entries],
        "rounds": rounds,
        "drops": [
            {"player": entry.id, "after_round": entry.dropped_after_round}
            for entry in entries
            if entry.dropped_after_round is not None and entry.dropped_after_round <= last_closed
        ],
    }
    if event.game == "mtg":
        replay["tiebreak_floor"] = tiebreak_floor(event.structure_table)
    return replay, {player: user for user, player in usernames.items()}


def standings_csv(standings: dict[str, Any], names: dict[str, str]) -> str:
    """The ``standings/1`` document as CSV, one row a player, tiebreakers as printed in the document."""
    tiebreakers = sorted({key for row in standings["standings"] for key in row.get("tiebreakers", {})})
    extra = ["tiebreak_number"] if any("tiebreak_number" in row for row in standings["standings"]) else []
    header = ["rank", "player", "name", "points", "wins", "losses", "draws", *tiebreakers, *extra, "dropped"]
    rows = (
        [
            row["rank"],
            row["player"],
            names.get(row["player"], row["player"]),
            row["points"],
            row["record"]["wins"],
            row["record"]["losses"],
            row["record"]["draws"],
            *(row["tiebreakers"].get(key, "") for key in tiebreakers),
            *(row.get(key, "") for key in extra),
            "yes" if row["dropped"] else "no",
        ]
        for row in standings["standings"]
    )
    return csv_document([header, *rows])


def matches_csv(replay: dict[str, Any]) -> str:
    """Every match of the replay as CSV: round, stage, table, players, result and games."""
    header = ["round", "stage", "table", "player_a", "player_b", "result", "games_a", "games_b", "draws"]
    rows = (
        [
            round_["number"],
            round_["stage"],
            match["table"],
            match["a"],
            match["b"] or "",
            match["result"],
            (match.get("games") or {}).get("a", ""),
            (match.get("games") or {}).get("b", ""),
            (match.get("games") or {}).get("draws", ""),
        ]
        for round_ in replay["rounds"]
        for match in round_["matches"]
    )
    return csv_document([header, *rows])
