"""Reads of matches: one match for a page or API view, a player's own, a round's pairings, the judges'
queue, the disputes a viewer may read."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import NamedTuple

from django.db.models import F, Max, Prefetch, Q, QuerySet, Value
from django.db.models.functions import Coalesce, Concat, Greatest
from django.shortcuts import get_object_or_404

from accounts.users import AnyUser
from matches.models import Dispute, Duel, Match
from tournaments.models import EventRole, Round
from tournaments.selectors.events import EVENT_JUDGES, events_staffed_by, is_event_staff

LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)


def match_for(match_id: int) -> Match:
    """The match, with the round, event and players every page and API view reads of it; 404 if there is none.

    A match is public at a store (its pairing is posted on the wall): who may act on it, or read its
    disputes, is decided by the services and by the selectors of those rows.
    """
    return get_object_or_404(
        Match.objects.select_related("round__event", "player_a", "player_b"), pk=match_id
    )


def matches_of_player(user: AnyUser) -> QuerySet[Match]:
    """The user's matches, the round being played first."""
    if not user.is_authenticated:
        return Match.objects.none()
    return (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user))
        .select_related("round__event", "player_a", "player_b")
        .order_by("-round__event__starts_at", "-round__number")
    )


def pairings_for_round(round_: Round, name: str = "") -> QuerySet[Match]:
    """A round's matches by table, byes last; ``name`` narrows to players whose name contains it."""
    matches = round_.matches.select_related("player_a__player", "player_b__player")
    if name:
        # "Yugi Muto" is found as typed: the full name is matched too, not only each part on its own.
        matches = matches.annotate(
            full_a=Concat("player_a__first_name", Value(" "), "player_a__last_name"),
            full_b=Concat("player_b__first_name", Value(" "), "player_b__last_name"),
        )
        by_name = Q(full_a__icontains=name) | Q(full_b__icontains=name)
        for field in ("username", "first_name", "last_name"):
            by_name |= Q(**{f"player_a__{field}__icontains": name}) | Q(
                **{f"player_b__{field}__icontains": name}
            )
        matches = matches.filter(by_name)
    return matches.order_by(F("table").asc(nulls_last=True), "pk")


class PairingRow(NamedTuple):
    """One match of a round as the API lists it, read as plain values."""

    match: int
    table: int | None
    player_a: tuple[str, str, str]  # username, first name, last name
    player_b: tuple[str, str, str] | None  # None for a bye
    status: str
    result: str
    games: tuple[int, int, int]  # A, B, drawn
    time_called_at: datetime | None


_PAIRING_FIELDS = (
    "pk",
    "table",
    "player_a__username",
    "player_a__first_name",
    "player_a__last_name",
    "player_b__username",
    "player_b__first_name",
    "player_b__last_name",
    "status",
    "result",
    "games_a",
    "games_b",
    "games_drawn",
    "time_called_at",
)


def pairing_rows(round_: Round) -> list[PairingRow]:
    """A round's matches by table, byes last, as plain values in one query: a 2,000-table round is listed
    without building its matches and their 4,000 players as model instances."""
    rows = round_.matches.order_by(F("table").asc(nulls_last=True), "pk").values_list(*_PAIRING_FIELDS)
    return [
        PairingRow(
            match=row[0],
            table=row[1],
            player_a=(row[2], row[3], row[4]),
            player_b=None if row[5] is None else (row[5], row[6], row[7]),
            status=row[8],
            result=row[9],
            games=(row[10], row[11], row[12]),
            time_called_at=row[13],
        )
        for row in rows
    ]


def disputes_visible_to(user: AnyUser, match: Match) -> QuerySet[Dispute]:
    """A match's disputes, for the two players at the table and the event's judges; nobody else.

    A dispute carries the game state the players described (hands, set cards): spectators and other players
    of the event must not read it, even though the match page itself is public. A draft is the players' own
    until one of them calls a judge: judges see the drafts they opened themselves, no other.
    """
    disputes = match.disputes.select_related("opened_by", "resolved_by", "ruling").order_by("opened_at", "pk")
    if not user.is_authenticated:
        return disputes.none()
    if match.side_of(user.pk) is not None:
        return disputes
    if is_event_staff(user, match.round.event, EVENT_JUDGES):
        return disputes.exclude(Q(status=Dispute.Status.DRAFT) & ~Q(opened_by=user))
    return disputes.none()


def judge_queue(user: AnyUser) -> tuple[QuerySet[Match], QuerySet[Dispute]]:
    """Disputed results and disputes a player called a judge to, at events the user judges or organizes,
    longest waiting first (drafts are the players' own: they never reach the queue)."""
    events = events_staffed_by(user, (EventRole.Role.JUDGE, EventRole.Role.ORGANIZER)).values("pk")
    # What the players reported comes with each match: the judge walks up knowing what they disagree on.
    disputed = (
        Match.objects.filter(round__event__in=events, status=Match.Status.DISPUTED)
        .select_related("round__event", "player_a", "player_b")
        .prefetch_related(
            Prefetch("duels", queryset=Duel.objects.exclude(reports=None).filter(result="").distinct()),
            "duels__reports__player",
            "reports__player",
        )
        # The latest report is the one that made the results differ: oldest disagreement first.
        .annotate(
            disputed_since=Greatest(
                Coalesce(Max("reports__reported_at"), Value(LONG_AGO)),
                Coalesce(Max("duels__reports__reported_at"), Value(LONG_AGO)),
            )
        )
        .order_by("disputed_since", "pk")
    )
    disputes = (
        Dispute.objects.filter(match__round__event__in=events, status=Dispute.Status.OPEN)
        .select_related("match__round__event", "opened_by", "match__player_a", "match__player_b", "ruling")
        .order_by("called_at", "pk")
    )
    return disputed, disputes


def is_match_judge(match: Match, user: AnyUser) -> bool:
    """May ``user`` judge this match: a judge or organizer of its event who does not play in it.

    A judge who also plays (a small store's organizer often does) calls another judge to their own table.
    """
    if not user.is_authenticated or match.side_of(user.pk) is not None:
        return False
    return is_event_staff(user, match.round.event, EVENT_JUDGES)


def match_live_stamp(match_id: int) -> tuple[object, ...] | None:
    """What the match page's live fragment depends on, in one small query: the match's ``version`` (bumped
    by every write to the match and its rows) and the round's clock and state (started, paused, extended or
    called by the organizer, which are the round's rows, not the match's). None when there is no match."""
    return (
        Match.objects.filter(pk=match_id)
        .values_list(
            "version",
            "round__status",
            "round__started_at",
            "round__ends_at",
            "round__paused_at",
            "round__time_called_at",
            "round__finished_at",
        )
        .first()
    )
