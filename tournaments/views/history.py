"""A player's own match history across every event: what they played, against whom, how it ended, and the
place they finished each event in; as a page and as a CSV a spreadsheet opens."""

from __future__ import annotations

from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from config.spreadsheet import csv_document
from tournaments.selectors.history import HistoryEvent, history_by_event
from tournaments.selectors.runs import run_of_lines


@login_required
@require_GET
def my_history(request: HtmxHttpRequest) -> HttpResponse:
    user = cast(User, request.user)
    events = history_by_event(user)
    runs = {group.event.pk: run_of_lines(group.event, user, group.lines) for group in events}
    return render(
        request,
        "tournaments/history.html",
        {"events": [(group, runs[group.event.pk]) for group in events], "has_events": bool(events)},
    )


def history_csv(events: list[HistoryEvent]) -> str:
    """One row per match, in the words of the history page: names and dates, never ids."""
    header: list[object] = [
        gettext("Event"),
        gettext("Date"),
        gettext("Round"),
        gettext("Table"),
        gettext("Opponent"),
        gettext("Result"),
        gettext("Games (mine first)"),
        gettext("Final place"),
    ]
    rows: list[list[object]] = [header]
    for group in events:
        starts = formats.date_format(timezone.localtime(group.event.starts_at), "SHORT_DATE_FORMAT")
        place = group.final_place.headline if group.final_place is not None else ""
        for line in group.lines:
            rows.append(
                [
                    group.event.name,
                    starts,
                    line.round_label,
                    line.match.table or "",
                    line.opponent or gettext("Nobody (a bye)"),
                    line.result,
                    line.games,
                    place,
                ]
            )
    return csv_document(rows)


@login_required
@require_GET
def my_history_csv(request: HtmxHttpRequest) -> HttpResponse:
    """The signed-in player's history as CSV (UTF-8 with a byte order mark, which spreadsheets read as
    UTF-8 and so show accented names as written)."""
    user = cast(User, request.user)
    body = "\ufeff" + history_csv(history_by_event(user))
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="my-matches.csv"'
    return response
