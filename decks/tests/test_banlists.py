"""Banlists: lflist.conf and JSON parsing with line numbers, and importing them against the catalog."""

from __future__ import annotations

import json
from datetime import date

import pytest

from decks.importers import MalformedFileError, parse_file
from decks.importers.banlists import date_in_name, parse_banlist_json, parse_lflist
from decks.models import Banlist, BanlistEntry
from decks.selectors import banlist_in_effect, banlist_limits
from decks.services import CardImportError, card_import
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import build_cdb

LFLIST = """#[2018.09 TCG][2018.05 OCG]
!2018.09 TCG
#forbidden
55144522 0 --Pot of Greed
#limited
14558127 1 --Ash Blossom & Joyous Spring
#semi-limited
5318639 2
#unlimited
1861629 3 --Decode Talker

!2018.05 OCG
55144522 0 #Pot of Greed
"""


def test_lflist_sections_statuses_and_comments():
    parsed = parse_lflist(LFLIST)

    tcg, ocg = parsed.banlists
    assert (tcg.name, tcg.effective, tcg.where) == ("2018.09 TCG", date(2018, 9, 1), "line 2")
    assert [(entry.code, entry.status, entry.where) for entry in tcg.entries] == [
        ("55144522", "forbidden", "line 4"),
        ("14558127", "limited", "line 6"),
        ("5318639", "semi_limited", "line 8"),
    ]
    assert [entry.code for entry in ocg.entries] == ["55144522"]
    assert parsed.skips[0].where == "line 10"
    assert "no limit" in parsed.skips[0].reason


def test_lflist_is_recognised_by_its_content():
    assert parse_file(LFLIST.encode()).format == "lflist-conf"


@pytest.mark.parametrize(
    ("text", "where", "reason"),
    [
        ("!List\n12345 0\nnot an entry\n", "line 3", "expected 'CARD_ID COUNT'"),
        ("#comment\n12345 0\n", "line 2", "before any '!list name' header"),
        ("!List\n12345 5\n", "line 2", "must be 0, 1, 2 or 3"),
        ("!List\n\n!\n", "line 3", "needs a name"),
    ],
)
def test_malformed_lflist_lines_are_refused_with_their_line_number(text, where, reason):
    with pytest.raises(MalformedFileError) as error:
        parse_lflist(text)

    assert error.value.where == where
    assert reason in error.value.reason


def test_a_whitelist_directive_is_skipped_not_refused():
    parsed = parse_lflist("!2024.01 Custom\n$whitelist\n55144522 0\n")

    assert parsed.skips[0].where == "line 2"
    assert len(parsed.banlists[0].entries) == 1


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("2018.09 TCG", date(2018, 9, 1)),
        ("2024-04-15 OCG", date(2024, 4, 15)),
        ("Worlds", None),
        ("2018.13", None),
    ],
)
def test_the_effective_date_comes_from_the_lists_name(name, expected):
    assert date_in_name(name) == expected


def test_banlist_json_for_both_games():
    yugioh = parse_banlist_json(
        {
            "name": "TCG",
            "effective": "2024-04-15",
            "game": "yugioh",
            "forbidden": ["Pot of Greed"],
            "limited": [14558127],
        }
    )
    mtg = parse_banlist_json(
        {"name": "Vintage", "effective": "2024-01-01", "banned": ["Chaos Orb"], "restricted": []}
    )

    assert [(e.status, e.name, e.code) for e in yugioh.banlists[0].entries] == [
        ("forbidden", "Pot of Greed", None),
        ("limited", None, "14558127"),
    ]
    assert (mtg.banlists[0].game, mtg.banlists[0].entries[0].status) == ("mtg", "banned")


