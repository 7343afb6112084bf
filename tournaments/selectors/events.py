"""Events and who works at them: visibility, staff roles, organizers, the deck staff, the round in play.

Who may see what is decided here, in querysets, so a list can never show a row a detail view would
refuse: the API and the pages both start from these querysets.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from accounts.users import AnyUser
from tournaments.models import Event, EventRole, Registration, Round


@dataclass(frozen=True)
class UserRoles:
    """What the navigation offers a user: the events they play in, judge and organize."""

    plays: bool
    judges: bool
    organizes: bool


def events_visible_to(user: AnyUser) -> QuerySet[Event]:
    """Every event of the store: pairings and standings are public at a game store."""
    return Event.objects.all()


def event_for(user: AnyUser, slug: str) -> Event:
    """The event the user may see (every event of the store), 404 if there is none."""
    return get_object_or_404(events_visible_to(user), slug=slug)


def staff_event_for(user: AnyUser, slug: str, *, refusal: str, deck_work: bool = False) -> Event:
    """The event (404 if unknown), for its judges and organizers only (403 with ``refusal`` otherwise).

    With ``deck_work``, only those who do not also play in it (:func:`events_deck_staffed_by`): deck lists,
    replacements and deck checks.
    """
    event = event_for(user, slug)
    allowed = is_deck_staff(user, event) if deck_work else is_event_staff(user, event, DECK_STAFF)
    if not allowed:
        raise PermissionDenied(refusal)
    return event


def events_staffed_by(user: AnyUser, roles: tuple[str, ...] | None = None) -> QuerySet[Event]:
    """Events where the user is staff; ``roles`` narrows to organizer or judge."""
    if not user.is_authenticated:
        return Event.objects.none()
    staff = Q(roles__user=user)
    if roles is not None:
        staff &= Q(roles__role__in=roles)
    return Event.objects.filter(staff).distinct()


def is_event_staff(user: AnyUser, event: Event, roles: tuple[str, ...] | None = None) -> bool:
    if not user.is_authenticated:
        return False  # at once: the public pages ask it of every anonymous reader
    return events_staffed_by(user, roles).filter(pk=event.pk).exists()


ORGANIZERS = (EventRole.Role.ORGANIZER,)


def is_organizer(user: AnyUser, event: Event) -> bool:
    return is_event_staff(user, event, ORGANIZERS)


def roles_of(user: AnyUser) -> UserRoles:
    if not user.is_authenticated:
        return UserRoles(plays=False, judges=False, organizes=False)
    staff_roles = set(EventRole.objects.filter(user=user).values_list("role", flat=True).distinct())
    return UserRoles(
        plays=Registration.objects.filter(player=user).exists(),
        judges=EventRole.Role.JUDGE in staff_roles or EventRole.Role.ORGANIZER in staff_roles,
        organizes=EventRole.Role.ORGANIZER in staff_roles,
    )


def event_roles_of(user: User) -> list[tuple[str, str]]:
    """(event slug, role) for every event the user organizes, judges or plays in ("player")."""
    roles = list(EventRole.objects.filter(user=user).values_list("event__slug", "role"))
    roles += [
        (slug, "player")
        for slug in Registration.objects.filter(player=user).values_list("event__slug", flat=True)
    ]
    return roles


# What an organizer may still change once round 1 has started: the others shape the pairings, the clock
# and the deck lists already registered and played.
SETTINGS_SAFE_AFTER_START = frozenset({"name", "round_minutes", "decklists_public"})


def event_settings_locked(event: Event) -> bool:
    """Round 1 has started (or the event was imported with rounds played): most settings are fixed."""
    return event.rounds.exclude(status=Round.Status.PAIRED).exists()


def current_round(event: Event) -> Round | None:
    """The round being played, or else the last one paired."""
    rounds = event.rounds.order_by("-number")
    return rounds.filter(status=Round.Status.IN_PROGRESS).first() or rounds.first()


# Who judges an event's matches, and (when they do not play in it) does its deck work.
EVENT_JUDGES = (EventRole.Role.JUDGE, EventRole.Role.ORGANIZER)
DECK_STAFF = EVENT_JUDGES


def events_deck_staffed_by(user: AnyUser) -> QuerySet[Event]:
    """Events where the user does the deck work (lists, replacements, side and deck checks): they judge or
    organize it and are not entered as a player there.

    A judge or organizer who also plays is a player for deck lists: they would otherwise read the list of
    every opponent they may meet. Another judge does that event's deck work (docs/decisions/0002).
    """
    if not user.is_authenticated:
        return Event.objects.none()
    return events_staffed_by(user, DECK_STAFF).exclude(registrations__player=user)


def is_deck_staff(user: AnyUser, event: Event) -> bool:
    return events_deck_staffed_by(user).filter(pk=event.pk).exists()


def entries_open(event: Event) -> bool:
    """A player may still enter and check in: the event is not over and its top cut has not started (what
    ``registration_enter`` and ``registration_check_in`` refuse otherwise)."""
    if event.status == Event.Status.FINISHED:
        return False
    return not event.rounds.filter(stage=Round.Stage.TOP).exists()
