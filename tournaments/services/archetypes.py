"""Registrations' archetypes: named after the list the player registers, corrected or merged by the event's
deck staff (each correction kept as an ``ArchetypeChange``).

The archetype follows the player's list while no staff member has corrected it: registering a list the
player named sets it; a list Arbiter named (text pasted on the event page, a list a judge entered as
presented) leaves it as it was, since it is a new version of the same deck. Once staff corrected it, the
player's lists no longer change it.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext

from accounts.users import AnyUser
from decks.models import DeckList
from tournaments.engine.metagame import clean_archetype
from tournaments.models import ArchetypeChange, Event, Registration
from tournaments.selectors.archetypes import archetype_from_list_name
from tournaments.selectors.events import is_deck_staff


def archetype_follow_list(registration: Registration, deck_list: DeckList) -> None:
    """Name ``registration``'s archetype after ``deck_list`` (the caller saves, in its transaction)."""
    name = archetype_from_list_name(deck_list.name, registration.event.name)
    if not name or registration.archetype == name:
        return
    if registration.pk is not None and registration.archetype_changes.exists():
        return
    registration.archetype = name


def require_deck_staff(user: AnyUser, event: Event) -> None:
    """Refuse anyone but the event's deck staff. The services ask it; pages and the API ask it first too,
    before looking a registration up, so nobody else learns which registrations exist."""
    if not is_deck_staff(user, event):
        raise PermissionDenied(
            gettext("Only the judges and organizers of this event who do not play in it may name its decks.")
        )


def _archetype(text: str, field: str) -> str:
    name = clean_archetype(text)
    if not name:
        raise ValidationError({field: [gettext("Give the deck's archetype.")]})
    return name


@transaction.atomic
def registration_archetype_set(*, registration: Registration, archetype: str, by: User) -> Registration:
    """Staff name one registration's deck (empty: unnamed). Setting the name it has changes nothing."""
    registration = Registration.objects.select_for_update().select_related("event").get(pk=registration.pk)
    require_deck_staff(by, registration.event)
    name = clean_archetype(archetype)
    if name == registration.archetype:
        return registration
    ArchetypeChange.objects.create(
        registration=registration, old_archetype=registration.archetype, new_archetype=name, changed_by=by
    )
    registration.archetype = name
    registration.save(update_fields=["archetype"])
    return registration


@transaction.atomic
def event_archetype_merge(*, event: Event, source: str, target: str, by: User) -> int:
    """Rename every registration of ``event`` playing ``source`` to ``target`` (staff only); the number
    renamed. A refusal names the field ``archetype`` (the source) or ``into`` (the target). The event's
    registrations are locked, so a merge and a correction apply one after the other."""
    require_deck_staff(by, event)
    source = _archetype(source, "archetype")
    target = _archetype(target, "into")
    if source == target:
        raise ValidationError({"into": [gettext("Merge an archetype into another one.")]})
    registrations = list(
        Registration.objects.select_for_update().filter(event=event, archetype=source).order_by("pk")
    )
    if not registrations:
        raise ValidationError(
            {"archetype": [gettext("No deck of this event is named “%(name)s”.") % {"name": source}]}
        )
    ArchetypeChange.objects.bulk_create(
        ArchetypeChange(
            registration=registration,
            old_archetype=source,
            new_archetype=target,
            merged=True,
            changed_by=by,
        )
        for registration in registrations
    )
    Registration.objects.filter(pk__in=[registration.pk for registration in registrations]).update(
        archetype=target
    )
    return len(registrations)
