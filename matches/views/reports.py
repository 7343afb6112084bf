"""The "Result" section of the match page: each player reports the match, two agreeing reports make it final.

Where the duels were recorded on the page, the form is prefilled with their tally: the report then only
confirms what the duels already say (the service refuses a tally that differs from them).
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from matches import services
from matches.forms import MatchReportForm
from matches.models import Match
from matches.selectors import match_for
from matches.services.access import top_cut_needs_a_winner
from tournaments.models import Round


def reports_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    recorded = [duel.result for duel in match.duels.exclude(result="")]
    reports = list(match.reports.select_related("player"))
    mine = next((r for r in reports if r.player_id == request.user.pk), None)
    return {
        "match": match,
        "match_reports": [{"report": r, "name": display_name(r.player)} for r in reports],
        "my_report": mine,
        "report_error": error,
        "report_prefill": {
            "games_a": mine.games_a if mine else recorded.count("A"),
            "games_b": mine.games_b if mine else recorded.count("B"),
            "games_drawn": mine.games_drawn if mine else recorded.count("draw"),
        },
        "can_report": match.side_of(request.user.pk) is not None and match.status != Match.Status.FINAL,
        "report_names": {"a": display_name(match.player_a), "b": display_name(match.player_b)},
        # The page offers what the service takes: no draw in the top cut, and says why.
        "report_winner_needed": top_cut_needs_a_winner() if match.round.stage == Round.Stage.TOP else "",
    }


@login_required
@require_POST
def match_report(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = match_for(match_id)
    error = ""
    try:
        arguments = MatchReportForm(request.POST).arguments()
        services.match_report_result(match_id=match.pk, player=cast(User, request.user), **arguments)
    except REFUSALS as refused:
        error = refusal_message(refused)
    # PermissionDenied is not caught: someone who does not play this match gets a 403, not a redirect.
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("match-detail", match_id=match.pk)
    match = match_for(match.pk)
    return render(request, "matches/_reports.html", reports_context(request, match, error))
