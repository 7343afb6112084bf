"""Swiss rounds and top cut from attendance, by the versioned tables in tournaments/engine/data/."""

from __future__ import annotations

import pytest

from tournaments.engine.event_structure import (
    UnknownStructureTable,
    current_table,
    fitting_top_cut,
    structure_for,
    table_title,
)

YGO = "ygo-tournament-policy-2025"
MTG = "mtr-appendix-e-2024"


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
    assert current_table("mtg") == MTG


def test_an_unknown_table_version_is_named_in_the_error():
    with pytest.raises(UnknownStructureTable, match="ygo-1999"):
        structure_for("ygo-1999", 8)


def test_each_table_names_the_document_it_comes_from_by_its_title():
    """The run page says "Source: <title>": the official document's title, as published."""
    assert table_title(YGO) == "Yu-Gi-Oh! TCG Tournament Policy"
    assert table_title(MTG) == "Magic: The Gathering Tournament Rules, Appendix E"
    assert table_title("ygo-1999") == "ygo-1999"
