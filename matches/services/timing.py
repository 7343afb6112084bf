"""Round time at a match: extensions, calling time, and finishing the duel left unfinished by the call.

What calling time does is the event's end-of-round procedure (``Event.end_of_round``), decided by
``rules.engine.end_of_round``: under the 2025 Yu-Gi-Oh! revision a match nobody has won is a double loss at
once; under the older Yu-Gi-Oh! policy the players finish the duel being played (the phase), it is scored by
the procedure, and the match is decided on wins by the engine's ``match_result`` with ``time_called``
(``duels.match_settle``). In Magic the match goes into extra turns (five more turns): calling time only
records the time, and the match stays open until its players report it (or a judge enters it), because a
game may be under way at the table that nobody recorded here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q, Sum
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from accounts.users import display_name
from matches.models import Duel, Match, MatchResult, Side, TimeExtension
from matches.selectors import duel_state, is_match_judge
from matches.services.access import (
    MatchConflict,
    MatchDisputed,
    MatchOver,
    match_lock,
    player_side,
    require_judge,
    require_open,
)
from matches.services.duels import duel_report, match_finish, match_settle
from matches.services.judging import duel_result_record, generated_note
from rules.engine.end_of_round import (
    EndOfRoundInputError,
    extra_turns,
    match_at_time,
    unfinished_duel_result,
)
from rules.engine.ruling import Fact
from tournaments.models import EndOfRound, Round
from tournaments.selectors.events import EVENT_JUDGES, is_event_staff

NOTE_MAX = 200


class TimeNotCalled(MatchConflict):
    """Time has not been called for the match yet: nothing is finished at time."""


def match_time_due(match: Match) -> datetime | None:
    """When time is due for this match: the round's end plus the match's extensions (None without a timer)."""
    ends_at = match.round.ends_at
    if ends_at is None:
        return None
    minutes = match.time_extensions.aggregate(total=Sum("minutes"))["total"] or 0
    return ends_at + timedelta(minutes=minutes)


@transaction.atomic
def time_extension_grant(
    *, match_id: int, judge: User, minutes: int, reason: str, note: str = ""
) -> TimeExtension:
    """A judge gives a match extra minutes, e.g. for the time a judge call or a deck check took at its table.

    Refused for a final match (:class:`MatchOver`) and once time has been called for it: the extra time is
    granted before the clock runs out, not after.
    """
    errors: dict[str, list[str]] = {}
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 60:
        errors["minutes"] = [gettext("Give the extra time in whole minutes, from 1 to 60.")]
    if reason not in TimeExtension.Reason.values:
        errors["reason"] = [gettext("Choose the reason from the list.")]
    if len(note) > NOTE_MAX:
        errors["note"] = [gettext("Keep the note to %(max)s characters.") % {"max": NOTE_MAX}]
    if errors:
        raise ValidationError(errors)
    match = match_lock(match_id)
    require_judge(match, judge)
    if match.status == Match.Status.FINAL:
        raise MatchOver(gettext("This match already has a final result: it needs no more time."))
    if match.time_called_at is not None:
        raise MatchConflict(gettext("Time has already been called for this match."))
    return TimeExtension.objects.create(
        match=match, minutes=minutes, reason=reason, note=note.strip(), granted_by=judge
    )


@transaction.atomic
def match_call_time(*, match_id: int, by: User) -> Match:
    """A judge or organizer calls time for the match; what follows is the event's end-of-round procedure.

    Idempotent: calling again keeps the first ``time_called_at`` and changes nothing. A final match is left
    as it is (:class:`MatchOver`); a disputed one waits for the judge's decision (:class:`MatchDisputed`),
    because the disputed duel may be the one that won the match.

    * ``ygo_double_loss``: a match the engine does not see as won is final at once as a double loss; a duel
      being played is left unfinished (it has no result under this procedure).
    * ``ygo_lp``: with no duel being played the match is decided on wins now; otherwise the players finish
      the phase and the duel is scored at time.
    * ``mtg_five_turns``: extra turns; the match is never decided here, its players report it as usual.
    """
    return _call_time(match_id, by)


def _call_time(match_id: int, by: User | None) -> Match:
    """:func:`match_call_time`; ``by`` None is the round's clock, which needs no permission."""
    match = match_lock(match_id)
    if by is not None:
        require_judge(match, by)
    if match.time_called_at is not None:
        return match
    require_open(match)
    state = duel_state(match)  # before time is set: "over" means won on the duels played
    match.time_called_at = timezone.now()
    match.save(update_fields=["time_called_at"])
    decision, _fact = match_at_time(match.round.event.end_of_round, state.over)
    if decision == MatchResult.DOUBLE_LOSS:
        wins = state.tally["wins"]
        match_finish(
            match,
            result=MatchResult.DOUBLE_LOSS,
            games=(int(wins["A"]), int(wins["B"]), int(state.tally["draws"])),
        )
    elif state.playing is None and not extra_turns(match.round.event.end_of_round):
        # Yu-Gi-Oh! before 2025: no duel being played, no new duel begins; the match is decided on wins.
        # Magic's extra turns never decide a match here: a game may be under way that nobody recorded, so
        # the players play on and report the result (see rules.engine.end_of_round.extra_turns).
        match_settle(match)
    return match


