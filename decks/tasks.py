"""Background work of the decks app: importing large card files and banlists, and the sweep that makes sure
every import ends (docs/decisions/0008-faults-clock-and-imports.md)."""

from __future__ import annotations

from celery import shared_task

from decks.card_import import CARD_IMPORT_TASK
from decks.services import card_import_process, card_imports_sweep


@shared_task(name=CARD_IMPORT_TASK, acks_late=True, reject_on_worker_lost=True)
def card_import_task(import_id: int) -> None:
    """Import the file of ``CardImport`` ``import_id``. Safe to run twice: a finished import, or one another
    attempt holds a live lease on, is left alone (``card_import_process`` checks under a row lock first)."""
    card_import_process(card_import_id=import_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def card_import_sweep() -> int:
    """Send queued imports to the workers, queue again those whose worker died, fail those that cannot end."""
    return card_imports_sweep()
