"""The round a page shows, with its clock read first.

Every round page (pairings, projector, the organizer's dashboard and their live partials) goes through
:func:`live_round` or :func:`numbered_round`: if the round's time ran out, time is called before anything is
drawn, so a store running without a Celery worker still has time called, at the latest when someone looks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext

from rules.engine.end_of_round import extra_turns
from tournaments.models import Event, Round
from tournaments.selectors.events import current_round
from tournaments.selectors.rounds import seconds_left
from tournaments.services import round_time_up


@dataclass(frozen=True)
class RoundClock:
    """What ``_round_timer.html`` draws; the script counts down from ``seconds_left`` between polls."""

    ends_at: datetime | None  # None: an untimed round, shown once time has been called for it
    now: datetime
    seconds_left: int
    paused: bool = False
    time_called_at: datetime | None = None
    # Magic's five more turns: after time, unfinished matches play on and their players report.
    extra_turns: bool = False

    @property
    def counting(self) -> bool:
        """Whether the script counts this clock down: not while paused, not once time is called."""
        return not self.paused and self.seconds_left > 0

    @property
    def text(self) -> str:
        """The time left as a clock reads it (what a page without JavaScript shows)."""
        if self.seconds_left <= 0:
            return gettext("TIME")
        hours, rest = divmod(self.seconds_left, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def _called_if_due(round_: Round) -> Round:
    if not _may_be_due(round_):
        return round_  # the clock still runs (or is paused) on the row just read: nothing to ask the service
    if round_time_up(round_id=round_.pk) is not None:
        round_.refresh_from_db()  # time was called just now: the page draws the round as it is now
    return round_


def _may_be_due(round_: Round) -> bool:
    """Whether the round as read may have run out of time (the service decides on a locked row): a page
    read every few seconds by every player of a round does not read the round a second time while its
    clock is running."""
    if round_.status != Round.Status.IN_PROGRESS or round_.ends_at is None or round_.paused_at is not None:
        return False
    return round_.ends_at <= timezone.now()


def live_round(event: Event) -> Round | None:
    """The round being played (else the last paired), with time called if its clock ran out."""
    round_ = current_round(event)
    return _called_if_due(round_) if round_ is not None else None


def numbered_round(event: Event, number: int) -> Round:
    """Round ``number`` of the event (a 404 if there is none), with time called if its clock ran out."""
    return _called_if_due(get_object_or_404(Round, event=event, number=number))


def round_shown(rounds: Sequence[Round], number: int | None) -> Round | None:
    """Among the event's ``rounds`` (read at once, by number), round ``number`` (a 404 if there is none)
    or, without a number, the round being played (else the last paired), as :func:`numbered_round` and
    :func:`live_round` read them: for a page that lists the rounds too."""
    if number is not None:
        found = next((round_ for round_ in rounds if round_.number == number), None)
        if found is None:
            raise Http404("No such round.")
        return _called_if_due(found)
    playing = [round_ for round_ in rounds if round_.status == Round.Status.IN_PROGRESS]
    latest = (playing or list(rounds))[-1:]
    return _called_if_due(latest[0]) if latest else None


def round_clock(round_: Round | None) -> RoundClock | None:
    """The clock of a round being played; None before it starts, after it ends, and for an untimed round
    until time is called for it."""
    if round_ is None or round_.status != Round.Status.IN_PROGRESS:
        return None
    if round_.ends_at is None and round_.time_called_at is None:
        return None
    # Whole seconds: every browser parses an ISO time without microseconds.
    now = timezone.now().replace(microsecond=0)
    left = seconds_left(round_, now) or 0
    return RoundClock(
        ends_at=round_.ends_at.replace(microsecond=0) if round_.ends_at is not None else None,
        now=now,
        seconds_left=left,
        paused=round_.paused_at is not None,
        time_called_at=round_.time_called_at,
        extra_turns=extra_turns(round_.event.end_of_round),
    )
