"""The round clock: the sweep every few seconds calls time; starting a round queues nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from matches.models import Match
from tests.api_clients import client_for
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


@pytest.mark.django_db(transaction=True)  # the request commits for real, as in production
def test_starting_a_round_while_the_broker_is_down_answers_success_and_the_sweep_calls_time(broker_down):
    event, organizer = _event(slug="friday")
    round_pair(event=event, by=organizer, seed=1)

    # when Redis is down as the organizer starts the round
    started = client_for(organizer).post("/api/v1/events/friday/rounds/1/start/")

    # then the start is answered as done, and time is called by the sweep once the clock ran out
    assert started.status_code == 200
    assert started.json()["status"] == "in_progress"
    round_ = Round.objects.get(event=event, number=1)
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert tasks.round_clock_sweep() == 1
    assert not Match.objects.filter(round=round_, time_called_at__isnull=True).exists()


def test_starting_a_round_holds_no_task_until_its_end(django_capture_on_commit_callbacks):
    event, organizer = _event()
    round_ = round_pair(event=event, by=organizer, seed=1)

    with django_capture_on_commit_callbacks() as callbacks:
        round_start(round_=round_, by=organizer)

    assert callbacks == []  # the sweep calls time: nothing waits in a worker for the round's end


def test_the_sweep_calls_time_for_a_round_whose_clock_ran_out():
    event, organizer = _event(round_minutes=40)
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
