"""Running rounds: pairing (Swiss, then the top cut), re-pairing, starting the clock, calling time, closing.

The organizer presses one button, "Pair the next round", and this module decides what it is: the next Swiss
round while Swiss rounds remain, then the top cut's first round seeded by the standings, then each next top
cut round from the winners, until the final. An event of the single-elimination structure (no Swiss) pairs
its round 1 as a bracket instead (:func:`_elimination_pairings`) and each next round as the top cut does.
Pairings come from the pure modules
(``tournaments.engine.pairing``, ``tournaments.engine.top_cut``) reading the event as an event replay
(``tournaments.replay_export``), so the event is paired exactly as ``manage.py pair`` would pair its export.

Everything that changes the shape of an event (pairing, re-pairing, starting, closing) first locks the
event's row, so two clicks, or two organizers, are applied one after the other and never pair a round twice.
Time is called by the periodic sweep (``tournaments.tasks.round_clock_sweep``, every few seconds) or by the
next page load of the round, whichever comes first (:func:`round_time_up` is safe to run any number of times).
Starting a round queues nothing: a task held by a worker until the round's end is what stopped workers when
Redis dropped (docs/decisions/0008-faults-clock-and-imports.md), and a start must not fail on a broker that
is down once the round has started in the database.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import cast

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from accounts.users import display_name
from config.refusals import Conflict
from matches.models import Match, MatchResult
from matches.services.pairings import Seat, matches_swap_players, round_matches_clear, round_matches_create
from matches.services.timing import RoundTimeCall, round_call_time
from tournaments.engine.event_structure import (
    SINGLE_ELIMINATION,
    SWISS,
    attendance,
    bracket_rounds,
    fitting_top_cut,
    structure_for,
)
from tournaments.engine.pairing import pair_next_round as swiss_pair_next_round
from tournaments.engine.standings import compute as standings_compute
from tournaments.engine.top_cut import elimination_first_round
from tournaments.engine.top_cut import first_round as top_cut_first_round
from tournaments.engine.top_cut import next_round as top_cut_next_round
from tournaments.models import Event, EventStructure, Registration, Round
from tournaments.replay_export import event_replay, player_id, player_pks, players_by_id
from tournaments.selectors.cached_documents import history_stamp
from tournaments.selectors.pairing import pairing_source
from tournaments.services.history import documents_warmed_after_commit, history_changed
from tournaments.services.registrations import lock_event, require_organizer


class RoundConflict(Conflict):
    """The round cannot do that in its current state (a 409); the message says what to do instead."""


def _seed(seed: int | None) -> int:
    return secrets.randbelow(2**31) if seed is None else seed


@dataclass(frozen=True)
class EventPlan:
    """How the event is played: ``kind`` Swiss (``swiss_rounds`` then a top cut of ``top_cut``, 0: none) or
    single elimination (``elimination_rounds`` rounds of a bracket, no Swiss); ``attendance`` is what the
    structure table read (byes counted as the table says)."""

    kind: str
    swiss_rounds: int
    top_cut: int
    elimination_rounds: int
    players: int
    attendance: int

    @property
    def single_elimination(self) -> bool:
        return self.kind == SINGLE_ELIMINATION


def event_plan(event: Event) -> EventPlan:
    """The event's plan: the organizer's choices, else the structure table's for the players checked in and
    not dropped, each counted with their byes as the table counts them.

    The structure: the organizer's (``Event.structure``), else Swiss when the organizer set the Swiss rounds,
    else the table's row. Fixed when round 1 is paired (:func:`round_pair`)."""
    byes = list(active_registrations(event).values_list("byes", flat=True))
    players = len(byes)
    counted = attendance(event.structure_table, byes)
    structure = structure_for(
        event.structure_table, counted, booster_draft_playoff=event.booster_draft_playoff
    )
    kind = event.structure or (SWISS if event.swiss_rounds is not None else structure.kind)
    if kind == SINGLE_ELIMINATION:
        first = event.rounds.filter(number=1, stage=Round.Stage.TOP).first()
        # Once round 1 is paired the bracket is as big as it was then, whoever drops later.
        bracket = first.matches.count() * 2 if first is not None else players
        return EventPlan(kind, 0, 0, bracket_rounds(bracket), players, counted)
    rounds = event.swiss_rounds if event.swiss_rounds is not None else structure.rounds
    top_cut = event.top_cut if event.top_cut is not None else structure.top_cut
    return EventPlan(SWISS, rounds, fitting_top_cut(top_cut, players), 0, players, counted)


