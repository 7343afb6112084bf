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
from django.http import HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import Conflict
from idempotency.pages import answer_once
from matches.forms import DisputeResolveForm
from matches.models import Dispute, Match
from matches.selectors import disputes_visible_to, match_for
from matches.selectors.matches import is_match_judge
from matches.services import disputes as dispute_services
from matches.services.access import MatchConflict
from matches.services.disputes import Description
from matches.views.now import reason_label
from rules.engine.vocabulary import STARTING_LIFE
from rules.forms import DisputeJsonForm
from rules.narration import ruling_in_words
from rules.selectors import rulings_visible_to
from rules.situation_pages import bind_situation, preview_context, render_preview, situation_list
from rules.situations import situation_class
from rules.views import builder_for, prefill_from

# Each game's starting life, so the form opens on the usual totals.


class DisputeOpenForm(forms.Form):
    """What the match adds to the judge page's forms: what is disputed, and in which duel."""

    summary = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        required=False,
        label=gettext_lazy("In a sentence (optional)"),
        help_text=gettext_lazy("e.g. “Kaiba says Yugi's LP reached 0 before the draw.”"),
    )
    duel_number = forms.IntegerField(
        min_value=1,
        required=False,
        label=gettext_lazy("Duel"),
        help_text=gettext_lazy("Empty: the duel being played."),
    )
    idempotency_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=80)


def _names(match: Match) -> dict[str, str]:
    return {"A": display_name(match.player_a), "B": display_name(match.player_b)}


def verdict(ruling: Mapping[str, Any]) -> dict[str, Any]:
    """How a stored ruling reads at a glance: its verdict, explanation and the first rule it cites."""
    legal = ruling.get("legal")
    if legal is None:
        label = gettext("The judge cannot decide from this state")
    else:
        label = gettext("Legal") if legal else gettext("Not legal")
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


def dispute_summary(dispute: Dispute) -> str:
    """The players' sentence, else the situation they described, else a bare judge call."""
    if dispute.summary:
        return dispute.summary
    situation = situation_class(dispute.match.round.event.game, dispute.situation)
    return str(situation.title) if situation is not None else _("Judge call")


def _ends_duel(dispute: Dispute, names: dict[str, str]) -> str:
    """What confirming would record, in words ("" when the ruling ends no duel)."""
    ended = dispute_services.finished_duel(dispute.ruling.ruling) if dispute.ruling else None
    if ended is None:
        return ""
    game = dispute.match.round.event.game
    reason = dispute_services.duel_reason(game, str(ended.get("reason") or ""))
    values = {
        "number": dispute.duel_number,
        "name": names.get(str(ended.get("winner")), "?"),
        "how": reason_label(game, reason),
    }
    mtg, named, how = game == "mtg", bool(dispute.duel_number), bool(reason)
    if ended.get("draw"):
        sentences = {
            (False, True, True): gettext("Duel %(number)s is a draw (%(how)s)."),
            (False, True, False): gettext("Duel %(number)s is a draw."),
            (False, False, True): gettext("The duel being played is a draw (%(how)s)."),
            (False, False, False): gettext("The duel being played is a draw."),
            (True, True, True): gettext("Game %(number)s is a draw (%(how)s)."),
            (True, True, False): gettext("Game %(number)s is a draw."),
            (True, False, True): gettext("The game being played is a draw (%(how)s)."),
            (True, False, False): gettext("The game being played is a draw."),
        }
    else:
        sentences = {
            (False, True, True): gettext("Duel %(number)s: %(name)s wins (%(how)s)."),
            (False, True, False): gettext("Duel %(number)s: %(name)s wins."),
            (False, False, True): gettext("The duel being played: %(name)s wins (%(how)s)."),
            (False, False, False): gettext("The duel being played: %(name)s wins."),
            (True, True, True): gettext("Game %(number)s: %(name)s wins (%(how)s)."),
            (True, True, False): gettext("Game %(number)s: %(name)s wins."),
            (True, False, True): gettext("The game being played: %(name)s wins (%(how)s)."),
            (True, False, False): gettext("The game being played: %(name)s wins."),
        }
    return sentences[(mtg, named, how)] % values