@pytest.mark.parametrize(
    ("document", "where", "reason"),
    [
        ({"name": "X", "effective": "2024-13-01", "forbidden": []}, "$.effective", "not a YYYY-MM-DD date"),
        ({"name": "X", "game": "yugioh", "banned": []}, "$.banned", "not a Yu-Gi-Oh! banlist status"),
        ({"name": "X", "forbidden": ["A", 3.5]}, "$.forbidden[1]", "expected a card name or id"),
        ({"forbidden": []}, "$.name", "needs a name"),
    ],
)
def test_malformed_banlist_json_names_the_field(document, where, reason):
    with pytest.raises(MalformedFileError) as error:
        parse_banlist_json(document)

    assert error.value.where == where
    assert reason in error.value.reason


@pytest.fixture
def catalog(db):
    card_import(data=build_cdb([*cdb.SMALL_SET]))


def test_importing_an_lflist_links_entries_to_catalog_cards(catalog):
    report = card_import(data=LFLIST.encode(), expect="banlist")

    assert report.banlists == ["2018.09 TCG", "2018.05 OCG"]
    assert (report.added, report.skipped) == (4, 1)
    tcg = Banlist.objects.get(name="2018.09 TCG")
    assert banlist_limits(tcg) == {
        "forbidden": ["Pot of Greed"],
        "limited": ["Ash Blossom & Joyous Spring"],
        "semi_limited": ["Mystical Space Typhoon"],
    }


def test_importing_a_banlist_twice_changes_nothing(catalog):
    card_import(data=LFLIST.encode())

    again = card_import(data=LFLIST.encode())

    assert (again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 4)


def test_a_new_version_of_a_list_updates_and_removes_entries(catalog):
    card_import(data=LFLIST.encode())

    report = card_import(data=b"!2018.09 TCG\n55144522 1\n")

    assert (report.added, report.updated, report.removed) == (0, 1, 2)
    assert banlist_limits(Banlist.objects.get(name="2018.09 TCG")) == {"limited": ["Pot of Greed"]}


def test_unknown_ids_and_a_second_artwork_of_a_listed_card_are_skipped_with_reasons(catalog):
    text = "!2018.09 TCG\n46986414 1\n36996508 1 --Dark Magician again\n99999999 0\n"

    report = card_import(data=text.encode())

    assert report.added == 1
    reasons = {skip.where: skip.reason for skip in report.skips}
    assert "listed again at line 2" in reasons["line 3"]
    assert "99999999 is not in the Yu-Gi-Oh! catalog" in reasons["line 4"]


def test_json_banlist_by_names_resolves_spellings(catalog):
    document = {"name": "House", "effective": "2020-01-01", "forbidden": ["pot of greed", "Pot of Gredd"]}

    report = card_import(data=json.dumps(document).encode())

    assert report.added == 1
    assert "'Pot of Gredd' is not in the Yu-Gi-Oh! catalog" in report.skips[0].reason


def test_a_list_without_a_date_needs_one(catalog):
    report = card_import(data=b"!House rules\n55144522 0\n")

    assert report.banlists == []
    assert report.skipped == 1
    assert "no effective date" in report.skips[0].reason
    dated = card_import(data=b"!House rules\n55144522 0\n", effective=date(2020, 1, 1))
    assert dated.added == 1


def test_a_malformed_banlist_writes_nothing(catalog):
    with pytest.raises(CardImportError):
        card_import(data=b"!2018.09 TCG\n55144522 0\n55144522 nine\n")

    assert Banlist.objects.count() == 0
    assert BanlistEntry.objects.count() == 0


def test_the_list_in_effect_on_a_date(catalog):
    card_import(data=LFLIST.encode())

    assert banlist_in_effect(game="yugioh", on=date(2018, 10, 1)).name == "2018.09 TCG"
    assert banlist_in_effect(game="yugioh", on=date(2018, 6, 1)).name == "2018.05 OCG"
    assert banlist_in_effect(game="yugioh", on=date(2018, 10, 1), name_contains="OCG").name == "2018.05 OCG"
    assert banlist_in_effect(game="yugioh", on=date(2017, 1, 1)) is None
