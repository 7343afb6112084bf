"""The projector on the wall: the round's clock counting down in huge type and the pairings in columns,
no navigation. It polls itself, so a re-pairing or the next round appears without anyone touching it."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from tournaments.selectors.events import event_for
from tournaments.views.pairings import pairings_context
from tournaments.views.round_clock import live_round

# Above this many tables, players find themselves faster in a list by name than by scanning tables.
BY_NAME_ABOVE_TABLES = 8


@require_GET
def event_projector(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = event_for(request.user, slug)
    round_ = live_round(event)
    tables = round_.matches.filter(player_b__isnull=False).count() if round_ is not None else 0
    context = pairings_context(
        request, event, round_, default_view="name" if tables > BY_NAME_ABOVE_TABLES else "table"
    )
    template = "tournaments/_projector_live.html" if request.htmx else "tournaments/projector.html"
    return render(request, template, context)
