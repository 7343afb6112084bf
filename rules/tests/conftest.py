"""Disputes from the spec's worked examples, shared by the judge's API, command and page tests."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.shared_files import require_shared


def example(name: str) -> dict[str, Any]:
    """The dispute and expected ruling of ``shared/spec/examples/<name>.json``."""
    path = require_shared(f"spec/examples/{name}.json")
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def yugioh_example_names() -> list[str]:
    """Every Yu-Gi-Oh! worked example of the spec, by name."""
    return sorted(path.stem for path in require_shared("spec/examples").glob("ygo-*.json"))


@pytest.fixture
def gaia_attacks_dark_magician() -> dict[str, Any]:
    """Gaia (2300 ATK) attacks Dark Magician (2500 ATK): Gaia is destroyed, A takes 200."""
    dispute: dict[str, Any] = example("ygo-attack-atk-vs-atk")["dispute"]
    return dispute
