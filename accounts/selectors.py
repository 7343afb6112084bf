"""Reads for sign-in: who is held back by the lockout right now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone

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
