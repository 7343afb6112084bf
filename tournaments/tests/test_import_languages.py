"""An event import's problems in the reader's language: on the upload page, in the API's 400, on the progress
page of an import a worker refused (the worker knows no reader: the row keeps the sentences), and the
import's state."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import cast

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from tests.api_clients import client_for
from tournaments.models import EventImport
from tournaments.services import event_import_process, event_import_queue
from tournaments.tests.factories import EventFactory, UserFactory
from tournaments.tests.replays import swiss_event

pytestmark = pytest.mark.django_db


def staff() -> User:
    user = cast(User, UserFactory())
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return user


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def unknown_opponent() -> dict[str, object]:
    document = swiss_event(4, 1)
    document["rounds"][0]["matches"][0]["b"] = "nobody"
    return document


def test_the_upload_page_lists_the_replays_problems_in_portuguese():
    upload = SimpleUploadedFile("event.json", json.dumps(unknown_opponent()).encode(), "application/json")

    response = logged_in(staff()).post(
        reverse("event-import-new"), {"name": "Bad", "replay": upload}, headers={"accept-language": "pt-BR"}
    )

    page = response.content.decode()
    assert response.status_code == 400
    assert "id de jogador desconhecido &#x27;nobody&#x27;: não está em players" in page
    assert "not in players" not in page


def test_the_api_says_the_replays_problems_in_spanish():
    document = swiss_event(4, 1)
    document["players"][0] = []  # not a player object

    response = client_for(staff()).post(
        "/api/v1/events/import/",
        {"name": "Bad", "replay": document},
        format="json",
        headers={"accept-language": "es"},
    )

    assert response.status_code == 400
    problem = response.json()["replay"][0]
    assert problem == {
        "path": "players[0]",
        "message": "se esperaba un objeto de jugador, se recibió una lista",
    }


def test_an_import_a_worker_refused_reads_in_spanish_and_keeps_its_english():
    organizer = staff()
    job = event_import_queue(document=swiss_event(4, 1), name="Later", requested_by=organizer)
    # The replay changed under the queued job (as a replay checked by an older version would be).
    EventImport.objects.filter(pk=job.pk).update(data=json.dumps(unknown_opponent()).encode())

    event_import_process(event_import_id=job.pk)

    job.refresh_from_db()
    assert job.status == EventImport.Status.FAILED
    assert "unknown player id 'nobody': not in players" in job.error
    page = logged_in(organizer).get(
        reverse("event-import-detail", args=[job.pk]), headers={"accept-language": "es"}
    )
    text = page.content.decode()
    assert "id de jugador desconocido &#x27;nobody&#x27;: no está en players" in text
    assert "No se guardó nada; corrige el replay y vuelve a subirlo." in text
    assert "Nothing was written" not in text


def test_a_job_failed_before_the_sentences_were_kept_shows_its_english():
    organizer = staff()
    job = event_import_queue(document=swiss_event(4, 1), name="Old", requested_by=organizer)
    EventImport.objects.filter(pk=job.pk).update(status=EventImport.Status.FAILED, error="an old reason")

    page = logged_in(organizer).get(
        reverse("event-import-detail", args=[job.pk]), headers={"accept-language": "es"}
    )

    assert "an old reason" in page.content.decode()


def test_the_import_state_reads_in_portuguese():
    organizer = staff()
    job = event_import_queue(document=swiss_event(4, 1), name="Later", requested_by=organizer)
    EventImport.objects.filter(pk=job.pk).update(dispatches=1, next_dispatch_at=timezone.now() + timedelta(1))

    page = logged_in(organizer).get(
        reverse("event-import-detail", args=[job.pk]), headers={"accept-language": "pt-BR"}
    )

    assert '<span class="badge">Na fila</span>' in page.content.decode()


def test_an_address_taken_while_the_import_waited_reads_in_the_language_of_who_asked():
    """The worker, not the request, finds the address taken: its refusal is in the asker's language."""
    organizer = staff()
    with translation.override("pt-br"):  # the request that queued it was read in Portuguese
        job = event_import_queue(
            document=swiss_event(4, 1), name="Later", requested_by=organizer, slug="sabado"
        )
    EventFactory(slug="sabado")  # another event took the address meanwhile

    event_import_process(event_import_id=job.pk)

    job.refresh_from_db()
    assert job.status == EventImport.Status.FAILED
    page = logged_in(organizer).get(
        reverse("event-import-detail", args=[job.pk]), headers={"accept-language": "pt-BR"}
    )
    assert "O endereço “sabado” já está em uso: escolha outro." in page.content.decode()


def test_the_api_says_why_a_worker_refused_an_import_in_the_requests_language():
    organizer = staff()
    job = event_import_queue(document=swiss_event(4, 1), name="Later", requested_by=organizer)
    EventImport.objects.filter(pk=job.pk).update(data=json.dumps(unknown_opponent()).encode())
    event_import_process(event_import_id=job.pk)

    response = client_for(organizer).get(
        f"/api/v1/event-imports/{job.pk}/", headers={"accept-language": "es"}
    )

    assert response.status_code == 200
    error = response.json()["error"]
    assert "id de jugador desconocido 'nobody': no está en players" in error
    assert "No se guardó nada; corrige el replay y vuelve a subirlo." in error
