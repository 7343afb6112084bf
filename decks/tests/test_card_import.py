"""Importing card files into the catalog: what lands in the database, idempotency, refusals."""

from __future__ import annotations

import json
import time

import pytest
from django.db import IntegrityError, transaction

from decks import importers
from decks.catalog import DatabaseCatalog
from decks.models import Card, CardPrinting
from decks.services import CardImportError, card_import
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import Row, build_cdb
from decks.tests.factories import CardFactory
from tests.shared_files import require_shared

pytestmark = pytest.mark.django_db


def test_a_small_cdb_lands_in_the_catalog_with_every_field():
    report = card_import(data=build_cdb(cdb.SMALL_SET))

    assert (report.added, report.updated, report.unchanged, report.skipped) == (8, 0, 0, 0)
    assert report.artworks_added == 1
    talker = Card.objects.get(name="Decode Talker")
    assert (talker.frame, talker.link_rating, talker.atk, talker.defense) == ("link", 3, 2300, None)
    assert talker.link_arrow_names == ["top", "bottom-left", "bottom-right"]
    odd_eyes = Card.objects.get(name="Odd-Eyes Pendulum Dragon")
    assert (odd_eyes.pendulum, odd_eyes.scale_left, odd_eyes.scale_right, odd_eyes.level) == (True, 4, 4, 7)
    assert Card.objects.get(name="Mystical Space Typhoon").icon == "quick-play"
    assert Card.objects.get(name="Solemn Judgment").icon == "counter"


def test_importing_the_same_file_twice_changes_nothing():
    data = build_cdb(cdb.SMALL_SET)
    card_import(data=data)
    before = list(Card.objects.order_by("pk").values())

    again = card_import(data=data)

    assert (again.added, again.updated, again.unchanged) == (0, 0, 8)
    assert (again.artworks_added, again.artworks_updated, again.artworks_unchanged) == (0, 0, 1)
    assert list(Card.objects.order_by("pk").values()) == before


def test_a_changed_card_is_updated_in_place():
    card_import(data=build_cdb([cdb.ASH]))
    errata = Row(cdb.ASH.id, cdb.ASH.name, cdb.ASH.type, 100, 1800, 3, cdb.ZOMBIE, cdb.FIRE)

    report = card_import(data=build_cdb([errata]))

    assert (report.added, report.updated) == (0, 1)
    assert Card.objects.get(name=cdb.ASH.name).atk == 100


def test_a_card_renamed_under_the_same_id_keeps_its_row():
    card_import(data=build_cdb([cdb.POT_OF_GREED]))
    pk = Card.objects.get().pk

    report = card_import(data=build_cdb([Row(cdb.POT_OF_GREED.id, "Pot of Greed (Errata)", cdb.SPELL)]))

    assert report.updated == 1
    assert Card.objects.get().pk == pk
    assert Card.objects.get().name == "Pot of Greed (Errata)"


def test_alternate_artworks_resolve_to_one_card():
    card_import(data=build_cdb([cdb.DARK_MAGICIAN, cdb.DARK_MAGICIAN_ALT]))
    catalog = DatabaseCatalog("yugioh")

    original = catalog.card_by_id("46986414")
    alternate = catalog.card_by_id("36996508")

    assert Card.objects.filter(name="Dark Magician").count() == 1
    assert original == alternate
    assert alternate is not None
    assert alternate["catalog_id"] == "46986414"


def test_a_card_treated_as_another_keeps_its_own_name_and_row():
    card_import(data=build_cdb([cdb.UMI, cdb.LEGENDARY_OCEAN]))

    ocean = Card.objects.get(name="A Legendary Ocean")
    assert ocean.treated_as == Card.objects.get(name="Umi")


def test_two_cards_with_one_name_keep_the_first_and_skip_the_second_with_where_it_was():
    rows = [
        Row(10, "Sheep Token", cdb.MONSTER | cdb.TOKEN, level=1),
        Row(11, "Sheep Token", cdb.MONSTER | cdb.TOKEN),
    ]

    report = card_import(data=build_cdb(rows))

    assert (report.added, report.skipped) == (1, 1)
    assert report.skips[0].where == "datas row id=11"
    assert "datas row id=10" in report.skips[0].reason


