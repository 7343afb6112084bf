"""Every worked example in shared/spec/examples reproduces: the parts of ``expected_ruling`` must come out.

The examples README says a ruling may say more than the expected parts, so dictionaries are compared on the
expected keys only; lists and values must match exactly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.engine import judge
from tests.shared_files import SHARED, require_shared

EXAMPLES = SHARED / "spec" / "examples"
YUGIOH_EXAMPLES = sorted(EXAMPLES.glob("ygo-*.json"))  # empty without shared/: the folder test says so


def mismatches(expected: Any, actual: Any, path: str = "ruling") -> list[str]:
    """Where ``actual`` differs from the expected parts."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        problems = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{path}.{key}: missing")
            else:
                problems += mismatches(value, actual[key], f"{path}.{key}")
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        return [
            p
            for i, (e, a) in enumerate(zip(expected, actual, strict=True))
            for p in mismatches(e, a, f"{path}[{i}]")
        ]
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


def test_the_examples_folder_is_there():
    require_shared("spec/examples")
    assert len(YUGIOH_EXAMPLES) >= 9


@pytest.mark.parametrize("example", YUGIOH_EXAMPLES, ids=lambda p: p.stem)
def test_yugioh_example_reproduces_its_expected_ruling(example: Path):
    """Each example's note names its rulebook passage; the ruling must cite a passage too."""
    document = json.loads(example.read_text())

    ruling = judge(document["dispute"])

    assert mismatches(document["expected_ruling"], ruling) == []
    assert ruling["rules"], "a ruling cites the passage it rests on"
    assert ruling["explanation"]


def test_magic_match_example_reproduces_since_the_match_tally_is_shared():
    """Comprehensive Rules 101.2: the loser of the previous game chooses who plays first."""
    document = json.loads(require_shared("spec/examples/mtg-match-next-choice.json").read_text())

    ruling = judge(document["dispute"])

    assert mismatches(document["expected_ruling"], ruling) == []
    assert any("101.2" in rule for rule in ruling["rules"])
