"""The round clock: a task with an ETA at the round's end, and the sweep that catches what a worker missed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from matches.models import Match
from tournaments import tasks
from tournaments.models import Round
from tournaments.services import event_create, registration_create, round_pair, round_start
from tournaments.tests.event_steps import play_round
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _event(players: int = 4, **settings: Any):
    organizer = cast(User, UserFactory(username="olivia"))
    event = event_create(
        name="Locals", game="yugioh", starts_at=timezone.now(), organizer=organizer, **settings
    )
    for number in range(players):
        registration_create(event=event, player=cast(User, UserFactory(username=f"p{number}")))
    return event, organizer


def test_starting_a_round_queues_time_for_its_end_after_the_commit(
    monkeypatch, django_capture_on_commit_callbacks
):
    event, organizer = _event()
    queued: list[dict[str, Any]] = []
    monkeypatch.setattr(tasks.round_time_up_task, "apply_async", lambda **kwargs: queued.append(kwargs))
    round_ = round_pair(event=event, by=organizer, seed=1)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_ = round_start(round_=round_, by=organizer)
        assert queued == []  # nothing is queued before the round's start is committed
    for callback in callbacks:
        callback()

    assert queued == [{"args": (round_.pk,), "eta": round_.ends_at}]


def test_the_sweep_calls_time_for_a_round_whose_task_never_ran():
    event, organizer = _event()
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer, now=timezone.now() - timedelta(minutes=45))

    looked_at = tasks.round_clock_sweep()
    again = tasks.round_clock_sweep()

    assert looked_at == 1
    assert again == 0
    assert not Match.objects.filter(round=round_, time_called_at__isnull=True).exists()


def test_the_sweep_leaves_a_round_with_time_left_alone():
    event, organizer = _event()
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)

    assert tasks.round_clock_sweep() == 0
    assert not Match.objects.filter(round=round_, time_called_at__isnull=False).exists()


def test_an_untimed_top_cut_has_no_clock():
    event, organizer = _event(4, swiss_rounds=1, top_cut=4, top_cut_untimed=True)
    play_round(event, organizer, seed=1)
    top = round_pair(event=event, by=organizer)

    top = round_start(round_=top, by=organizer)

    assert top.stage == Round.Stage.TOP
    assert top.ends_at is None
