"""The "Time" section of the match page: the round's end, this match's extensions, and what happens at time.

Granting an extension swaps the section in place (htmx). Calling time and scoring the unfinished duel change
the whole match (its duels and its result), so htmx is told to reload the page; without JavaScript every
form posts and comes back to the page with a message.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from idempotency.pages import once_per_form
from matches.forms import CallTimeForm, ExtensionForm, FinishAtTimeForm
from matches.selectors import match_for
from matches.services.access import MatchConflict
from matches.services.timing import (
    duel_finish_at_time,
    match_call_time,
    round_call_time,
    time_extension_grant,
)
from matches.views.pages import match_body

ROUND_CALL_UNCONFIRMED = gettext_lazy(
    "Time was not called for the round: press “Yes, call time for the round” to confirm."
)


def _section(request: HtmxHttpRequest, match_id: int, error: str = "") -> HttpResponse:
    return match_body(request, match_id, error=error)


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
        return gettext("Extension granted.")

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
                return _done(request, match_id, error=str(ROUND_CALL_UNCONFIRMED), whole_page=True)
            outcome = round_call_time(round_id=match.round_id, by=user)
            success = gettext(
                "Time called: %(called)s called now, %(extra)s still in extra time, %(disputed)s disputed."
            ) % {"called": outcome.called, "extra": outcome.in_extra_time, "disputed": outcome.disputed}
        else:
            match_call_time(match_id=match_id, by=user)
            success = gettext("Time has been called.")
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
    return _done(
        request, match_id, success=gettext("The unfinished duel was scored at time."), whole_page=True
    )
