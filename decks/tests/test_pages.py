"""The organizer's import page: who may use it, the upload, and the progress fragment htmx polls."""

from __future__ import annotations

import lzma
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from decks import importers
from decks.models import Card, CardImport
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import build_cdb
from decks.tests.factories import CardFactory, CardImportFactory
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db

PAGE = "/cards/import/"


@pytest.fixture
def organizer(client):
    user = EventRoleFactory(role=EventRole.Role.ORGANIZER).user
    client.force_login(user)
    return user


def test_a_visitor_is_sent_to_log_in(client):
    response = client.get(PAGE)

    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_a_player_or_judge_may_not_import(client):
    judge = EventRoleFactory(role=EventRole.Role.JUDGE).user
    client.force_login(judge)

    assert client.get(PAGE).status_code == 403


def test_staff_may_import_without_organizing(client):
    client.force_login(UserFactory(is_staff=True))

    assert client.get(PAGE).status_code == 200


def test_an_organizer_uploads_a_card_file_and_sees_the_report(
    client, organizer, django_capture_on_commit_callbacks
):
    upload = SimpleUploadedFile("cards.cdb", build_cdb(cdb.SMALL_SET))

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(PAGE, {"file": upload, "expect": "cards"})

    job = CardImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/cards/import/{job.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "8 added, 0 updated, 0 unchanged" in page
    assert 'hx-trigger="every 1s"' not in page
    assert Card.objects.count() == 8


def test_the_progress_fragment_polls_until_the_import_is_done(client, organizer):
    # an import just sent to the workers, not yet claimed
    job = CardImportFactory(
        data=build_cdb([cdb.POT_OF_GREED]),
        dispatches=1,
        next_dispatch_at=timezone.now() + timedelta(minutes=2),
    )

    fragment = client.get(
        f"/cards/import/{job.pk}/progress/", headers={"HX-Request": "true"}
    ).content.decode()

    assert f'hx-get="/cards/import/{job.pk}/progress/"' in fragment
    assert 'hx-trigger="every 1s"' in fragment
    assert "<progress" in fragment


def test_a_failed_import_shows_the_reason(client, organizer):
    job = CardImportFactory(status=CardImport.Status.FAILED, error="line 3: expected 'CARD_ID COUNT'")

    page = client.get(f"/cards/import/{job.pk}/").content.decode()

    assert "line 3: expected &#x27;CARD_ID COUNT&#x27;" in page
    assert "Nothing was written" in page


def test_a_file_over_the_limit_is_refused_on_the_form(client, organizer, monkeypatch):
    monkeypatch.setattr(importers, "MAX_IMPORT_BYTES", 10)
    monkeypatch.setattr("decks.forms.MAX_IMPORT_BYTES", 10)

    response = client.post(PAGE, {"file": SimpleUploadedFile("big.cdb", b"x" * 100)})

    assert response.status_code == 400
    page = response.content.decode()
    # Dropped as it arrived (decks.uploads), not written whole to a temporary file and refused after.
    assert "The file is over the import limit of 10 bytes (64 MiB); nothing was kept." in page
    assert "This field is required" not in page
    assert CardImport.objects.count() == 0


def test_the_upload_still_needs_its_csrf_token(organizer):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)

    response = client.post(PAGE, {"file": SimpleUploadedFile("cards.cdb", build_cdb([cdb.POT_OF_GREED]))})

    assert response.status_code == 403
    assert CardImport.objects.count() == 0


def test_a_finished_import_names_its_games_not_their_codes(client, organizer):
    report = {"kind": "banlist", "format": "lflist.conf", "game": "yugioh, mtg", "rows": 1, "banlists": ["L"]}
    job = CardImportFactory(status=CardImport.Status.DONE, report=report)

    page = client.get(f"/cards/import/{job.pk}/").content.decode()

    assert "lflist.conf · Yu-Gi-Oh!, Magic: The Gathering · 1 row" in page
    assert "(yugioh" not in page


@pytest.mark.parametrize(
    ("game", "buttons"),
    [
        ("yugioh", ["Add to Main", "Add to Extra", "Add to Side"]),
        ("mtg", ["Add to Main", "Add to Sideboard"]),
    ],
)
def test_the_card_search_offers_each_section_in_its_games_words(client, organizer, game, buttons):
    CardFactory(name="Lightning Vortex", mtg=game == "mtg")

    page = client.get("/cards/search/", {"game": game, "q": "vortex"}).content.decode()

    assert [button for button in buttons if f">{button}</button>" in page] == buttons
    assert ("Add to Side<" in page) == (game == "yugioh")


def test_a_compressed_upload_is_refused_on_the_page_in_the_readers_language(client, organizer):
    upload = SimpleUploadedFile("AllPrintings.json.xz", lzma.compress(b'{"meta": {}, "data": {}}'))

    response = client.post(PAGE, {"file": upload}, headers={"Accept-Language": "pt-BR"})

    assert response.status_code == 400
    assert "este arquivo está compactado (xz)" in response.content.decode()
    assert CardImport.objects.count() == 0
