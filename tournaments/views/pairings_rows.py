"""The lines of a round's pairings as the pages draw them: by table, or every player by name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.contrib.auth.models import User

from accounts.users import display_name, official_id_of
from matches.models import Match
from tournaments.selectors.standings import Record


@dataclass(frozen=True)
class SeatRow:
    """One player's line in the "by name" list: where they sit and against whom (None: a bye)."""

    name: str
    table: int | None
    opponent: str | None
    match: Match
    record: Record | None = None
    opponent_record: Record | None = None
    official_id: str = ""


@dataclass(frozen=True)
class TableRow:
    """One table in the "by table" list, with each player's record going into the round (None: not
    shown on this page)."""

    match: Match
    record_a: Record | None = None
    record_b: Record | None = None

    @property
    def official_id_a(self) -> str:
        return official_id_of(self.match.player_a)

    @property
    def official_id_b(self) -> str:
        return official_id_of(self.match.player_b)


def table_rows(matches: Iterable[Match], records: Mapping[int, Record] | None = None) -> list[TableRow]:
    """The matches by table, each player's record looked up in ``records`` (from
    :func:`records_before_round`, read once for the round)."""
    records = records or {}
    return [
        TableRow(
            match=match,
            record_a=records.get(match.player_a_id),
            record_b=records.get(match.player_b_id) if match.player_b_id is not None else None,
        )
        for match in matches
    ]


def seats_by_name(
    matches: Iterable[Match], query: str = "", records: Mapping[int, Record] | None = None
) -> list[SeatRow]:
    """Every player of the matches once, alphabetically; ``query`` keeps only the players it names (a
    match found by the opponent's name must not list the opponent's opponent as a hit)."""
    records = records or {}
    rows = []
    for match in matches:
        seats = [(match.player_a, match.player_b)]
        if match.player_b is not None:
            seats.append((match.player_b, match.player_a))
        for player, opponent in seats:
            if query and not _names(player, query):
                continue
            rows.append(
                SeatRow(
                    name=display_name(player),
                    table=match.table,
                    opponent=display_name(opponent) if opponent is not None else None,
                    match=match,
                    record=records.get(player.pk),
                    opponent_record=records.get(opponent.pk) if opponent is not None else None,
                    official_id=official_id_of(player),
                )
            )
    return sorted(rows, key=lambda row: row.name.casefold())


def _names(player: User, query: str) -> bool:
    needle = query.casefold()
    return any(needle in value.casefold() for value in (player.username, player.get_full_name()))
