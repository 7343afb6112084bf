"""The "Duels" section of the match page: the coin toss, who plays first, and each duel's reports.

Its buttons post small forms (htmx swaps the section; without JavaScript the page reloads); they call the
same services as the API.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from matches import services
from matches.forms import DuelReportForm, DuelStartForm
from matches.models import Duel, Match
from matches.selectors import DuelState, EngineAnswerMissing, duel_state, is_match_judge, match_for


def duels_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    """What the "Duels" section shows: the engine's tally, whose choice it is, each duel and its reports."""
    names = {"A": display_name(match.player_a), "B": display_name(match.player_b)}
    try:
        state: DuelState | None = duel_state(match)
    except EngineAnswerMissing as missing:
        state, error = None, error or f"The duels need a judge: {missing}"
    rows = []
    for duel in match.duels.order_by("number").prefetch_related("reports__player"):
        reports = list(duel.reports.all())
        rows.append(
            {
                "duel": duel,
                "chooser_name": names.get(duel.chooser, ""),
                "first_name": names.get(duel.first_player, ""),
                "winner_name": names.get(duel.result, ""),
                "reports": [
                    {
                        "report": report,
                        "name": display_name(report.player),
                        "winner_name": names.get(report.result, ""),
                    }
                    for report in reports
                ],
                "mine": next((r for r in reports if r.player_id == request.user.pk), None),
            }
        )
    return {
        "match": match,
        "duel_state": state,
        "duel_rows": rows,
        "duel_error": error,
        "names": names,
        "next_chooser_name": names.get(state.chooser or "", "") if state else "",
        "my_side": match.side_of(request.user.pk) if request.user.is_authenticated else None,
        # A judge at the table may toss for the players (e.g. a phone with a flat battery).
        "can_toss_as_judge": is_match_judge(match, request.user),
        "reasons": Duel.Reason.choices,
    }


def _duel_action_done(request: HtmxHttpRequest, match_id: int, error: str = "") -> HttpResponse:
    """htmx gets the fresh "Duels" section (with the error in it); a plain form post goes back to the page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("match-detail", match_id=match_id)
    match = match_for(match_id)
    return render(request, "matches/_duels.html", duels_context(request, match, error))


@login_required
@require_POST
def match_toss(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = match_for(match_id)
    try:
        services.match_coin_toss(match_id=match.pk, by=cast(User, request.user))
    except services.MatchConflict as error:
        return _duel_action_done(request, match_id, refusal_message(error))
    return _duel_action_done(request, match_id)


@require_GET
def match_duels_section(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The "Duels" section alone: the page polls it, so a player sees the opponent's report arrive."""
    match = match_for(match_id)
    return render(request, "matches/_duels.html", duels_context(request, match))


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
