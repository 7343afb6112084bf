"""Documents computed once per version of an event's history, kept in Django's cache.

The standings, each round's records and the pages drawn from them change only when the event's history does,
and every such write bumps ``Event.history_version`` in its own transaction
(``tournaments.services.history``, which says why a counter and not a cache delete). So a document is
cached under a key naming the event, its creation time (ids are reused by a test database, or by SQLite
after a delete), that version and what the document is: a reader that has read the event row knows the
current key, a document computed before a write can only ever be found under the older key, and nothing is
deleted. The same holds with one process and a local-memory cache (the embedded default) and with several
web processes, workers and management commands sharing Redis in production.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.core.cache import cache

from tournaments.models import Event

# A version of history is current for minutes to hours; a day keeps it over a whole event day.
HISTORY_CACHE_SECONDS = 24 * 3600
# Part of every key: a deploy that changes what a document holds must not read the old ones.
DOCUMENTS_FORMAT = "1"

T = TypeVar("T")


@dataclass(frozen=True)
class HistoryStamp:
    """Which version of an event's history a document is of."""

    event_id: int
    created: float
    version: int

    def key(self, what: str, *parts: object) -> str:
        """The cache key of document ``what`` (``parts``: the language, a round number, a round's stamp...,
        hashed: a key holds no spaces, and stays short whatever it names)."""
        tail = hashlib.sha256(repr(parts).encode()).hexdigest()[:24]
        return (
            f"arbiter:history:{DOCUMENTS_FORMAT}:{self.event_id}:{self.created}:{self.version}:{what}:{tail}"
        )

    def etag(self, *parts: object) -> str:
        """A strong ETag of what is drawn from this version (``parts``: what else the response varies on)."""
        seen = repr((DOCUMENTS_FORMAT, self.event_id, self.created, self.version, parts))
        return '"' + hashlib.sha256(seen.encode()).hexdigest()[:32] + '"'


def history_stamp(event: Event) -> HistoryStamp:
    """The stamp of the event row as the caller read it (a view that has just read the event)."""
    return HistoryStamp(
        event_id=event.pk, created=event.created_at.timestamp(), version=event.history_version
    )


def current_history_stamp(event: Event) -> HistoryStamp:
    """The stamp read from the database now (one small query): for callers that may hold an event row read
    before a write of their own, as a service or a test does."""
    created, version = Event.objects.filter(pk=event.pk).values_list("created_at", "history_version").get()
    return HistoryStamp(event_id=event.pk, created=created.timestamp(), version=version)


def cached(key: str, compute: Callable[[], T]) -> T:
    """The document under ``key``, computed and stored if it is not there (two readers of a new version may
    both compute it: they store the same document)."""
    found: T | None = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, HISTORY_CACHE_SECONDS)
    return found