def active_registrations(event: Event) -> QuerySet[Registration]:
    """Players who can still be paired: checked in and not dropped."""
    return event.registrations.filter(checked_in_at__isnull=False, dropped_after_round__isnull=True)


def _swiss_pairings(event: Event, number: int, seed: int) -> list[Seat]:
    """The next Swiss round, paired from the event's history as read once for its current version."""
    source = pairing_source(event, history_stamp(event))
    if source.pairing is None:  # the event's own history does not read back: a bug, said plainly
        raise RoundConflict(
            gettext("The event's history cannot be paired: %(error)s") % {"error": source.problem}
        )
    pairings = swiss_pair_next_round(source.pairing, seed)
    if pairings["round"] != number:
        raise RoundConflict(
            gettext("Round %(number)s cannot be paired before round %(previous)s is closed.")
            % {"number": number, "previous": pairings["round"] - 1}
        )
    users = source.users
    return [
        Seat(None if m["b"] is None else m["table"], users[m["a"]], users[m["b"]] if m["b"] else None)
        for m in pairings["matches"]
    ]


def top_cut_seeds(event: Event, size: int) -> list[str]:
    """The ``size`` best players still in the event by the Swiss standings, best first."""
    standings = standings_compute(event_replay(event))
    return [row["player"] for row in standings["standings"] if not row["dropped"]][:size]


def _winner(match: Match) -> int | None:
    """Who goes on from a top cut or bracket match: the side that won, the player of a bye."""
    return match.player_b_id if match.result == MatchResult.B else match.player_a_id


def _elimination_pairings(event: Event, number: int, seed: int) -> list[tuple[int | None, str, str | None]]:
    """A single-elimination event's round: round 1 is the bracket, then each round the winners of
    neighbouring matches of the round before meet (the bye's player being its winner).

    Seeding (written down, as there are no standings to seed by): random, drawn with the round's seed so a
    re-pair draws again and an export tells how; players awarded byes up front come first (more byes
    first), so the bracket's byes, which go to the best seeds (``elimination_first_round``), go to them.
    The matches are written in bracket order, a bye in its place, and read back in the order written (by
    id): a bye has no table to order by.
    """
    if number == 1:
        entries = list(active_registrations(event).select_related("player").order_by("pk"))
        draw = random.Random(seed)  # noqa: S311 - a seating draw, recorded and reproducible, not a secret
        draw.shuffle(entries)
        entries.sort(key=lambda entry: -entry.byes)  # stable: the draw orders players with as many byes
        bracket = elimination_first_round([player_id(entry) for entry in entries])
    else:
        previous = event.rounds.get(number=number - 1)
        users = {user.pk: player for player, user in players_by_id(event).items()}
        winners = [users[winner] for match in previous.matches.order_by("pk") if (winner := _winner(match))]
        pairs = top_cut_next_round(winners, {player: index for index, player in enumerate(winners)})
        bracket = list(pairs)
    tables = iter(range(1, len(bracket) + 1))
    return [(None if b is None else next(tables), a, b) for a, b in bracket]


def _top_cut_pairings(event: Event, number: int) -> list[tuple[int | None, str, str | None]]:
    seeded = top_cut_seeds(event, event.top_cut or 0)
    earlier = event.rounds.filter(stage=Round.Stage.TOP, number__lt=number)
    previous = earlier.order_by("-number").first()
    if previous is None:
        pairs = top_cut_first_round(seeded)
    else:
        seeds = {player: index for index, player in enumerate(seeded)}
        ids = {user.pk: player for player, user in players_by_id(event).items()}
        winners = []
        for match in previous.matches.order_by("table", "pk"):
            winner = _winner(match)
            winners.append(ids[winner] if winner is not None else "")
        pairs = top_cut_next_round(winners, seeds)
    return [(table, a, b) for table, (a, b) in enumerate(pairs, start=1)]


