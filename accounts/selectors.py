"""Reads for sign-in: who is held back by the lockout right now."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Case, Q, Value, When
from django.utils import timezone

from accounts.models import Player

# Store staff (who create events) and anyone given axes' "delete access attempt" permission in the admin.
UNLOCK_PERMISSIONS = ("tournaments.add_event", "axes.delete_accessattempt")


def can_lift_signin_locks(user: User | AnonymousUser) -> bool:
    return any(user.has_perm(permission) for permission in UNLOCK_PERMISSIONS)


@dataclass(frozen=True)
class FailedSignIns:
    username: str
    address: str
    failures: int
    last_failure: datetime
    locked: bool


def recent_failed_signins() -> list[FailedSignIns]:
    """Failed sign-ins still counted (within the cool-off period), latest first.

    ``locked`` marks an account at an address that reached the per account-and-address limit; the per-account
    and per-address limits add up several rows, so a row below the limit can still be held back by them.
    """
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    attempts = AccessAttempt.objects.filter(attempt_time__gte=since).order_by("-attempt_time")[:200]
    return [
        FailedSignIns(
            username=attempt.username or "",
            address=attempt.ip_address or "",
            failures=attempt.failures_since_start,
            last_failure=attempt.attempt_time,
            locked=attempt.failures_since_start >= settings.AXES_FAILURE_LIMIT,
        )
        for attempt in attempts
    ]


MAX_MATCHES = 8


def players_matching(text: str, *, limit: int = MAX_MATCHES) -> list[User]:
    """People whose name, username or official player id contains what the organizer typed (at least two
    characters), for the counter's search-as-you-type: exact usernames and ids first, then by name."""
    text = " ".join(text.split())
    if len(text) < 2:
        return []
    words = text.split()
    by_name = Q()
    for word in words:
        by_name &= Q(first_name__icontains=word) | Q(last_name__icontains=word)
    found = (
        User.objects.filter(
            by_name | Q(username__icontains=text) | Q(player__official_id__icontains="".join(words))
        )
        .filter(is_active=True)
        .select_related("player")
        .annotate(
            exact=Case(
                When(Q(username__iexact=text) | Q(player__official_id__iexact="".join(words)), then=Value(0)),
                default=Value(1),
            )
        )
        .order_by("exact", "first_name", "last_name", "username")
    )
    return list(found[:limit])


def players_named(text: str) -> list[User]:
    """Everyone the text names exactly: by username, official id or full name (at most two: one is the
    answer, two means the organizer must choose)."""
    text = " ".join(text.split())
    if not text:
        return []
    first, _, last = text.partition(" ")
    return list(
        User.objects.filter(
            Q(username__iexact=text)
            | Q(player__official_id__iexact="".join(text.split()))
            | Q(first_name__iexact=first, last_name__iexact=last)
        )
        .filter(is_active=True)
        .order_by("pk")[:2]
    )


def store_staff() -> list[User]:
    """Everyone who may create events: given the permission, or a superuser."""
    granted = Q(
        user_permissions__codename="add_event", user_permissions__content_type__app_label="tournaments"
    )
    return list(
        User.objects.filter(granted | Q(is_superuser=True), is_active=True)
        .distinct()
        .order_by("first_name", "last_name", "username")
    )


def players_of(user_ids: Iterable[int]) -> dict[int, Player]:
    """The official id and claim code of each of these people who has them, in one query."""
    return {player.user_id: player for player in Player.objects.filter(user_id__in=list(user_ids))}
