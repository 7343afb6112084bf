"""The "Disputes" section of the match page, calling the judge engine from a match, and a judge's decision.

A player (or judge) describes the game state with the judge page's own forms (``rules.views.builder_for``:
the builder of the event's game, or pasted JSON), prefilled with the starting life; the engine rules at once
and a judge of the event confirms or overrules it. These views call the same services as the API.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import Conflict
from idempotency.pages import answer_once
from matches.forms import DisputeResolveForm
from matches.models import Dispute, Duel, Match
from matches.selectors import disputes_visible_to, match_for
from matches.selectors.matches import is_match_judge
from matches.services import disputes as dispute_services
from matches.services.access import MatchConflict
from rules.engine.vocabulary import STARTING_LIFE
from rules.forms import DisputeJsonForm
from rules.narration import ruling_in_words
from rules.selectors import rulings_visible_to
from rules.views import builder_for, prefill_from

# Each game's starting life, so the form opens on the usual totals.


class DisputeOpenForm(forms.Form):
    """What the match adds to the judge page's forms: what is disputed, and in which duel."""

    summary = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        label="What do you disagree on?",
        help_text="One or two sentences, e.g. “Kaiba says Yugi's LP reached 0 before the draw.”",
    )
    duel_number = forms.IntegerField(
        min_value=1, required=False, label="Duel", help_text="Empty: the duel being played."
    )
    idempotency_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=80)


def _names(match: Match) -> dict[str, str]:
    return {"A": display_name(match.player_a), "B": display_name(match.player_b)}


def verdict(ruling: Mapping[str, Any]) -> dict[str, Any]:
    """How a stored ruling reads at a glance: its verdict, explanation and the first rule it cites."""
    legal = ruling.get("legal")
    label = "The judge cannot decide from this state" if legal is None else "Legal" if legal else "Not legal"
    rules = list(ruling.get("rules") or [])
    violations = list(ruling.get("violations") or [])
    rule = rules[0] if rules else next((v.get("rule") for v in violations if v.get("rule")), "")
    return {
        "legal": legal,
        "css": "unknown" if legal is None else "legal" if legal else "illegal",
        "label": label,
        "explanation": ruling.get("explanation", ""),
        "rule": rule,
        "violations": violations,
        "rules": rules,
        "outcome": ruling.get("outcome") or {},
    }


def _ends_duel(dispute: Dispute, names: dict[str, str]) -> str:
    """What confirming would record, in words ("" when the ruling ends no duel)."""
    ended = dispute_services.finished_duel(dispute.ruling.ruling) if dispute.ruling else None
    if ended is None:
        return ""
    duel = f"duel {dispute.duel_number}" if dispute.duel_number else "the duel (none named)"
    game = dispute.match.round.event.game
    reason = dispute_services.duel_reason(game, str(ended.get("reason") or ""))
    how = f" ({Duel.Reason(reason).label})" if reason else ""
    if ended.get("draw"):
        return f"{duel.capitalize()} is a draw{how}."
    return f"{duel.capitalize()}: {names.get(str(ended.get('winner')), '?')} wins{how}."


def _row(dispute: Dispute, names: dict[str, str], *, ruling_visible: bool = False) -> dict[str, Any]:
    return {
        "ruling_visible": ruling_visible,
        "dispute": dispute,
        "opened_by_name": display_name(dispute.opened_by),
        "resolved_by_name": display_name(dispute.resolved_by),
        "verdict": verdict(dispute.ruling.ruling) if dispute.ruling else None,
        # The match's player A and B are the dispute's A and B.
        "words": ruling_in_words(dispute.ruling.dispute, dispute.ruling.ruling, names)
        if dispute.ruling
        else None,
        "ends_duel": _ends_duel(dispute, names),
    }


def disputes_context(request: HtmxHttpRequest, match: Match) -> dict[str, Any]:
    """What the "Disputes" section shows: every dispute with its ruling and decision, and who may call."""
    names = _names(match)
    disputes = list(disputes_visible_to(request.user, match))
    # The rules app's ruling page is for the match's players and its event's staff (rulings_visible_to).
    ruling_ids = [dispute.ruling_id for dispute in disputes if dispute.ruling_id]
    visible = set(rulings_visible_to(request.user).filter(pk__in=ruling_ids).values_list("pk", flat=True))
    return {
        "dispute_rows": [
            _row(dispute, names, ruling_visible=dispute.ruling_id in visible) for dispute in disputes
        ],
        "can_open_dispute": dispute_services.may_open_dispute(match, request.user),
    }


def _json_skeleton(game: str) -> str:
    """The pasted-JSON mode opens on a dispute of the match's game with both players' starting life."""
    lp = STARTING_LIFE.get(game, 0)
    if game == "mtg":
        state: dict[str, Any] = {
            "turn": 1,
            "active_player": "A",
            "phase": "main1",
            "players": {"A": {"life": lp}, "B": {"life": lp}},
        }
        action: dict[str, Any] = {"type": "draw", "player": "A"}
    else:
        state = {
            "turn": 1,
            "turn_player": "A",
            "phase": "main1",
            "players": {"A": {"lp": lp}, "B": {"lp": lp}},
        }
        action = {"type": "check_state"}
    return json.dumps({"format": "dispute/1", "game": game, "state": state, "action": action}, indent=2)


