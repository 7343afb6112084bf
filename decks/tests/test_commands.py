"""``manage.py import_cards`` and ``import_banlist``: the report printed, malformed files refused."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from decks.models import Banlist, Card
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import build_cdb

pytestmark = pytest.mark.django_db


def run(command, *args):
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def test_import_cards_prints_the_report(tmp_path):
    path = tmp_path / "cards.cdb"
    path.write_bytes(build_cdb(cdb.SMALL_SET))

    first = run("import_cards", str(path))
    second = run("import_cards", str(path))

    assert "cards: 8 added, 0 updated, 0 unchanged" in first
    assert "alternate artworks: 1 added" in first
    assert "cards: 0 added, 0 updated, 8 unchanged" in second
    assert Card.objects.count() == 8


def test_import_banlist_with_an_effective_date(tmp_path):
    cards = tmp_path / "cards.cdb"
    cards.write_bytes(build_cdb(cdb.SMALL_SET))
    run("import_cards", str(cards))
    lflist = tmp_path / "lflist.conf"
    lflist.write_text("!House list\n55144522 0 --Pot of Greed\n", encoding="utf-8")

    output = run("import_banlist", str(lflist), "--effective", "2020-02-01")

    assert "banlist entries: 1 added" in output
    assert Banlist.objects.get().effective.isoformat() == "2020-02-01"


def test_a_malformed_file_is_refused_with_its_line(tmp_path):
    lflist = tmp_path / "lflist.conf"
    lflist.write_text("!2018.09 TCG\n55144522 0\nbroken line here\n", encoding="utf-8")

    with pytest.raises(CommandError, match=r"line 3: expected 'CARD_ID COUNT'.*nothing was imported"):
        run("import_banlist", str(lflist))
    assert Banlist.objects.count() == 0


def test_a_card_file_is_not_a_banlist(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes(build_cdb([cdb.POT_OF_GREED]))

    with pytest.raises(CommandError, match="this is a cards file"):
        run("import_banlist", str(path))
