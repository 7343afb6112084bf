"""The dashboard's clock controls: pause, resume, add minutes, and call time for the round (confirmed first).

Calling time is two steps and needs no JavaScript: "Call time for round N…" is a link back to the dashboard
with ``?confirm=call-time``, which shows what the event's end-of-round procedure will do and a form with
"Yes, call time now"; only that form's POST (``confirm=yes``, read by :class:`CallTimeConfirmForm`) calls
time. A POST without it calls nothing and shows the confirmation again.
"""

from __future__ import annotations

from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from config.http import HtmxHttpRequest
from idempotency.pages import once_per_form
from matches.services import MatchConflict
from matches.services.timing import RoundTimeCall, round_call_time
from rules.engine.end_of_round import extra_turns
from tournaments import services
from tournaments.forms import CallTimeConfirmForm, RoundExtendForm
from tournaments.models import Event, Round
from tournaments.views.run import FormError, organizer_event, run_page
from tournaments.views.run_refusals import done, refused

CLOCK_REFUSALS = (services.RoundConflict, MatchConflict)


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event_id=event.pk, number=number)


@login_required
@require_POST
def run_pause(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = organizer_event(request, slug)
    try:
        services.round_pause(round_=_round(event, number), by=cast(User, request.user))
    except CLOCK_REFUSALS as error:
        return refused(request, event, "clock", error)
    return done(
        request,
        event,
        gettext("Round %(number)s's clock is paused: resume it when play goes on.") % {"number": number},
    )


@login_required
@require_POST
def run_resume(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = organizer_event(request, slug)
    try:
        services.round_resume(round_=_round(event, number), by=cast(User, request.user))
    except CLOCK_REFUSALS as error:
        return refused(request, event, "clock", error)
    return done(
        request,
        event,
        gettext("Round %(number)s's clock is running again with the time it had left.") % {"number": number},
    )


@login_required
@require_POST
def run_extend(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """Add minutes to every match of the round; a second press of the same form adds them once."""
    event = organizer_event(request, slug)
    round_ = _round(event, number)
    user = cast(User, request.user)
    form = RoundExtendForm(request.POST)
    if not form.is_valid():
        return refused(request, event, "clock", str(form.errors["minutes"][0]))
    minutes = form.cleaned_data["minutes"]

    def extend() -> str:
        services.round_extend(round_=round_, by=user, minutes=minutes)
        return ngettext(
            "%(minutes)s minute added to round %(number)s: every match has that much longer.",
            "%(minutes)s minutes added to round %(number)s: every match has that much longer.",
            minutes,
        ) % {"minutes": minutes, "number": number}

    error, success = once_per_form(request, user, extend)
    if error:
        return refused(request, event, "clock", error)
    return done(request, event, success)


def _called_message(event: Event, number: int, outcome: RoundTimeCall) -> str:
    parts = [gettext("Time was called for round %(number)s.") % {"number": number}]
    if outcome.called and extra_turns(event.end_of_round):
        parts.append(
            ngettext(
                "%(count)s match is in extra turns: its players report the result when they finish.",
                "%(count)s matches are in extra turns: their players report the result when they finish.",
                outcome.called,
            )
            % {"count": outcome.called}
        )
    if outcome.in_extra_time:
        parts.append(
            ngettext(
                "%(count)s match still has a judge's extension: its time is called when that runs out.",
                "%(count)s matches still have a judge's extension: their time is called when it runs out.",
                outcome.in_extra_time,
            )
            % {"count": outcome.in_extra_time}
        )
    if outcome.disputed:
        parts.append(
            ngettext(
                "%(count)s disputed match waits for a judge.",
                "%(count)s disputed matches wait for a judge.",
                outcome.disputed,
            )
            % {"count": outcome.disputed}
        )
    return " ".join(parts)


@login_required
@require_POST
def run_call_time(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """Call time for the round once the organizer confirmed it; without the confirmation, ask again."""
    event = organizer_event(request, slug)
    round_ = _round(event, number)
    form = CallTimeConfirmForm(request.POST)
    if not form.is_valid():
        error = FormError("call-time", str(form.errors["confirm"][0]))
        return run_page(request, event, error, status=400, confirm_call_time=True)
    try:
        outcome = round_call_time(round_id=round_.pk, by=cast(User, request.user))
    except CLOCK_REFUSALS as error:
        return refused(request, event, "clock", error)
    return done(request, event, _called_message(event, number, outcome))
