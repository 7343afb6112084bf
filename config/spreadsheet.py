"""CSV that a spreadsheet opens safely: every export of the product is written by :func:`csv_document`.

A cell whose text starts like a formula ("=HYPERLINK(...)", "+1+cmd", "-2+3", "@SUM(...)", or the tab and
carriage return some programs also take as a formula's start) is run by Excel, LibreOffice and Google Sheets
when the file is opened (OWASP, "CSV Injection"). Such a cell is written with a leading apostrophe, which the
spreadsheet shows as text. Names, deck names and imported player ids are typed by people, so every cell goes
through here.

A number stays a number: an ``int``, ``float`` or ``Decimal`` cell, or a text cell that is exactly a plain
decimal number ("-3", "0.6250"), is written as it is, so a negative point difference is still a number the
spreadsheet can add up. A plain number runs nothing; "-3+cmd" or "-1e3" is not a plain number and is quoted.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def spreadsheet_cell(value: object) -> str | int | float | Decimal:
    """``value`` as a cell no spreadsheet runs as a formula (see the module docstring)."""
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return f"'{text}"
    return text


def csv_document(rows: Iterable[Sequence[object]]) -> str:
    """The rows (a header first, usually) as CSV text, every cell through :func:`spreadsheet_cell`."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([spreadsheet_cell(cell) for cell in row])
    return out.getvalue()
