"""Background work of the tournaments app: the round clock.

``round_time_up_task`` is queued with an ETA at the round's end when the round starts; ``round_clock_sweep``
runs every minute (Celery beat) and catches whatever a missing or restarted worker did not run, and matches
whose extra time ran out after the round's end. Both only call :func:`round_time_up`, which checks the
round's state and clock first, so running either twice, or both, calls time once.
"""

from __future__ import annotations

from celery import shared_task

from tournaments.services.replay_import import event_import_process
from tournaments.services.rounds import round_time_up, rounds_due


@shared_task(acks_late=True, reject_on_worker_lost=True)
def round_time_up_task(round_id: int) -> None:
    round_time_up(round_id=round_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def round_clock_sweep() -> int:
    """Call time for every round whose clock has run out; returns how many rounds it looked at."""
    due = rounds_due()
    for round_id in due:
        round_time_up(round_id=round_id)
    return len(due)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def event_import_task(import_id: int) -> None:
    """Import the replay of ``EventImport`` ``import_id``. Safe to run twice: ``event_import_process`` holds
    the job's row lock for the whole import, and leaves a finished or failed job alone."""
    event_import_process(event_import_id=import_id)
