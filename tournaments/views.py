"""Pages for events: the store's home page, an event's pairings, the organizer's overview."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from config.http import HtmxHttpRequest
from matches.selectors import pairings_for_round
from tournaments.models import Event, EventRole
from tournaments.selectors import (
    current_round,
    events_staffed_by,
    events_visible_to,
    is_event_staff,
    registrations_for,
)


def home(request: HtmxHttpRequest) -> HttpResponse:
    events = events_visible_to(request.user)
    return render(
        request,
        "tournaments/home.html",
        {
            "running": events.filter(status=Event.Status.RUNNING).order_by("starts_at"),
            "upcoming": events.filter(status=Event.Status.REGISTRATION).order_by("starts_at"),
            "finished": events.filter(status=Event.Status.FINISHED).order_by("-starts_at")[:10],
        },
    )


def event_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """An event's current round: pairings by table, searchable by player name (htmx swaps the table)."""
    event = get_object_or_404(events_visible_to(request.user), slug=slug)
    round_ = current_round(event)
    name = request.GET.get("player", "").strip()[:80]
    context: dict[str, object] = {
        "event": event,
        "round": round_,
        "pairings": pairings_for_round(round_, name) if round_ else [],
        "player_query": name,
        "now": timezone.now(),
        "is_staff": is_event_staff(request.user, event),
    }
    if request.htmx:
        return render(request, "tournaments/_pairings.html", context)
    context["registrations"] = registrations_for(event)
    return render(request, "tournaments/event_detail.html", context)


@login_required
def organize(request: HtmxHttpRequest) -> HttpResponse:
    """The events the user organizes, with their registrations at a glance."""
    events = events_staffed_by(request.user, (EventRole.Role.ORGANIZER,)).order_by("-starts_at")
    rows = [{"event": event, "registrations": registrations_for(event)} for event in events]
    return render(request, "tournaments/organize.html", {"rows": rows})
