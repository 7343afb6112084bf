"""The "Judging" section of the match page: result corrections, penalties and the audit log.

The event's judges and organizers get the forms; the two players see the penalties given at their match
and the audit log (so a correction of their result is never silent); anyone else sees nothing of it.
A form that fails is swapped back in place with the error; one that succeeds changes the whole match
(status, duels, this section), so htmx is told to reload the page, and a plain post is redirected.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from idempotency.pages import once_per_form
from matches import services
from matches.forms import DuelCorrectionForm, JudgeResultForm, PenaltyForm
from matches.selectors import match_for
from matches.services.judging import duel_result_set, match_result_set
from matches.views.pages import match_body
from tournaments.services.drops import penalty_issue_at_event


def _done(request: HtmxHttpRequest, match_id: int, *, error: str = "", success: str = "") -> HttpResponse:
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif success:
            messages.success(request, success)
        return redirect("match-detail", match_id=match_id)
    if not error:
        messages.success(request, success)
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"  # the status, the duels and the log all changed: show them all
        return response
    return match_body(request, match_id, error=error)


Refusals = (services.MatchConflict, ValidationError, PermissionDenied)


@login_required
@require_POST
def match_judge_result(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match_for(match_id)
    judge = cast(User, request.user)

    form = JudgeResultForm(request.POST)

    def enter() -> str:
        match_result_set(match_id=match_id, judge=judge, **form.arguments())
        return gettext("Match result entered.")

    error, success = once_per_form(request, judge, enter)
    return _done(request, match_id, error=error, success=success)


@login_required
@require_POST
def match_judge_duel(request: HtmxHttpRequest, match_id: int, number: int) -> HttpResponse:
    match = match_for(match_id)
    judge = cast(User, request.user)

    form = DuelCorrectionForm(request.POST)

    def correct() -> str:
        duel_result_set(match_id=match_id, number=number, judge=judge, **form.arguments())
        if match.round.event.game == "mtg":
            return gettext("Game %(number)s corrected.") % {"number": number}
        return gettext("Duel %(number)s corrected.") % {"number": number}

    error, success = once_per_form(request, judge, correct)
    return _done(request, match_id, error=error, success=success)


@login_required
@require_POST
def match_penalty(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = match_for(match_id)
    judge = cast(User, request.user)

    form = PenaltyForm(request.POST)

    def give() -> str:
        arguments = form.arguments()
        player = match.player_a if arguments.pop("player") == "A" else match.player_b
        if player is None:
            raise ValidationError({"player": [gettext("Choose the penalized player.")]})
        penalty = penalty_issue_at_event(match_id=match_id, judge=judge, player=player, **arguments)
        return gettext("Penalty recorded for %(name)s: %(kind)s.") % {
            "name": display_name(player),
            "kind": penalty.get_kind_display(),
        }

    error, success = once_per_form(request, judge, give)
    return _done(request, match_id, error=error, success=success)
