"""The public pairings of a round: by table, or every player by name with their table and opponent.

Players open it on a phone to find their table: the search narrows as they type (htmx) and works as a plain
GET form without JavaScript; the list polls so a re-pairing or a result shows without reloading.

Thousands of players poll it during a round, and a round of 2,048 tables is expensive to read and draw, so
the poll sends the version it shows (``data-live-etag``) and gets "304 Not Modified" while nothing it shows
changed: the round's row and a summary of its matches (``pairings_stamp``, one small query) and the event's
history version (names, official ids and the records going into the round). The list, by table or by name,
is drawn once per such version and language, page by page (``pairings_list``), kept in the cache as UTF-8
and put into the page as it is (``config.http.render_around``); only a search is drawn as asked. A served
page reads three rows and sums: the event, its rounds (the round shown and the links to the others) and the
round's stamp; a signed-in player's own table, shown above the list, is one more.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest, etag_matches, not_modified, render_around, with_etag
from matches.selectors import pairings_for_round
from tournaments.models import Event, Round
from tournaments.selectors.cached_documents import history_stamp
from tournaments.selectors.events import event_for, is_organizer
from tournaments.selectors.my_table import table_in_round
from tournaments.selectors.rounds import pairings_stamp
from tournaments.views.pairings_list import pairings_page, searched_pairings, shown_stamp
from tournaments.views.pairings_rows import seats_by_name, table_rows
from tournaments.views.round_clock import round_clock, round_shown

MAX_QUERY = 80


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


@require_GET
def event_pairings(request: HtmxHttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """The current round's pairings (or round ``number``'s); htmx gets the live part alone, "304 Not
    Modified" while what it shows is unchanged."""
    event = event_for(request.user, slug)
    rounds = list(event.rounds.order_by("number"))  # the round shown and the links to the others, at once
    round_ = round_shown(rounds, number)
    query, view = _query_and_view(request)
    page = _page_asked(request)
    user = request.user if request.user.is_authenticated else None
    history = history_stamp(event)
    stamp = pairings_stamp(round_) if round_ is not None else None
    if (
        round_ is not None and stamp is not None and not query
    ):  # a list drawn a moment ago, while results come in
        stamp = shown_stamp(round_, view, history=history, stamp=stamp)
    etag = history.etag(
        "pairings",
        stamp.parts if stamp is not None else None,
        query,
        view,
        page,
        user.pk if user is not None else None,
        get_language(),
    )
    if request.htmx and etag_matches(request, etag):
        return not_modified(etag)
    listed, shown_page = b"", 1
    if round_ is not None and stamp is not None:
        if query:
            listed = searched_pairings(round_, query, view)
        else:
            listed, shown_page = pairings_page(round_, view, page, history=history, stamp=stamp)
    context: dict[str, object] = {
        "event": event,
        "round": round_,
        "clock": round_clock(round_),
        "player_query": query,
        "view": view,
        "page": shown_page,
        "live_etag": etag,
        "my_table": table_in_round(user, round_) if round_ is not None and user is not None else None,
    }
    if request.htmx:
        live = render_around(
            request, "tournaments/_pairings_live.html", context, name="pairings_list", document=listed
        )
        return with_etag(live, etag)
    context["can_run"] = is_organizer(request.user, event)
    context["rounds"] = [shown.number for shown in rounds]
    return render_around(request, "tournaments/pairings.html", context, name="pairings_list", document=listed)


def _page_asked(request: HtmxHttpRequest) -> int:
    try:
        return max(1, int(request.GET.get("page", "1")))
    except ValueError:
        return 1
