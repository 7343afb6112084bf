"""The projector on the wall, read from across the room: the round's clock in huge type, then the round's
pairings twice, by table and by player name (the two lists players look for), side by side; once the event
is over, its final standings. No navigation and nothing to click: it polls itself, so a re-pairing or the
next round appears without anyone touching it, and ``js/projector.js`` pages through a list longer than the
screen by itself."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from tournaments.models import Event, Round
from tournaments.selectors.bracket import event_bracket
from tournaments.selectors.events import event_for
from tournaments.selectors.standings import Record, event_standings, final_standings, reached_words
from tournaments.views.pairings import pairings_context
from tournaments.views.round_clock import live_round


@dataclass(frozen=True)
class ProjectorPlace:
    """One line of the final standings on the wall."""

    place: int
    name: str
    reached: str
    record: Record
    points: int
    dropped: bool


def final_places(event: Event) -> list[ProjectorPlace]:
    """Every player's final place: the top cut's places first (when there was one), then the Swiss order."""
    swiss = event_standings(event)
    rows = {row.player: row for row in swiss}
    places = []
    for place in final_standings(event, swiss):
        row = rows[place.player]
        places.append(
            ProjectorPlace(
                place=place.place,
                name=place.name,
                reached=reached_words(place.reached),
                record=Record(wins=row.wins, losses=row.losses, draws=row.draws),
                points=row.points,
                dropped=row.dropped,
            )
        )
    return places


@require_GET
def event_projector(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = event_for(request.user, slug)
    if event.status == Event.Status.FINISHED:
        places = final_places(event)
        context: dict[str, object] = {
            "event": event,
            "round": None,
            "places": places,
            "top_cut_played": any(place.reached for place in places),
        }
    else:
        round_ = live_round(event)
        context = pairings_context(request, event, round_)
        context["time_called"] = (
            round_ is not None
            and round_.status == Round.Status.IN_PROGRESS
            and round_.matches.filter(time_called_at__isnull=False).exists()
        )
    context["bracket"] = event_bracket(event)
    template = "tournaments/_projector_live.html" if request.htmx else "tournaments/projector.html"
    return render(request, template, context)
