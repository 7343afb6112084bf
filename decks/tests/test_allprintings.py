"""MTGJSON AllPrintings, streamed into the catalog: one card per name, a printing per uuid, tokens and
Un-cards left out with their reasons, twice changes nothing, a broken file writes nothing.

``samples/AllPrintings.small.json`` is written by hand in AllPrintings' layout: Innistrad's Delver of Secrets
(a double-faced card; its back face comes first, so the card must wait for its front), Lightning Bolt in
Alpha and Magic 2011, Serra Angel in Magic 2011 and a gold-bordered World Championship deck, a token and an
emblem, and an Unhinged card.
"""

from __future__ import annotations

import io
import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone

from decks import card_import_streamed
from decks.importers.mtgjson_allprintings import looks_like_allprintings
from decks.models import Card, CardImport, CardPrinting
from decks.selectors import card_import_progress, progress_cache_key
from decks.services import CardImportError, card_import, card_import_process, card_import_queue
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import build_cdb
from decks.tests.factories import CardImportFactory
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).parent / "samples" / "AllPrintings.small.json"
BOLT_ORACLE = "4457ed35-7c10-48c8-9776-456485fdf070"
DELVER = "Delver of Secrets // Insectile Aberration"


def _catalog():
    cards = list(Card.objects.order_by("pk").values())
    printings = list(CardPrinting.objects.order_by("code").values_list("code", "card__name", "canonical"))
    return cards, printings


def test_allprintings_lands_one_card_per_name_with_a_printing_per_uuid():
    report = card_import(path=SAMPLE)

    assert report.format == "mtgjson-allprintings"
    assert (report.rows, report.added, report.updated, report.unchanged) == (11, 4, 0, 0)
    assert (report.artworks_added, report.artworks_updated, report.artworks_unchanged) == (7, 0, 0)
    assert sorted(Card.objects.values_list("name", flat=True)) == [
        DELVER,
        "Lightning Bolt",
        "Savannah Lions",
        "Serra Angel",
    ]
    bolt = Card.objects.get(name="Lightning Bolt")
    assert sorted(bolt.printings.values_list("code", "canonical")) == [
        ("00000000-0000-5000-8000-00000000b017", False),
        ("00000000-0000-5000-8000-0000000m11b0", False),
        (BOLT_ORACLE, True),
    ]
    assert bolt.types == ["instant"]
    # The double-faced card is its front face, whichever face the file lists first; both faces' ids find it.
    delver = Card.objects.get(name=DELVER)
    assert (delver.power, delver.toughness, delver.subtypes) == ("1", "1", ["Human", "Wizard"])
    assert delver.text.startswith("At the beginning of your upkeep")
    assert delver.printings.count() == 3
    # The gold-bordered printing is another printing of the real card.
    assert CardPrinting.objects.get(code="00000000-0000-5000-8000-00000000wc97").card.name == "Serra Angel"


def test_tokens_emblems_and_un_cards_are_left_out_with_their_reasons():
    report = card_import(path=SAMPLE)

    assert report.skipped == 4
    reasons = {skip.where: skip.reason for skip in report.skips}
    assert reasons == {
        "data['ISD'].tokens": "tokens, emblems, planes, schemes and art cards are not cards a deck holds (1)",
        "data['M11'].tokens": "tokens, emblems, planes, schemes and art cards are not cards a deck holds (2)",
        "data['UNH'].cards": "Un-cards (marked isFunny) are not legal in sanctioned play (1)",
    }
    assert not Card.objects.filter(name__in=["Zombie", "Ooze", "Blast from the Past"]).exists()


def test_importing_allprintings_twice_changes_nothing():
    card_import(path=SAMPLE)
    before = _catalog()

    again = card_import(path=SAMPLE)

    assert (again.added, again.updated, again.unchanged, again.skipped) == (0, 0, 4, 4)
    assert (again.artworks_added, again.artworks_updated, again.artworks_unchanged) == (0, 0, 7)
    assert _catalog() == before


def test_batches_of_one_printing_give_the_same_catalog(monkeypatch):
    """Every card's later printings, and the back face waiting for its front, cross a batch boundary."""
    card_import(path=SAMPLE)
    whole = _catalog()
    Card.objects.all().delete()
    monkeypatch.setattr(card_import_streamed, "PRINTINGS_PER_BATCH", 1)

    first = card_import(path=SAMPLE)
    again = card_import(path=SAMPLE)

    assert (first.added, first.artworks_added) == (4, 7)
    assert (again.added, again.updated, again.artworks_added, again.artworks_updated) == (0, 0, 0, 0)
    cards, printings = _catalog()
    assert printings == whole[1]
    assert [card["name"] for card in cards] == [card["name"] for card in whole[0]]


def test_a_set_file_imported_before_is_updated_not_duplicated():
    """A set file (read whole, as before) gives the same ids: AllPrintings then finds its cards unchanged."""
    document = json.loads(SAMPLE.read_text())
    lea = {"meta": document["meta"], "data": document["data"]["LEA"]}
    assert card_import(data=json.dumps(lea).encode()).format == "mtgjson-set"

    report = card_import(path=SAMPLE)

    assert (report.added, report.updated, report.unchanged) == (2, 0, 2)  # Bolt and Lions were in Alpha
    assert (report.artworks_added, report.artworks_unchanged) == (5, 2)
    assert Card.objects.filter(name="Lightning Bolt").count() == 1