@transaction.atomic
def duel_finish_at_time(*, match_id: int, by: User, lp_a: int | None = None, lp_b: int | None = None) -> Duel:
    """Score the duel left unfinished when time was called, by the event's procedure, then settle the match.

    ``ygo_lp``: the LP totals at the end of the phase decide (higher LP wins, equal is a draw);
    ``mtg_five_turns``: the unfinished game is a draw. The result gets the reason "time".

    Who may do it, and why: a judge's entry is final at once (and written to the audit log with the LP
    totals, as every result a judge enters is). A player's entry is their *report* of the duel, through the
    same rule as any duel report: it counts once the opponent's report agrees, and differing reports dispute
    the match for a judge. So neither player alone can score the duel, and no second agreement mechanism is
    invented for time.
    """
    match = match_lock(match_id)
    procedure = match.round.event.end_of_round
    is_judge = is_match_judge(match, by)
    if not is_judge:
        player_side(match, by)
    if match.status == Match.Status.FINAL:
        raise MatchOver(gettext("This match already has a final result."))
    if match.time_called_at is None:
        raise TimeNotCalled(gettext("Time has not been called for this match: finish the duel as usual."))
    if procedure == EndOfRound.YGO_DOUBLE_LOSS:
        raise MatchConflict(gettext("Under this event's procedure an unfinished duel is not scored."))
    if not is_judge:
        require_open(match)
    duel = match.duels.filter(result="").order_by("number").first()
    if duel is None:
        raise MatchConflict(gettext("No duel is being played: there is nothing to finish at time."))
    try:
        result, fact = unfinished_duel_result(procedure, lp_a, lp_b)
    except EndOfRoundInputError as error:
        raise ValidationError({error.field: [error.message[0].upper() + error.message[1:] + "."]}) from error
    assert result is not None  # noqa: S101 - only ygo_double_loss gives no result, refused above
    if not is_judge:
        return duel_report(
            match_id=duel.match_id, number=duel.number, player=by, result=result, reason=Duel.Reason.TIME
        )
    duel_result_record(
        match,
        duel,
        judge=by,
        result=result,
        reason=Duel.Reason.TIME,
        **_time_note(match, fact),
        details={"lp_a": lp_a, "lp_b": lp_b},
    )
    return duel


def _time_note(match: Match, fact: Fact) -> dict[str, Any]:
    """The audit note of a duel decided at time: "Time was called." and the engine's reason, with the
    players' names where the engine says "A" and "B"."""
    names: dict[str, str] = {Side.A: display_name(match.player_a), Side.B: display_name(match.player_b)}
    reason = fact.sentence.as_dict() if fact.sentence is not None else {"template": fact.text, "values": {}}
    reason["values"] = {
        key: names.get(value, value) if isinstance(value, str) else value
        for key, value in (reason.get("values") or {}).items()
    }
    english, sentence = generated_note(gettext_noop("Time was called. %(reason)s"), reason=reason)
    return {"note": english, "note_sentence": sentence}


@transaction.atomic
def _round_time_called(round_id: int, now: datetime) -> None:
    """The round's own record that time was called (its first call is kept); calling time ends a pause."""
    round_ = Round.objects.select_for_update().get(pk=round_id)
    if round_.status != Round.Status.IN_PROGRESS:
        return
    if round_.time_called_at is None or round_.paused_at is not None:
        round_.time_called_at = round_.time_called_at or now
        round_.paused_at = None
        round_.save(update_fields=["time_called_at", "paused_at"])


@dataclass(frozen=True)
class RoundTimeCall:
    """What calling time for a round did: matches called now, still in extra time, waiting for a judge."""

    called: int
    in_extra_time: int
    disputed: int
    already_called: int


def round_call_time(*, round_id: int, by: User | None, now: datetime | None = None) -> RoundTimeCall:
    """Call time for every unfinished match of the round, except those still in their extra time.

    ``by`` is the judge or organizer calling it, or None for the round's clock (the timer task, the sweep).

    A match with extensions is skipped until its own due time (the round's end plus its minutes) has passed;
    with no round timer its extra time cannot be measured, so a judge calls it from its match page. A disputed
    match waits for its judge. Each match is called in its own transaction (:func:`match_call_time`), so one
    refusal does not undo the others.
    """
    round_ = Round.objects.select_related("event").get(pk=round_id)
    if by is not None and not is_event_staff(by, round_.event, EVENT_JUDGES):
        raise PermissionDenied(gettext("Only a judge or organizer of this event can do that."))
    if by is not None and round_.matches.filter(Q(player_a=by) | Q(player_b=by)).exists():
        # Checked before any match is called: each is called in its own transaction, so a refusal at the
        # caller's own table half-way through would leave the round half called.
        raise PermissionDenied(gettext("You play in this round: another judge or organizer calls its time."))
    now = now or timezone.now()
    _round_time_called(round_id, now)
    called = in_extra_time = disputed = already = 0
    matches = (
        Match.objects.filter(round=round_, player_b__isnull=False)
        .exclude(status=Match.Status.FINAL, time_called_at__isnull=True)
        .select_related("round")
        .order_by("pk")
    )
    for match in matches:
        if match.time_called_at is not None:
            already += 1
            continue
        if match.status == Match.Status.DISPUTED:
            disputed += 1
            continue
        if match.time_extensions.exists():
            due = match_time_due(match)
            if due is None or due > now:
                in_extra_time += 1
                continue
        try:
            with transaction.atomic():
                _call_time(match.pk, by)
        except MatchDisputed:  # became disputed since it was read
            disputed += 1
            continue
        except MatchOver:  # finished since it was read
            continue
        called += 1
    return RoundTimeCall(
        called=called, in_extra_time=in_extra_time, disputed=disputed, already_called=already
    )
