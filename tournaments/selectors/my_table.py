"""Where a signed-in player plays now: the round, the table and the opponent with their record.

The first thing a player looks for on the event page and the home page ("Round 3 · Table 4 · vs Joey
Wheeler 2-0-0"), as the Companion app and EventLink put it at the top.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from accounts.users import AnyUser, display_name
from matches.models import Match
from tournaments.models import Event, Round
from tournaments.selectors.events import current_round
from tournaments.selectors.standings import Record, record_before_round


@dataclass(frozen=True)
class MyTable:
    event: Event
    round_number: int
    match: Match
    opponent: str  # empty for a bye
    opponent_record: Record | None

    @property
    def bye(self) -> bool:
        return not self.opponent


def my_table(user: AnyUser, event: Event) -> MyTable | None:
    """The user's match in ``event``'s current round (being played, or paired and about to start), if any."""
    if not user.is_authenticated or event.status != Event.Status.RUNNING:
        return None
    round_ = current_round(event)
    if round_ is None or round_.status == Round.Status.FINISHED:
        return None
    return table_in_round(user, round_)


def table_in_round(user: AnyUser, round_: Round) -> MyTable | None:
    """The user's match in ``round_`` (the round a pairings page shows), if they are paired in it."""
    if not user.is_authenticated:
        return None
    match = (
        round_.matches.filter(Q(player_a=user) | Q(player_b=user))
        .select_related("player_a", "player_b")
        .first()
    )
    if match is None:
        return None
    opponent = match.player_b if match.player_a_id == user.pk else match.player_a
    record = record_before_round(round_, opponent.pk) if opponent is not None else None
    return MyTable(
        event=round_.event,
        round_number=round_.number,
        match=match,
        opponent=display_name(opponent) if opponent is not None else "",
        opponent_record=record,
    )


def my_tables(user: AnyUser, events: Iterable[Event]) -> list[MyTable]:
    """:func:`my_table` for each of ``events`` where the user plays now (the home page's running events)."""
    if not user.is_authenticated:
        return []
    tables = (my_table(user, event) for event in events)
    return [table for table in tables if table is not None]
