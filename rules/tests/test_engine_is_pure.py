"""The rules engine knows nothing of Django: it must import and run with Django absent."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
ROOT = ENGINE.parents[1]


def test_no_engine_module_imports_django_or_the_apps():
    forbidden = ("django", "rest_framework", "celery", "tournaments", "matches", "decks")
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [
                f"{path.relative_to(ROOT)}: {name}" for name in names if name.split(".")[0] in forbidden
            ]

    assert offenders == []


def test_the_engine_imports_with_django_blocked():
    blocker = (
        "import sys; sys.modules['django'] = None; sys.modules['rest_framework'] = None;"
        "import importlib, pkgutil, rules.engine as engine;"
        "[importlib.import_module(m.name) for m in pkgutil.walk_packages(engine.__path__, 'rules.engine.')"
        " if '.tests' not in m.name]"
    )

    result = subprocess.run(
        [sys.executable, "-c", blocker], cwd=ROOT, capture_output=True, text=True, timeout=60
    )

    assert result.returncode == 0, result.stderr
