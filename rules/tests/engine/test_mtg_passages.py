"""Every Magic passage cited from the Comprehensive Rules quotes the folder's edition word for word, under the
rule number it is cited as: a judge looking up "309.1" finds the quoted words there."""

from __future__ import annotations

import re

import pytest

from rules.engine.mtg import passages
from rules.engine.references import MTG_CR, Reference
from tests.shared_files import require_shared

RULE_NUMBER = re.compile(r"\b(\d{3}\.\d+[a-z]?)\.?\s")
CITED = sorted(
    (name, value)
    for name, value in vars(passages).items()
    if isinstance(value, Reference) and value.document == MTG_CR
)


@pytest.mark.parametrize(("name", "reference"), CITED, ids=[name for name, _ in CITED])
def test_each_quote_is_in_the_edition_under_its_rule_number(name: str, reference: Reference):
    text = require_shared(f"rulebooks/{MTG_CR.file}").read_text(encoding="utf-8")
    assert reference.quote, f"{name} quotes nothing"

    where = text.find(reference.quote)

    assert where >= 0, f"{name}: the quote is not in the edition"
    numbers = RULE_NUMBER.findall(text[:where])
    assert numbers[-1] == reference.section, f"{name}: the quote is under {numbers[-1]}"
