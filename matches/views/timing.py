"""The "Time" section of the match page: the round's end, this match's extensions, and what happens at time.

Granting an extension swaps the section in place (htmx). Calling time and scoring the unfinished duel change
the whole match (its duels and its result), so htmx is told to reload the page; without JavaScript every
form posts and comes back to the page with a message.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from idempotency.pages import new_form_key, once_per_form
from matches.forms import CallTimeForm, ExtensionForm, FinishAtTimeForm
from matches.models import Match, TimeExtension
from matches.selectors import match_for
from matches.selectors.matches import is_match_judge
from matches.services.access import MatchConflict
from matches.services.timing import (
    duel_finish_at_time,
    match_call_time,
    match_time_due,
    round_call_time,
    time_extension_grant,
)
from rules.engine.end_of_round import extra_turns, procedure_steps
from tournaments.models import EndOfRound

ROUND_CALL_UNCONFIRMED = "Time was not called for the round: press “Yes, call time for the round” to confirm."


def time_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    """What the "Time" section shows: the round's end, extensions, the time due, and the procedure at time."""
    event = match.round.event
    extensions = list(match.time_extensions.select_related("granted_by").order_by("granted_at", "pk"))
    is_judge = is_match_judge(match, request.user)
    my_side = match.side_of(request.user.pk) if request.user.is_authenticated else None
    playing = match.duels.filter(result="").order_by("number").first()
    can_finish = (
        match.time_called_at is not None
        and match.status != Match.Status.FINAL
        and playing is not None
        and event.end_of_round != EndOfRound.YGO_DOUBLE_LOSS
        and (is_judge or (my_side is not None and match.status == Match.Status.PLAYING))
    )
    return {
        "match": match,
        "form_key": new_form_key(),
        "time_error": error,
        "time_extensions": [
            {"extension": extension, "judge_name": display_name(extension.granted_by)}
            for extension in extensions
        ],
        "time_extra_minutes": sum(extension.minutes for extension in extensions),
        "time_due": match_time_due(match),
        "time_procedure": event.end_of_round,
        "time_procedure_label": event.get_end_of_round_display(),
        "time_steps": procedure_steps(event.end_of_round),
        "time_playing": playing,
        "time_can_finish": can_finish,
        "time_is_judge": is_judge,
        "time_reasons": TimeExtension.Reason.choices,
        "time_extra_turns": extra_turns(event.end_of_round),
        # "Call time for the round" is confirmed on a second step (a link here, then the form).
        "time_confirm_round": is_judge and request.GET.get("confirm") == "round-time",
    }


def _section(request: HtmxHttpRequest, match_id: int, error: str = "") -> HttpResponse:
    match = match_for(match_id)
    return render(request, "matches/_time.html", time_context(request, match, error))


def _done(
    request: HtmxHttpRequest, match_id: int, *, error: str = "", success: str = "", whole_page: bool
) -> HttpResponse:
    """htmx: the fresh section (or a reload when the whole match changed); a plain post: back to the page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif success:
            messages.success(request, success)
        return redirect("match-detail", match_id=match_id)
    if error or not whole_page:
        return _section(request, match_id, error)
    if success:
        messages.success(request, success)
    response = HttpResponse(status=204)
    response["HX-Redirect"] = reverse("match-detail", args=[match_id])
    return response


@login_required
@require_POST
def match_extension(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match_for(match_id)
    judge = cast(User, request.user)
    form = ExtensionForm(request.POST)

    def grant() -> str:
        arguments = form.arguments()
        arguments["minutes"] = arguments["minutes"] if arguments["minutes"] is not None else 0
        time_extension_grant(match_id=match_id, judge=judge, **arguments)
        return "Extension granted."

    error, success = once_per_form(request, judge, grant)
    return _done(request, match_id, error=error, success=success, whole_page=False)


@login_required
@require_POST
def match_call_time_view(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """Call time for this match, or (``scope=round``) for every match of its round."""
    match = match_for(match_id)
    user = cast(User, request.user)
    try:
        arguments = CallTimeForm(request.POST).arguments()
        if arguments["scope"] == "round":
            if arguments["confirm"] != "yes":
                return _done(request, match_id, error=ROUND_CALL_UNCONFIRMED, whole_page=True)
            outcome = round_call_time(round_id=match.round_id, by=user)
            success = (
                f"Time called for {outcome.called} match(es); {outcome.in_extra_time} still in extra time"
                f", {outcome.disputed} disputed."
            )
        else:
            match_call_time(match_id=match_id, by=user)
            success = "Time has been called."
    except MatchConflict as error:
        return _done(request, match_id, error=refusal_message(error), whole_page=True)
    return _done(request, match_id, success=success, whole_page=True)


@login_required
@require_POST
def match_finish_at_time(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match_for(match_id)
    try:
        arguments = FinishAtTimeForm(request.POST).arguments()
        duel_finish_at_time(match_id=match_id, by=cast(User, request.user), **arguments)
    except REFUSALS as error:
        return _done(request, match_id, error=refusal_message(error), whole_page=True)
    return _done(request, match_id, success="The unfinished duel was scored at time.", whole_page=True)