def _next_stage(event: Event) -> tuple[str, int]:
    """What the next round is (Swiss or top cut) and its number; refuses when the event has none left."""
    rounds = list(event.rounds.order_by("number"))
    latest = rounds[-1] if rounds else None
    if latest is not None and latest.status == Round.Status.PAIRED:
        raise RoundConflict(
            gettext("Round %(number)s is paired and not started: start it, or re-pair it.")
            % {"number": latest.number}
        )
    if latest is not None and latest.status == Round.Status.IN_PROGRESS:
        raise RoundConflict(
            gettext("Round %(number)s is being played: close it when every result is in.")
            % {"number": latest.number}
        )
    number = latest.number + 1 if latest is not None else 1
    plan = event_plan(event)
    played_swiss = sum(1 for round_ in rounds if round_.stage == Round.Stage.SWISS)
    top_rounds = [round_ for round_ in rounds if round_.stage == Round.Stage.TOP]
    if not plan.single_elimination and played_swiss < plan.swiss_rounds and not top_rounds:
        return Round.Stage.SWISS, number
    bracket = plan.single_elimination or plan.top_cut
    if bracket and (not top_rounds or top_rounds[-1].matches.count() > 1):
        return Round.Stage.TOP, number
    raise RoundConflict(
        gettext("%(event)s has played all its rounds: there is nothing left to pair.") % {"event": event.name}
    )


@transaction.atomic
def round_pair(*, event: Event, by: User, seed: int | None = None) -> Round:
    """Pair the event's next round (see the module docstring) with ``seed`` (drawn and recorded if None).

    Pairing round 1 fixes the event's Swiss rounds and top cut from the players checked in then, so a drop
    later in the day does not change how many rounds are played.
    """
    event = lock_event(event)
    require_organizer(by, event, "pair rounds")
    if event.status == Event.Status.FINISHED:
        raise RoundConflict(gettext("%(event)s is over.") % {"event": event.name})
    players = active_registrations(event).count()
    if not event.rounds.exists():
        if players < 2:
            raise RoundConflict(
                ngettext(
                    "Check in at least two players before pairing round 1 (%(count)s checked in).",
                    "Check in at least two players before pairing round 1 (%(count)s checked in).",
                    players,
                )
                % {"count": players}
            )
        plan = event_plan(event)
        if plan.single_elimination:
            event.structure = EventStructure.SINGLE_ELIMINATION
            event.swiss_rounds, event.top_cut = None, None
        else:
            event.structure = EventStructure.SWISS
            event.swiss_rounds, event.top_cut = plan.swiss_rounds, plan.top_cut
        event.status = Event.Status.RUNNING
        event.save(update_fields=["structure", "swiss_rounds", "top_cut", "status"])
    stage, number = _next_stage(event)
    seed = _seed(seed)
    round_ = Round.objects.create(event=event, number=number, stage=stage, seed=seed)
    round_matches_create(round_=round_, game=event.game, seats=_pairings(event, round_))
    return round_


def _pairings(event: Event, round_: Round) -> list[Seat]:
    if event.structure == EventStructure.SINGLE_ELIMINATION or round_.stage == Round.Stage.TOP:
        users = player_pks(event)
        if event.structure == EventStructure.SINGLE_ELIMINATION:
            pairings = _elimination_pairings(event, round_.number, round_.seed or 0)
        else:
            pairings = _top_cut_pairings(event, round_.number)
        return [Seat(table, users[a], users[b] if b else None) for table, a, b in pairings]
    return _swiss_pairings(event, round_.number, round_.seed or 0)


@transaction.atomic
def round_repair(*, round_: Round, by: User, seed: int | None = None) -> Round:
    """Pair a round again before it starts (a late entry, a drop, a mistake), with a new seed.

    Refused once it has started, or if anything was already recorded at one of its tables.
    """
    event = lock_event(round_.event)
    require_organizer(by, event, "re-pair rounds")
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.PAIRED:
        raise RoundConflict(
            gettext("Round %(number)s has started: its pairings stay as they are.")
            % {"number": round_.number}
        )
    round_matches_clear(round_=round_)
    round_.seed = _seed(seed)
    round_.save(update_fields=["seed"])
    round_.event = event
    round_matches_create(round_=round_, game=event.game, seats=_pairings(event, round_))
    return round_


