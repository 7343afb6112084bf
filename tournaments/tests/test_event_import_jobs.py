"""Large event imports run as a background task with a progress page, like card imports (the API answers 202
with the job to poll); the import writes in batches; absurd replays are refused at once naming the list.

Before, a valid replay of 2,048 players x 8 rounds was imported inside the request (three queries a match)
and ran past the web worker's timeout.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any, cast

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches.models import Match
from tests.api_clients import client_for
from tournaments.engine.replay import MAX_PLAYERS, MAX_ROUNDS, MAX_TABLE
from tournaments.engine.standings import compute
from tournaments.models import Event, EventImport, EventRole, Registration
from tournaments.selectors.cached_documents import current_history_stamp
from tournaments.services import event_create, event_import_process, event_import_queue
from tournaments.tests.factories import UserFactory
from tournaments.tests.replays import swiss_event

pytestmark = pytest.mark.django_db

IMPORT_URL = "/api/v1/events/import/"


def staff() -> User:
    user = cast(User, UserFactory())
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return user


def test_a_regional_sized_import_is_queued_202_and_finishes_through_the_task(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    document = swiss_event(2_048, 8)
    organizer = staff()
    client = client_for(organizer)

    # A query per batch of rows (SQLite's batches are small: 999 parameters), not three per match (24,000+).
    with django_assert_max_num_queries(250), django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(IMPORT_URL, {"name": "Regional", "replay": document}, format="json")

    assert response.status_code == 202
    # The task, dispatched once the job is committed; then, once the import commits, the imported event's
    # standings computed for its first readers.
    assert len(callbacks) == 2
    job = client.get(response.json()["url"]).json()
    assert (job["status"], job["percent"], job["done"], job["total"]) == ("done", 100, 2_048 + 8_192, 10_240)
    event = Event.objects.get(slug=job["event"])
    assert job["event_url"] == reverse("event-detail", args=[event.slug])
    assert Registration.objects.filter(event=event).count() == 2_048
    assert Match.objects.filter(round__event=event, status=Match.Status.FINAL).count() == 8_192
    assert event.swiss_rounds == 8
    assert EventRole.objects.filter(event=event, user=organizer, role=EventRole.Role.ORGANIZER).exists()
    assert not EventImport.objects.get().data  # the replay is dropped once imported
    assert cache.get(current_history_stamp(event).key("standings")) is not None


def test_the_imported_events_standings_are_the_replays(django_capture_on_commit_callbacks):
    document = swiss_event(1_001, 3, seed=7)  # odd: byes too; 1,503 matches, over the threshold

    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(staff()).post(IMPORT_URL, {"name": "Open", "replay": document}, format="json")

    assert response.status_code == 202
    event = EventImport.objects.get().event
    page = Client()
    standings = page.get(f"/api/v1/events/{event.slug}/standings/").json()
    assert [row["player"] for row in standings["standings"]][:50] == [
        row["player"] for row in compute(document)["standings"]
    ][:50]


def test_only_who_asked_follows_an_import():
    job = event_import_queue(document=swiss_event(4, 1), name="Small", requested_by=staff())

    assert client_for(staff()).get(reverse("api-event-import-job", args=[job.pk])).status_code == 404
    assert Client().get(reverse("event-import-detail", args=[job.pk])).status_code == 302  # to the login


def test_running_the_task_twice_imports_once():
    job = event_import_queue(document=swiss_event(10, 2), name="Twice", requested_by=staff())

    event_import_process(event_import_id=job.pk)
    event_import_process(event_import_id=job.pk)

    assert Event.objects.count() == 1
    assert EventImport.objects.get().status == EventImport.Status.DONE


def test_a_slug_taken_while_queued_fails_the_job_with_the_reason_and_writes_nothing():
    organizer = staff()
    job = event_import_queue(document=swiss_event(10, 2), name="Taken", requested_by=organizer, slug="taken")
    event_create(
        name="Someone else's", game="mtg", starts_at=job.created_at, organizer=organizer, slug="taken"
    )

    event_import_process(event_import_id=job.pk)

    job.refresh_from_db()
    assert job.status == EventImport.Status.FAILED
    assert "The address “taken” is taken" in job.error
    assert Event.objects.count() == 1
    assert not User.objects.filter(username__startswith="taken.").exists()


def first_match(document: dict[str, Any]) -> dict[str, Any]:
    match: dict[str, Any] = document["rounds"][0]["matches"][0]
    return match


ABSURD = {
    "players": (lambda d: d["players"].extend({"id": f"x{i}"} for i in range(MAX_PLAYERS)), "at most 16384"),
    "rounds": (lambda d: d["rounds"].extend(d["rounds"][:1] * MAX_ROUNDS), "at most 32"),
    "rounds[0].matches[0].table": (lambda d: first_match(d).update(table=MAX_TABLE + 1), "32767"),
    "rounds[0].matches[0].games.a": (lambda d: first_match(d)["games"].update(a=40_000), "<= 99"),
    "players[0].id": (lambda d: d["players"][0].update(id="p" * 201), "at most 200"),
}


@pytest.mark.parametrize("path", ABSURD)
def test_an_absurd_replay_is_a_400_naming_where(path):
    change, words = ABSURD[path]
    document = swiss_event(4, 1)
    change(document)

    response = client_for(staff()).post(IMPORT_URL, {"name": "Absurd", "replay": document}, format="json")

    assert response.status_code == 400
    problem = response.json()["replay"][0]
    assert problem["path"] == path
    assert words in problem["message"]
    assert not EventImport.objects.exists()
    assert not Event.objects.exists()


def test_a_replay_wrong_everywhere_lists_its_first_hundred_problems():
    document = swiss_event(400, 2)
    for round_ in document["rounds"]:
        for match in round_["matches"]:
            match["result"] = "won"

    response = client_for(staff()).post(IMPORT_URL, {"name": "Wrong", "replay": document}, format="json")

    assert response.status_code == 400
    assert len(response.json()["replay"]) == 101
    assert response.json()["replay"][-1]["message"] == "and 300 more problems; fix these first"


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_import_page_queues_the_file_and_its_progress_page_links_to_the_event(
    django_capture_on_commit_callbacks,
):
    client = logged_in(staff())
    upload = SimpleUploadedFile("event.json", json.dumps(swiss_event(20, 3)).encode(), "application/json")

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("event-import-new"), {"name": "Friday", "replay": upload})

    job = EventImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("event-import-detail", args=[job.pk])
    page = client.get(response["Location"]).content.decode()
    assert "Go to Friday" in page
    assert reverse("event-detail", args=[job.event.slug]) in page
    assert "hx-trigger" not in page  # finished: the page stops polling


def test_the_import_page_lists_each_problem_of_a_bad_replay_and_queues_nothing():
    document = swiss_event(4, 1)
    document["rounds"][0]["matches"][0]["b"] = "nobody"
    upload = SimpleUploadedFile("event.json", json.dumps(document).encode(), "application/json")

    response = logged_in(staff()).post(reverse("event-import-new"), {"name": "Bad", "replay": upload})

    assert response.status_code == 400
    assert "rounds[0].matches[0].b" in response.content.decode()
    assert not EventImport.objects.exists()


def test_the_progress_page_shows_a_queued_import_polling():
    organizer = staff()
    job = event_import_queue(document=swiss_event(4, 1), name="Later", requested_by=organizer)
    # sent a moment ago, no worker has taken it yet
    EventImport.objects.filter(pk=job.pk).update(dispatches=1, next_dispatch_at=timezone.now() + timedelta(1))

    page = logged_in(organizer).get(reverse("event-import-detail", args=[job.pk])).content.decode()

    assert "Queued" in page
    assert reverse("event-import-progress", args=[job.pk]) in page
