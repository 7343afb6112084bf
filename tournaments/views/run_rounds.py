"""The dashboard's round controls: pair the next round, re-pair, start, close. Each calls the round service,
which locks the event, so two clicks (or two organizers) are applied one after the other."""

from __future__ import annotations

from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from idempotency.pages import once_per_form
from matches.models import NO_SHOW_INFRACTION, Match
from matches.services import MatchConflict
from tournaments import services
from tournaments.forms import NoShowForm, PairRoundForm, SwapPlayersForm, first_error
from tournaments.models import Registration, Round
from tournaments.views.run import FormError, organizer_event, run_page
from tournaments.views.run_refusals import done, refused

# A round that cannot do that now, or whose tables already recorded something (re-pairing then is refused).
ROUND_REFUSALS = (services.RoundConflict, MatchConflict)


@login_required
@require_POST
def run_pair(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Pair the next round. The form says which round the organizer saw as next: a second click on the same
    button finds that round already paired and just comes back, instead of showing a conflict."""
    event = organizer_event(request, slug)
    expected = PairRoundForm(request.POST).round_seen()
    if expected is not None and event.rounds.filter(number=expected).exists():
        return done(request, event, gettext("Round %(number)s is paired.") % {"number": expected})
    try:
        round_ = services.round_pair(event=event, by=cast(User, request.user))
    except ROUND_REFUSALS as error:
        return refused(request, event, "round", error)
    return done(
        request,
        event,
        gettext("Round %(number)s is paired: check the pairings, then start it.") % {"number": round_.number},
    )


def _round(event_id: int, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event_id=event_id, number=number)


@login_required
@require_POST
def run_repair(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = organizer_event(request, slug)
    try:
        services.round_repair(round_=_round(event.pk, number), by=cast(User, request.user))
    except ROUND_REFUSALS as error:
        return refused(request, event, "round", error)
    return done(request, event, gettext("Round %(number)s is paired again.") % {"number": number})


@login_required
@require_POST
def run_start(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = organizer_event(request, slug)
    try:
        services.round_start(round_=_round(event.pk, number), by=cast(User, request.user))
    except ROUND_REFUSALS as error:
        return refused(request, event, "round", error)
    return done(
        request, event, gettext("Round %(number)s has started: the clock is running.") % {"number": number}
    )


@login_required
@require_POST
def run_close(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = organizer_event(request, slug)
    try:
        round_ = services.round_close(round_=_round(event.pk, number), by=cast(User, request.user))
    except ROUND_REFUSALS as error:
        return refused(request, event, "round", error)
    event.refresh_from_db(fields=["status"])
    closed = (
        gettext("Round %(number)s is closed. The event is over.")
        if event.status == event.Status.FINISHED
        else gettext("Round %(number)s is closed.")
    )
    return done(request, event, closed % {"number": round_.number})


@login_required
@require_POST
def run_swap(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """Exchange two players' tables before the round starts; a rematch is said and confirmed first."""
    event = organizer_event(request, slug)
    round_ = _round(event.pk, number)
    form = SwapPlayersForm(request.POST)
    if not form.is_valid():
        return refused(request, event, "swap", first_error(form))
    registrations = Registration.objects.select_related("player").filter(event=event)
    first = get_object_or_404(registrations, pk=form.cleaned_data["first"])
    second = get_object_or_404(registrations, pk=form.cleaned_data["second"])
    try:
        services.round_swap_players(
            round_=round_,
            first=first,
            second=second,
            by=cast(User, request.user),
            rematch_ok=form.cleaned_data["rematch_ok"],
        )
    except services.Rematch as error:
        return run_page(
            request, event, FormError("swap", str(error), value=f"{first.pk}:{second.pk}"), status=409
        )
    except ROUND_REFUSALS as error:
        return refused(request, event, "swap", error)
    swapped = gettext("%(first)s and %(second)s swapped tables in round %(number)s.") % {
        "first": display_name(first.player),
        "second": display_name(second.player),
        "number": round_.number,
    }
    return done(request, event, swapped, "pairings-before-start")


NO_SHOW = NO_SHOW_INFRACTION  # stored in English; the pages say it in the reader's language


@login_required
@require_POST
def run_no_show(request: HtmxHttpRequest, slug: str, match_id: int) -> HttpResponse:
    """A game loss or a match loss for a player who did not come to their table (the event's penalty, kept
    with the match and its audit log, as a judge's would be); a double click gives it once."""
    event = organizer_event(request, slug)
    match = get_object_or_404(
        Match.objects.select_related("player_a", "player_b"), pk=match_id, round__event=event
    )
    organizer = cast(User, request.user)
    form = NoShowForm(request.POST)

    def give() -> str:
        if not form.is_valid():
            raise ValidationError(first_error(form))
        side, kind = form.side_and_kind()
        player = match.player_a if side == "A" else match.player_b
        if player is None:
            raise ValidationError(gettext("A bye has no opponent to penalize."))
        penalty = services.penalty_issue_at_event(
            match_id=match.pk, judge=organizer, player=player, kind=kind, infraction=NO_SHOW
        )
        given = (
            gettext("Match loss for %(name)s (no-show) at table %(table)s.")
            if penalty.kind == "match_loss"
            else gettext("Game loss for %(name)s (no-show) at table %(table)s.")
        )
        return given % {"name": display_name(player), "table": match.table}

    error, success = once_per_form(request, organizer, give)
    if error:
        return refused(request, event, "round", error)
    return done(request, event, success, "round")