@transaction.atomic
def round_start(*, round_: Round, by: User, now: datetime | None = None) -> Round:
    """Start the round and its clock (none for an untimed top cut); the sweep calls time at its end."""
    event = lock_event(round_.event)
    require_organizer(by, event, "start rounds")
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.PAIRED:
        raise RoundConflict(gettext("Round %(number)s has already started.") % {"number": round_.number})
    dropped = Registration.objects.filter(event=event, dropped_after_round__lt=round_.number).filter(
        player__in=_players_of(round_)
    )
    if dropped.exists():
        names = ", ".join(
            sorted(display_name(registration.player) for registration in dropped.select_related("player"))
        )
        raise RoundConflict(
            gettext("%(names)s dropped after round %(number)s was paired: re-pair it first.")
            % {"names": names, "number": round_.number}
        )
    if round_.stage == Round.Stage.SWISS:
        missing = _unpaired_entries(event, round_)
        if missing:
            raise RoundConflict(
                gettext("%(names)s can play round %(number)s but are not in its pairings: re-pair it first.")
                % {"names": ", ".join(missing), "number": round_.number}
            )
    now = now or timezone.now()
    round_.status = Round.Status.IN_PROGRESS
    round_.started_at = now
    # "Untimed top cut" is the top cut's: a single-elimination event's rounds are its whole event, timed.
    untimed = (
        round_.stage == Round.Stage.TOP
        and event.top_cut_untimed
        and event.structure != EventStructure.SINGLE_ELIMINATION
    )
    round_.ends_at = None if untimed else now + timedelta(minutes=event.round_minutes)
    round_.save(update_fields=["status", "started_at", "ends_at"])
    return round_


def _unpaired_entries(event: Event, round_: Round) -> list[str]:
    """Players who may be paired in this Swiss round and are not: a drop undone after pairing, or a late
    entry checked in between pairing and start."""
    waiting = (
        active_registrations(event)
        .filter(joined_round__lte=round_.number)
        .exclude(player__in=_players_of(round_))
    )
    return sorted(display_name(registration.player) for registration in waiting.select_related("player"))


def _players_of(round_: Round) -> list[int]:
    players: list[int] = []
    for a, b in round_.matches.values_list("player_a_id", "player_b_id"):
        players += [a] if b is None else [a, b]
    return players


def round_time_up(*, round_id: int, now: datetime | None = None) -> RoundTimeCall | None:
    """Call time for the round if its clock has run out (None if not yet, or nothing to do).

    Run by the periodic sweep and on page loads: calling twice is harmless,
    because calling time for a match keeps its first call.
    """
    now = now or timezone.now()
    round_ = Round.objects.filter(pk=round_id).first()
    if round_ is None or round_.status != Round.Status.IN_PROGRESS or round_.ends_at is None:
        return None
    if round_.paused_at is not None:  # the organizer stopped the clock: it has not run out
        return None
    if round_.ends_at > now or not _unfinished_uncalled(Match.objects.filter(round=round_)).exists():
        return None
    return round_call_time(round_id=round_id, by=None, now=now)


