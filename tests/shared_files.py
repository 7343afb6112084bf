"""The project's shared spec and data (``../shared``) for the tests that read them.

They sit beside the repository in a developer's workspace and in CI. A store running ``make test`` from a
copy of the repository alone may not have them: those tests then skip, saying what is missing. In CI they
must be there, so a missing folder fails the run instead of quietly skipping the judge's worked examples.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"  # tests/ -> the repository -> its parent


def require_shared(relative: str) -> Path:
    """The path of ``shared/<relative>``; skips the test (fails it in CI) when it is not there."""
    path = SHARED / relative
    if not path.exists():
        message = f"needs {path}: the shared spec and data beside the repository"
        if os.environ.get("CI"):
            pytest.fail(f"{message} (CI always has them)")
        pytest.skip(message)
    return path
