"""Pairing, standings, replays, top cut and event structure know nothing of Django or the apps.

The command-line tools (``manage.py pair``/``standings`` on a replay file) and the benchmarks compute with
the same code as the pages; that holds only while ``tournaments.engine`` imports nothing but the standard
library and itself.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
ROOT = ENGINE.parents[1]


def _imported_names(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_the_engine_imports_only_the_standard_library_and_itself():
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for name in _imported_names(path)
        if name.split(".")[0] not in sys.stdlib_module_names and not name.startswith("tournaments.engine")
    ]

    assert offenders == []


def test_the_engine_imports_with_django_blocked():
    blocker = (
        "import sys; sys.modules['django'] = None; sys.modules['rest_framework'] = None;"
        "import importlib, pkgutil, tournaments.engine as engine;"
        "[importlib.import_module(m.name)"
        " for m in pkgutil.walk_packages(engine.__path__, 'tournaments.engine.')]"
    )

    result = subprocess.run(
        [sys.executable, "-c", blocker], cwd=ROOT, capture_output=True, text=True, timeout=60
    )

    assert result.returncode == 0, result.stderr
