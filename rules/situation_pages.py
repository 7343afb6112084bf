"""What the judge pages share for situations: binding a situation's form, the live preview, card search.

The standalone page (``rules.views``) and a match's dispute page (``matches.views.disputes``) both show a
situation form; the preview judges what the form says so far without storing anything, so players see the
ruling take shape as they fill it in and nothing reaches the judges until someone asks for one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from decks.catalog import DatabaseCatalog, card_data
from decks.selectors import cards_matching
from rules import engine, services
from rules.engine.vocabulary import GAMES, YUGIOH
from rules.narration import ruling_in_words
from rules.situations import Situation, situation_class, situations_of
from rules.situations.base import CARD_KINDS, MTG_CARD_TYPES, kind_value, mtg_type_value
from rules.words import problem_words

SEARCH_MIN_LETTERS = 2
SUGGESTIONS = 6


def game_of(value: str | None) -> str:
    return value if value in GAMES else YUGIOH


def bind_situation(
    situation: type[Situation], data: Mapping[str, Any] | None, *, names: Mapping[str, str] | None = None
) -> Situation:
    """``situation``'s form bound to ``data`` (or unbound), its card names looked up in the game's catalog and
    its name fields searching the catalog as the player types."""
    catalog = DatabaseCatalog(situation.game)
    form = situation(data, names=names, lookup=catalog.card_by_name)
    url = reverse("ruling-card-search")
    for slot in form.slots:
        for stat in ("name", *slot.stats):
            form.fields[slot.field_name(stat)].widget.attrs["data-card-field"] = stat
        form.fields[slot.field_name("name")].widget.attrs.update(
            {
                "autocomplete": "off",
                "spellcheck": "false",
                "hx-get": f"{url}?game={situation.game}&slot={slot.prefix}",
                "hx-trigger": "input changed delay:200ms",
                "hx-target": f"#suggest-{slot.prefix}",
                "hx-sync": "this:replace",
                "aria-controls": f"suggest-{slot.prefix}",
            }
        )
    return form


def missing(form: Situation) -> list[dict[str, str]]:
    """Each field the ruling still needs, by its label, with what to do about it."""
    rows = []
    for name, errors in form.errors.items():
        label = str(form.fields[name].label) if name in form.fields else ""
        for message in errors:
            rows.append({"field": name, "label": label, "message": str(message)})
    return rows


def judged(form: Situation) -> dict[str, Any]:
    """The (valid) form's dispute and the engine's ruling on it, stored nowhere, and that ruling in words
    with the players' names."""
    dispute = form.dispute()
    decision = services.judge_with_catalog(dispute)
    return {"dispute": dispute, "decision": decision, "words": ruling_in_words(dispute, decision, form.names)}


def preview_context(form: Situation) -> dict[str, Any]:
    if not form.is_valid():
        return {"form": form, "missing": missing(form), "decision": None}
    try:
        return {"form": form, "missing": [], **judged(form)}
    except engine.DisputeError as error:  # a situation builds valid documents; kept so a slip is no 500
        return {
            "form": form,
            "missing": [{"label": "", "message": problem_words(p)["message"]} for p in error.problems()],
        }


def render_preview(request: HttpRequest, form: Situation) -> HttpResponse:
    return render(request, "rules/_situation_preview.html", preview_context(form))


@login_required
@require_POST
def situation_preview(request: HttpRequest) -> HttpResponse:
    """The live preview of the standalone judge page (players named A and B)."""
    game = game_of(request.POST.get("game"))
    situation = situation_class(game, request.POST.get("situation"))
    if situation is None:
        return HttpResponse(_("Choose a situation first."), status=400)
    return render_preview(request, bind_situation(situation, request.POST))


@login_required
@require_GET
def card_search(request: HttpRequest) -> HttpResponse:
    """Catalog cards whose name contains what was typed, as buttons that fill the card's numbers."""
    game = game_of(request.GET.get("game"))
    slot = request.GET.get("slot", "")
    typed = request.GET.get(f"{slot}_name", request.GET.get("q", ""))[:120].strip()
    found = list(cards_matching(game, typed, SUGGESTIONS)) if len(typed) >= SEARCH_MIN_LETTERS else []
    context = {"cards": [_suggestion(card) for card in found], "typed": typed, "slot": slot, "game": game}
    return render(request, "rules/_card_suggestions.html", context)


def _suggestion(card: Any) -> dict[str, Any]:
    """A catalog card as the page shows it and as the pick fills the slot's fields."""
    data = card_data(card, None)
    fill: dict[str, Any] = {"name": card.name}
    for stat in ("atk", "def", "level", "rank", "link", "power", "toughness"):
        if data.get(stat) is not None:
            fill[stat] = data[stat]
    if card.game == YUGIOH:
        fill["kind"] = kind_value(data)
    else:
        fill["type"] = mtg_type_value(data)
    return {"name": card.name, "summary": _summary(data), "fill_json": json.dumps(fill)}


def _summary(data: Mapping[str, Any]) -> str:
    if data.get("game") == "mtg":
        type_words = {value: label for value, label in MTG_CARD_TYPES if value}
        types = " ".join(
            str(type_words.get(str(t).lower(), str(t).capitalize())) for t in data.get("types") or []
        )
        body = f"{data['power']}/{data['toughness']}" if "power" in data and "toughness" in data else ""
        return " · ".join(part for part in (types, body) if part)
    if data.get("kind") != "monster":
        # "Quick-Play Spell", "Counter Trap": the words of the situations' kind-of-card choice.
        kinds = {value: label for value, label in CARD_KINDS if value}
        return str(kinds.get(kind_value(data), ""))
    parts = []
    for key, label in (("level", _("Level")), ("rank", _("Rank")), ("link", _("Link"))):
        if data.get(key) is not None:
            parts.append(f"{label} {data[key]}")
    if data.get("atk") is not None:
        parts.append(f"{data['atk']} ATK")
    if data.get("def") is not None:
        parts.append(f"{data['def']} DEF")
    return " · ".join(parts)


def situation_list(game: str) -> list[dict[str, Any]]:
    return [{"key": s.key, "title": s.title, "question": s.question} for s in situations_of(game)]
