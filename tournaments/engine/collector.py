"""The engines' big computations run with Python's cycle collector paused (pure Python, no Django)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycle_collection_paused() -> Iterator[None]:
    """Run the block with the cyclic garbage collector paused, then switch it back on if it was on.

    What the engines build (lists, tuples, integers, dictionaries and frozen dataclasses that refer only to
    values made before them) holds no reference cycle, so reference counting frees all of it and the cycle
    collector finds nothing there. But the collector runs after every 700 allocations of containers, and
    ranking and pairing 4,096 players allocate some 35,000: about a tenth of ``next_round``'s time at that
    size went to collections that freed nothing. A cycle made meanwhile elsewhere is collected after the
    block; the collector is the process's, so another thread's cycles wait the block's duration (tens of
    milliseconds) too. Nested blocks, or blocks in several threads, never switch on a collector that was
    off before the outermost one began.
    """
    if not gc.isenabled():
        yield
        return
    try:
        gc.disable()
        yield
    finally:
        gc.enable()
