"""Reads of stored rulings, scoped to who may see them."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from accounts.users import AnyUser
from rules.models import Ruling
from tournaments.selectors.events import EVENT_JUDGES, events_staffed_by


def rulings_visible_to(user: AnyUser) -> QuerySet[Ruling]:
    """A ruling is seen by who asked for it; a dispute's ruling also by the two players of its match and the
    judges and organizers of that match's event. Nobody else: being staff at some other event, or store staff
    (Django's ``is_staff``), gives no sight of it here (a superuser still has the admin).

    An "ask the judge" ruling belongs to no dispute, so it stays with whoever asked: it may describe a hand.
    """
    if not user.is_authenticated:
        return Ruling.objects.none()
    at_table = Q(disputes__match__player_a=user) | Q(disputes__match__player_b=user)
    # A judge reads a dispute's ruling once a player called them to it (a draft stays at the table).
    judging = Q(
        disputes__match__round__event__in=events_staffed_by(user, EVENT_JUDGES).values("pk"),
        disputes__called_at__isnull=False,
    )
    visible = Ruling.objects.filter(Q(requested_by=user) | at_table | judging).values("pk")
    # A ruling held by two disputes would otherwise come back twice: filter by id instead of joining.
    return Ruling.objects.filter(pk__in=visible)
