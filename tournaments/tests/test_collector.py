"""Pairing and standings pause Python's cycle collector while they compute, and always give it back: a server
left without it would keep every reference cycle its other requests make, for good."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from tournaments.engine.pairing import next_round
from tournaments.engine.replay import ReplayError
from tournaments.engine.standings import compute
from tournaments.tests.replays import swiss_event


@pytest.fixture
def collector_on() -> Iterator[None]:
    was_on = gc.isenabled()
    gc.enable()
    yield
    if not was_on:
        gc.disable()


def test_the_collector_is_paused_while_the_next_round_is_paired_and_on_again_after(collector_on):
    document = swiss_event(512, 4)
    seen: list[str] = []
    gc.callbacks.append(lambda phase, info: seen.append(phase))
    try:
        gc.collect()
        seen.clear()
        next_round(document, seed=1)  # some 10,000 container allocations: half a dozen collections unpaused
        collections = seen.count("start")
    finally:
        gc.callbacks.pop()

    assert collections <= 1  # the first allocation after the block may start one
    assert gc.isenabled()


def test_the_collector_is_on_again_after_a_replay_is_refused(collector_on):
    with pytest.raises(ReplayError):
        next_round({"format": "event-replay/1", "game": "chess", "players": [], "rounds": []})
    with pytest.raises(ReplayError):
        compute({"format": "event-replay/1", "game": "yugioh", "players": "everyone", "rounds": []})

    assert gc.isenabled()


def test_a_collector_switched_off_by_the_program_stays_off():
    was_on = gc.isenabled()
    gc.disable()
    try:
        compute(swiss_event(16, 3))
        next_round(swiss_event(16, 3))
        assert not gc.isenabled()
    finally:
        if was_on:
            gc.enable()
