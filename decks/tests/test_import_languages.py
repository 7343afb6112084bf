"""A card import's reasons in the reader's language: the worker that imports knows no reader, so the report
keeps each reason's template and values, and the pages say them in Portuguese or Spanish."""

from __future__ import annotations

import pytest

from decks.card_import import card_import_check
from decks.importers import size_words
from decks.models import CardImport
from decks.tasks import card_import_task
from decks.tests.factories import CardFactory, CardImportFactory, CardPrintingFactory
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = EventRoleFactory(role=EventRole.Role.ORGANIZER).user
    client.force_login(user)
    return user


def page(client, job: CardImport, language: str) -> str:
    text: str = client.get(f"/cards/import/{job.pk}/", headers={"accept-language": language}).content.decode()
    return text


def test_a_skipped_entry_reads_in_portuguese_and_spanish(client, organizer):
    # Line 2 allows 3 copies (no limit); line 3 names a card the catalog does not hold.
    job = CardImportFactory(filename="lflist.conf", data=b"!2018.09 TCG\n55144522 3\n99999999 0\n")
    card_import_task(job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE

    portuguese = page(client, job, "pt-BR")
    spanish = page(client, job, "es")

    assert "o card 55144522 pode ter 3 cópias: isso não é uma limitação" in portuguese
    assert "o card 99999999 não está no catálogo de Yu-Gi-Oh!" in portuguese
    assert "<code>linha 3</code>" in portuguese
    assert "la carta 99999999 no está en el catálogo de Yu-Gi-Oh!" in spanish
    assert "<code>línea 2</code>" in spanish
    assert "no limit" not in portuguese + spanish
    assert job.report["skips"][0]["reason"] == "card 55144522 is allowed 3 copies: that is no limit"


def test_a_refused_file_reads_in_the_readers_language(client, organizer):
    job = CardImportFactory(filename="lflist.conf", data=b"!2018.09 TCG\n55144522 zero\n")
    card_import_task(job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED
    assert job.error.startswith("line 2: expected 'CARD_ID COUNT'")  # English in the row, as before

    portuguese = page(client, job, "pt-BR")
    spanish = page(client, job, "es")

    assert (
        "linha 2: esperado &#x27;CARD_ID COUNT&#x27; ou um cabeçalho &#x27;!nome da lista&#x27;" in portuguese
    )
    assert "línea 2: se esperaba &#x27;CARD_ID COUNT&#x27;" in spanish
    assert "expected" not in portuguese.split("<main")[-1]


def test_an_interrupted_import_reads_in_spanish(client, organizer):
    job = CardImportFactory(status=CardImport.Status.RUNNING, attempts=99)  # its lease has run out
    card_import_check(card_import_id=job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED

    assert "La importación se interrumpió 99 veces" in page(client, job, "es")


def test_a_report_stored_before_the_templates_shows_its_english(client, organizer):
    report = {"format": "lflist-conf", "kind": "banlist", "game": "yugioh", "rows": 1, "skipped": 1}
    report["skips"] = [{"where": "line 4", "reason": "an old reason"}]
    job = CardImportFactory(status=CardImport.Status.DONE, report=report)

    portuguese = page(client, job, "pt-BR")

    assert "an old reason" in portuguese
    assert "<code>linha 4</code>" in portuguese


def test_a_position_inside_a_reason_reads_in_portuguese(client, organizer):
    """ "Pot of Greed is listed again at line 2": the line is said in the reader's words as well."""
    pot = CardFactory(name="Pot of Greed", spell=True)
    CardPrintingFactory(game="yugioh", code="55144522", card=pot, canonical=True)
    job = CardImportFactory(filename="lflist.conf", data=b"!2018.09 TCG\n55144522 0\n55144522 0\n")
    card_import_task(job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE

    portuguese = page(client, job, "pt-BR")

    assert "Pot of Greed aparece de novo em linha 2: uma arte alternativa?" in portuguese
    assert "line 2" not in portuguese


def test_sizes_read_as_a_person_reads_them():
    assert size_words(10) == "10 bytes"
    assert size_words(64 * 1024 * 1024) == "64 MiB"
    assert size_words(64 * 1024 * 1024 + 1) == "65 MiB"  # over the limit never reads as the limit
