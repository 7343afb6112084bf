"""Card imports end, done or failed with a reason, whatever stops: the broker, the cache, a worker.

A worker killed mid-import is played here by the row it leaves behind (claimed, its heartbeat stopped);
tests/test_faults.py kills real workers and a real Redis.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from config.celery_app import app as celery_app
from config.outbox import MAX_ATTEMPTS, MAX_DISPATCHES
from decks import card_import as card_import_module
from decks.models import Card, CardImport
from decks.services import card_imports_sweep
from decks.tasks import card_import_task
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import build_cdb
from decks.tests.factories import CardImportFactory
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory

PAGE = "/cards/import/"


@pytest.fixture
def organizer(client):
    user = EventRoleFactory(role=EventRole.Role.ORGANIZER).user
    client.force_login(user)
    return user


def _killed_mid_import(**fields):
    """The row a worker leaves when it is killed after claiming the import: its lease runs out."""
    defaults = {
        "data": build_cdb(cdb.SMALL_SET),
        "status": CardImport.Status.RUNNING,
        "claim": "attempt-of-the-killed-worker",
        "attempts": 1,
        "started_at": timezone.now() - timedelta(minutes=1),
        "lease_until": timezone.now() - timedelta(seconds=5),
    }
    return CardImportFactory(**{**defaults, **fields})


@pytest.mark.django_db(transaction=True)  # the upload commits for real, then the dispatch runs
def test_an_upload_while_the_broker_is_down_is_accepted_and_imported_once_it_is_back(
    client, organizer, broker_down
):
    upload = SimpleUploadedFile("cards.cdb", build_cdb(cdb.SMALL_SET))

    response = client.post(PAGE, {"file": upload, "expect": "cards"})

    job = CardImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/cards/import/{job.pk}/"
    assert job.status == CardImport.Status.QUEUED
    assert "Queued" in client.get(response["Location"]).content.decode()

    # when the broker is back (tasks run in-process here) and the sweep comes round
    celery_app.conf.update(task_always_eager=True)
    card_imports_sweep(now=timezone.now() + timedelta(minutes=1))

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE
    assert Card.objects.count() == 8


@pytest.mark.django_db
def test_a_redelivered_import_whose_worker_died_takes_it_over():
    job = _killed_mid_import()

    card_import_task(job.pk)  # the message handed back when the pool process died

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE
    assert job.report["added"] == 8


@pytest.mark.django_db
def test_the_sweep_queues_again_an_import_whose_worker_died_and_it_finishes():
    job = _killed_mid_import()

    card_imports_sweep()

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE
    assert (job.attempts, job.report["added"]) == (2, 8)


@pytest.mark.django_db
def test_the_sweep_leaves_an_import_whose_worker_is_alive_alone():
    job = _killed_mid_import(lease_until=timezone.now() + timedelta(seconds=30))

    card_imports_sweep()

    job.refresh_from_db()
    assert job.status == CardImport.Status.RUNNING
    assert Card.objects.count() == 0


@pytest.mark.django_db
def test_an_import_interrupted_again_and_again_fails_saying_why(client, organizer):
    job = _killed_mid_import(attempts=MAX_ATTEMPTS)

    card_imports_sweep()

    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED
    assert job.error.startswith(f"The import was interrupted {MAX_ATTEMPTS} times")
    page = client.get(f"/cards/import/{job.pk}/").content.decode()
    assert f"interrupted {MAX_ATTEMPTS} times (the worker running it stopped)" in page
    assert Card.objects.count() == 0


@pytest.mark.django_db
def test_an_import_no_worker_takes_fails_saying_to_check_the_workers():
    job = CardImportFactory(
        data=build_cdb(cdb.SMALL_SET),
        dispatches=MAX_DISPATCHES,
        next_dispatch_at=timezone.now() - timedelta(seconds=1),
    )

    card_imports_sweep()

    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED
    assert "No worker started the import within 30 minutes" in job.error
    assert "check that its background workers are running" in job.error


@pytest.mark.django_db
def test_an_import_runs_to_the_end_while_the_cache_is_down(cache_down):
    job = CardImportFactory(data=build_cdb(cdb.SMALL_SET))

    card_import_task(job.pk)

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE
    assert Card.objects.count() == 8


@pytest.mark.django_db
def test_the_progress_of_a_running_import_shows_while_the_cache_is_down(client, organizer, cache_down):
    job = _killed_mid_import(lease_until=timezone.now() + timedelta(seconds=30), rows_done=4, rows_total=9)

    response = client.get(f"/cards/import/{job.pk}/progress/", headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "4 of 9 rows" in response.content.decode()


class _CacheWhoseWriteOutlastsTheSoftLimit:
    """A cache write still waiting on a slow Redis when Celery's soft time limit arrives."""

    def set(self, *args, **kwargs):
        raise SoftTimeLimitExceeded()

    def delete(self, *args, **kwargs):
        return None


@pytest.mark.django_db
def test_the_soft_time_limit_during_a_progress_write_stops_the_import_with_its_reason(monkeypatch):
    monkeypatch.setattr(card_import_module, "cache", _CacheWhoseWriteOutlastsTheSoftLimit())
    job = CardImportFactory(data=build_cdb(cdb.SMALL_SET))

    card_import_task(job.pk)

    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED
    assert job.error.startswith("The import took longer than")
    assert Card.objects.count() == 0


@pytest.mark.django_db
def test_an_import_waiting_behind_busy_workers_is_sent_again_not_failed(monkeypatch):
    # given: sent four times already; the broker takes each message, but the workers, busy with long
    # imports, have not started it yet
    sent: list[int] = []
    monkeypatch.setattr(card_import_task, "delay", sent.append)
    job = CardImportFactory(
        data=build_cdb(cdb.SMALL_SET),
        dispatches=MAX_DISPATCHES - 1,
        next_dispatch_at=timezone.now() - timedelta(seconds=1),
    )

    card_imports_sweep()

    # then: sent once more and still queued; the next send waits at least a whole task's time limit
    job.refresh_from_db()
    assert sent == [job.pk]
    assert job.status == CardImport.Status.QUEUED
    assert job.next_dispatch_at is not None
    assert job.next_dispatch_at - timezone.now() > timedelta(seconds=300)
