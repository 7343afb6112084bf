"""Event imports end, done or failed with a reason, whatever stops: the broker, the cache, a worker.

Before, the job was sent with ``on_commit(lambda: event_import_task.delay(...))``: with Redis down the request
answered 500 although the job was created, and nothing ever sent it again; the progress went to the cache
unguarded, so a cache that was down failed the import (and the progress page); and a job whose message was
lost, or whose worker was killed, stayed "queued" forever. A worker killed mid-import is played here by the
row it leaves behind (claimed, its import rolled back); tests/test_faults.py kills real workers.
"""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.celery_app import app as celery_app
from config.outbox import MAX_ATTEMPTS, MAX_DISPATCHES
from tests.api_clients import client_for
from tournaments.models import Event, EventImport, Registration
from tournaments.services import event_import_process, event_import_queue, event_imports_sweep, replay_import
from tournaments.tasks import event_import_task
from tournaments.tests.replays import swiss_event
from tournaments.tests.test_event_import_jobs import logged_in, staff

IMPORT_URL = "/api/v1/events/import/"


@pytest.fixture
def in_background(monkeypatch):
    """Every API import goes to the workers, however small (the threshold is a size, not what is tested)."""
    monkeypatch.setattr(replay_import, "SYNC_MAX_MATCHES", 0)


def _queued(**fields):
    """A job the workers were sent ``dispatches`` times (its message then lost), or left as ``fields`` say."""
    organizer = staff()
    job = event_import_queue(document=swiss_event(10, 2), name="Friday", requested_by=organizer)
    EventImport.objects.filter(pk=job.pk).update(**fields)
    job.refresh_from_db()
    return job, organizer


def _killed_mid_import(**fields):
    """The row a worker leaves when it is killed mid-import: claimed (running), its import rolled back."""
    return _queued(
        **{
            "status": EventImport.Status.RUNNING,
            "attempts": 1,
            "started_at": timezone.now() - timedelta(minutes=10),
            **fields,
        }
    )


@pytest.mark.django_db(transaction=True)  # the job commits for real, then it is sent
def test_an_api_import_while_the_broker_is_down_is_202_and_imported_once_it_is_back(
    broker_down, in_background
):
    client = client_for(staff())

    response = client.post(IMPORT_URL, {"name": "Regional", "replay": swiss_event(10, 2)}, format="json")

    assert response.status_code == 202
    assert response.json()["status"] == "queued"
    polled = client.get(response.json()["url"])  # the poll tries to send it again: the broker is still down
    assert (polled.status_code, polled.json()["status"]) == (200, "queued")
    assert not Event.objects.exists()

    celery_app.conf.update(task_always_eager=True)  # the broker is back (tasks run in-process here)
    event_imports_sweep(now=timezone.now() + timedelta(minutes=1))

    job = client.get(response.json()["url"]).json()
    assert job["status"] == "done"
    assert Registration.objects.filter(event__slug=job["event"]).count() == 10


@pytest.mark.django_db(transaction=True)
def test_an_upload_on_the_import_page_while_the_broker_is_down_shows_it_queued(broker_down):
    client = logged_in(staff())
    upload = SimpleUploadedFile("event.json", json.dumps(swiss_event(10, 2)).encode(), "application/json")

    response = client.post(reverse("event-import-new"), {"name": "Friday", "replay": upload})

    job = EventImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("event-import-detail", args=[job.pk])
    assert "Queued" in client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_an_import_runs_while_the_cache_is_down(cache_down):
    job, organizer = _queued()

    event_import_process(event_import_id=job.pk)

    job.refresh_from_db()
    assert (job.status, job.error) == (EventImport.Status.DONE, "")
    assert Registration.objects.filter(event=job.event).count() == 10
    page = logged_in(organizer).get(reverse("event-import-detail", args=[job.pk])).content.decode()
    assert "Go to Friday" in page


@pytest.mark.django_db
def test_a_queued_imports_page_answers_while_the_cache_is_down(cache_down):
    job, organizer = _queued(dispatches=1, next_dispatch_at=timezone.now() + timedelta(minutes=1))

    response = logged_in(organizer).get(reverse("event-import-progress", args=[job.pk]))

    assert response.status_code == 200
    assert "Queued" in response.content.decode()


@pytest.mark.django_db
def test_a_running_imports_progress_answers_while_the_cache_is_down(cache_down):
    job, organizer = _queued(status=EventImport.Status.RUNNING, attempts=1, started_at=timezone.now())

    response = client_for(organizer).get(reverse("api-event-import-job", args=[job.pk]))

    assert response.status_code == 200
    assert (response.json()["status"], response.json()["done"]) == ("running", 0)