def test_a_truncated_file_is_refused_where_it_breaks_and_writes_nothing(tmp_path):
    card_import(path=SAMPLE)
    before = _catalog()
    text = SAMPLE.read_bytes()
    cut = text.index(b'"name": "Serra Angel"')  # inside Magic 2011's second card
    broken = tmp_path / "AllPrintings.json"
    broken.write_bytes(text[:cut])
    Card.objects.filter(name="Savannah Lions").update(text="changed since")

    with pytest.raises(CardImportError) as refused:
        card_import(path=broken)

    assert refused.value.where == "data['M11'].cards[1]"
    assert refused.value.reason == "not valid JSON: parse error: premature EOF"
    assert _catalog()[1] == before[1]
    assert Card.objects.get(name="Savannah Lions").text == "changed since"  # not put back: nothing written


def test_a_card_that_is_not_an_object_is_refused_with_its_path():
    document = json.loads(SAMPLE.read_text())
    document["data"]["LEA"]["cards"][1] = "Savannah Lions"

    with pytest.raises(CardImportError) as refused:
        card_import(data=json.dumps(document).encode())

    assert (refused.value.where, refused.value.reason) == ("data['LEA'].cards[1]", "expected a card object")
    assert not Card.objects.exists()


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (SAMPLE.read_bytes(), True),
        (b'\xef\xbb\xbf{"meta": {}, "data": {"LEA": {"baseSetSize": 1, "cards": []}}}', True),
        (
            b'{"meta": {}, "data": {"Lightning Bolt": [{"name": "Lightning Bolt", "types": ["Instant"]}]}}',
            False,
        ),
        (b'{"meta": {}, "data": {"baseSetSize": 1, "cards": [], "code": "LEA"}}', False),
        (b'{"data": {"booster": {"default": {}}, "cards": [], "code": "LEA"}}', False),
        (b'{"data": [{"id": 1, "name": "Pot of Greed", "type": "Spell Card"}]}', False),
        (b'[{"name": "Lightning Bolt", "types": ["Instant"]}]', False),
        (b"#[2024.1 TCG]\n!2024.1 TCG\n55144522 0\n", False),
        (build_cdb([cdb.POT_OF_GREED]), False),
        (b"", False),
    ],
)
def test_allprintings_is_told_from_the_shapes_read_before(document, expected):
    assert looks_like_allprintings(io.BytesIO(document)) is expected


def test_a_banlist_import_refuses_allprintings():
    with pytest.raises(CardImportError, match="this is a cards file"):
        card_import(path=SAMPLE, expect="banlist")


def test_the_command_queues_allprintings_for_the_workers_and_names_its_page(
    django_capture_on_commit_callbacks,
):
    out = io.StringIO()
    # The task is sent when the queueing commits (here: when the test's callbacks run; no broker, so eagerly).
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_cards", str(SAMPLE), "--background", stdout=out)

    job = CardImport.objects.get()
    page = f"/cards/import/{job.pk}/"
    assert out.getvalue().strip() == f"import {job.pk} queued for the workers; follow it on {page}"
    assert (job.status, job.path, job.size, job.data) == (
        CardImport.Status.DONE,
        str(SAMPLE.resolve()),
        SAMPLE.stat().st_size,
        None,
    )
    assert (job.report["format"], job.report["added"], job.report["artworks_added"]) == (
        "mtgjson-allprintings",
        4,
        7,
    )
    assert (job.rows_done, job.rows_total, job.progress_unit) == (11, 11, "rows")
    assert SAMPLE.exists()  # the file on the server is the administrator's: the import leaves it


def test_an_uploaded_allprintings_runs_through_the_task_too():
    job = card_import_queue(uploaded_by=None, filename="AllPrintings.json", data=SAMPLE.read_bytes())

    job = card_import_process(card_import_id=job.pk)

    assert job is not None
    assert (job.status, job.report["format"], job.report["added"]) == ("done", "mtgjson-allprintings", 4)


def test_a_streamed_import_reports_its_progress_as_the_file_read():
    calls = []

    card_import(path=SAMPLE, progress=lambda done, total, unit="rows": calls.append((done, total, unit)))

    total = -(-SAMPLE.stat().st_size // 1024)
    assert {unit for _done, _total, unit in calls} == {"file"}
    assert {seen_total for _done, seen_total, _unit in calls} == {total}
    assert [done for done, _total, _unit in calls] == sorted(done for done, _total, _unit in calls)
    assert calls[-1][0] == total


def test_the_progress_page_says_how_much_of_the_file_is_read(client):
    client.force_login(UserFactory(is_staff=True))
    job = CardImportFactory(
        status=CardImport.Status.RUNNING,
        started_at=timezone.now(),
        claim="a-live-attempt",
        lease_until=timezone.now() + timedelta(minutes=1),
    )
    cache.set(progress_cache_key(job.pk), (250, 1000, "file"))

    response = client.get(f"/cards/import/{job.pk}/progress/")
    progress = card_import_progress(job)

    cache.delete(progress_cache_key(job.pk))
    assert "25% of the file read" in response.content.decode()
    assert "rows" not in response.content.decode()
    assert (progress.percent, progress.unit) == (25, "file")


def test_the_command_imports_allprintings_from_its_path(capsys):
    call_command("import_cards", str(SAMPLE))

    out = capsys.readouterr().out
    assert "mtgjson-allprintings: 11 rows (mtg)" in out
    assert "cards: 4 added, 0 updated, 0 unchanged" in out
    assert Card.objects.count() == 4
