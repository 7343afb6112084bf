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
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Prefetch

from accounts.users import display_name
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


def _player(registration: Registration) -> dict[str, Any]:
    player: dict[str, Any] = {"id": player_id(registration), "name": player_name(registration)}
    if registration.joined_round > 1:
        player["joined_round"] = registration.joined_round
    if registration.byes:
        player["byes"] = registration.byes
    if registration.fixed_table is not None:
        player["fixed_table"] = registration.fixed_table
    return player


def _matches(round_: Round, usernames: dict[int, str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    matches = sorted(
        round_.matches.all(), key=lambda match: (match.table is None, match.table or 0, match.pk)
    )
    next_table = max((match.table or 0 for match in matches), default=0) + 1
    for match in matches:
        if match.player_b_id is None:
            rows.append({"table": next_table, "a": usernames[match.player_a_id], "b": None, "result": "bye"})
            next_table += 1
            continue
        rows.append(
            {
                "table": match.table,
                "a": usernames[match.player_a_id],
                "b": usernames[match.player_b_id],
                "result": match.result,
                "games": {"a": match.games_a, "b": match.games_b, "draws": match.games_drawn},
            }
        )
    return rows


def closed_rounds(event: Event) -> list[Round]:
    """The rounds the organizer closed, oldest first, their matches read in one query."""
    rounds = event.rounds.filter(status=Round.Status.FINISHED).order_by("number")
    return list(rounds.prefetch_related(Prefetch("matches", queryset=Match.objects.order_by("table", "pk"))))


def _left_before_playing(registration: Registration) -> bool:
    """Dropped before the first round they could have been paired in (0 before round 1)."""
    dropped = registration.dropped_after_round
    return dropped is not None and dropped < registration.joined_round


def event_replay(event: Event) -> dict[str, Any]:
    """The event's history as an ``event-replay/1`` document (see the module docstring for what is in it)."""
    return event_replay_and_users(event)[0]


def event_replay_and_users(event: Event) -> tuple[dict[str, Any], dict[str, int]]:
    """:func:`event_replay` and the user id of each of its players, from one read of the registrations."""
    registrations = [
        registration
        for registration in event.registrations.filter(checked_in_at__isnull=False)
        .select_related("player")
        .order_by("pk")
        if not _left_before_playing(registration)
    ]
    usernames = {registration.player_id: player_id(registration) for registration in registrations}
    rounds = closed_rounds(event)
    last_closed = rounds[-1].number if rounds else 0
    replay = {
        "format": FORMAT,
        "game": event.game,
        "players": [_player(registration) for registration in registrations],
        "rounds": [
            {"number": round_.number, "stage": round_.stage, "matches": _matches(round_, usernames)}
            for round_ in rounds
        ],
        "drops": [
            {"player": player_id(registration), "after_round": registration.dropped_after_round}
            for registration in registrations
            if registration.dropped_after_round is not None
            and registration.dropped_after_round <= last_closed
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
