"""Pages for matches: a player's own matches, one match and its duels, the judges' queue.

The duel buttons post small forms (htmx swaps the "Duels" section; without JavaScript the page reloads);
they call the same services as the API.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from config.http import HtmxHttpRequest
from matches import services
from matches.models import Duel, Match
from matches.selectors import judge_queue, matches_of_player
from tournaments.selectors import is_event_staff


def _name(user: User | None) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.username


def _duels_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    """What the "Duels" section shows: the engine's tally, whose choice it is, each duel and its reports."""
    names = {"A": _name(match.player_a), "B": _name(match.player_b)}
    try:
        state: services.DuelState | None = services.match_next_chooser(match=match)
    except services.EngineAnswerMissing as missing:
        state, error = None, error or f"The duels need a judge: {missing}"
    rows = []
    for duel in match.duels.order_by("number").prefetch_related("reports__player"):
        reports = list(duel.reports.all())
        rows.append(
            {
                "duel": duel,
                "chooser_name": names[duel.chooser],
                "first_name": names[duel.first_player],
                "winner_name": names.get(duel.result, ""),
                "reports": [
                    {
                        "report": report,
                        "name": _name(report.player),
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
        "reasons": Duel.Reason.choices,
    }


@login_required
def my_matches(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "matches/my_matches.html", {"matches": matches_of_player(request.user)[:20]})


def match_detail(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a", "player_b"), pk=match_id
    )
    return render(
        request,
        "matches/match_detail.html",
        {
            "match": match,
            "reports": match.reports.select_related("player"),
            "disputes": match.disputes.select_related("opened_by"),
            "is_staff": is_event_staff(request.user, match.round.event),
            **(_duels_context(request, match) if match.player_b_id else {}),
        },
    )


def _duel_action_done(request: HtmxHttpRequest, match_id: int, error: str = "") -> HttpResponse:
    """htmx gets the fresh "Duels" section (with the error in it); a plain form post goes back to the page."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("match-detail", match_id=match_id)
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a", "player_b"), pk=match_id
    )
    return render(request, "matches/_duels.html", _duels_context(request, match, error))


def _message(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    return str(error)


@login_required
@require_POST
def match_toss(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.match_coin_toss(match=match, player=cast(User, request.user))
    except services.DuelConflict as error:
        return _duel_action_done(request, match_id, _message(error))
    return _duel_action_done(request, match_id)


@login_required
@require_POST
def match_duel_start(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.duel_start(
            match=match, player=cast(User, request.user), choice=request.POST.get("choice", "")
        )
    except (services.DuelConflict, ValidationError) as error:
        return _duel_action_done(request, match_id, _message(error))
    return _duel_action_done(request, match_id)


@login_required
@require_POST
def match_duel_report(request: HtmxHttpRequest, match_id: int, number: int) -> HttpResponse:
    duel = get_object_or_404(Duel, match_id=match_id, number=number)
    try:
        services.duel_report(
            duel=duel,
            player=cast(User, request.user),
            result=request.POST.get("result", ""),
            reason=request.POST.get("reason", ""),
        )
    except (services.DuelConflict, ValidationError) as error:
        return _duel_action_done(request, match_id, _message(error))
    return _duel_action_done(request, match_id)


@login_required
def judge_queue_page(request: HtmxHttpRequest) -> HttpResponse:
    """Open disputes and disputed results, oldest first; htmx refreshes the list every few seconds."""
    disputed, disputes = judge_queue(request.user)
    template = "matches/_judge_queue.html" if request.htmx else "matches/judge_queue.html"
    return render(request, template, {"disputed": disputed, "disputes": disputes})
