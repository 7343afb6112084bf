"""The public pairings of a round: by table, or every player by name with their table and opponent.

Players open it on a phone to find their table: the search narrows as they type (htmx) and works as a plain
GET form without JavaScript; the list polls so a re-pairing or a result shows without reloading.

Thousands of players poll it during a round, and a round of 2,048 tables is expensive to read and draw, so
the poll sends the version it shows (``data-live-etag``) and gets "304 Not Modified" while nothing it shows
changed: the round's row and a summary of its matches (``pairings_stamp``, one small query) and the event's
history version (names, official ids and the records going into the round). The whole list, by table or by
name, is drawn once per such version and language and kept in the cache as UTF-8, and the page is drawn
around it (``config.http.render_around``: a list of 2,048 tables passed through the template engine as a
string cost more than the rest of the request); only a search is drawn as asked. The event's rounds are
read once, for the round shown and the links to the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from accounts.users import display_name, official_id_of
from config.http import HtmxHttpRequest, etag_matches, not_modified, render_around, with_etag
from matches.models import Match
from matches.selectors import pairings_for_round
from tournaments.models import Event, Round
from tournaments.selectors.cached_documents import HistoryStamp, cached, history_stamp
from tournaments.selectors.events import event_for, is_organizer
from tournaments.selectors.rounds import PairingsStamp, pairings_stamp
from tournaments.selectors.standings import Record, records_before_round
from tournaments.views.round_clock import round_clock, round_shown

MAX_QUERY = 80


@dataclass(frozen=True)
class SeatRow:
    """One player's line in the "by name" list: where they sit and against whom (None: a bye)."""

    name: str
    table: int | None
    opponent: str | None
    match: Match
    record: Record | None = None
    opponent_record: Record | None = None
    official_id: str = ""


@dataclass(frozen=True)
class TableRow:
    """One table in the "by table" list, with each player's record going into the round (None: not
    shown on this page)."""

    match: Match
    record_a: Record | None = None
    record_b: Record | None = None

    @property
    def official_id_a(self) -> str:
        return official_id_of(self.match.player_a)

    @property
    def official_id_b(self) -> str:
        return official_id_of(self.match.player_b)


def table_rows(matches: Iterable[Match], records: Mapping[int, Record] | None = None) -> list[TableRow]:
    """The matches by table, each player's record looked up in ``records`` (from
    :func:`records_before_round`, read once for the round)."""
    records = records or {}
    return [
        TableRow(
            match=match,
            record_a=records.get(match.player_a_id),
            record_b=records.get(match.player_b_id) if match.player_b_id is not None else None,
        )
        for match in matches
    ]


def seats_by_name(
    matches: Iterable[Match], query: str = "", records: Mapping[int, Record] | None = None
) -> list[SeatRow]:
    """Every player of the matches once, alphabetically; ``query`` keeps only the players it names (a
    match found by the opponent's name must not list the opponent's opponent as a hit)."""
    records = records or {}
    rows = []
    for match in matches:
        seats = [(match.player_a, match.player_b)]
        if match.player_b is not None:
            seats.append((match.player_b, match.player_a))
        for player, opponent in seats:
            if query and not _names(player, query):
                continue
            rows.append(
                SeatRow(
                    name=display_name(player),
                    table=match.table,
                    opponent=display_name(opponent) if opponent is not None else None,
                    match=match,
                    record=records.get(player.pk),
                    opponent_record=records.get(opponent.pk) if opponent is not None else None,
                    official_id=official_id_of(player),
                )
            )
    return sorted(rows, key=lambda row: row.name.casefold())


def _names(player: User, query: str) -> bool:
    needle = query.casefold()
    return any(needle in value.casefold() for value in (player.username, player.get_full_name()))


def _query_and_view(request: HtmxHttpRequest, default_view: str = "table") -> tuple[str, str]:
    query = request.GET.get("player", "").strip()[:MAX_QUERY]
    view = request.GET.get("view", default_view)
    return query, view if view in ("name", "table") else default_view


def pairings_context(
    request: HtmxHttpRequest, event: Event, round_: Round | None, default_view: str = "table"
) -> dict[str, object]:
    """What the projector's live part shows, every table and every player by name (the pairings page draws
    its list through :func:`pairings_list`): ``?view=`` and ``?player=`` as on the pairings page."""
    query, view = _query_and_view(request, default_view)
    pairings = list(pairings_for_round(round_, query)) if round_ is not None else []
    return {
        "event": event,
        "round": round_,
        "clock": round_clock(round_),
        "pairings": pairings,
        "tables": table_rows(pairings),
        "seats": seats_by_name(pairings, query),
        "player_query": query,
        "view": view,
    }


def _drawn_pairings(round_: Round, query: str, view: str) -> bytes:
    pairings = list(pairings_for_round(round_, query))
    records = records_before_round(round_)
    if view == "name":
        context: dict[str, object] = {"seats": seats_by_name(pairings, query, records)}
        html = render_to_string("tournaments/_seats.html", context | {"player_query": query})
    else:
        html = render_to_string(
            "tournaments/_pairings.html", {"tables": table_rows(pairings, records), "player_query": query}
        )
    return html.encode()


def pairings_list(
    round_: Round, query: str, view: str, *, history: HistoryStamp, stamp: PairingsStamp
) -> bytes:
    """The round's pairings by table or by name, each player with their record going into the round, as
    UTF-8 (the page puts it in as it is): the whole list from the cache when this version has been drawn in
    this language, a search drawn as asked."""
    if query:
        return _drawn_pairings(round_, query, view)
    key = history.key("pairings-list.utf8", *stamp.parts, view, get_language())
    return cached(key, lambda: _drawn_pairings(round_, query, view))


@require_GET
def event_pairings(request: HtmxHttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """The current round's pairings (or round ``number``'s); htmx gets the live part alone, "304 Not
    Modified" while what it shows is unchanged."""
    event = event_for(request.user, slug)
    rounds = list(event.rounds.order_by("number"))  # the round shown and the links to the others, at once
    round_ = round_shown(rounds, number)
    query, view = _query_and_view(request)
    history = history_stamp(event)
    stamp = pairings_stamp(round_) if round_ is not None else None
    etag = history.etag("pairings", stamp.parts if stamp is not None else None, query, view, get_language())
    if request.htmx and etag_matches(request, etag):
        return not_modified(etag)
    context: dict[str, object] = {
        "event": event,
        "round": round_,
        "clock": round_clock(round_),
        "player_query": query,
        "view": view,
        "live_etag": etag,
    }
    listed = pairings_list(round_, query, view, history=history, stamp=stamp) if stamp is not None else b""
    if request.htmx:
        live = render_around(
            request, "tournaments/_pairings_live.html", context, name="pairings_list", document=listed
        )
        return with_etag(live, etag)
    context["can_run"] = is_organizer(request.user, event)
    context["rounds"] = [shown.number for shown in rounds]
    return render_around(request, "tournaments/pairings.html", context, name="pairings_list", document=listed)