def test_a_card_named_like_an_existing_one_in_other_case_is_the_same_card():
    CardFactory(
        name="POT OF GREED", kind="spell", frame="", icon="normal", level=None, atk=None, defense=None
    )

    report = card_import(data=build_cdb([cdb.POT_OF_GREED]))

    assert (report.added, report.updated) == (0, 1)
    assert Card.objects.get().name == "Pot of Greed"


def test_a_malformed_file_writes_nothing_and_names_the_line():
    with pytest.raises(CardImportError) as error:
        card_import(
            data=b'{"data": [{"id": 1, "type": "Spell Card", "name": "Ok"},\n {"id": "x", "type": 2}]}'
        )

    assert error.value.where == "data[1].id"
    assert Card.objects.count() == 0


def test_broken_json_is_refused_with_line_and_column():
    with pytest.raises(CardImportError, match=r"line 2 column \d+: not valid JSON"):
        card_import(data=b'{"data": [\n  {"id": 1,, }]}')


def test_unknown_content_is_refused_naming_the_accepted_formats():
    with pytest.raises(CardImportError, match="unknown format"):
        card_import(data=b"hello, I am not a card file\n")


def test_a_file_over_the_limit_is_refused_naming_the_limit(monkeypatch):
    monkeypatch.setattr(importers, "MAX_IMPORT_BYTES", 1024)

    with pytest.raises(CardImportError, match="the import limit is 1024 bytes"):
        card_import(data=b"!2018.09 TCG\n" + b"#" * 2000)


def test_a_path_is_read_and_a_missing_one_is_a_clear_error(tmp_path):
    path = tmp_path / "some.cdb"
    path.write_bytes(build_cdb([cdb.POT_OF_GREED]))

    assert card_import(path=path).added == 1
    with pytest.raises(CardImportError, match="cannot read"):
        card_import(path=tmp_path / "missing.cdb")


def test_expecting_a_banlist_refuses_a_card_file():
    with pytest.raises(CardImportError, match="this is a cards file"):
        card_import(data=build_cdb([cdb.POT_OF_GREED]), expect="banlist")


def test_progress_is_reported_until_every_record_is_written():
    calls: list[tuple[int, int]] = []

    card_import(data=build_cdb(cdb.SMALL_SET), progress=lambda done, total: calls.append((done, total)))

    assert calls[0] == (0, 9)
    assert calls[-1] == (9, 9)


def test_the_database_refuses_a_link_monster_with_def():
    with pytest.raises(IntegrityError), transaction.atomic():
        CardFactory(link=True, defense=1000)


def test_the_database_refuses_a_spell_with_a_level():
    with pytest.raises(IntegrityError), transaction.atomic():
        CardFactory(spell=True, level=4)


def test_the_database_refuses_two_canonical_ids_for_one_card():
    card = CardFactory()
    CardPrinting.objects.create(game="yugioh", code="1", card=card, canonical=True)

    with pytest.raises(IntegrityError), transaction.atomic():
        CardPrinting.objects.create(game="yugioh", code="2", card=card, canonical=True)


# --- YGOProDeck JSON ------------------------------------------------------------------------------------

