"""Reads about events and who may see or do what at them.

Who may see what is decided here, in querysets, so a list can never show a row a detail view would
refuse: the API and the pages both start from these querysets.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet

from tournaments.models import Event, EventRole, Registration, Round

AnyUser = User | AnonymousUser


@dataclass(frozen=True)
class UserRoles:
    """What the navigation offers a user: the events they play in, judge and organize."""

    plays: bool
    judges: bool
    organizes: bool


def events_visible_to(user: AnyUser) -> QuerySet[Event]:
    """Every event of the store: pairings and standings are public at a game store."""
    return Event.objects.all()


def events_staffed_by(user: AnyUser, roles: tuple[str, ...] | None = None) -> QuerySet[Event]:
    """Events where the user is staff; ``roles`` narrows to organizer or judge."""
    if not user.is_authenticated:
        return Event.objects.none()
    staff = Q(roles__user=user)
    if roles is not None:
        staff &= Q(roles__role__in=roles)
    return Event.objects.filter(staff).distinct()


def is_event_staff(user: AnyUser, event: Event, roles: tuple[str, ...] | None = None) -> bool:
    return events_staffed_by(user, roles).filter(pk=event.pk).exists()


def roles_of(user: AnyUser) -> UserRoles:
    if not user.is_authenticated:
        return UserRoles(plays=False, judges=False, organizes=False)
    staff_roles = set(EventRole.objects.filter(user=user).values_list("role", flat=True).distinct())
    return UserRoles(
        plays=Registration.objects.filter(player=user).exists(),
        judges=EventRole.Role.JUDGE in staff_roles or EventRole.Role.ORGANIZER in staff_roles,
        organizes=EventRole.Role.ORGANIZER in staff_roles,
    )


def current_round(event: Event) -> Round | None:
    """The round being played, or else the last one paired."""
    rounds = event.rounds.order_by("-number")
    return rounds.filter(status=Round.Status.IN_PROGRESS).first() or rounds.first()


def registrations_for(event: Event) -> QuerySet[Registration]:
    return event.registrations.select_related("player", "deck_list").order_by(
        "player__last_name", "player__first_name", "player__username"
    )