@pytest.mark.django_db
def test_the_progress_page_sends_again_a_job_whose_message_was_lost():
    job, organizer = _queued(dispatches=1, next_dispatch_at=timezone.now() - timedelta(seconds=1))

    page = logged_in(organizer).get(reverse("event-import-detail", args=[job.pk])).content.decode()

    assert "Go to Friday" in page
    assert EventImport.objects.get().status == EventImport.Status.DONE


@pytest.mark.django_db
def test_the_sweep_sends_again_a_job_whose_message_was_lost():
    job, _organizer = _queued(dispatches=1, next_dispatch_at=timezone.now() - timedelta(seconds=1))

    assert event_imports_sweep() == 1

    job.refresh_from_db()
    assert job.status == EventImport.Status.DONE
    assert Registration.objects.filter(event=job.event).count() == 10


@pytest.mark.django_db
def test_a_job_no_worker_takes_fails_saying_to_check_the_workers():
    a_second_ago = timezone.now() - timedelta(seconds=1)
    job, organizer = _queued(dispatches=MAX_DISPATCHES, next_dispatch_at=a_second_ago)

    event_imports_sweep()

    job.refresh_from_db()
    assert job.status == EventImport.Status.FAILED
    assert "No worker started the import within 30 minutes" in job.error
    page = logged_in(organizer).get(reverse("event-import-detail", args=[job.pk])).content.decode()
    assert "check that its background workers are running" in page
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_the_sweep_queues_again_a_job_whose_worker_was_killed_and_it_finishes():
    job, _organizer = _killed_mid_import()

    event_imports_sweep()

    job.refresh_from_db()
    assert (job.status, job.attempts) == (EventImport.Status.DONE, 2)
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_a_redelivered_task_whose_worker_was_killed_takes_the_job_over():
    job, _organizer = _killed_mid_import()

    event_import_task(job.pk)  # the message handed back when the pool process died

    job.refresh_from_db()
    assert (job.status, job.attempts) == (EventImport.Status.DONE, 2)


@pytest.mark.django_db
def test_a_job_interrupted_again_and_again_fails_saying_why():
    job, organizer = _killed_mid_import(attempts=MAX_ATTEMPTS)

    event_imports_sweep()

    job.refresh_from_db()
    assert job.status == EventImport.Status.FAILED
    assert f"The import was interrupted {MAX_ATTEMPTS} times" in job.error
    body = client_for(organizer).get(reverse("api-event-import-job", args=[job.pk])).json()
    assert (body["status"], body["error"]) == ("failed", job.error)
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_the_sweep_leaves_a_job_just_claimed_alone():
    job, _organizer = _killed_mid_import(started_at=timezone.now())

    assert event_imports_sweep() == 0

    job.refresh_from_db()
    assert (job.status, job.attempts) == (EventImport.Status.RUNNING, 1)


@pytest.mark.django_db
def test_someone_else_polling_a_job_sends_nothing():
    job, _organizer = _queued(dispatches=1, next_dispatch_at=timezone.now() - timedelta(seconds=1))

    response = logged_in(staff()).get(reverse("event-import-detail", args=[job.pk]))

    assert response.status_code == 404
    assert EventImport.objects.get().status == EventImport.Status.QUEUED
    assert Client().get(reverse("api-event-import-job", args=[job.pk])).status_code in (401, 403)


@pytest.mark.django_db(transaction=True)  # the import's lock is held by another connection, as by a worker
def test_a_job_a_worker_is_importing_is_left_alone_and_taken_over_once_that_worker_dies():
    if not connection.features.has_select_for_update_skip_locked:
        pytest.skip("needs row locks (PostgreSQL): on SQLite tasks run in-process, one writer at a time")
    document = swiss_event(10, 2)
    job = EventImport.objects.create(  # as a worker claimed it (created directly: no dispatch on commit)
        requested_by=staff(),
        name="Friday",
        data=json.dumps(document).encode(),
        players=10,
        matches=10,
        status=EventImport.Status.RUNNING,
        attempts=1,
        started_at=timezone.now() - timedelta(minutes=10),
    )
    locked, killed = threading.Event(), threading.Event()

    def worker_importing() -> None:  # holds the row's lock as an import does, until its process is "killed"
        try:
            with transaction.atomic():
                EventImport.objects.select_for_update().filter(pk=job.pk).first()
                locked.set()
                killed.wait(timeout=30)
                transaction.set_rollback(True)
        finally:
            connection.close()

    worker = threading.Thread(target=worker_importing)
    worker.start()
    try:
        assert locked.wait(timeout=30)
        assert event_imports_sweep() == 0
        event_import_task(job.pk)  # a second delivery returns at once, without waiting or importing
        job.refresh_from_db()
        assert (job.status, job.attempts) == (EventImport.Status.RUNNING, 1)
        assert not Event.objects.exists()
    finally:
        killed.set()
        worker.join(timeout=30)

    event_imports_sweep()

    job.refresh_from_db()
    assert (job.status, job.attempts) == (EventImport.Status.DONE, 2)