YGOPRODECK = {
    "data": [
        {
            "id": 1861629,
            "name": "Decode Talker",
            "type": "Link Monster",
            "frameType": "link",
            "atk": 2300,
            "linkval": 3,
            "linkmarkers": ["Top", "Bottom-Left", "Bottom-Right"],
            "typeline": ["Cyberse", "Link", "Effect"],
            "race": "Cyberse",
            "attribute": "DARK",
            "card_images": [{"id": 1861629}, {"id": 1861630}],
        },
        {
            "id": 16178681,
            "name": "Odd-Eyes Pendulum Dragon",
            "type": "Pendulum Effect Monster",
            "frameType": "effect_pendulum",
            "atk": 2500,
            "def": 2000,
            "level": 7,
            "scale": 4,
            "race": "Dragon",
            "attribute": "DARK",
            "card_images": [{"id": 16178681}, {"id": 16178682}],
        },
        {
            "id": 84013237,
            "name": "Number 39: Utopia",
            "type": "XYZ Monster",
            "typeline": ["Warrior", "Xyz", "Effect"],
            "frameType": "xyz",
            "atk": 2500,
            "def": 2000,
            "level": 4,
            "race": "Warrior",
            "attribute": "LIGHT",
        },
        {
            "id": 5318639,
            "name": "Mystical Space Typhoon",
            "type": "Spell Card",
            "frameType": "spell",
            "race": "Quick-Play",
        },
        {
            "id": 41420027,
            "name": "Solemn Judgment",
            "type": "Trap Card",
            "frameType": "trap",
            "race": "Counter",
        },
        {
            "id": 300,
            "name": "Skill: Destiny Draw",
            "type": "Skill Card",
            "frameType": "skill",
            "race": "Yugi",
        },
    ]
}


def test_ygoprodeck_json_imports_cards_and_their_extra_artworks():
    report = card_import(data=json.dumps(YGOPRODECK).encode())
    catalog = DatabaseCatalog("yugioh")

    assert report.format == "ygoprodeck-json"
    assert (report.added, report.skipped, report.artworks_added) == (5, 1, 2)
    assert "Speed Duels" in report.skips[0].reason
    talker = catalog.card_by_id("1861630")
    assert talker is not None
    assert (talker["name"], talker["link"], talker["link_arrows"]) == (
        "Decode Talker",
        3,
        ["top", "bottom-left", "bottom-right"],
    )
    assert "def" not in talker
    odd_eyes = catalog.card_by_name("Odd-Eyes Pendulum Dragon")
    assert odd_eyes is not None
    assert (odd_eyes["scale"], odd_eyes["level"]) == (4, 7)
    assert catalog.card_by_name("Number 39: Utopia") == catalog.card_by_id("84013237")
    assert Card.objects.get(name="Solemn Judgment").icon == "counter"
    assert card_import(data=json.dumps(YGOPRODECK).encode()).added == 0


def test_the_same_card_from_cdb_and_ygoprodeck_is_one_row():
    card_import(data=build_cdb([cdb.DECODE_TALKER, cdb.ODD_EYES, cdb.UTOPIA, cdb.MST, cdb.SOLEMN]))

    report = card_import(data=json.dumps(YGOPRODECK).encode())

    assert (report.added, report.updated) == (0, 0)
    assert report.artworks_added == 2


# --- Magic ----------------------------------------------------------------------------------------------

ATOMIC = {
    "meta": {"version": "5"},
    "data": {
        "Lightning Bolt": [
            {"name": "Lightning Bolt", "types": ["Instant"], "identifiers": {"scryfallOracleId": "o-bolt"}}
        ],
        "Goblin Guide": [
            {
                "name": "Goblin Guide",
                "types": ["Creature"],
                "subtypes": ["Goblin", "Scout"],
                "power": "2",
                "toughness": "2",
            }
        ],
        "Mountain": [
            {"name": "Mountain", "types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Mountain"]}
        ],
        "Tarmogoyf": [{"name": "Tarmogoyf", "types": ["Creature"], "power": "*", "toughness": "1+*"}],
        "Fire // Ice": [
            {"name": "Fire // Ice", "faceName": "Fire", "types": ["Instant"]},
            {"name": "Fire // Ice", "faceName": "Ice", "types": ["Instant"]},
        ],
    },
}


def test_mtgjson_atomic_cards_import_with_lower_case_types():
    report = card_import(data=json.dumps(ATOMIC).encode())
    catalog = DatabaseCatalog("mtg")

    assert (report.format, report.added) == ("mtgjson-atomic", 5)
    mountain = catalog.card_by_name("mountain")
    assert mountain is not None
    assert (mountain["types"], mountain["supertypes"], mountain["subtypes"]) == (
        ["land"],
        ["basic"],
        ["Mountain"],
    )
    guide = catalog.card_by_name("Goblin Guide")
    assert guide is not None
    assert (guide["power"], guide["toughness"]) == (2, 2)
    goyf = catalog.card_by_name("Tarmogoyf")
    assert goyf is not None
    assert "power" not in goyf
    assert Card.objects.get(name="Tarmogoyf").toughness == "1+*"
    assert catalog.card_by_id("o-bolt") == catalog.card_by_name("Lightning Bolt")
    assert card_import(data=json.dumps(ATOMIC).encode()).unchanged == 5


