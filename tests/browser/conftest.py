"""What every browser test shares: nothing it opened outlives it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def close_every_page(browser: Any) -> Iterator[None]:
    """Close every browser context a test opened, even when it failed or forgot to.

    A page left open keeps polling the live server (the match and run pages refresh themselves) after its
    test ended, while later tests run without database access: the server thread then fails and prints
    tracebacks concurrently with them, which once broke an unrelated test (CPython 3.11's ast module shares
    its recursion counter between threads, gh-106905, and traceback printing parses source).
    """
    yield
    for context in list(browser.contexts):
        context.close()
