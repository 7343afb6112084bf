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
from typing import cast

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import formats
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest, etag_matches, not_modified, render_around, with_etag
from tournaments.models import Event, EventStructure, Round
from tournaments.selectors.bracket import bracket_etag, event_bracket
from tournaments.selectors.cached_documents import HistoryStamp, cached_page, history_stamp
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

# Places a page: an event of up to 512 players reads on one page; at 4,096 a page is about 200 kB of HTML
# instead of 1.6 MB (the pairings list is paged alike, tournaments/views/pairings_list.py).
PAGE_ROWS = 512

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
    """A share (0.6667) as a percentage to a tenth, rounded half up, as the reader's language writes it
    ("66.7%", "66,7%").

    Rounded here: Django's number_format cuts the digits off (0.6667 would read "66.6%")."""
    return percent_number((Decimal(str(value)) * 100).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def percent_number(number: Decimal | int, decimal_pos: int = 1) -> str:
    """A percentage already rounded (33.3) as the reader's language writes it ("33.3%", "33,3%")."""
    return gettext("%(number)s%%") % {"number": formats.number_format(number, decimal_pos=decimal_pos)}


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
    """Everything the table shows, every line (:func:`standings_pages` splits them)."""
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


@dataclass(frozen=True)
class StandingsPage:
    """A page of the standings, as the links to it name it: the places it holds."""

    number: int
    first: int
    last: int


def page_of_place(place: int) -> int:
    """The page of the standings that holds ``place``."""
    return (place - 1) // PAGE_ROWS + 1


def _drawn_pages(event: Event, stamp: HistoryStamp) -> list[bytes]:
    context = standings_context(event, stamp)
    lines = cast(list[StandingLine], context["lines"])
    chunks = [lines[start : start + PAGE_ROWS] for start in range(0, len(lines), PAGE_ROWS)] or [lines]
    pages = [
        StandingsPage(number, chunk[0].row.rank, chunk[-1].row.rank) if chunk else StandingsPage(number, 0, 0)
        for number, chunk in enumerate(chunks, start=1)
    ]
    return [
        render_to_string(
            "tournaments/_standings.html",
            {**context, "lines": chunk, "pages": pages if len(pages) > 1 else [], "current": number},
        ).encode()
        for number, chunk in enumerate(chunks, start=1)
    ]


def standings_table(event: Event, stamp: HistoryStamp, page: int = 1) -> tuple[bytes, int]:
    """Page ``page`` of the standings as drawn in the reader's language (the last page if there are fewer),
    as UTF-8 (a page puts it in with ``config.http.render_around``), and which page it is. Every page of a
    version is drawn at once and kept in the cache; readers of any page wait for that one drawing."""
    key = stamp.key("standings.html.pages", get_language())
    return cached_page(key, page, lambda: _drawn_pages(event, stamp))


def _page_asked(request: HtmxHttpRequest) -> int:
    try:
        return max(1, int(request.GET.get("page", "1")))
    except ValueError:
        return 1


@require_GET
def event_standings_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Standings after the last closed round, ``PAGE_ROWS`` places a page (``?page=``); htmx polls the
    page's table alone, "304 Not Modified" until it changes."""
    event = event_for(request.user, slug)
    stamp = history_stamp(event)
    page = _page_asked(request)
    etag = stamp.etag("standings", get_language(), page)
    if request.htmx:
        if etag_matches(request, etag):
            return not_modified(etag)
        table, _shown = standings_table(event, stamp, page)
        return with_etag(HttpResponse(table), etag)  # the table alone, as drawn
    table, shown = standings_table(event, stamp, page)
    my_place = place_in_standings(event, request.user, stamp)
    context: dict[str, object] = {
        "event": event,
        "live_etag": etag,
        "page": shown,
        "bracket": event_bracket(event),
        "bracket_live": bracket_live(event),
        "bracket_etag": bracket_etag(event, get_language()),
        "can_run": is_organizer(request.user, event),
        "my_final_place": my_final_place(request.user, event),
        "my_place": my_place,
        "my_page": page_of_place(my_place) if my_place else None,
    }
    return render_around(
        request, "tournaments/standings.html", context, name="standings_table", document=table
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
