"""Swiss rounds and top cut from attendance, by the versioned tables in tournaments/engine/data/."""

from __future__ import annotations

import pytest

from tournaments.engine.event_structure import (
    SINGLE_ELIMINATION,
    SWISS,
    UnknownStructureTable,
    _tables,
    attendance,
    current_table,
    fitting_top_cut,
    structure_for,
    table_title,
    table_with_floor,
    tiebreak_floor,
)

YGO = "ygo-tournament-policy-2025"
MTG = "mtr-appendix-e-2024"  # superseded: kept for the events created with it
MTG_R2 = "mtr-appendix-e-2024-r2"  # superseded by r3 (the 0.33 tiebreaker floor): the same rows
MTG_NOW = "mtr-appendix-e-2024-r3"


@pytest.mark.parametrize(
    ("players", "rounds", "top_cut"),
    [
        (4, 3, 0),
        (8, 3, 0),
        (9, 4, 4),
        (16, 4, 4),
        (17, 5, 4),
        (33, 6, 8),
        (128, 7, 8),
        (129, 8, 16),
        (2048, 11, 64),
        (2049, 12, 64),
        (9000, 12, 64),
    ],
)
def test_yugioh_policy_rounds_and_top_cut_by_attendance(players, rounds, top_cut):
    structure = structure_for(YGO, players)

    assert (structure.rounds, structure.top_cut) == (rounds, top_cut)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(8, 3), (9, 5), (32, 5), (33, 6), (129, 8), (226, 8), (227, 9), (409, 9), (410, 10), (5000, 10)],
)
def test_magic_appendix_e_rounds_by_attendance(players, rounds):
    assert structure_for(MTG, players).rounds == rounds


def test_magic_top_8_needs_eight_players():
    assert structure_for(MTG, 12).top_cut == 8
    assert structure_for(MTG, 6).top_cut == 0


def test_below_the_first_row_the_first_rows_rounds_apply_without_a_top_cut():
    structure = structure_for(YGO, 3)

    assert (structure.rounds, structure.top_cut) == (3, 0)


def test_a_top_cut_never_takes_more_players_than_attend():
    assert fitting_top_cut(8, 6) == 4
    assert fitting_top_cut(4, 1) == 0


def test_new_events_use_each_games_current_table():
    assert current_table("yugioh") == YGO
    assert current_table("mtg") == MTG_NOW


def test_the_current_magic_table_has_the_rows_of_r2_and_only_adds_the_0_33_floor():
    """Issue 19: r3 is r2 with appendix C's floor; r2 and older stay as events created with them used them."""
    tables = _tables()["tables"]

    assert tables[MTG_NOW]["rows"] == tables[MTG_R2]["rows"]
    assert tables[MTG_NOW]["byes_count_as"] == tables[MTG_R2]["byes_count_as"]
    assert [tiebreak_floor(table) for table in (MTG, MTG_R2, MTG_NOW)] == ["1/3", "1/3", "0.33"]


def test_an_import_takes_the_newest_table_with_its_replays_floor():
    assert table_with_floor("mtg", "0.33") == MTG_NOW
    assert table_with_floor("mtg", "1/3") == MTG_R2
    assert table_with_floor("yugioh", "0.33") == YGO  # no floor in Yu-Gi-Oh!: its current table


def test_an_unknown_table_version_is_named_in_the_error():
    with pytest.raises(UnknownStructureTable, match="ygo-1999"):
        structure_for("ygo-1999", 8)


def test_each_table_names_the_document_it_comes_from_by_its_title():
    """The run page says "Source: <title>": the official document's title, as published."""
    assert table_title(YGO) == "Yu-Gi-Oh! TCG Tournament Policy"
    assert table_title(MTG) == "Magic: The Gathering Tournament Rules, Appendix E"
    assert table_title(MTG_NOW) == "Magic: The Gathering Tournament Rules, Appendix E"
    assert table_title("ygo-1999") == "ygo-1999"


