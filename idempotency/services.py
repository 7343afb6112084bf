"""The core: run a request's work once per (user, key), and give every retry the first answer."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction

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


def _claimed(user: User, key: str, fingerprint: str) -> IdempotencyRecord | None:
    """The new record of (user, key) before the work, or None when there is one already.

    ``INSERT ... ON CONFLICT DO NOTHING RETURNING``: one statement, where catching the unique constraint's
    error would take a savepoint around it (two more). On PostgreSQL a concurrent insert of the same key
    makes it wait until that transaction ends, as the constraint did. SQLite older than 3.35 (no
    ``RETURNING``) takes the savepoint.
    """
    record = IdempotencyRecord(user=user, key=key, fingerprint=fingerprint, status_code=0, response={})
    if not connection.features.can_return_columns_from_insert:
        try:
            with transaction.atomic():
                record.save()
        except IntegrityError:
            return None
        return record
    meta = IdempotencyRecord._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    values = [field.get_db_prep_save(field.pre_save(record, add=True), connection) for field in fields]
    name = connection.ops.quote_name
    table, pk = name(meta.db_table), name(meta.pk.column)
    columns = ", ".join(name(field.column) for field in fields)
    unique = f"{name(meta.get_field('user').column)}, {name(meta.get_field('key').column)}"
    places = ", ".join(["%s"] * len(fields))
    # The names are the model's own, quoted; every value is a parameter.
    sql = (
        f"INSERT INTO {table} ({columns}) VALUES ({places}) ON CONFLICT ({unique}) DO NOTHING RETURNING {pk}"  # noqa: S608
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        inserted = cursor.fetchone()
    if inserted is None:
        return None
    record.pk = inserted[0]
    record._state.adding = False
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
    record = _claimed(user, key, fingerprint)
    if record is None:
        stored = _stored(user, key, fingerprint)
        return stored.status_code, stored.response, True
    status_code, body = produce()
    record.status_code, record.response = status_code, body
    record.save(update_fields=["status_code", "response"])
    return status_code, body, False
