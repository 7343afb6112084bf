"""The "Judging" section of the match page: result corrections, penalties and the audit log.

The event's judges and organizers get the forms; the two players see the penalties given at their match
and the audit log (so a correction of their result is never silent); anyone else sees nothing of it.
A form that fails is swapped back in place with the error; one that succeeds changes the whole match
(status, duels, this section), so htmx is told to reload the page, and a plain post is redirected.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from idempotency.pages import new_form_key, once_per_form
from matches import services
from matches.forms import DuelCorrectionForm, JudgeResultForm, PenaltyForm
from matches.models import Duel, Match, MatchResult, Penalty
from matches.selectors import match_for
from matches.selectors.matches import is_match_judge
from matches.services.access import top_cut_needs_a_winner
from matches.services.judging import JUDGE_RESULTS, duel_result_set, match_result_set
from tournaments.models import Round
from tournaments.services.drops import penalty_issue_at_event


def _match_words(snapshot: dict[str, Any], names: dict[str, str]) -> str:
    result = snapshot.get("result", "")
    if result in (MatchResult.A, MatchResult.B):
        words = f"{names[result.upper()]} wins"
    elif result:
        words = MatchResult(result).label
    else:
        words = "no result"
    games = f"{snapshot.get('games_a', 0)}-{snapshot.get('games_b', 0)}"
    if snapshot.get("games_drawn"):
        games += f"-{snapshot['games_drawn']}"
    status = Match.Status(snapshot.get("status", Match.Status.PLAYING)).label.lower()
    return f"{words} {games} ({status})" if result else f"{words} ({status})"


def _duel_words(snapshot: dict[str, Any], names: dict[str, str]) -> str:
    result = snapshot.get("result", "")
    if not result:
        return "no result"
    words = "draw" if result == Duel.Result.DRAW else f"{names[result]} won"
    reason = snapshot.get("reason", "")
    return f"{words} ({Duel.Reason(reason).label.lower()})" if reason else words


def judging_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    """What the "Judging" section shows, and to whom: forms to judges, penalties and audit log to players."""
    user = request.user
    is_judge = is_match_judge(match, user)
    is_player = user.is_authenticated and match.side_of(user.pk) is not None
    if not (is_judge or is_player):
        return {"judging_visible": False}
    names = {"A": display_name(match.player_a), "B": display_name(match.player_b)}
    top_cut = match.round.stage == Round.Stage.TOP
    audit = [
        {
            "change": change,
            "judge": display_name(change.changed_by),
            "what": f"Duel {change.duel_number}" if change.duel_number else "Match result",
            "before": (_duel_words if change.duel_number else _match_words)(change.before, names),
            "after": (_duel_words if change.duel_number else _match_words)(change.after, names),
        }
        for change in match.result_changes.select_related("changed_by")
    ]
    penalties = [
        {"penalty": penalty, "player": display_name(penalty.player), "judge": display_name(penalty.issued_by)}
        for penalty in match.penalties.select_related("player", "issued_by")
    ]
    return {
        "judging_visible": True,
        "judging_is_judge": is_judge,
        "judging_error": error,
        "judging_names": names,
        "judging_audit": audit,
        "judging_penalties": penalties,
        "judging_duels": list(match.duels.order_by("number")) if is_judge else [],
        "judging_results": [
            (value, MatchResult(value).label)
            for value in JUDGE_RESULTS
            if not top_cut or value in (MatchResult.A, MatchResult.B)
        ],
        "judging_winner_needed": top_cut_needs_a_winner() if top_cut else "",
        "judging_duel_results": Duel.Result.choices,
        "judging_reasons": Duel.Reason.choices,
        "judging_kinds": Penalty.Kind.choices,
        "match": match,
        "form_key": new_form_key(),
    }


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
    match = match_for(match_id)
    return render(request, "matches/_judging.html", judging_context(request, match, error))


Refusals = (services.MatchConflict, ValidationError, PermissionDenied)


@login_required
@require_POST
def match_judge_result(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match_for(match_id)
    judge = cast(User, request.user)

    form = JudgeResultForm(request.POST)

    def enter() -> str:
        match_result_set(match_id=match_id, judge=judge, **form.arguments())
        return "Match result entered."

    error, success = once_per_form(request, judge, enter)
    return _done(request, match_id, error=error, success=success)


@login_required
@require_POST
def match_judge_duel(request: HtmxHttpRequest, match_id: int, number: int) -> HttpResponse:
    match_for(match_id)
    judge = cast(User, request.user)

    form = DuelCorrectionForm(request.POST)

    def correct() -> str:
        duel_result_set(match_id=match_id, number=number, judge=judge, **form.arguments())
        return f"Duel {number} corrected."

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
            raise ValidationError({"player": ["Choose the penalized player."]})
        penalty = penalty_issue_at_event(match_id=match_id, judge=judge, player=player, **arguments)
        return f"{penalty.get_kind_display()} recorded for {display_name(player)}."

    error, success = once_per_form(request, judge, give)
    return _done(request, match_id, error=error, success=success)
