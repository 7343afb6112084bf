"""Decoding YGOPro cards.cdb rows, one rule of shared/data/README.md per test, on files built here."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from decks.importers import MalformedFileError, parse_file
from decks.importers.ygopro_cdb import parse_cdb
from decks.tests import cdbfiles as cdb
from decks.tests.cdbfiles import Row, build_cdb


def only_card(row: Row):
    parsed = parse_cdb(build_cdb([row]))
    assert parsed.skips == []
    (card,) = parsed.cards
    return card


def test_decode_talker_link_arrows_from_def_0x85_are_top_bottom_left_and_bottom_right():
    card = only_card(cdb.DECODE_TALKER)

    assert card.frame == "link"
    assert card.link_rating == 3
    assert card.link_arrows == 0x85
    assert card.level is None
    assert card.rank is None
    assert card.atk == 2300


def test_a_link_monster_has_no_def_the_def_column_holds_its_arrows():
    card = only_card(cdb.DECODE_TALKER)

    assert card.defense is None


def test_odd_eyes_level_0x04040007_is_level_7_with_scales_4_and_4():
    card = only_card(cdb.ODD_EYES)

    assert card.pendulum is True
    assert card.level == 7
    assert (card.scale_left, card.scale_right) == (4, 4)
    assert card.frame == "effect"


def test_left_scale_is_bits_24_to_31_and_right_scale_bits_16_to_23():
    card = only_card(Row(1, "Lopsided Pendulum", cdb.MONSTER | cdb.NORMAL | cdb.PENDULUM, level=0x01080004))

    assert (card.scale_left, card.scale_right, card.level) == (1, 8, 4)
    assert card.frame == "normal"


def test_scales_are_ignored_on_a_monster_that_is_not_a_pendulum():
    card = only_card(Row(2, "Plain Dragon", cdb.MONSTER | cdb.NORMAL, level=0x04040007))

    assert card.level == 7
    assert (card.scale_left, card.scale_right) == (None, None)


def test_an_xyz_monsters_low_level_byte_is_its_rank():
    card = only_card(cdb.UTOPIA)

    assert (card.frame, card.rank, card.level) == ("xyz", 4, None)


def test_tuner_flag_attribute_and_type_bits():
    card = only_card(cdb.ASH)

    assert card.tuner is True
    assert card.effect is True
    assert card.attribute == "fire"
    assert card.monster_type == "zombie"
    assert (card.atk, card.defense) == (0, 1800)


@pytest.mark.parametrize(
    ("flags", "icon"),
    [
        (cdb.SPELL, "normal"),
        (cdb.SPELL | cdb.QUICKPLAY, "quick-play"),
        (cdb.SPELL | cdb.CONTINUOUS, "continuous"),
        (cdb.SPELL | cdb.EQUIP, "equip"),
        (cdb.SPELL | cdb.FIELD, "field"),
        (cdb.SPELL | cdb.RITUAL, "ritual"),
    ],
)
def test_spell_icons(flags, icon):
    card = only_card(Row(3, "Some Spell", flags))

    assert (card.kind, card.icon) == ("spell", icon)
    assert card.frame == ""
    assert card.level is None


@pytest.mark.parametrize(
    ("flags", "icon"),
    [(cdb.TRAP, "normal"), (cdb.TRAP | cdb.CONTINUOUS, "continuous"), (cdb.TRAP | cdb.COUNTER, "counter")],
)
def test_trap_icons(flags, icon):
    card = only_card(Row(4, "Some Trap", flags))

    assert (card.kind, card.icon) == ("trap", icon)


@pytest.mark.parametrize(
    ("flags", "frame"),
    [
        (cdb.MONSTER | cdb.NORMAL, "normal"),
        (cdb.MONSTER | cdb.EFFECT, "effect"),
        (cdb.MONSTER | cdb.EFFECT | cdb.RITUAL, "ritual"),
        (cdb.MONSTER | cdb.FUSION, "fusion"),
        (cdb.MONSTER | cdb.EFFECT | cdb.SYNCHRO | cdb.TUNER, "synchro"),
    ],
)
def test_monster_frames(flags, frame):
    card = only_card(Row(5, "Some Monster", flags, level=6))

    assert (card.kind, card.frame, card.level) == ("monster", frame, 6)


def test_question_mark_atk_is_stored_as_unknown():
    card = only_card(Row(6, "Mystery Beast", cdb.MONSTER | cdb.EFFECT, atk=-2, defense=-2, level=4))

    assert (card.atk, card.defense) == (None, None)


def test_a_token_is_its_own_kind_without_a_frame():
    card = only_card(Row(7, "Sheep Token", cdb.MONSTER | cdb.NORMAL | cdb.TOKEN, level=1))

    assert (card.kind, card.frame, card.level) == ("token", "", 1)


def test_an_alternate_artwork_becomes_an_id_of_the_original_card():
    parsed = parse_cdb(build_cdb([cdb.DARK_MAGICIAN, cdb.DARK_MAGICIAN_ALT]))

    assert [card.name for card in parsed.cards] == ["Dark Magician"]
    (printing,) = parsed.printings
    assert (printing.code, printing.card_code) == ("36996508", "46986414")


def test_an_alias_with_another_name_is_a_card_treated_as_the_other():
    parsed = parse_cdb(build_cdb([cdb.UMI, cdb.LEGENDARY_OCEAN]))

    ocean = next(card for card in parsed.cards if card.name == "A Legendary Ocean")
    assert ocean.treated_as_code == "22702055"
    assert parsed.printings == []


def test_an_alias_of_a_missing_id_is_skipped_with_the_reason():
    parsed = parse_cdb(build_cdb([cdb.DARK_MAGICIAN_ALT]))

    assert parsed.cards == []
    assert "46986414" in parsed.skips[0].reason


def test_ot_bits_say_ocg_and_tcg_and_other_cards_are_skipped():
    parsed = parse_cdb(
        build_cdb([Row(8, "Asia Only", cdb.SPELL, ot=1), Row(9, "Anime Only", cdb.SPELL, ot=4)])
    )

    (card,) = parsed.cards
    assert (card.name, card.ocg, card.tcg) == ("Asia Only", True, False)
    assert parsed.skips[0].where == "datas row id=9"
    assert "not an OCG or TCG card" in parsed.skips[0].reason


def test_the_format_is_recognised_by_the_sqlite_header_not_the_name():
    parsed = parse_file(build_cdb([cdb.POT_OF_GREED]))

    assert parsed.format == "ygopro-cdb"


def test_a_database_without_the_texts_table_is_refused():
    with pytest.raises(MalformedFileError, match="no table 'texts'"):
        parse_cdb(build_cdb([cdb.POT_OF_GREED], texts=False))


def test_a_non_number_in_a_number_column_is_refused_with_its_row():
    with closing(sqlite3.connect(":memory:")) as connection:
        connection.execute(cdb.DATAS)
        connection.execute(cdb.TEXTS)
        connection.execute("INSERT INTO datas VALUES (1, 3, 0, 0, 'monster', 0, 0, 4, 0, 0, 0)")
        connection.execute("INSERT INTO texts (id, name, desc) VALUES (1, 'Broken', '')")
        connection.commit()
        data = connection.serialize()

    with pytest.raises(MalformedFileError) as error:
        parse_cdb(data)

    assert error.value.where == "datas row 1 (id=1)"
    assert "type must be a whole number" in error.value.reason


def test_a_truncated_database_is_refused():
    data = build_cdb(cdb.SMALL_SET)

    with pytest.raises(MalformedFileError, match="SQLite"):
        parse_cdb(data[:100] + b"\x00" * 50)
