"""Registered deck lists: who may read which list, a registration's lists and their history, the judges'
list of every registration with its legality.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy

from accounts.users import AnyUser
from decks.catalog import DatabaseCatalog
from decks.models import DeckList
from decks.selectors import banlist_limits, deck_legality
from tournaments.models import DeckListChange, Event, Registration
from tournaments.selectors.events import events_deck_staffed_by, is_deck_staff
from tournaments.selectors.registrations import registrations_for


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

    :func:`deck_lists_visible_to` adds the user's own lists; a list outside both is a 404.
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


@dataclass(frozen=True)
class DeckListRow:
    """One registration on the judges' deck list page: the list and the engine's ruling on it."""

    registration: Registration
    ruling: dict[str, Any] | None

    @property
    def legal(self) -> bool | None:
        return None if self.ruling is None else self.ruling.get("legal")


EVENT_LISTS_REFUSAL = gettext_lazy(
    "The deck lists of this event are not public: only its judges and organizers who do not play in it may "
    "read them."
)


def event_deck_lists_visible_to(user: AnyUser, event: Event) -> list[DeckListRow]:
    """The event's registered lists as ``user`` may read them: every registration for the event's deck staff
    (:func:`events_deck_staffed_by`), every registered list for anyone signed in once the event has made its
    lists public; anyone else is refused (``PermissionDenied``), a player's own list being on the event page.
    """
    if is_deck_staff(user, event):
        return event_deck_lists(event)
    if not (event.decklists_public and user.is_authenticated):
        raise PermissionDenied(EVENT_LISTS_REFUSAL)
    return event_deck_lists(event, registrations_with_lists_visible_to(user).filter(event=event))


def event_deck_lists(event: Event, registrations: QuerySet[Registration] | None = None) -> list[DeckListRow]:
    """Every registration of the event (or those of ``registrations``) with its list's legality under the
    event's banlist (one catalog cache for the whole page)."""
    catalog = DatabaseCatalog(event.game)
    limits = banlist_limits(event.banlist) if event.banlist is not None else None
    rows = []
    shown = registrations_for(event)
    if registrations is not None:
        shown = shown.filter(pk__in=registrations.values("pk"))
    for registration in shown:
        ruling = (
            deck_legality(
                deck_list=registration.deck_list, banlist=event.banlist, catalog=catalog, limits=limits
            )
            if registration.deck_list is not None
            else None
        )
        rows.append(DeckListRow(registration=registration, ruling=ruling))
    return rows


def deck_lists_visible_to(user: AnyUser) -> QuerySet[DeckList]:
    """Your own lists, plus the registered lists you may see (:func:`registered_deck_lists_visible_to`)."""
    visible = Q(pk__in=registered_deck_lists_visible_to(user))
    if user.is_authenticated:
        visible |= Q(owner=user)
    return DeckList.objects.filter(visible).select_related("owner")
