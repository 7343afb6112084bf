"""Reads of matches: a player's own, a round's pairings, the judges' queue."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.db.models import F, Max, Prefetch, Q, QuerySet, Value
from django.db.models.functions import Coalesce, Concat, Greatest
from django.shortcuts import get_object_or_404

from accounts.users import AnyUser
from matches.models import CoinToss, Dispute, Duel, Match
from rules.engine import judge
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
    matches = round_.matches.select_related("player_a", "player_b")
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


def disputes_visible_to(user: AnyUser, match: Match) -> QuerySet[Dispute]:
    """A match's disputes, for the two players at the table and the event's judges; nobody else.

    A dispute carries the game state the players described (hands, set cards): spectators and other players
    of the event must not read it, even though the match page itself is public.
    """
    disputes = match.disputes.select_related("opened_by", "resolved_by", "ruling").order_by("opened_at", "pk")
    if not user.is_authenticated:
        return disputes.none()
    at_table = match.side_of(user.pk) is not None
    judging = is_event_staff(user, match.round.event, EVENT_JUDGES)
    return disputes if at_table or judging else disputes.none()


def judge_queue(user: AnyUser) -> tuple[QuerySet[Match], QuerySet[Dispute]]:
    """Disputed results and open disputes at events the user judges or organizes, oldest first."""
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
        .order_by("opened_at", "pk")
    )
    return disputed, disputes


# --- Where a match's duels stand, as the engine sees them ---------------------------------------------


class EngineAnswerMissing(Exception):
    """The engine did not rule on the match's duels (their record contradicts the rules): a judge looks."""


@dataclass(frozen=True)
class DuelState:
    """Where a match's duels stand, as the engine sees the finished ones.

    ``engine_choice`` is the engine's ``next_first_choice`` ("A", "B", "coin_toss" or None when the match
    is over); ``chooser`` is who chooses for ``next_duel`` once known (after a toss, its winner).
    """

    tally: dict[str, Any]
    over: bool
    engine_choice: str | None
    next_duel: int | None
    playing: Duel | None
    toss: CoinToss | None
    chooser: str | None
    duels: list[Duel] = field(default_factory=list)

    @property
    def needs_toss(self) -> bool:
        return self.next_duel is not None and self.engine_choice == "coin_toss" and self.toss is None


def match_tally(
    match: Match,
    results: list[str],
    *,
    choosers: list[str | None] | None = None,
    time_called: bool = False,
) -> dict[str, Any]:
    """The engine's ``outcome.match`` for these duel results (``time_called``: they are all there will be).

    A duel never played (a game loss given before it began) has no chooser: it goes to the engine as null.
    """
    action: dict[str, Any] = {
        "type": "match_result",
        "duels": results,
        "match_format": match.match_format,
        "time_called": time_called,
    }
    if choosers is not None:
        action["choosers"] = choosers
    ruling = judge({"game": match.round.event.game, "action": action})
    outcome = ruling.get("outcome") or {}
    if "match" not in outcome:
        raise EngineAnswerMissing(ruling.get("explanation") or "The engine could not rule on these duels.")
    tally: dict[str, Any] = outcome["match"]
    return tally


def finished_duels_tally(match: Match, finished: list[Duel], *, time_called: bool) -> dict[str, Any]:
    """The engine's tally of these finished duels, with who chose to play first in each."""
    results = [duel.result for duel in finished]
    choosers = [duel.chooser or None for duel in finished]
    return match_tally(match, results, choosers=choosers, time_called=time_called)


def duel_state(match: Match) -> DuelState:
    """Ask the engine about the finished duels: is the match over, and who chooses for the next duel.

    The writing services call it after locking the match, so that the answer cannot change under them. A
    duel still being played is ``playing`` and there is no next duel until it is final. Once time has been
    called and no duel is being played, the duels played are all there will be.
    """
    duels = list(match.duels.order_by("number"))
    finished = [duel for duel in duels if duel.result]
    playing = next((duel for duel in duels if not duel.result), None)
    time_called = match.time_called_at is not None and playing is None
    tally = finished_duels_tally(match, finished, time_called=time_called)
    over = bool(tally["over"]) or match.status == Match.Status.FINAL
    engine_choice = tally.get("next_first_choice")
    next_duel = None if over or playing is not None else len(duels) + 1
    toss = None
    chooser = None
    if next_duel is not None:
        if engine_choice == "coin_toss":
            toss = match.coin_tosses.filter(duel_number=next_duel).first()
            chooser = toss.winner if toss is not None else None
        else:
            chooser = engine_choice
    return DuelState(
        tally=tally,
        over=over,
        engine_choice=engine_choice,
        next_duel=next_duel,
        playing=playing,
        toss=toss,
        chooser=chooser,
        duels=duels,
    )
