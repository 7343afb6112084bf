"""An event's metagame: each archetype's share of the field and record drawn as a chart (SVG drawn here, the
same numbers in tables), the most played cards, a CSV of the same rows; and, for the event's deck staff, the
forms that name, correct and merge the archetypes.

Who may read it: the event's deck staff at any time, everyone signed in once the event made its deck lists
public (``tournaments.selectors.archetypes.archetypes_visible_to``), as for the lists themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext, pgettext
from django.views.decorators.http import require_GET, require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.spreadsheet import csv_document
from idempotency.pages import new_form_key, once_per_form
from tournaments.engine.metagame import ARCHETYPE_MAX_LENGTH, SWISS, Scope
from tournaments.forms import ArchetypeForm, ArchetypeMergeForm, first_error
from tournaments.models import Event, Registration
from tournaments.selectors.archetypes import (
    archetype_names,
    archetype_suggestions,
    archetypes_not_public,
    archetypes_visible_to,
    decks_to_name,
    recent_corrections,
)
from tournaments.selectors.events import event_for, is_deck_staff
from tournaments.selectors.metagame import (
    ArchetypeLine,
    MetagameLines,
    event_metagame,
    metagame_lines,
    metagame_scope,
    metagame_scopes,
)
from tournaments.services.archetypes import (
    event_archetype_merge,
    registration_archetype_set,
    require_deck_staff,
)
from tournaments.views.standings import percent_number


@dataclass(frozen=True)
class ChartGeometry:
    """Where each archetype's row puts its name, its share's bar, its win rate's bar and its record in words,
    from the top of the row. Bar widths are percentages of the chart, so it fills a phone and a projector."""

    row: int
    label: int
    share: int
    win: int
    record: int


# The page's chart, in pixels: the record on a line of its own under the bars.
PAGE_GEOMETRY = ChartGeometry(row=100, label=20, share=30, win=50, record=84)


def not_public(request: HtmxHttpRequest) -> HttpResponse:
    return render(
        request,
        "error.html",
        {"code": 403, "title": gettext("Not public yet"), "message": archetypes_not_public()},
        status=403,
    )


def percent_words(value: Decimal | None) -> str:
    """A percentage as the reader's language writes it ("33.3%", "33,3%"); a win rate without matches says
    so."""
    if value is None:
        return gettext("no matches counted")
    return percent_number(value)


def chart_rows(lines: list[ArchetypeLine], geometry: ChartGeometry = PAGE_GEOMETRY) -> list[dict[str, Any]]:
    """Where each archetype's row sits, with its bars' widths (unlocalized: SVG reads "33.3%")."""
    rows = []
    for index, line in enumerate(lines):
        top = index * geometry.row
        rows.append(
            {
                "line": line,
                "share": percent_words(line.share),
                "win_rate": percent_words(line.win_rate),
                "share_width": f"{line.share}%",
                "win_width": f"{line.win_rate}%" if line.win_rate is not None else "0%",
                "label_y": top + geometry.label,
                "share_y": top + geometry.share,
                "win_y": top + geometry.win,
                "record_y": top + geometry.record,
                "players": ngettext("%(count)s player", "%(count)s players", line.players)
                % {"count": line.players},
            }
        )
    return rows


def scope_words(scope: Scope) -> str:
    if scope == SWISS:
        return gettext("every Swiss round")
    if scope == "top":
        return gettext("the top cut")
    return gettext("round %(number)s") % {"number": scope}


# The staff's naming list: a regional registers thousands of decks, searched and shown a page at a time.
DECKS_PER_PAGE = 50
FIND_MAX_LENGTH = 100
# What the naming list is showing, kept across a save so the staff come back to the same search and page.
LISTING_KEYS = ("round", "find", "unnamed", "decks")


def _listing(request: HtmxHttpRequest) -> dict[str, str]:
    return {key: request.GET[key][:FIND_MAX_LENGTH] for key in LISTING_KEYS if request.GET.get(key)}


def _staff_context(event: Event, request: HtmxHttpRequest) -> dict[str, Any]:
    find = request.GET.get("find", "").strip()[:FIND_MAX_LENGTH]
    unnamed = request.GET.get("unnamed") == "1"
    page = Paginator(decks_to_name(event, find=find, unnamed_only=unnamed), DECKS_PER_PAGE).get_page(
        request.GET.get("decks")
    )
    registrations: list[Registration] = list(page.object_list)
    suggestions = archetype_suggestions(event, only=[r.pk for r in registrations if not r.archetype])
    listing = _listing(request)
    search = {key: value for key, value in listing.items() if key != "decks"}
    return {
        "changes": recent_corrections(event),
        "staff_rows": [
            {
                "registration": registration,
                "player": display_name(registration.player),
                "deck_list": registration.deck_list.name_words if registration.deck_list else "",
                "suggestion": suggestions.get(registration.pk),
                "similarity": percent_number(round(suggestions[registration.pk].similarity * 100), 0)
                if registration.pk in suggestions
                else "",
            }
            for registration in registrations
        ],
        "archetype_names": archetype_names(event),
        "archetype_max_length": ARCHETYPE_MAX_LENGTH,
        "form_key": new_form_key(),
        "merge_form": ArchetypeMergeForm(),
        "find": find,
        "unnamed": unnamed,
        "deck_page": page,
        "listing_query": urlencode(listing),  # a save comes back to this search and page
        "search_query": urlencode(search),  # the pages of this search
    }


def _page(
    request: HtmxHttpRequest, event: Event, scope_text: str | None, *, error: str = "", status: int = 200
) -> HttpResponse:
    try:
        scope = metagame_scope(event, scope_text)
    except ValidationError as invalid:
        scope, error, status = SWISS, " ".join(invalid.messages), 400
    lines = metagame_lines(event_metagame(event, scope))
    staff = is_deck_staff(request.user, event)
    context: dict[str, Any] = {
        "event": event,
        "scopes": metagame_scopes(event),
        "scope": str(scope),
        "scope_words": scope_words(scope),
        "lines": lines,
        "chart": chart_rows(lines.archetypes),
        "chart_height": max(len(lines.archetypes), 1) * PAGE_GEOMETRY.row,
        "cards": [
            {
                "line": card,
                "share": percent_words(card.share),
                "average": formats.number_format(card.average, 2),
            }
            for card in lines.cards
        ],
        "is_deck_staff": staff,
        "show_metagame": True,
        "error": error,
        "csv_url": reverse("event-metagame-csv", args=[event.slug]) + f"?round={scope}",
        "projector_url": reverse("event-metagame-projector", args=[event.slug]) + f"?round={scope}",
    }
    if staff:
        context.update(_staff_context(event, request))
    return render(request, "tournaments/metagame.html", context, status=status)


@login_required
@require_GET
def event_metagame_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The metagame of every Swiss round, one round or the top cut (``?round=``)."""
    event = event_for(request.user, slug)
    if not archetypes_visible_to(request.user, event):
        return not_public(request)
    return _page(request, event, request.GET.get("round"))


