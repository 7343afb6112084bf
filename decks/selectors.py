"""Reads of deck lists (scoped to who may see them), banlists and card imports.

A deck list is private to its owner until it is registered for an event; then that event's organizers and
judges see it too (they check decks). Event staff are read through ``tournaments.selectors``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.core.cache import cache
from django.db.models import Q, QuerySet

from decks.models import Banlist, CardImport, DeckList
from tournaments.selectors import AnyUser, events_staffed_by


def deck_lists_visible_to(user: AnyUser) -> QuerySet[DeckList]:
    if not user.is_authenticated:
        return DeckList.objects.none()
    staffed_events = events_staffed_by(user).values("pk")
    return (
        DeckList.objects.filter(Q(owner=user) | Q(registrations__event__in=staffed_events))
        .distinct()
        .select_related("owner")
    )


def banlist_limits(banlist: Banlist) -> dict[str, list[str]]:
    """A banlist as the engine's ``deck_check`` takes it: status -> card names (Yu-Gi-Oh! or Magic keys)."""
    limits: dict[str, list[str]] = {}
    for status, name in banlist.entries.order_by("status", "card__name").values_list("status", "card__name"):
        limits.setdefault(status, []).append(name)
    return limits


def banlist_in_effect(*, game: str, on: date, name_contains: str = "") -> Banlist | None:
    """The latest banlist of ``game`` in effect on ``on`` (optionally one whose name contains e.g. "TCG")."""
    banlists = Banlist.objects.filter(game=game, effective__lte=on)
    if name_contains:
        banlists = banlists.filter(name__icontains=name_contains)
    return banlists.order_by("-effective", "name").first()


def progress_cache_key(card_import_id: int) -> str:
    """Where a running import's progress is kept: the cache, shared by the workers and the web server."""
    return f"decks:card-import:{card_import_id}:progress"


@dataclass(frozen=True)
class ImportProgress:
    """How far a card import is: rows written of the total, and the state the page shows."""

    status: str
    done: int
    total: int

    @property
    def percent(self) -> int:
        if self.status == CardImport.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.status in (CardImport.Status.DONE, CardImport.Status.FAILED)


def card_import_progress(card_import: CardImport) -> ImportProgress:
    """The row says queued, done or failed; while running, the worker's progress is in the cache."""
    if card_import.status == CardImport.Status.RUNNING:
        cached = cache.get(progress_cache_key(card_import.pk))
        if isinstance(cached, tuple | list) and len(cached) == 2:
            return ImportProgress(status=card_import.status, done=int(cached[0]), total=int(cached[1]))
    return ImportProgress(status=card_import.status, done=card_import.rows_done, total=card_import.rows_total)


def card_imports_recent(limit: int = 20) -> QuerySet[CardImport]:
    return (
        CardImport.objects.select_related("uploaded_by").defer("data").order_by("-created_at", "-pk")[:limit]
    )
