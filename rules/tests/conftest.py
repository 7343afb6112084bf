"""Disputes from the spec's worked examples, shared by the judge's API, command and page tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "spec" / "examples"


def example(name: str) -> dict[str, Any]:
    """The dispute and expected ruling of ``shared/spec/examples/<name>.json``."""
    document: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return document


@pytest.fixture
def gaia_attacks_dark_magician() -> dict[str, Any]:
    """Gaia (2300 ATK) attacks Dark Magician (2500 ATK): Gaia is destroyed, A takes 200."""
    dispute: dict[str, Any] = example("ygo-attack-atk-vs-atk")["dispute"]
    return dispute