def metagame_csv_rows(event: Event, lines: MetagameLines) -> list[list[object]]:
    """The archetypes, then the most played cards, under their own headers (the API's numbers)."""
    rows: list[list[object]] = [
        [
            gettext("Archetype"),
            gettext("Players"),
            gettext("Share of the field (%)"),
            gettext("Wins"),
            gettext("Losses"),
            gettext("Draws"),
            gettext("Byes"),
            gettext("Mirror matches"),
            gettext("Win rate (%)"),
        ]
    ]
    rows += [
        [
            line.name,
            line.players,
            line.share,
            line.wins,
            line.losses,
            line.draws,
            line.byes,
            line.mirrors,
            "" if line.win_rate is None else line.win_rate,
        ]
        for line in lines.archetypes
    ]
    rows.append([])
    card = pgettext("Magic", "Card") if event.game == "mtg" else pgettext("Yu-Gi-Oh!", "Card")
    rows.append([card, gettext("Lists"), gettext("Share of the lists (%)"), gettext("Average copies")])
    rows += [[card.name, card.lists, card.share, card.average] for card in lines.cards]
    return rows


@login_required
@require_GET
def event_metagame_csv(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = event_for(request.user, slug)
    if not archetypes_visible_to(request.user, event):
        return not_public(request)
    try:
        scope = metagame_scope(event, request.GET.get("round"))
    except ValidationError as invalid:
        return HttpResponse(" ".join(invalid.messages), status=400, content_type="text/plain; charset=utf-8")
    lines = metagame_lines(event_metagame(event, scope))
    response = HttpResponse(
        csv_document(metagame_csv_rows(event, lines)), content_type="text/csv; charset=utf-8"
    )
    # The slug is a slug (letters, digits, hyphens), the scope "swiss", "top" or a number.
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-metagame-{scope}.csv"'
    return response


def _staff_event(request: HtmxHttpRequest, slug: str) -> Event:
    event = event_for(request.user, slug)
    require_deck_staff(request.user, event)
    return event


def _answer(request: HtmxHttpRequest, event: Event, error: str, success: str) -> HttpResponse:
    if error:
        return _page(request, event, request.GET.get("round"), error=error, status=400)
    messages.success(request, success)
    listing = urlencode(_listing(request))
    page = reverse("event-metagame", args=[event.slug]) + (f"?{listing}" if listing else "")
    return redirect(page + "#name-decks")


@login_required
@require_POST
def event_archetype_set(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Staff name one player's deck (a suggestion's button sends the suggested name)."""
    event = _staff_event(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), event=event, pk=registration_id
    )
    form = ArchetypeForm(request.POST)
    if not form.is_valid():
        return _answer(request, event, first_error(form), "")
    user = cast(User, request.user)

    def name() -> str:
        saved = registration_archetype_set(
            registration=registration, archetype=form.cleaned_data["archetype"], by=user
        )
        if not saved.archetype:
            return gettext("%(player)s's deck is unnamed.") % {"player": display_name(registration.player)}
        return gettext("%(player)s's deck is %(archetype)s.") % {
            "player": display_name(registration.player),
            "archetype": saved.archetype,
        }

    return _answer(request, event, *once_per_form(request, user, name))


@login_required
@require_POST
def event_archetype_merge_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Staff merge one archetype into another: every deck of the event named the first is renamed."""
    event = _staff_event(request, slug)
    form = ArchetypeMergeForm(request.POST)
    if not form.is_valid():
        return _answer(request, event, first_error(form), "")
    user = cast(User, request.user)

    def merge() -> str:
        count = event_archetype_merge(
            event=event, source=form.cleaned_data["archetype"], target=form.cleaned_data["into"], by=user
        )
        return ngettext(
            "%(count)s deck renamed from %(source)s to %(target)s.",
            "%(count)s decks renamed from %(source)s to %(target)s.",
            count,
        ) % {
            "count": count,
            "source": form.cleaned_data["archetype"].strip(),
            "target": form.cleaned_data["into"].strip(),
        }

    return _answer(request, event, *once_per_form(request, user, merge))
