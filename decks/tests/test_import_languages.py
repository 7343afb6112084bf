"""A card import's reasons in the reader's language: the worker that imports knows no reader, so the report
keeps each reason's template and values, and the pages say them in Portuguese or Spanish."""

from __future__ import annotations

import json
import re
import time
from html import unescape

import pytest

from decks.card_import import card_import_check
from decks.import_words import where_words
from decks.importers import size_words
from decks.models import CardImport
from decks.tasks import card_import_task
from decks.tests.factories import CardFactory, CardImportFactory, CardPrintingFactory
from decks.tests.test_card_import import YGOPRODECK
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
    assert "<td>linha 3</td>" in portuguese
    assert "la carta 99999999 no está en el catálogo de Yu-Gi-Oh!" in spanish
    assert "<td>línea 2</td>" in spanish
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
    assert "<td>linha 4</td>" in portuguese


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


# --- The report as a person reads it: formats by name, positions in words, counts that agree ---------------


def ygoprodeck_import() -> CardImport:
    """YGOProDeck's JSON with five cards, two alternate artworks and a Skill card (item 6, skipped)."""
    job = CardImportFactory.create(filename="cardinfo.json", data=json.dumps(YGOPRODECK).encode())
    card_import_task(job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.DONE
    return job


def report_text(client, job: CardImport, language: str) -> str:
    """The report's text as a person reads it: no tags, one space between words."""
    html = page(client, job, language)
    report = html[html.index('id="card-import-progress"') : html.index("</section>")]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", report)).split())


@pytest.mark.parametrize(
    ("language", "sentences"),
    [
        (
            "en",
            [
                "Format YGOProDeck JSON · Yu-Gi-Oh! · 6 rows",
                "Cards 5 added, 0 updated, 0 unchanged",
                "Alternate artworks 2 added, 0 updated, 0 unchanged",
                "item 6 of the list “data” (Skill: Destiny Draw)",
            ],
        ),
        (
            "pt-BR",
            [
                "Formato YGOProDeck JSON · Yu-Gi-Oh! · 6 linhas",
                "Cards 5 adicionados, 0 atualizados, 0 sem alteração",
                "Artes alternativas 2 adicionadas, 0 atualizadas, 0 sem alteração",
                "item 6 da lista “data” (Skill: Destiny Draw)",
            ],
        ),
        (
            "es",
            [
                "Formato YGOProDeck JSON · Yu-Gi-Oh! · 6 filas",
                "Cartas 5 agregadas, 0 actualizadas, 0 sin cambios",
                "Ilustraciones alternativas 2 agregadas, 0 actualizadas, 0 sin cambios",
                "elemento 6 de la lista “data” (Skill: Destiny Draw)",
            ],
        ),
    ],
)
def test_a_card_import_report_reads_as_words(client, organizer, language, sentences):
    text = report_text(client, ygoprodeck_import(), language)

    for sentence in sentences:
        assert sentence in text
    assert "ygoprodeck-json" not in text  # the format's code
    assert "data[5]" not in text  # the JSON path, counted from 0


def test_a_count_of_one_is_singular_and_of_none_plural(client, organizer):
    pot = CardFactory(name="Pot of Greed", spell=True)
    CardPrintingFactory(game="yugioh", code="55144522", card=pot, canonical=True)
    job = CardImportFactory(filename="lflist.conf", data=b"!2018.09 TCG\n55144522 0\n")
    card_import_task(job.pk)
    job.refresh_from_db()

    portuguese = report_text(client, job, "pt-BR")
    spanish = report_text(client, job, "es")

    assert "Formato Banlist do EDOPro/YGOPro (lflist.conf) · Yu-Gi-Oh! · 1 linha" in portuguese
    assert "Entradas 1 adicionada, 0 atualizadas, 0 sem alteração, 0 removidas" in portuguese
    assert "Formato Banlist de EDOPro/YGOPro (lflist.conf) · Yu-Gi-Oh! · 1 fila" in spanish
    assert "Entradas 1 agregada, 0 actualizadas, 0 sin cambios, 0 eliminadas" in spanish


def test_a_file_of_the_other_kind_is_refused_naming_its_format(client, organizer):
    job = CardImportFactory(filename="cardinfo.json", data=json.dumps(YGOPRODECK).encode(), expect="banlist")
    card_import_task(job.pk)
    job.refresh_from_db()
    assert job.status == CardImport.Status.FAILED
    portuguese = page(client, job, "pt-BR")

    assert "este é um arquivo de cards (YGOProDeck JSON), não um arquivo de banlist" in portuguese


@pytest.mark.parametrize(
    ("where", "words"),
    [
        ("data[0]", "item 1 of the list “data”"),
        ("data[1].card_images[0]", "item 2 of the list “data”, item 1 of the list “card_images”"),
        ("data[1] (id 1234)", "item 2 of the list “data” (id 1234)"),
        ("data.cards[3].name", "item 4 of the list “data.cards”, field “name”"),
        ("[0].forbidden[2]", "item 1 of the file, item 3 of the list “forbidden”"),
        ("data['Lightning Bolt'][0]", "item 1 of the list “data['Lightning Bolt']”"),
        ("$.name", "field “name”"),
        ("$", "the whole file"),
        ("line 3", "line 3"),
        ("Pot of Greed", "Pot of Greed"),  # a card's name is never taken for a path
        ("Gravity", "Gravity"),
    ],
)
def test_a_position_in_a_json_file_reads_as_words(where, words):
    assert where_words(where) == words


def test_a_long_name_that_is_no_path_is_answered_at_once():
    started = time.monotonic()

    assert where_words("a" * 5000 + "!") == "a" * 5000 + "!"
    assert where_words("a.b" * 3000 + "[x") == "a.b" * 3000 + "[x"
    assert time.monotonic() - started < 0.5