def _problems(error: ValidationError) -> list[dict[str, str]]:
    """A service's refusal as the judge page's problem list: the field at fault, and what to do."""
    if not hasattr(error, "error_dict"):
        return [{"path": "", "message": message} for message in error.messages]
    return [
        {"path": field, "message": message}
        for field, field_messages in error.message_dict.items()
        for message in field_messages
    ]


@login_required
def match_dispute_new(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """GET: the judge page's forms, prefilled for this match; POST: open the dispute and get the ruling."""
    match = match_for(match_id)
    user = cast(User, request.user)
    if not dispute_services.may_open_dispute(match, user):
        raise PermissionDenied("Only the players of this match and the event's judges can call the judge.")
    game = match.round.event.game
    mode = request.POST.get("mode", request.GET.get("mode", "build"))
    posted = request.method == "POST"
    lp = STARTING_LIFE.get(game)
    # Each game's builder names its life fields its own way (Yu-Gi-Oh! LP, Magic life).
    life_keys = ("life_a", "life_b") if game == "mtg" else ("lp_a", "lp_b")
    prefill: dict[str, Any] = dict.fromkeys(life_keys, lp)
    prefill.update(prefill_from(request.GET, game))
    builder = builder_for(game, request.POST if posted and mode == "build" else None, prefill)
    pasted = DisputeJsonForm(
        request.POST if posted and mode == "json" else None, initial={"dispute": _json_skeleton(game)}
    )
    opening = DisputeOpenForm(
        request.POST if posted else None,
        initial={"idempotency_key": uuid.uuid4().hex, "duel_number": request.GET.get("duel")},
    )
    problems: list[dict[str, str]] = []
    status = 200

    if posted:
        dispute: dict[str, Any] | None = None
        if mode == "json" and pasted.is_valid():
            dispute = pasted.cleaned_data["dispute"]
        elif mode == "build" and builder.is_valid():
            dispute = builder.dispute()
        if dispute is not None and opening.is_valid():
            built, data = dispute, opening.cleaned_data

            def open_dispute() -> dict[str, Any]:
                return {
                    "dispute": dispute_services.dispute_open_with_ruling(
                        match_id=match.pk,
                        opened_by=user,
                        summary=data["summary"],
                        dispute=built,
                        duel_number=data["duel_number"],
                    ).pk
                }

            try:
                # The form's hidden key: a double tap opens one dispute and shows it.
                answer = answer_once(request, user, data["idempotency_key"], open_dispute)
            except ValidationError as error:
                problems, status = _problems(error), 400
            except Conflict as error:
                problems, status = [{"path": "", "message": str(error)}], 409
            else:
                return redirect("match-dispute-detail", match_id=match.pk, dispute_id=answer["dispute"])
        else:
            status = 400

    context = {
        "match": match,
        "names": _names(match),
        "mode": mode,
        "pasted": pasted,
        **builder.context(),
        "opening": opening,
        "problems": problems,
    }
    return render(request, "matches/dispute_new.html", context, status=status)


def _detail(
    request: HtmxHttpRequest, match: Match, dispute_id: int, *, error: str = "", status: int = 200
) -> HttpResponse:
    dispute = get_object_or_404(disputes_visible_to(request.user, match), pk=dispute_id)
    names = _names(match)
    context = {
        "match": match,
        "names": names,
        "row": _row(
            dispute,
            names,
            ruling_visible=dispute.ruling_id is not None
            and rulings_visible_to(request.user).filter(pk=dispute.ruling_id).exists(),
        ),
        "dispute": dispute,
        "dispute_json": json.dumps(dispute.ruling.dispute, indent=2, ensure_ascii=False)
        if dispute.ruling
        else "",
        "is_judge": is_match_judge(match, request.user),
        "decisions": Dispute.Decision.choices,
        "resolve_error": error,
        "note": request.POST.get("note", "") if error else "",
    }
    return render(request, "matches/dispute_detail.html", context, status=status)


def match_dispute_detail(request: HtmxHttpRequest, match_id: int, dispute_id: int) -> HttpResponse:
    """The dispute and the engine's ruling, as the match page shows them; judges get the decision form."""
    return _detail(request, match_for(match_id), dispute_id)


@login_required
@require_POST
def match_dispute_resolve(request: HtmxHttpRequest, match_id: int, dispute_id: int) -> HttpResponse:
    """A judge confirms or overrules; a refusal re-renders the page with the reason, never a 500."""
    match = match_for(match_id)
    # A dispute the caller may not read is a 404, as if it did not exist.
    dispute = get_object_or_404(disputes_visible_to(request.user, match), pk=dispute_id)
    try:
        arguments = DisputeResolveForm(request.POST).arguments()
        resolved = dispute_services.dispute_resolve(
            dispute_id=dispute.pk, judge=cast(User, request.user), **arguments
        )
    except ValidationError as error:
        message = " ".join(problem["message"] for problem in _problems(error))
        return _detail(request, match, dispute.pk, error=message, status=400)
    except MatchConflict as error:
        return _detail(request, match, dispute.pk, error=str(error), status=409)
    messages.success(request, f"{resolved.get_decision_display()}.")
    return redirect("match-dispute-detail", match_id=match.pk, dispute_id=dispute.pk)
