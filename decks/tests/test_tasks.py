"""card_import_task on real CardImport rows, run eagerly as with no broker: state checks, running twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from decks.models import Card, CardImport
from decks.selectors import card_import_progress, progress_cache_key
from decks.services import card_import_queue
from decks.tasks import card_import_task
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import build_cdb
from decks.tests.factories import CardImportFactory

pytestmark = pytest.mark.django_db


def test_the_task_imports_the_file_and_records_the_report():
    job = CardImportFactory(data=build_cdb(cdb.SMALL_SET))

    card_import_task.delay(job.pk)

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE
    assert (job.report["added"], job.report["artworks_added"]) == (8, 1)
    assert (job.rows_done, job.rows_total) == (9, 9)
    assert job.data is None
    assert job.finished_at is not None
    assert Card.objects.count() == 8


def test_running_the_task_twice_imports_once():
    job = CardImportFactory(data=build_cdb(cdb.SMALL_SET))
    card_import_task.delay(job.pk)
    job.refresh_from_db()
    report, finished_at = job.report, job.finished_at

    card_import_task.delay(job.pk)

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE
    assert (job.report, job.finished_at) == (report, finished_at)
    assert Card.objects.count() == 8


def test_a_second_upload_of_the_same_file_reports_nothing_added():
    data = build_cdb(cdb.SMALL_SET)
    first = CardImportFactory(data=data)
    second = CardImportFactory(data=data)

    card_import_task(first.pk)
    card_import_task(second.pk)

    second.refresh_from_db()
    assert (second.report["added"], second.report["updated"], second.report["unchanged"]) == (0, 0, 8)


def test_a_malformed_file_fails_with_its_reason_and_writes_nothing():
    job = CardImportFactory(filename="lflist.conf", data=b"!2018.09 TCG\n55144522 zero\n")

    card_import_task(job.pk)

    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED
    assert job.error.startswith("line 2: expected 'CARD_ID COUNT'")
    assert Card.objects.count() == 0


def test_an_import_another_worker_is_running_is_left_alone():
    job = CardImportFactory(
        data=build_cdb(cdb.SMALL_SET),
        status=CardImport.Status.RUNNING,
        started_at=timezone.now(),
        lease_until=timezone.now() + timedelta(seconds=30),
        claim="another-attempt",
    )

    card_import_task(job.pk)

    job.refresh_from_db()
    assert job.status == CardImport.Status.RUNNING
    assert Card.objects.count() == 0


def test_an_import_whose_worker_died_is_taken_over():
    started = timezone.now() - timedelta(hours=2)
    job = CardImportFactory(
        data=build_cdb(cdb.SMALL_SET), status=CardImport.Status.RUNNING, started_at=started
    )

    card_import_task(job.pk)

    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE


def test_a_missing_import_is_nothing_to_do():
    # An import deleted before its message ran (the message outlives it): the task ends quietly.
    assert card_import_task(123456) is None
    assert not CardImport.objects.exists()
    assert not Card.objects.exists()


def test_queueing_dispatches_the_task_after_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        job = card_import_queue(uploaded_by=None, filename="cards.cdb", data=build_cdb([cdb.POT_OF_GREED]))

    assert len(callbacks) == 1
    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE


def test_progress_while_running_comes_from_the_cache():
    job = CardImportFactory(status=CardImport.Status.RUNNING, started_at=timezone.now())
    cache.set(progress_cache_key(job.pk), (250, 1000))

    progress = card_import_progress(job)

    assert (progress.done, progress.total, progress.percent, progress.finished) == (250, 1000, 25, False)
    cache.delete(progress_cache_key(job.pk))
