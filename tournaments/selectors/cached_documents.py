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
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from django.core.cache import cache

from tournaments.models import Event

# A version of history is current for minutes to hours; a day keeps it over a whole event day.
HISTORY_CACHE_SECONDS = 24 * 3600
# How long a reader waits for another's computation of the same document, and how often it looks.
COMPUTING_WAIT_SECONDS = 20
COMPUTING_POLL_SECONDS = 0.05
# Part of every key: a deploy that changes what a document holds must not read the old ones. "2": a Magic
# event's standings floor its percentages by its structure table (0.33 from mtr-appendix-e-2024-r3, issue
# 19); a process of the release before, running beside this one during a deploy, floors every event at 1/3
# and would cache that under the same key.
DOCUMENTS_FORMAT = "2"

T = TypeVar("T")

logger = logging.getLogger(__name__)


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
    """The document under ``key``, computed and stored if it is not there.

    When a round closes, every open standings page polls for the new version within seconds: one reader
    computes it (it holds ``key``'s computing mark), the others wait for it rather than compute the same
    document at once on every web process; a mark left by a reader that died expires, and a reader that waits
    longer than ``COMPUTING_WAIT_SECONDS`` computes it itself. The cache is a saving, not a dependency: with
    its server unreachable every reader computes what it shows, as before there was a cache.
    """
    try:
        return _cached(key, compute)
    except _CacheDown:
        return compute()


class _CacheDown(Exception):
    pass


def _quietly(action: Callable[[], T]) -> T:
    try:
        return action()
    except Exception as error:  # whatever the cache backend raises when its server is unreachable
        logger.warning("the documents cache is unreachable: computing without it", exc_info=True)
        raise _CacheDown from error


def _cached(key: str, compute: Callable[[], T]) -> T:
    found: T | None = _quietly(lambda: cache.get(key))
    if found is not None:
        return found
    computing = f"{key}:computing"
    if not _quietly(lambda: cache.add(computing, 1, COMPUTING_WAIT_SECONDS)):
        deadline = time.monotonic() + COMPUTING_WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(COMPUTING_POLL_SECONDS)
            found = _quietly(lambda: cache.get(key))
            if found is not None:
                return found
    try:
        document = compute()
        _kept_if_possible(lambda: cache.set(key, document, HISTORY_CACHE_SECONDS))
    finally:
        _kept_if_possible(lambda: cache.delete(computing))
    return document


def _kept_if_possible(action: Callable[[], object]) -> None:
    """Store or clear once the document is computed: the reader has it, whether or not the cache took it."""
    try:
        action()
    except Exception:  # whatever the cache backend raises when its server is unreachable
        logger.warning("the documents cache is unreachable: a document was not kept", exc_info=True)


def keep(documents: Mapping[str, object]) -> None:
    """Store documents computed together with the one :func:`cached` is computing (the other pages of a
    list), if the cache takes them: a reader that misses one computes it."""
    _kept_if_possible(lambda: cache.set_many(dict(documents), HISTORY_CACHE_SECONDS))


def cached_page(
    key: str, page: int, draw: Callable[[], list[bytes]], drawn_too: Callable[[], None] | None = None
) -> tuple[bytes, int]:
    """Page ``page`` of a document drawn in pages (the last page if there are fewer), and which page it is.

    Every page of ``key``'s version is drawn at once by ``draw`` and kept (``drawn_too`` then stores what
    goes with them); ``key`` itself holds the page count, so readers of any page wait for that one drawing
    (:func:`cached`). A page evicted on its own is drawn again by the reader who misses it."""
    drawn: dict[int, bytes] = {}

    def draw_every_page() -> int:
        drawn.update(enumerate(draw(), start=1))
        keep({f"{key}:page:{number}": html for number, html in drawn.items()})
        if drawn_too is not None:
            drawn_too()
        return len(drawn)

    count = cached(key, draw_every_page)
    shown = min(max(page, 1), count)
    if shown in drawn:
        return drawn[shown], shown
    return cached(f"{key}:page:{shown}", lambda: draw()[shown - 1]), shown
