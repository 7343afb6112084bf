"""What the event API views share: finding the event and its rows (404 for what the caller may not see).

The services' refusals become statuses in one place, ``config.errors``.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework.request import Request

from tournaments.models import Event, Registration, Round
from tournaments.selectors.events import DECK_STAFF, is_event_staff


def round_for(event: Event, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


def registration_for(event: Event, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("event", "player"), event=event, pk=registration_id
    )


def is_staff_of(request: Request, event: Event) -> bool:
    """Judges and organizers see the registrations' details (check-in, byes, seats, drops)."""
    return is_event_staff(request.user, event, DECK_STAFF)