# Every row of Magic's Appendix E as issue 18 gives it: (name, attendance, structure, rounds, top cut), at
# both ends of each row.
MAGIC_ROWS = [
    ("below the table: 3 Swiss rounds", 4, SWISS, 3, 0),
    ("5-8: 3 rounds of single elimination", 5, SINGLE_ELIMINATION, 3, 0),
    ("5-8: 3 rounds of single elimination", 8, SINGLE_ELIMINATION, 3, 0),
    ("9-16: 5 rounds and a top 4", 9, SWISS, 5, 4),
    ("9-16: 5 rounds and a top 4", 16, SWISS, 5, 4),
    ("17-32: 5 rounds and a top 8", 17, SWISS, 5, 8),
    ("17-32: 5 rounds and a top 8", 32, SWISS, 5, 8),
    ("33-64: 6 rounds and a top 8", 33, SWISS, 6, 8),
    ("33-64: 6 rounds and a top 8", 64, SWISS, 6, 8),
    ("65-128: 7 rounds and a top 8", 65, SWISS, 7, 8),
    ("65-128: 7 rounds and a top 8", 128, SWISS, 7, 8),
    ("129-226: 8 rounds and a top 8", 129, SWISS, 8, 8),
    ("129-226: 8 rounds and a top 8", 226, SWISS, 8, 8),
    ("227-409: 9 rounds and a top 8", 227, SWISS, 9, 8),
    ("227-409: 9 rounds and a top 8", 409, SWISS, 9, 8),
    ("410+: 10 rounds and a top 8", 410, SWISS, 10, 8),
    ("410+: 10 rounds and a top 8", 5000, SWISS, 10, 8),
]


@pytest.mark.parametrize(
    ("row", "players", "kind", "rounds", "top_cut"), MAGIC_ROWS, ids=[f"{r[0]} ({r[1]})" for r in MAGIC_ROWS]
)
def test_magic_appendix_e_row(row, players, kind, rounds, top_cut):
    structure = structure_for(MTG_NOW, players)

    assert (structure.kind, structure.rounds, structure.top_cut) == (kind, rounds, top_cut), row


@pytest.mark.parametrize("players", [9, 16])
def test_magic_9_to_16_with_a_booster_draft_playoff_play_4_rounds_and_a_top_8(players):
    structure = structure_for(MTG_NOW, players, booster_draft_playoff=True)

    assert (structure.kind, structure.rounds, structure.top_cut) == (SWISS, 4, 8)


@pytest.mark.parametrize("players", [8, 17])
def test_the_booster_draft_playoff_changes_only_the_9_to_16_row(players):
    assert structure_for(MTG_NOW, players, booster_draft_playoff=True) == structure_for(MTG_NOW, players)


@pytest.mark.parametrize(
    ("byes", "counted"),
    [([0], 1), ([1], 2), ([2], 4), ([3], 8), ([4], 16), ([0, 0, 0, 0, 1, 2], 10)],
    ids=["no bye: 1", "one bye: 2", "two byes: 4", "three byes: 8", "four byes: 16 (doubling on)", "a field"],
)
def test_magic_counts_a_player_with_byes_as_more_players(byes, counted):
    assert attendance(MTG_NOW, byes) == counted


def test_four_players_and_a_three_bye_player_are_a_17_32_event():
    counted = attendance(MTG_NOW, [0, 0, 0, 0, 3])  # 4 + 8 = 12: 9-16
    with_two_more = attendance(MTG_NOW, [0, 0, 0, 0, 3, 3])  # 20: 17-32

    assert (structure_for(MTG_NOW, counted).rounds, structure_for(MTG_NOW, counted).top_cut) == (5, 4)
    assert structure_for(MTG_NOW, with_two_more).top_cut == 8


def test_yugioh_does_not_count_byes_toward_attendance():
    assert attendance(YGO, [3, 0]) == 2


def test_the_superseded_magic_table_is_kept_and_says_it_was_wrong_for_9_to_16():
    assert structure_for(MTG, 12).top_cut == 8  # what events created with it keep
    assert "9-16" in _tables()["tables"][MTG]["errata"]
