"""The round's clock in the organizer's hands: pause it, resume it, add minutes to the whole round.

A pause is one field, ``Round.paused_at``: while it is set the clock is frozen at ``ends_at - paused_at``
(``tournaments.selectors.rounds.seconds_left``) and the sweep leaves the round alone
(``tournaments.services.rounds.rounds_due``); resuming moves ``ends_at`` on by the time spent paused, so
every match's due time (the round's end plus its own extensions) moves with it. Adding minutes moves
``ends_at`` too, paused or not. Each service locks the round's row before it reads the clock, so two
organizers pressing at once are applied one after the other.

Calling time ends a pause: ``matches.services.timing.round_call_time`` records the round's
``time_called_at`` and clears ``paused_at``. After that the clock is over: it cannot be paused or extended
(a single match still gets a judge's extension before its own time is called).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.models import Round
from tournaments.services.registrations import require_organizer
from tournaments.services.rounds import RoundConflict

MAX_EXTEND_MINUTES = 60


def _running_clock(round_: Round, by: User, action: str, now: datetime) -> Round:
    """The round's row, locked, if its clock can be changed: being played, timed, time not yet called."""
    require_organizer(by, round_.event, action)
    locked = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    number = locked.number
    if locked.status != Round.Status.IN_PROGRESS:
        refusal = (
            gettext("Round %(number)s has not started: its clock cannot be changed.")
            if locked.status == Round.Status.PAIRED
            else gettext("Round %(number)s is already closed: its clock cannot be changed.")
        )
        raise RoundConflict(refusal % {"number": number})
    if locked.ends_at is None:
        raise RoundConflict(
            gettext("Round %(number)s is untimed: it has no clock to change.") % {"number": number}
        )
    frozen_at = locked.paused_at or now
    if locked.time_called_at is not None or locked.ends_at <= frozen_at:
        raise RoundConflict(
            gettext(
                "Time has already been called for round %(number)s: its clock cannot be changed any more."
            )
            % {"number": number}
        )
    return locked


@transaction.atomic
def round_pause(*, round_: Round, by: User, now: datetime | None = None) -> Round:
    """Stop the round's clock (a fire alarm, a long judge call for the whole room). Pausing a paused clock
    changes nothing: a second press, or a second organizer, finds it paused."""
    now = now or timezone.now()
    locked = _running_clock(round_, by, "pause the round's clock", now)
    if locked.paused_at is None:
        locked.paused_at = now
        locked.save(update_fields=["paused_at"])
    return locked


@transaction.atomic
def round_resume(*, round_: Round, by: User, now: datetime | None = None) -> Round:
    """Start the paused clock again with the time it had left: the round's end moves on by the pause.
    Resuming a running clock changes nothing."""
    now = now or timezone.now()
    locked = _running_clock(round_, by, "resume the round's clock", now)
    if locked.paused_at is not None:
        assert locked.ends_at is not None  # noqa: S101 - _running_clock refuses an untimed round
        locked.ends_at += max(timedelta(0), now - locked.paused_at)
        locked.paused_at = None
        locked.save(update_fields=["ends_at", "paused_at"])
    return locked


@transaction.atomic
def round_extend(*, round_: Round, by: User, minutes: int, now: datetime | None = None) -> Round:
    """Add ``minutes`` (1 to 60) to the whole round: every match's time is due that much later."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_EXTEND_MINUTES:
        raise ValidationError(
            {
                "minutes": [
                    gettext("Add whole minutes to the round, from 1 to %(most)s.")
                    % {"most": MAX_EXTEND_MINUTES}
                ]
            }
        )
    now = now or timezone.now()
    locked = _running_clock(round_, by, "add time to the round", now)
    assert locked.ends_at is not None  # noqa: S101 - _running_clock refuses an untimed round
    locked.ends_at += timedelta(minutes=minutes)
    locked.save(update_fields=["ends_at"])
    return locked
