"""The "Result" section of the match page: each player reports the match, two agreeing reports make it final.

Where the duels were recorded on the page, the form is prefilled with their tally: the report then only
confirms what the duels already say (the service refuses a tally that differs from them).
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from matches import services
from matches.forms import MatchReportForm
from matches.selectors import match_for
from matches.views.pages import match_body


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
    return match_body(request, match.pk, error=error)
