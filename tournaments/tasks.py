"""Background work of the tournaments app: the round clock, and event imports with the sweep that makes sure
every import ends (docs/decisions/0009-input-limits.md).

``round_clock_sweep`` runs every few seconds (Celery beat, ``CELERY_BEAT_SCHEDULE``) and calls time for every
round whose clock has run out, and for matches whose extra time ran out after the round's end. It only calls
:func:`round_time_up`, which checks the round's state and clock first, so two sweeps at once, or a sweep and a
page load, call time once.

There is deliberately no task queued at a round's start with an ETA at its end: a worker holds such a message
unacknowledged for the whole round, and kombu's clean-up of a held message after Redis drops stops the worker
(docs/decisions/0008-faults-clock-and-imports.md). A message of the former ``round_time_up_task`` still in a
queue is refused at once as an unregistered task instead of being held; the sweep calls that round's time.
"""

from __future__ import annotations

from celery import shared_task

from tournaments.models import Event
from tournaments.selectors.pairing import warm_history_documents as documents_warm
from tournaments.services.history import WARM_TASK
from tournaments.services.replay_import import EVENT_IMPORT_TASK, event_import_process, event_imports_sweep
from tournaments.services.rounds import round_time_up, rounds_due


@shared_task(acks_late=True, reject_on_worker_lost=True)
def round_clock_sweep() -> int:
    """Call time for every round whose clock has run out; returns how many rounds it looked at."""
    due = rounds_due()
    for round_id in due:
        round_time_up(round_id=round_id)
    return len(due)


@shared_task(name=EVENT_IMPORT_TASK, acks_late=True, reject_on_worker_lost=True)
def event_import_task(import_id: int) -> None:
    """Import the replay of ``EventImport`` ``import_id``. Safe to run twice: ``event_import_process`` claims
    the job first and holds its row lock for the whole import, and leaves a finished or failed job alone."""
    event_import_process(event_import_id=import_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def event_import_sweep() -> int:
    """Send queued imports to the workers, queue again those whose worker died, fail those that cannot end."""
    return event_imports_sweep()


@shared_task(name=WARM_TASK, ignore_result=True)
def warm_history_documents(event_id: int) -> None:
    """Compute the event's current standings and pairing source once (``documents_warmed_after_commit``).
    Safe to run twice or late: each is computed once per history version, and a version already replaced
    by a newer one is only computed for nobody (the event deleted meanwhile: nothing to do)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is not None:
        documents_warm(event)
