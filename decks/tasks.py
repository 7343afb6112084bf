"""Background work of the decks app: importing large card files and banlists."""

from __future__ import annotations

from celery import shared_task

from decks.services import card_import_process


@shared_task(acks_late=True, reject_on_worker_lost=True)
def card_import_task(import_id: int) -> None:
    """Import the file of ``CardImport`` ``import_id``. Safe to run twice: a finished or claimed import is
    left alone (``card_import_process`` checks its state under a row lock first)."""
    card_import_process(card_import_id=import_id)
