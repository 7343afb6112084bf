"""Reads of event imports: who may follow one, and how far it is (the API's job and the progress page)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext

from accounts.users import AnyUser
from rules.words import problem_words, said
from tournaments.models import EventImport

logger = logging.getLogger(__name__)


def import_progress_key(event_import_id: int) -> str:
    """Where a running import's progress is kept: the cache, shared by the workers and the web server."""
    return f"tournaments:event-import:{event_import_id}:progress"


def event_imports_visible_to(user: AnyUser) -> QuerySet[EventImport]:
    """The imports ``user`` asked for (a superuser sees every one); anyone else's is a 404."""
    if not user.is_authenticated:
        return EventImport.objects.none()
    imports = EventImport.objects.defer("data").select_related("event")
    return imports if user.is_superuser else imports.filter(requested_by=user)


@dataclass(frozen=True)
class EventImportProgress:
    """How far an import is: rows written (players, then matches) of the total, and its state."""

    status: str
    done: int
    total: int

    @property
    def percent(self) -> int:
        if self.status == EventImport.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.status in (EventImport.Status.DONE, EventImport.Status.FAILED)

    @property
    def label(self) -> str:
        return str(EventImport.Status(self.status).label)


def event_import_progress(job: EventImport) -> EventImportProgress:
    """A running job's progress is in the cache while its worker imports; the row says the rest. A cache
    that is down only hides how far a running import is."""
    total = job.players + job.matches
    if job.status == EventImport.Status.RUNNING:
        try:
            cached = cache.get(import_progress_key(job.pk))
        except Exception:  # whatever the cache backend raises when its server is unreachable
            logger.warning("event import %s: no progress from the cache", job.pk, exc_info=True)
            cached = None
        if isinstance(cached, tuple | list) and len(cached) == 2:
            return EventImportProgress(job.status, int(cached[0]), int(cached[1]))
        return EventImportProgress(job.status, 0, total)
    done = total if job.status == EventImport.Status.DONE else 0
    return EventImportProgress(job.status, done, total)


def event_import_urls(job: EventImport) -> dict[str, str | None]:
    """Where to poll the job, where a person follows it, and the event once it is imported."""
    return {
        "url": reverse("api-event-import-job", args=[job.pk]),
        "page": reverse("event-import-detail", args=[job.pk]),
        "event_url": reverse("event-detail", args=[job.event.slug]) if job.event else None,
    }


def failure_words(job: EventImport) -> str:
    """Why the import failed, in the reader's language where the row keeps the reason's sentences; the
    stored English for a row failed before they were kept."""
    failure = job.failure if isinstance(job.failure, Mapping) else {}
    problems = failure.get("problems")
    if isinstance(problems, list) and problems:
        found = "; ".join(
            gettext("%(path)s: %(problem)s")
            % {
                "path": problem.get("path") or gettext("the replay"),
                "problem": problem_words(problem)["message"],
            }
            for problem in problems
            if isinstance(problem, Mapping)
        )
        return gettext("%(problems)s. Nothing was written; fix the replay and upload it again.") % {
            "problems": found.rstrip(".")
        }
    return said(failure) or job.error
