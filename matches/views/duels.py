"""The "Duels" section of the match page: the coin toss, who plays first, and each duel's reports.

Its buttons post small forms (htmx swaps the section; without JavaScript the page reloads); they call the
same services as the API.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from matches import services
from matches.forms import DuelReportForm, DuelStartForm
from matches.models import Duel
from matches.selectors import match_for
from matches.views.pages import match_body


def _duel_action_done(request: HtmxHttpRequest, match_id: int, error: str = "") -> HttpResponse:
    """htmx gets the fresh page body (with the error at its top); a plain form post goes back to the page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("match-detail", match_id=match_id)
    return match_body(request, match_id, error=error)


@login_required
@require_POST
def match_toss(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = match_for(match_id)
    try:
        services.match_coin_toss(match_id=match.pk, by=cast(User, request.user))
    except services.MatchConflict as error:
        return _duel_action_done(request, match_id, refusal_message(error))
    return _duel_action_done(request, match_id)


@login_required
@require_POST
def match_duel_start(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = match_for(match_id)
    try:
        arguments = DuelStartForm(request.POST).arguments()
        services.duel_start(match_id=match.pk, player=cast(User, request.user), **arguments)
    except REFUSALS as error:
        return _duel_action_done(request, match_id, refusal_message(error))
    return _duel_action_done(request, match_id)


@login_required
@require_POST
def match_duel_report(request: HtmxHttpRequest, match_id: int, number: int) -> HttpResponse:
    duel = get_object_or_404(Duel, match_id=match_id, number=number)
    try:
        arguments = DuelReportForm(request.POST).arguments()
        services.duel_report(
            match_id=duel.match_id, number=duel.number, player=cast(User, request.user), **arguments
        )
    except REFUSALS as error:
        return _duel_action_done(request, match_id, refusal_message(error))
    return _duel_action_done(request, match_id)
