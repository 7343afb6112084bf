"""Card files as MTGJSON publishes them compressed (AllPrintings.json.xz, .gz, .bz2): imported from their path
as the plain file is, streamed and with progress against the file on disk; a compressed upload refused with
what to do; a damaged or cut-off compressed file writing nothing; a small file that decompresses past the
import limit refused."""

from __future__ import annotations

import bz2
import gzip
import lzma
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.management import call_command

from decks import importers
from decks.importers.compressed import compression_of
from decks.models import Card, CardPrinting
from decks.services import CardImportError, card_import, card_import_queue
from decks.tests.test_allprintings import SAMPLE
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    "gzip": gzip.compress,
    "xz": lzma.compress,
    "bzip2": bz2.compress,
}
SUFFIXES = {"gzip": ".gz", "xz": ".xz", "bzip2": ".bz2"}


def compressed_sample(tmp_path: Path, compression: str) -> Path:
    path = tmp_path / f"AllPrintings.json{SUFFIXES[compression]}"
    path.write_bytes(COMPRESSORS[compression](SAMPLE.read_bytes()))
    return path


def catalog() -> tuple[list[tuple[str, str]], list[tuple[str, str, bool]]]:
    cards = sorted(Card.objects.values_list("name", "text"))
    printings = sorted(CardPrinting.objects.values_list("code", "card__name", "canonical"))
    return cards, printings


@pytest.mark.parametrize("compression", ["xz", "gzip", "bzip2"])
def test_a_compressed_allprintings_lands_the_same_catalog_as_the_plain_file(tmp_path, compression):
    card_import(path=SAMPLE)
    plain = catalog()
    Card.objects.all().delete()

    calls: list[tuple[int, int, str]] = []
    path = compressed_sample(tmp_path, compression)
    report = card_import(
        path=path, progress=lambda done, total, unit="rows": calls.append((done, total, unit))
    )

    assert report.format == "mtgjson-allprintings"
    assert (report.rows, report.added, report.skipped) == (11, 4, 4)
    assert catalog() == plain
    # Progress is against the compressed file as it lies on disk, and ends at all of it.
    total = -(-path.stat().st_size // 1024)
    assert {seen_total for _done, seen_total, _unit in calls} == {total}
    assert calls[-1][0] == total
    again = card_import(path=path)
    assert (again.added, again.updated) == (0, 0)


def test_the_command_imports_a_compressed_file_from_its_path(tmp_path, capsys):
    call_command("import_cards", str(compressed_sample(tmp_path, "xz")))

    out = capsys.readouterr().out
    assert "mtgjson-allprintings: 11 rows (mtg)" in out
    assert Card.objects.count() == 4


def test_a_compressed_upload_is_refused_saying_what_to_do():
    data = lzma.compress(SAMPLE.read_bytes())

    with pytest.raises(CardImportError) as refused:
        card_import_queue(data=data, filename="AllPrintings.json.xz", uploaded_by=UserFactory(is_staff=True))

    assert refused.value.reason == (
        "this file is compressed (xz): decompress it and upload the file inside, or import it with "
        "manage.py import_cards"
    )
    with pytest.raises(CardImportError):
        card_import(data=data)
    assert Card.objects.count() == 0


def test_a_cut_off_compressed_file_writes_nothing(tmp_path):
    card_import(path=SAMPLE)
    Card.objects.filter(name="Savannah Lions").update(text="changed since")
    before = catalog()
    whole = lzma.compress(SAMPLE.read_bytes())
    broken = tmp_path / "AllPrintings.json.xz"
    broken.write_bytes(whole[: len(whole) * 2 // 3])

    with pytest.raises(CardImportError) as refused:
        card_import(path=broken)

    assert refused.value.reason == "the xz file is cut off or damaged"
    assert catalog() == before
    assert Card.objects.get(name="Savannah Lions").text == "changed since"


def test_a_small_file_that_decompresses_past_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(importers, "MAX_IMPORT_BYTES", 1024)
    monkeypatch.setattr("decks.card_import.MAX_IMPORT_BYTES", 1024)
    banlist = b"#[2026.1 TCG]\n!2026.1 TCG\n" + b"12345678 0 --a card\n" * 200  # 4 kB of lflist text
    path = tmp_path / "lflist.conf.gz"
    path.write_bytes(gzip.compress(banlist))
    assert path.stat().st_size < 1024

    with pytest.raises(CardImportError) as refused:
        card_import(path=path)

    assert "the import limit is" in refused.value.reason


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b"\x1f\x8b\x08\x00", "gzip"),
        (b"\xfd7zXZ\x00", "xz"),
        (b"BZh91AY", "bzip2"),
        (b"BZh, a text file", None),
        (b'{"meta"', None),
        (b"SQLite format 3\x00", None),
        (b"", None),
    ],
)
def test_compression_is_told_by_the_first_bytes(head, expected):
    assert compression_of(head) == expected


@pytest.mark.parametrize("compression", ["gzip", "xz", "bzip2"])
def test_a_damaged_compressed_file_is_refused_as_damaged(tmp_path, compression):
    whole = bytearray(COMPRESSORS[compression](SAMPLE.read_bytes()))
    for offset in range(len(whole) // 3, len(whole) // 3 + 40):  # forty bytes in the middle garbled
        whole[offset] ^= 0x5A
    broken = tmp_path / f"AllPrintings.json{SUFFIXES[compression]}"
    broken.write_bytes(bytes(whole))

    with pytest.raises(CardImportError) as refused:
        card_import(path=broken)

    # gzip raises zlib.error here, xz LZMAError, bzip2 OSError: each is said the same way.
    assert refused.value.reason == f"the {compression} file is cut off or damaged"
    assert Card.objects.count() == 0