def _unfinished_uncalled(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Matches time could still be called for: two players, no final result, time not called yet."""
    return matches.exclude(status=Match.Status.FINAL).filter(
        time_called_at__isnull=True, player_b__isnull=False
    )


def rounds_due(now: datetime | None = None) -> list[int]:
    """Rounds whose clock has run out with a match still unfinished and not called (for the sweep); a paused
    clock has not run out."""
    now = now or timezone.now()
    unfinished = _unfinished_uncalled(Match.objects.all())
    return list(
        Round.objects.filter(
            status=Round.Status.IN_PROGRESS, ends_at__lte=now, paused_at__isnull=True, matches__in=unfinished
        )
        .values_list("pk", flat=True)
        .distinct()
    )


@transaction.atomic
def round_close(*, round_: Round, by: User, now: datetime | None = None) -> Round:
    """Close the round once every match is final; the last one ends the event.

    A top cut match needs a winner: a draw or a double loss there is refused until a judge decides it.
    """
    event = lock_event(round_.event)
    require_organizer(by, event, "close rounds")
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.IN_PROGRESS:
        refusal = (
            gettext("Round %(number)s has not started.")
            if round_.status == Round.Status.PAIRED
            else gettext("Round %(number)s is already closed.")
        )
        raise RoundConflict(refusal % {"number": round_.number})
    matches = list(round_.matches.order_by("table", "pk"))
    waiting = [match for match in matches if match.status != Match.Status.FINAL]
    if waiting:
        tables = ", ".join(f"{match.table} ({match.get_status_display().lower()})" for match in waiting)
        raise RoundConflict(
            gettext("Round %(number)s has matches without a final result at tables %(tables)s.")
            % {"number": round_.number, "tables": tables}
        )
    if round_.stage == Round.Stage.TOP:
        decided = (MatchResult.A, MatchResult.B, MatchResult.BYE)  # a bracket's bye goes on
        undecided = [match for match in matches if match.result not in decided]
        if undecided:
            tables = ", ".join(str(match.table) for match in undecided)
            raise RoundConflict(
                ngettext(
                    "A top cut match needs a winner: a judge must decide table %(tables)s.",
                    "A top cut match needs a winner: a judge must decide tables %(tables)s.",
                    len(undecided),
                )
                % {"tables": tables}
            )
    round_.status = Round.Status.FINISHED
    round_.finished_at = now or timezone.now()
    round_.save(update_fields=["status", "finished_at"])
    history_changed(event_id=event.pk)  # the round's results are history from now on
    documents_warmed_after_commit(event_id=event.pk)
    if _event_over(event, round_, matches):
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
    return round_


def _event_over(event: Event, round_: Round, matches: list[Match]) -> bool:
    if round_.stage == Round.Stage.TOP:
        return len(matches) == 1
    swiss_rounds, top_cut = event.swiss_rounds or 0, event.top_cut or 0
    played = event.rounds.filter(stage=Round.Stage.SWISS).count()
    return played >= swiss_rounds and top_cut == 0


def next_stage(event: Event) -> str | None:
    """Whether the next round to pair is Swiss or the top cut (None when nothing can be paired now), so the
    organizer's button says which it will pair."""
    try:
        stage, _ = _next_stage(event)
    except RoundConflict:
        return None
    return stage


class Rematch(RoundConflict):
    """A swap would pair two players who already played each other at this event: the organizer confirms."""


def _rematches(round_: Round, matches: tuple[Match, Match]) -> list[str]:
    found = []
    for match in matches:
        pair = Q(player_a=match.player_a_id, player_b=match.player_b_id) | Q(
            player_a=match.player_b_id, player_b=match.player_a_id
        )
        earlier = (
            Match.objects.filter(round__event_id=round_.event_id, round__number__lt=round_.number)
            .filter(pair)
            .select_related("round")
            .order_by("round__number")
            .first()
        )
        if earlier is not None:
            found.append(
                gettext("%(first)s and %(second)s played each other in round %(number)s")
                % {
                    "first": display_name(match.player_a),
                    "second": display_name(cast(User, match.player_b)),
                    "number": earlier.round.number,
                }
            )
    return found


@transaction.atomic
def round_swap_players(
    *, round_: Round, first: Registration, second: Registration, by: User, rematch_ok: bool = False
) -> tuple[Match, Match]:
    """Exchange two players' tables in a round paired and not started. A swap that makes a rematch is
    refused with :class:`Rematch` naming it, unless the organizer confirms (``rematch_ok``)."""
    event = lock_event(round_.event)
    require_organizer(by, event, "change pairings")
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.PAIRED:
        raise RoundConflict(
            gettext("Round %(number)s has started: its pairings stay as they are.")
            % {"number": round_.number}
        )
    swapped = matches_swap_players(round_=round_, first=first.player, second=second.player)
    rematches = _rematches(round_, swapped)
    if rematches and not rematch_ok:
        # Raised inside the transaction: the swap is rolled back until the organizer confirms it.
        raise Rematch(
            gettext("This swap makes a rematch: %(rematches)s. Swap anyway?")
            % {"rematches": "; ".join(rematches)}
        )
    return swapped
