"""The standings page: Swiss standings with the game's tiebreakers and, once a top cut has been played, the
final places above them.

The table is drawn once per version of the event's history and language and kept in the cache (thousands
of rows: drawing them was most of the page's cost), beside the standings it is drawn from
(``tournaments.selectors.cached_documents``). The page polls the table with the version it shows
(``data-live-etag``): "304 Not Modified" while no round was closed and no past result changed, which costs
the read of the event row and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import formats
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest, etag_matches, not_modified, render_around, with_etag
from tournaments.models import Event, EventStructure, Round
from tournaments.selectors.bracket import bracket_etag, event_bracket
from tournaments.selectors.cached_documents import HistoryStamp, cached, history_stamp
from tournaments.selectors.events import event_for, is_organizer
from tournaments.selectors.history import my_final_place
from tournaments.selectors.standings import (
    FinalPlace,
    StandingRow,
    event_standings,
    final_standings,
    place_in_standings,
    reached_words,
    top_cut_complete,
)

# How players know the tiebreakers (the same abbreviations in every language the stores use); a key not
# listed here is shown under its own name. The legend under the table says each in words.
TIEBREAKER_LABELS = {"omw": "OMW%", "oomw": "OOMW%", "gw": "GW%", "ogw": "OGW%"}
TIEBREAKER_WORDS = {
    "omw": gettext_lazy("OMW%: the average match-win percentage of the player's opponents"),
    "oomw": gettext_lazy("OOMW%: the average OMW% of the player's opponents"),
    "gw": gettext_lazy("GW%: the player's game-win percentage"),
    "ogw": gettext_lazy("OGW%: the average game-win percentage of the player's opponents"),
}


@dataclass(frozen=True)
class StandingLine:
    row: StandingRow
    tiebreakers: list[str]


@dataclass(frozen=True)
class FinalLine:
    place: FinalPlace

    @property
    def reached(self) -> str:
        return reached_words(self.place.reached)


def percent(value: float | Decimal) -> str:
    """A percentage to a tenth, rounded half up, as the reader's language writes it ("66.7%", "66,7%").

    Rounded here: Django's number_format cuts the digits off (0.6667 would read "66.6%")."""
    tenths = (Decimal(str(value)) * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return gettext("%(number)s%%") % {"number": formats.number_format(tenths, decimal_pos=1)}


# Where each Yu-Gi-Oh! tiebreaker's thousandths sit in the 8-digit tiebreak number (points are 0-1).
TIEBREAK_NUMBER_DIGITS = {"omw": slice(2, 5), "oomw": slice(5, 8)}


def tiebreakers_shown(row: StandingRow, keys: list[str]) -> list[str]:
    """The row's tiebreakers as percentages. With a Yu-Gi-Oh! tiebreak number they are read from its digits,
    so "72.7%" sits beside "…727…" even where rounding the 4-decimal figure again would give 72.6%; the one
    exception is a perfect 100%, which the 3 digits can only write as 999."""
    shown = []
    for key in keys:
        value = row.tiebreakers[key]
        digits = TIEBREAK_NUMBER_DIGITS.get(key)
        if row.tiebreak_number is not None and digits is not None and value < 0.9995:
            shown.append(percent(Decimal(row.tiebreak_number[digits]) / 1000))
        else:
            shown.append(percent(value))
    return shown


def standings_context(event: Event, stamp: HistoryStamp | None = None) -> dict[str, object]:
    # The Swiss standings: the top cut does not change them, so they are "after" the last Swiss round closed.
    closed = event.rounds.filter(status=Round.Status.FINISHED, stage=Round.Stage.SWISS)
    after_round = closed.order_by("-number").first()
    # Before a round is closed everyone has 0 points: a table of zeros would only look like a result.
    rows = event_standings(event, stamp) if after_round is not None else []
    keys = list(rows[0].tiebreakers) if rows else []
    top_cut_played = event.rounds.filter(stage=Round.Stage.TOP, status=Round.Status.FINISHED).exists()
    # A single-elimination event has no Swiss rounds: the final places still need the players' names.
    named = rows if rows or not top_cut_played else event_standings(event, stamp)
    return {
        "event": event,
        "after_round": after_round,
        "tiebreaker_labels": [TIEBREAKER_LABELS.get(key, key) for key in keys],
        "tiebreaker_words": [TIEBREAKER_WORDS[key] for key in keys if key in TIEBREAKER_WORDS],
        "has_tiebreak_number": any(row.tiebreak_number is not None for row in rows),
        "lines": [StandingLine(row, tiebreakers_shown(row, keys)) for row in rows],
        # Only the places the top cut decided, once it is over (the bracket above shows it being played):
        # everyone else's place is their Swiss rank below.
        "final_places": [
            FinalLine(place) for place in final_standings(event, named) if place.reached != "Swiss"
        ]
        if top_cut_played and top_cut_complete(event)
        else [],
    }


def standings_table(event: Event, stamp: HistoryStamp) -> bytes:
    """The standings as drawn in the reader's language, as UTF-8 (a page puts them in with
    ``config.http.render_around``), from the cache when this version has been drawn."""
    language = get_language()
    key = stamp.key("standings.html.utf8", language)
    return cached(
        key, lambda: render_to_string("tournaments/_standings.html", standings_context(event, stamp)).encode()
    )


@require_GET
def event_standings_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Standings after the last closed round; htmx polls the table alone, "304 Not Modified" until it
    changes."""
    event = event_for(request.user, slug)
    stamp = history_stamp(event)
    etag = stamp.etag("standings", get_language())
    if request.htmx:
        if etag_matches(request, etag):
            return not_modified(etag)
        return with_etag(HttpResponse(standings_table(event, stamp)), etag)  # the table alone, as drawn
    context: dict[str, object] = {
        "event": event,
        "live_etag": etag,
        "bracket": event_bracket(event),
        "bracket_live": bracket_live(event),
        "bracket_etag": bracket_etag(event, get_language()),
        "can_run": is_organizer(request.user, event),
        "my_final_place": my_final_place(request.user, event),
        "my_place": place_in_standings(event, request.user, stamp),
    }
    return render_around(
        request,
        "tournaments/standings.html",
        context,
        name="standings_table",
        document=standings_table(event, stamp),
    )


def bracket_live(event: Event) -> bool:
    """Whether the bracket can still change: a running event with a top cut, or a single-elimination one."""
    return event.status == Event.Status.RUNNING and (
        event.structure == EventStructure.SINGLE_ELIMINATION or bool(event.top_cut)
    )


@require_GET
def event_bracket_fragment(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The standings page's bracket alone, polled: "304 Not Modified" until a top-cut match changes, so a
    result shows in the bracket as soon as it is final, before the round is closed."""
    event = event_for(request.user, slug)
    etag = bracket_etag(event, get_language())
    if etag_matches(request, etag):
        return not_modified(etag)
    context = {"event": event, "bracket": event_bracket(event)}
    return with_etag(render(request, "tournaments/_bracket.html", context), etag)