def _row(dispute: Dispute, names: dict[str, str], *, ruling_visible: bool = False) -> dict[str, Any]:
    return {
        "ruling_visible": ruling_visible,
        "dispute": dispute,
        "opened_by_name": display_name(dispute.opened_by),
        "summary": dispute_summary(dispute),
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


def _may_describe(match: Match, user: User) -> None:
    if not dispute_services.may_open_dispute(match, user):
        raise PermissionDenied(_("Only the players of this match and the event's judges can call the judge."))


def _description_forms(
    request: HtmxHttpRequest,
    match: Match,
    mode: str,
    initial_answers: Mapping[str, Any] | None = None,
    stored_situation: str = "",
) -> dict[str, Any]:
    """The forms of the page in ``mode``: a situation's form, the full builder, or the JSON box; bound to
    the POST, else prefilled (a stored draft's answers, the query string, the starting life)."""
    game = match.round.event.game
    posted = request.method == "POST"
    data = request.POST if posted else None
    names = _names(match)
    key = request.POST.get("situation", request.GET.get("situation")) or stored_situation
    situation_cls = situation_class(game, key)
    forms_: dict[str, Any] = {"mode": mode, "game": game}
    if mode == "situations" and situation_cls is not None:
        situation = bind_situation(situation_cls, data, names=names)
        if not posted and initial_answers:
            stored = QueryDict(mutable=True)
            for key, values in initial_answers.items():
                stored.setlist(key, values if isinstance(values, list) else [values])
            situation = bind_situation(situation_cls, stored, names=names)
        forms_["situation"] = situation
    lp = STARTING_LIFE.get(game)
    life_keys = ("life_a", "life_b") if game == "mtg" else ("lp_a", "lp_b")
    prefill: dict[str, Any] = dict.fromkeys(life_keys, lp)
    prefill.update(prefill_from(request.GET, game))
    builder = builder_for(game, data if mode == "build" else None, prefill, names)
    forms_.update(builder.context())
    forms_["builder"] = builder
    forms_["pasted"] = DisputeJsonForm(
        data if mode == "json" else None, initial={"dispute": _json_skeleton(game)}
    )
    return forms_


def _described(page: Mapping[str, Any], opening: DisputeOpenForm) -> tuple[Description | None, bool]:
    """What the page describes, and whether it is complete enough for the engine (a judge call needs
    neither: it takes whatever was described)."""
    words = opening.cleaned_data if opening.is_valid() else {}
    base = {"summary": words.get("summary", ""), "duel_number": words.get("duel_number")}
    mode = page["mode"]
    if mode == "situations" and "situation" in page:
        situation = page["situation"]
        # Without their own sentence, the situation's title says what it is about (in the queue, too).
        base["summary"] = base["summary"] or str(situation.title)
        # Kept as lists, as a POST holds them, so fixing the draft binds the form to exactly these answers.
        answers = {key: list(values) for key, values in situation.data.lists() if key in situation.fields}
        if situation.is_valid():
            return Description(
                **base, situation=situation.key, answers=answers, dispute=situation.dispute()
            ), True
        return Description(**base, situation=situation.key, answers=answers), False
    if mode == "build" and page["builder"].is_valid():
        return Description(**base, dispute=page["builder"].dispute()), True
    if mode == "json" and page["pasted"].is_valid():
        return Description(**base, dispute=page["pasted"].cleaned_data["dispute"]), True
    return Description(**base), False


def _describe_page(request: HtmxHttpRequest, match: Match, dispute: Dispute | None) -> HttpResponse:
    """The page that describes a dispute (new, or a draft being fixed): GET shows it, POST asks the engine
    (``action=ask``: a draft only the table sees) or calls a judge (``action=call``)."""
    user = cast(User, request.user)
    _may_describe(match, user)
    default_mode = "situations"
    mode = request.POST.get("mode", request.GET.get("mode", default_mode))
    mode = mode if mode in ("situations", "build", "json") else default_mode
    answers = dict(dispute.description) if dispute is not None and dispute.description else None
    # Fixing a draft opens the situation it was described with, unless the page was asked for another.
    stored_situation = dispute.situation if dispute is not None and "situation" not in request.GET else ""
    page = _description_forms(request, match, mode, answers, stored_situation)
    initial: dict[str, Any] = {"idempotency_key": uuid.uuid4().hex, "duel_number": request.GET.get("duel")}
    if dispute is not None:
        initial.update(summary=dispute.summary, duel_number=dispute.duel_number)
    opening = DisputeOpenForm(request.POST if request.method == "POST" else None, initial=initial)
    if match.round.event.game == "mtg":  # Magic plays games, not duels
        opening.fields["duel_number"].label = gettext("Game")
        opening.fields["duel_number"].help_text = gettext("Empty: the game being played.")
    problems: list[dict[str, str]] = []
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "ask")
        described, complete = _described(page, opening)
        if action not in ("ask", "call"):
            problems, status = (
                [{"path": "action", "message": _("Choose “Get the ruling” or “Call a judge”.")}],
                400,
            )
        elif opening.errors:
            status = 400  # a sentence too long, a duel number that is no number: shown beside the field
        elif action == "ask" and not complete:
            status = 400
        else:
            calling = action == "call"
            dispute_id = dispute.pk if dispute is not None else None

            def save() -> dict[str, Any]:
                if calling:
                    saved = dispute_services.dispute_call_judge(
                        match_id=match.pk, user=user, described=described, dispute_id=dispute_id
                    )
                else:
                    assert described is not None  # noqa: S101 - complete implies described
                    saved = dispute_services.dispute_draft_save(
                        match_id=match.pk, user=user, described=described, dispute_id=dispute_id
                    )
                return {"dispute": saved.pk}

            try:
                key = opening.cleaned_data.get("idempotency_key", "") if opening.is_valid() else ""
                # The form's hidden key: a double tap asks once and shows the one dispute.
                answer = answer_once(request, user, key, save) if dispute is None else save()
            except ValidationError as error:
                problems, status = _problems(error), 400
            except Conflict as error:
                problems, status = [{"path": "", "message": str(error)}], 409
            else:
                if calling:
                    messages.success(request, _("A judge has been called to your table."))
                return redirect("match-dispute-detail", match_id=match.pk, dispute_id=answer["dispute"])
    situation = page.get("situation")
    context = {
        "match": match,
        "names": _names(match),
        # A page shown again (a refusal, a draft being fixed) keeps the ruling as it stands beside the form.
        "preview": preview_context(situation) if situation is not None and situation.is_bound else None,
        "situations": situation_list(page["game"]),
        "call_key": uuid.uuid4().hex,
        "editing": dispute,
        "opening": opening,
        "problems": problems,
        **page,
    }
    return render(request, "matches/dispute_new.html", context, status=status)


