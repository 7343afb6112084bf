"""Who may open the organizer's pages of an event: its organizers; anyone else gets the 403 page."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from tournaments.models import Event, EventRole
from tournaments.selectors import AnyUser, is_event_staff

ORGANIZERS = (EventRole.Role.ORGANIZER,)


def is_organizer(user: AnyUser, event: Event) -> bool:
    return is_event_staff(user, event, ORGANIZERS)


def require_organizer(user: AnyUser, event: Event) -> None:
    """Refuse before anything is read: the dashboard and the exports show every player's details."""
    if not is_organizer(user, event):
        raise PermissionDenied("Only an organizer of this event can open this page.")
