"""A round's pairings list as the pairings page shows it: page by page, drawn once per version.

A round of 2,048 tables is a list of 900 kB: on a phone in a hall of players it is a long download, a long
page to lay out and, since any result changes it, downloaded again by every open page's poll. So the list
is split in pages of ``PAGE_ROWS`` lines (an event of up to 512 players shows every table on one page),
each page with links to the others named by what they hold ("Tables 257-512", "Ana Lima - Bruno Costa").
A player finds their own table above the list (the pairings page) or by the search, which is not paged.

Every page of a version (the event's history, the round's stamp, the view, the language) is drawn at once
and kept in the cache as UTF-8; readers of any page wait for that one computation (the page count's key).

While a round is played its results change the list many times a second at a large event, and drawing a
list of 2,048 tables costs about a second of CPU: so while the round is in progress, a list drawn less than
``RESULTS_LAG_SECONDS`` ago for the same pairings is shown although a result came in since
(:func:`shown_stamp`). Results on the list are then at most that late (each match's own page is always
current); who plays whom at which table is never shown late: a re-pairing, a new round, a swap of seats
before the round starts or a change of the event's history draws the list again at once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import get_language

from matches.selectors import pairings_for_round
from tournaments.models import Round
from tournaments.selectors.cached_documents import HistoryStamp, cached_page, keep
from tournaments.selectors.rounds import PairingsStamp
from tournaments.selectors.standings import records_before_round
from tournaments.views.pairings_rows import SeatRow, TableRow, seats_by_name, table_rows

# Lines a page: about 110 kB of HTML, a few seconds of scrolling on a phone per hundred tables.
PAGE_ROWS = 256
# How late a result may show on the list while the round is played (the pages poll every 8 seconds).
RESULTS_LAG_SECONDS = 10


@dataclass(frozen=True)
class ListPage:
    """A page of the list, as the links to it name it."""

    number: int
    first: str  # the first table number, or the first player's name
    last: str


def _latest_key(view: str, *, history: HistoryStamp, stamp: PairingsStamp) -> str:
    return history.key("pairings-latest", *stamp.pairings_parts, view, get_language())


def shown_stamp(round_: Round, view: str, *, history: HistoryStamp, stamp: PairingsStamp) -> PairingsStamp:
    """Which version of the list to show (see the module docstring): ``stamp`` (the round as read now) if it
    has been drawn or the round is not being played, else the last version drawn for the same pairings if
    it is younger than ``RESULTS_LAG_SECONDS``."""
    if round_.status != Round.Status.IN_PROGRESS:
        return stamp
    current = history.key("pairings-pages", *stamp.parts, view, get_language())
    latest = _latest_key(view, history=history, stamp=stamp)
    try:
        found = cache.get_many([current, latest])
    except Exception:  # the cache is unreachable: pairings_page computes what it shows
        return stamp
    drawn: tuple[int, float] | None = found.get(latest)
    if current in found or drawn is None:
        return stamp
    versions, drawn_at = drawn
    return stamp.with_versions(versions) if time.time() - drawn_at < RESULTS_LAG_SECONDS else stamp


def pairings_page(
    round_: Round, view: str, page: int, *, history: HistoryStamp, stamp: PairingsStamp
) -> tuple[bytes, int]:
    """Page ``page`` of the round's whole list (the last one if there are fewer), as UTF-8, and which page
    it is."""
    key = history.key("pairings-pages", *stamp.parts, view, get_language())

    def drawn_now() -> None:  # what shown_stamp reads: this version is the latest drawn, and when
        keep({_latest_key(view, history=history, stamp=stamp): (stamp.matches[1], time.time())})

    return cached_page(key, page, lambda: _drawn_pages(round_, view), drawn_now)


def searched_pairings(round_: Round, query: str, view: str) -> bytes:
    """The lines naming ``query``, all of them on one page, drawn as asked."""
    rows = _rows(round_, view, query)
    return _drawn_page(view, rows, query=query).encode()


def _rows(round_: Round, view: str, query: str = "") -> Sequence[TableRow] | Sequence[SeatRow]:
    pairings = list(pairings_for_round(round_, query))
    records = records_before_round(round_)
    if view == "name":
        return seats_by_name(pairings, query, records)
    return table_rows(pairings, records)


def _drawn_pages(round_: Round, view: str) -> list[bytes]:
    rows = _rows(round_, view)
    chunks = [rows[start : start + PAGE_ROWS] for start in range(0, len(rows), PAGE_ROWS)] or [rows]
    pages = [ListPage(number, *_bounds(view, chunk)) for number, chunk in enumerate(chunks, start=1)]
    return [
        _drawn_page(view, chunk, pages=pages, current=number).encode()
        for number, chunk in enumerate(chunks, start=1)
    ]


def _bounds(view: str, chunk: Sequence[TableRow] | Sequence[SeatRow]) -> tuple[str, str]:
    if not chunk:
        return "", ""
    if view == "name":
        names = [row.name for row in chunk if isinstance(row, SeatRow)]
        return names[0], names[-1]
    tables = [row.match.table for row in chunk if isinstance(row, TableRow) and row.match.table is not None]
    return (str(min(tables)), str(max(tables))) if tables else ("", "")


def _drawn_page(
    view: str,
    rows: Sequence[TableRow] | Sequence[SeatRow],
    *,
    query: str = "",
    pages: Sequence[ListPage] = (),
    current: int = 1,
) -> str:
    pages_nav = render_to_string(
        "tournaments/_list_pages.html", {"pages": pages, "current": current, "view": view}
    )
    if view == "name":
        context: dict[str, object] = {"seats": rows, "player_query": query}
        listed = render_to_string("tournaments/_seats.html", context)
    else:
        listed = render_to_string("tournaments/_pairings.html", {"tables": rows, "player_query": query})
    return pages_nav + listed
