"""The judge page: describe or paste a dispute, get the ruling; and a stored ruling, shown as given."""

from __future__ import annotations

import json
from typing import Any, cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from config.http import HtmxHttpRequest
from rules import engine, services
from rules.forms import CardFormSet, DisputeJsonForm, YugiohActionForm, YugiohStateForm, build_yugioh_dispute
from rules.selectors import rulings_visible_to

BUILDER_PREFILL = ("turn", "turn_player", "phase", "step", "lp_a", "lp_b", "revision")


@login_required
def ruling_new(request: HtmxHttpRequest) -> HttpResponse:
    """GET shows the forms (prefilled from the query string, e.g. ?lp_a=4000); POST judges and stores."""
    mode = request.POST.get("mode", request.GET.get("mode", "build"))
    prefill = {key: request.GET[key] for key in BUILDER_PREFILL if key in request.GET}
    state = YugiohStateForm(
        request.POST if mode == "build" and request.method == "POST" else None, initial=prefill
    )
    cards = CardFormSet(
        request.POST if mode == "build" and request.method == "POST" else None, prefix="cards"
    )
    action = YugiohActionForm(request.POST if mode == "build" and request.method == "POST" else None)
    pasted = DisputeJsonForm(request.POST if mode == "json" and request.method == "POST" else None)
    problems: list[dict[str, str]] = []

    if request.method == "POST":
        dispute: dict[str, Any] | None = None
        if mode == "json" and pasted.is_valid():
            dispute = pasted.cleaned_data["dispute"]
        elif mode == "build" and state.is_valid() and cards.is_valid() and action.is_valid():
            dispute = build_yugioh_dispute(state, cards, action)
        if dispute is not None:
            try:
                ruling, _ = services.ruling_create(dispute=dispute, requested_by=cast(User, request.user))
            except engine.DisputeError as error:
                problems = error.problems()
            else:
                return redirect("ruling-detail", ruling_id=ruling.pk)

    context = {
        "mode": mode,
        "state": state,
        "cards": cards,
        "action": action,
        "pasted": pasted,
        "problems": problems,
    }
    return render(request, "rules/ruling_new.html", context, status=400 if problems else 200)


@login_required
def ruling_detail(request: HtmxHttpRequest, ruling_id: int) -> HttpResponse:
    ruling = get_object_or_404(rulings_visible_to(request.user).select_related("requested_by"), pk=ruling_id)
    context = {
        "ruling": ruling,
        "decision": ruling.ruling,
        "dispute_json": json.dumps(ruling.dispute, indent=2, ensure_ascii=False),
    }
    return render(request, "rules/ruling_detail.html", context)
