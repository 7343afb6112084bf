"""What the event API views share: finding the event and its rows, and the services' refusals as statuses.

The matches API's helpers (``run_service``, ``idempotent_post``) turn PermissionDenied, ValidationError and
match conflicts into 403, 400 and 409; :func:`tournament_call` adds this app's conflicts (a round in the
wrong state, an event no longer taking players) as 409 and a refused replay as a 400 listing every problem.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.shortcuts import get_object_or_404
from rest_framework import status
from rest_framework.request import Request

from tournaments.engine.replay import ReplayError
from tournaments.models import Event, Registration, Round
from tournaments.selectors.events import DECK_STAFF, events_visible_to, is_event_staff
from tournaments.services import DropNotUndoable, RegistrationClosed, RoundConflict

ServiceCall = Callable[[], tuple[int, dict[str, Any]]]


def event_for(request: Request, slug: str) -> Event:
    return get_object_or_404(events_visible_to(request.user), slug=slug)


def round_for(event: Event, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


def registration_for(event: Event, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("event", "player"), event=event, pk=registration_id
    )


def is_staff_of(request: Request, event: Event) -> bool:
    """Judges and organizers see the registrations' details (check-in, byes, seats, drops)."""
    return is_event_staff(request.user, event, DECK_STAFF)


def tournament_call(call: ServiceCall) -> ServiceCall:
    """``call`` with this app's refusals as (status, body), for ``run_service``/``idempotent_post``."""

    def guarded() -> tuple[int, dict[str, Any]]:
        try:
            return call()
        except (RoundConflict, RegistrationClosed, DropNotUndoable) as error:
            return status.HTTP_409_CONFLICT, {"detail": str(error)}
        except ReplayError as error:
            return status.HTTP_400_BAD_REQUEST, {"replay": error.problems}

    return guarded
