"""The core: run a request's work once per (user, key), and give every retry the first answer."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from config.refusals import Conflict
from idempotency.models import IdempotencyRecord

Answer = tuple[int, dict[str, Any]]


class IdempotencyKeyReused(Conflict):
    """The key was already used by this user for a different request: a 409 naming the key."""


def request_fingerprint(*, method: str, path: str, body: Any) -> str:
    """What identifies a request for a key: the same key with another request is refused."""
    canonical = json.dumps([method.upper(), path, body], sort_keys=True, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _stored(user: User, key: str, fingerprint: str) -> IdempotencyRecord:
    record = IdempotencyRecord.objects.get(user=user, key=key)
    if record.fingerprint != fingerprint:
        raise IdempotencyKeyReused(f"Idempotency-Key {key!r} was already used for another request.")
    return record


@transaction.atomic
def idempotent_call(
    *, user: User, key: str, fingerprint: str, produce: Callable[[], Answer]
) -> tuple[int, dict[str, Any], bool]:
    """Run ``produce`` once per (user, key); returns its status and body, and whether this is a replay.

    The record is inserted before the work, in the same transaction: a concurrent retry with the same key
    waits on the unique constraint until the first commits, then replays its answer (on a rollback it goes
    ahead itself). Answers ``produce`` returns, refusals included, are stored with the work; an exception it
    raises rolls everything back, the record too, so a retry after a server error runs again.
    """
    try:
        with transaction.atomic():
            record = IdempotencyRecord.objects.create(
                user=user, key=key, fingerprint=fingerprint, status_code=0, response={}
            )
    except IntegrityError:
        stored = _stored(user, key, fingerprint)
        return stored.status_code, stored.response, True
    status_code, body = produce()
    record.status_code, record.response = status_code, body
    record.save(update_fields=["status_code", "response"])
    return status_code, body, False
