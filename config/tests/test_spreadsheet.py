"""Every CSV export goes through config.spreadsheet: cells a spreadsheet would run are written as text."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from config.spreadsheet import csv_document, spreadsheet_cell


@pytest.mark.parametrize(
    "text", ['=HYPERLINK("http://x")', "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "-1e3", "-"]
)
def test_a_cell_starting_like_a_formula_is_written_as_text(text):
    assert spreadsheet_cell(text) == f"'{text}"


@pytest.mark.parametrize("value", [-3, -0.25, Decimal("-1.5"), "-3", "-0.6250", "0", "12"])
def test_a_number_stays_a_number_even_negative(value):
    assert spreadsheet_cell(value) == value


def test_the_document_quotes_cells_as_the_csv_module_does():
    text = csv_document([["name", "points"], ['=cmd|" /C calc"!A0', -3], ["Yugi, Muto", None]])

    assert list(csv.reader(io.StringIO(text))) == [
        ["name", "points"],
        ['\'=cmd|" /C calc"!A0', "-3"],
        ["Yugi, Muto", ""],
    ]
