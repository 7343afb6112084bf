"""Real concurrent requests for the tests that prove results are written once: threads released together.

Each thread has its own database connection, so on PostgreSQL they are truly concurrent transactions
and only the services' row locks, unique constraints and idempotency keys keep the results right.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections


def needs_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL's row locks (CI runs the suite on PostgreSQL)")


def run_at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; returns their results (or fails on the first error)."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as error:  # surfaced below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    return results
