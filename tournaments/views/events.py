"""Event pages: the store's home page, an event's pairings (with the player's own deck below them), the
organizer's overview."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from config.http import HtmxHttpRequest
from tournaments.models import Event, EventRole
from tournaments.selectors.events import event_for, events_staffed_by, events_visible_to
from tournaments.selectors.history import my_final_places
from tournaments.selectors.my_table import my_tables
from tournaments.selectors.registrations import registrations_for
from tournaments.views.event_page import _event_page


def home(request: HtmxHttpRequest) -> HttpResponse:
    events = events_visible_to(request.user)
    running = events.filter(status=Event.Status.RUNNING).order_by("starts_at")
    finished = list(events.filter(status=Event.Status.FINISHED).order_by("-starts_at")[:10])
    # The player's place in each finished event they played (the standings of those few events only).
    places = my_final_places(request.user, finished)
    return render(
        request,
        "tournaments/home.html",
        {
            "my_tables": my_tables(request.user, running),
            "running": running,
            "upcoming": events.filter(status=Event.Status.REGISTRATION).order_by("starts_at"),
            "finished": finished,
            "my_places": [places[event.pk] for event in finished if event.pk in places],
        },
    )


def event_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """An event's current round: pairings by table, searchable by player name (htmx swaps the table)."""
    event = event_for(request.user, slug)
    return _event_page(request, event)


@login_required
def organize(request: HtmxHttpRequest) -> HttpResponse:
    """The events the user organizes, with their registrations at a glance."""
    events = events_staffed_by(request.user, (EventRole.Role.ORGANIZER,)).order_by("-starts_at")
    rows = [{"event": event, "registrations": registrations_for(event)} for event in events]
    return render(request, "tournaments/organize.html", {"rows": rows})
