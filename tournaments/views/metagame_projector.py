"""An event's metagame on the wall after the event (or between rounds): the most played archetypes' share
of the field and win rate in type read from the back of the room, drawn as SVG on the server with the same
numbers in a table for screen readers. As private as the metagame page (its deck staff at any time, everyone
signed in once the lists are public): the organizer opens it on the projector's laptop. It polls itself, so
results reported meanwhile appear without anyone touching it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from tournaments.selectors.archetypes import archetypes_visible_to
from tournaments.selectors.events import event_for
from tournaments.selectors.metagame import event_metagame, metagame_lines, metagame_scope
from tournaments.views.metagame import ChartGeometry, chart_rows, not_public, scope_words

# The wall shows this many archetypes, the most played first (the page and the CSV have all of them): eight
# rows still read from the back of a store at 1280x720 and 1920x1080 alike.
SHOWN = 8
# Each row is a line of words (the name, the share, the record) over two bars, in the SVG's own units; the
# picture is 1200 units wide and scales to the screen's width.
GEOMETRY = ChartGeometry(row=74, label=28, share=38, win=54, record=28)
WIDTH = 1200


@require_GET
def event_metagame_projector(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    if not request.user.is_authenticated:
        if request.htmx:  # the session ended while it polls: keep the wall as it is, not a login page
            return HttpResponse(status=204)
        return redirect_to_login(request.get_full_path())
    event = event_for(request.user, slug)
    if not archetypes_visible_to(request.user, event):
        return not_public(request)
    try:
        scope = metagame_scope(event, request.GET.get("round"))
    except ValidationError as invalid:
        return render(
            request,
            "error.html",
            {"code": 400, "title": event.name, "message": " ".join(invalid.messages)},
            status=400,
        )
    lines = metagame_lines(event_metagame(event, scope))
    shown = lines.archetypes[:SHOWN]
    context: dict[str, Any] = {
        "event": event,
        "scope": str(scope),
        "scope_words": scope_words(scope),
        "lines": lines,
        "chart": chart_rows(shown, GEOMETRY),
        "width": WIDTH,
        "chart_height": max(len(shown), 1) * GEOMETRY.row,
        "more": len(lines.archetypes) - len(shown),
        "page_url": reverse("event-metagame", args=[event.slug]) + f"?round={scope}",
    }
    template = (
        "tournaments/_metagame_projector_live.html" if request.htmx else "tournaments/metagame_projector.html"
    )
    return render(request, template, context)