@login_required
def match_dispute_new(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The situations of the event's game, one situation's form, the full builder or the JSON box."""
    return _describe_page(request, match_for(match_id), None)


@login_required
def match_dispute_edit(request: HtmxHttpRequest, match_id: int, dispute_id: int) -> HttpResponse:
    """Fix what was described and ask again: the same dispute, never a second one in the judges' queue."""
    match = match_for(match_id)
    dispute = get_object_or_404(disputes_visible_to(request.user, match), pk=dispute_id)
    if dispute.status == Dispute.Status.RESOLVED:
        return redirect("match-dispute-detail", match_id=match.pk, dispute_id=dispute.pk)
    return _describe_page(request, match, dispute)


@login_required
@require_POST
def match_dispute_call(
    request: HtmxHttpRequest, match_id: int, dispute_id: int | None = None
) -> HttpResponse:
    """Call a judge: to a draft, or with nothing described at all."""
    match = match_for(match_id)
    user = cast(User, request.user)
    if dispute_id is not None:  # a dispute the caller may not read is a 404, as if it did not exist
        get_object_or_404(disputes_visible_to(user, match), pk=dispute_id)
    _may_describe(match, user)

    def call() -> dict[str, Any]:
        called = dispute_services.dispute_call_judge(match_id=match.pk, user=user, dispute_id=dispute_id)
        return {"dispute": called.pk}

    try:
        # A double tap on "Call a judge now" calls once (the form's key); calling a draft twice is harmless.
        answer = answer_once(request, user, request.POST.get("idempotency_key", ""), call)
    except Conflict as error:
        messages.error(request, str(error))
        return redirect("match-detail", match.pk)
    messages.success(request, _("A judge has been called to your table."))
    return redirect("match-dispute-detail", match_id=match.pk, dispute_id=answer["dispute"])


@login_required
@require_POST
def match_dispute_preview(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The live preview of a situation, with the players' names: judged, stored nowhere."""
    match = match_for(match_id)
    _may_describe(match, cast(User, request.user))
    situation_cls = situation_class(match.round.event.game, request.POST.get("situation"))
    if situation_cls is None:
        return HttpResponse(_("Choose a situation first."), status=400)
    return render_preview(request, bind_situation(situation_cls, request.POST, names=_names(match)))


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
    if resolved.decision == Dispute.Decision.CONFIRMED:
        messages.success(request, gettext("Ruling confirmed."))
    else:
        messages.success(request, gettext("Ruling overruled."))
    return redirect("match-dispute-detail", match_id=match.pk, dispute_id=dispute.pk)
