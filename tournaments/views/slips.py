"""Printable match slips: one per table, for the players to fill in and sign when the result app is not
used (or as the paper record the judges keep). Organizers and judges print them."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from matches.selectors import pairings_for_round
from tournaments.models import Round
from tournaments.selectors.events import staff_event_for


@login_required
@require_GET
def round_slips(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = staff_event_for(
        request.user, slug, refusal="Only the event's organizers and judges print match slips."
    )
    round_ = get_object_or_404(Round, event=event, number=number)
    # A bye has no table and nothing to sign.
    matches = [match for match in pairings_for_round(round_) if match.player_b is not None]
    return render(request, "tournaments/slips.html", {"event": event, "round": round_, "matches": matches})
