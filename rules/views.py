"""The judge page: describe or paste a dispute, get the ruling; and a stored ruling, shown as given.

Both games share one page and one POST flow; :class:`Builder` holds the forms of the game being described,
so the match dispute page (``matches.views.disputes``) reuses exactly what this page shows.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from config.http import HtmxHttpRequest
from rules import engine, services
from rules.forms import (
    CardFormSet,
    DisputeJsonForm,
    YugiohActionForm,
    YugiohStateForm,
    build_yugioh_dispute,
    card_row_errors,
    card_row_heading,
    link_card_rows,
)
from rules.forms_mtg import (
    MtgActionForm,
    MtgCardFormSet,
    MtgStateForm,
    StackFormSet,
    build_mtg_dispute,
)
from rules.forms_mtg import card_row_heading as mtg_card_row_heading
from rules.narration import ruling_in_words
from rules.selectors import rulings_visible_to
from rules.situation_pages import bind_situation, situation_list
from rules.situations import Situation, situation_class
from rules.situations.base import DEFAULT_NAMES
from rules.words import action_words, problem_words

BUILDER_PREFILL = ("turn", "turn_player", "phase", "step", "lp_a", "lp_b", "revision")
MTG_BUILDER_PREFILL = ("turn", "active_player", "phase", "step", "life_a", "life_b", "revision")
GAMES = ("yugioh", "mtg")


@dataclass
class Builder:
    """The builder forms of one game, by their template names, and the function that assembles them."""

    game: str
    forms: dict[str, Any]
    build: Callable[..., dict[str, Any]]
    # Checks across the valid forms (a card the action names is a row that describes one); adds the errors.
    check: Callable[..., bool] | None = None

    def is_valid(self) -> bool:
        # Every form is validated (no short-circuit), so the page shows all the errors at once.
        results = [form.is_valid() for form in self.forms.values()]
        return all(results) and (self.check is None or self.check(**self.forms))

    def dispute(self) -> dict[str, Any]:
        """The dispute document the (valid) forms describe."""
        return self.build(**self.forms)

    def context(self) -> dict[str, Any]:
        heading = mtg_card_row_heading if self.game == "mtg" else card_row_heading
        card_rows = [
            {
                "form": form,
                "number": number,
                "heading": heading(number, form.typed_name()),
                # The script that renames a row as its name is typed (static/js/arbiter.js) takes its words
                # from these: the row unnamed, and named ("{name}" stands for the name).
                "unnamed": heading(number),
                "named": heading(number, "{name}"),
            }
            for number, form in enumerate(self.forms["cards"], 1)
        ]
        return {"game": self.game, "card_rows": card_rows, **self.forms}


def _yugioh_rows_check(state: Any, cards: Any, action: Any) -> bool:
    return card_row_errors(cards, action)


def builder_for(
    game: str,
    data: Mapping[str, Any] | None,
    initial: dict[str, Any],
    names: Mapping[str, Any] | None = None,
) -> Builder:
    """The builder of ``game`` ("mtg", else Yu-Gi-Oh!), bound to ``data`` when posted, else prefilled; the
    players named ``names`` (a match's players), else "Player A" and "Player B"."""
    names = {player: str(name) for player, name in (names or DEFAULT_NAMES).items()}
    if game == "mtg":
        mtg_forms = {
            "state": MtgStateForm(data, initial=initial, names=names),
            "cards": MtgCardFormSet(data, prefix="cards", form_kwargs={"names": names}),
            "stack": StackFormSet(data, prefix="stack", form_kwargs={"names": names}),
            "action": MtgActionForm(data, names=names),
        }
        return Builder(game="mtg", forms=mtg_forms, build=build_mtg_dispute)
    cards = CardFormSet(data, prefix="cards", form_kwargs={"names": names})
    action = YugiohActionForm(data, names=names)
    link_card_rows(cards, action)
    yugioh_forms = {
        "state": YugiohStateForm(data, initial=initial, names=names),
        "cards": cards,
        "action": action,
    }
    return Builder(game="yugioh", forms=yugioh_forms, build=build_yugioh_dispute, check=_yugioh_rows_check)


def prefill_from(query: Mapping[str, str], game: str) -> dict[str, Any]:
    """The builder fields a link may prefill (e.g. ``?lp_a=4000`` or ``?game=mtg&life_b=7``)."""
    keys = MTG_BUILDER_PREFILL if game == "mtg" else BUILDER_PREFILL
    return {key: query[key] for key in keys if key in query}


def chosen_situation(request: HtmxHttpRequest, game: str, mode: str) -> type[Situation] | None:
    """The situation the page is on (``?situation=`` or the posted one), in the situations mode."""
    if mode != "situations":
        return None
    return situation_class(game, request.POST.get("situation", request.GET.get("situation")))


@login_required
def ruling_new(request: HtmxHttpRequest) -> HttpResponse:
    """GET shows the situations of ``?game=``, one situation's form, or the full builder (``?mode=build``,
    prefilled from the query string); POST judges and stores."""
    mode = request.POST.get("mode", request.GET.get("mode", "situations"))
    game = request.POST.get("game", request.GET.get("game", "yugioh"))
    game = game if game in GAMES else "yugioh"
    posted = request.method == "POST"
    situation_cls = chosen_situation(request, game, mode)
    if mode == "situations":
        return _situation_page(request, game, situation_cls)
    builder = builder_for(
        game, request.POST if posted and mode == "build" else None, prefill_from(request.GET, game)
    )
    pasted = DisputeJsonForm(request.POST if mode == "json" and posted else None)
    problems: list[dict[str, Any]] = []
    refused = False

    if posted:
        dispute: dict[str, Any] | None = None
        if mode == "json" and pasted.is_valid():
            dispute = pasted.cleaned_data["dispute"]
        elif mode == "build" and builder.is_valid():
            dispute = builder.dispute()
        refused = dispute is None  # the form says why; a 400, as the API answers the same input
        if dispute is not None:
            try:
                ruling = services.ruling_create(dispute=dispute, requested_by=cast(User, request.user))
            except engine.DisputeError as error:
                problems = [problem_words(problem) for problem in error.problems()]
            else:
                return redirect("ruling-detail", ruling_id=ruling.pk)

    context = {"mode": mode, "pasted": pasted, "problems": problems, **builder.context()}
    return render(request, "rules/ruling_new.html", context, status=400 if problems or refused else 200)


def _situation_page(
    request: HtmxHttpRequest, game: str, situation_cls: type[Situation] | None
) -> HttpResponse:
    """The situations list, or one situation's form; a valid POST is judged, stored and shown."""
    context: dict[str, Any] = {"mode": "situations", "game": game, "situations": situation_list(game)}
    if situation_cls is None:
        return render(request, "rules/ruling_new.html", context)
    posted = request.method == "POST"
    form = bind_situation(situation_cls, request.POST if posted else None)
    if posted and form.is_valid():
        ruling = services.ruling_create(dispute=form.dispute(), requested_by=cast(User, request.user))
        return redirect("ruling-detail", ruling_id=ruling.pk)
    context["situation"] = form
    return render(request, "rules/ruling_new.html", context, status=400 if posted else 200)


@login_required
def ruling_detail(request: HtmxHttpRequest, ruling_id: int) -> HttpResponse:
    ruling = get_object_or_404(rulings_visible_to(request.user).select_related("requested_by"), pk=ruling_id)
    context = {
        "ruling": ruling,
        "about": action_words(ruling.game, ruling.action_type),
        "decision": ruling.ruling,
        "words": ruling_in_words(ruling.dispute, ruling.ruling),
        "dispute_json": json.dumps(ruling.dispute, indent=2, ensure_ascii=False),
    }
    return render(request, "rules/ruling_detail.html", context)
