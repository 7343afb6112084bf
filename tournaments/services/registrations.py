"""Players leaving an event: drops and disqualifications."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from tournaments.models import (
    Event,
    Registration,
)
from tournaments.selectors import DECK_STAFF, is_event_staff


@transaction.atomic
def registration_drop(*, event: Event, player: User, after_round: int, by: User) -> Registration:
    """Drop a player from the event after ``after_round`` (a disqualification, or a judge recording a drop).

    Only the event's judges and organizers may. An earlier drop is kept: a player dropped after round 2 and
    disqualified for something found in round 3 was still out of round 3's pairings.
    """
    if not is_event_staff(by, event, DECK_STAFF):
        raise PermissionDenied("Only a judge or organizer of this event can drop a player.")
    registration = (
        Registration.objects.select_for_update().filter(event=event, player=player).order_by("pk").first()
    )
    if registration is None:
        raise ValidationError({"player": [f"{player.username} is not registered for {event.name}."]})
    if registration.dropped_after_round is None or registration.dropped_after_round > after_round:
        registration.dropped_after_round = after_round
        registration.save(update_fields=["dropped_after_round"])
    return registration