def test_a_plain_list_of_magic_cards_imports_and_merges_printings_of_one_name():
    cards = [
        {
            "name": "Lightning Bolt",
            "types": ["Instant"],
            "uuid": "u1",
            "identifiers": {"scryfallOracleId": "o1"},
        },
        {
            "name": "Lightning Bolt",
            "types": ["Instant"],
            "uuid": "u2",
            "identifiers": {"scryfallOracleId": "o1"},
        },
        {
            "name": "Thalia, Guardian of Thraben",
            "types": ["Creature"],
            "supertypes": ["Legendary"],
            "power": 2,
            "toughness": 1,
        },
    ]

    report = card_import(data=json.dumps(cards).encode())

    assert (report.format, report.added, report.artworks_added) == ("mtg-card-list", 2, 2)
    assert DatabaseCatalog("mtg").card_by_id("u2") == DatabaseCatalog("mtg").card_by_id("o1")
    assert Card.objects.get(name__startswith="Thalia").supertypes == ["legendary"]


def test_magic_and_yugioh_cards_of_one_name_do_not_collide():
    card_import(data=json.dumps([{"name": "Dark Magician", "types": ["Creature"]}]).encode())

    card_import(data=build_cdb([cdb.DARK_MAGICIAN]))

    assert Card.objects.filter(name="Dark Magician").count() == 2
    yugioh = DatabaseCatalog("yugioh").card_by_name("Dark Magician")
    assert yugioh is not None
    assert yugioh["kind"] == "monster"


# --- The real 2018 database -----------------------------------------------------------------------------


def test_the_real_2018_cards_cdb_imports_once_and_resolves_known_cards():
    # given the real database of 8,787 rows, 134 of them with an alias
    REAL_CDB = require_shared("data/cards-2018.cdb")
    started = time.perf_counter()

    # when it is imported, then imported again
    first = card_import(path=REAL_CDB)
    elapsed = time.perf_counter() - started
    second = card_import(path=REAL_CDB)

    # then every row is accounted for: cards, 122 alternate artworks, 15 skipped with their reason
    assert first.rows == 8787
    assert first.added + first.artworks_added + first.skipped == 8787
    assert first.artworks_added == 122
    assert first.skipped == 15
    # 134 aliases: 122 artworks, 10 cards "treated as" another name, 2 artworks of a skipped duplicate token
    assert Card.objects.filter(treated_as__isnull=False).count() == 10
    assert (second.added, second.updated, second.artworks_added, second.artworks_updated) == (0, 0, 0, 0)
    assert elapsed < 30

    catalog = DatabaseCatalog("yugioh")
    talker = catalog.card_by_name("Decode Talker")
    assert talker is not None
    assert (talker["frame"], talker["link"], talker["atk"]) == ("link", 3, 2300)
    assert talker["link_arrows"] == ["top", "bottom-left", "bottom-right"]
    assert "def" not in talker
    odd_eyes = catalog.card_by_name("Odd-Eyes Pendulum Dragon")
    assert odd_eyes is not None
    assert (odd_eyes["pendulum"], odd_eyes["scale"]) == (True, 4)
    magician_ids = [
        "46986414",
        "36996508",
        "46986415",
        "46986416",
        "46986417",
        "46986418",
        "46986419",
        "46986420",
    ]
    magicians = {catalog.card_by_id(code)["catalog_id"] for code in magician_ids}
    assert magicians == {"46986414"}
    assert Card.objects.filter(game="yugioh", name="Dark Magician").count() == 1
    assert CardPrinting.objects.filter(card__name="Dark Magician").count() == 8
