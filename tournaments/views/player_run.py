"""A player's run through the event, for its organizers: the same picture and table the player sees on the
event page ("Your run"), for any player, opened from the players list of the run page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from tournaments.models import Registration
from tournaments.selectors.runs import player_run
from tournaments.views.run import organizer_event


@login_required
@require_GET
def run_player_run(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    event = organizer_event(request, slug)  # 403 before anything about the player is read
    registration = get_object_or_404(
        Registration.objects.select_related("player"), event=event, pk=registration_id
    )
    context = {
        "event": event,
        "registration": registration,
        "run": player_run(event, registration.player, viewer=request.user),
    }
    return render(request, "tournaments/player_run.html", context)
