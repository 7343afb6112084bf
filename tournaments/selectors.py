"""Reads about events and who may see or do what at them.

Who may see what is decided here, in querysets, so a list can never show a row a detail view would
refuse: the API and the pages both start from these querysets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet

from accounts.users import AnyUser
from decks.models import DeckList
from tournaments.models import DeckCheck, DeckListChange, Event, EventRole, Registration, Round


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


def current_round(event: Event) -> Round | None:
    """The round being played, or else the last one paired."""
    rounds = event.rounds.order_by("-number")
    return rounds.filter(status=Round.Status.IN_PROGRESS).first() or rounds.first()


def registrations_for(event: Event) -> QuerySet[Registration]:
    return event.registrations.select_related("player", "deck_list").order_by(
        "player__last_name", "player__first_name", "player__username"
    )


DECK_STAFF = (EventRole.Role.ORGANIZER, EventRole.Role.JUDGE)


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


def registrations_with_lists_visible_to(user: AnyUser) -> QuerySet[Registration]:
    """Registrations whose deck list the user may see: their own; every one at events they organize or
    judge without playing there (:func:`events_deck_staffed_by`); every one at an event that published its
    lists."""
    visible = Q(event__decklists_public=True)
    if user.is_authenticated:
        visible |= Q(player=user) | Q(event__in=events_deck_staffed_by(user).values("pk"))
    return Registration.objects.filter(visible, deck_list__isnull=False)


def deck_list_changes_visible_to(user: AnyUser) -> QuerySet[DeckListChange]:
    """The history of registered lists: the player's own, and all of it for the event's deck staff."""
    if not user.is_authenticated:
        return DeckListChange.objects.none()
    return DeckListChange.objects.filter(
        Q(registration__player=user) | Q(registration__event__in=events_deck_staffed_by(user).values("pk"))
    )


def registered_deck_lists_visible_to(user: AnyUser) -> QuerySet[Any]:
    """Ids of the deck lists a user may see because they are (or were) registered at an event.

    ``decks.selectors.deck_lists_visible_to`` adds the user's own lists; a list outside both is a 404.
    """
    current = registrations_with_lists_visible_to(user).values("deck_list_id")
    changes = deck_list_changes_visible_to(user)
    return DeckList.objects.filter(
        Q(pk__in=current)
        | Q(pk__in=changes.values("old_deck_list_id"))
        | Q(pk__in=changes.values("new_deck_list_id"))
    ).values("pk")


def deck_lists_registered_at(registration: Registration) -> QuerySet[DeckList]:
    """The lists this registration holds or held: the only ones a judge may put back on it.

    A judge replacing a list reaches no further than what the player registered at this event (or a judge
    entered there as a new list): any other list of the player's stays private, whoever entered them.
    """
    changes = registration.deck_changes.all()
    return DeckList.objects.filter(
        Q(pk=registration.deck_list_id)
        | Q(pk__in=changes.values("old_deck_list_id"))
        | Q(pk__in=changes.values("new_deck_list_id"))
    )


def deck_list_history(registration: Registration) -> QuerySet[DeckListChange]:
    return registration.deck_changes.select_related("changed_by", "old_deck_list", "new_deck_list").order_by(
        "-changed_at", "-pk"
    )


def deck_checks_visible_to(user: AnyUser) -> QuerySet[DeckCheck]:
    """Deck checks are the judges' business: the deck staff of the check's event see them (a judge who plays
    there is a player, :func:`events_deck_staffed_by`)."""
    return DeckCheck.objects.filter(
        round__event__in=events_deck_staffed_by(user).values("pk")
    ).select_related("round__event", "registration__player", "match", "deck_list", "chosen_by")


def deck_checks_for_round(round_: Round) -> QuerySet[DeckCheck]:
    return round_.deck_checks.select_related("registration__player", "match", "deck_list").order_by(
        "match__table", "pk"
    )


@dataclass(frozen=True)
class DeckListRow:
    """One registration on the judges' deck list page: the list and the engine's ruling on it."""

    registration: Registration
    ruling: dict[str, Any] | None

    @property
    def legal(self) -> bool | None:
        return None if self.ruling is None else self.ruling.get("legal")


def event_deck_lists(event: Event) -> list[DeckListRow]:
    """Every registration of the event with its list's legality under the event's banlist (one catalog
    cache for the whole page)."""
    # decks.selectors reads this module for visibility, so it is imported when called, not at load time.
    from decks.catalog import DatabaseCatalog
    from decks.selectors import banlist_limits, deck_legality

    catalog = DatabaseCatalog(event.game)
    limits = banlist_limits(event.banlist) if event.banlist is not None else None
    rows = []
    for registration in registrations_for(event):
        ruling = (
            deck_legality(
                deck_list=registration.deck_list, banlist=event.banlist, catalog=catalog, limits=limits
            )
            if registration.deck_list is not None
            else None
        )
        rows.append(DeckListRow(registration=registration, ruling=ruling))
    return rows
