"""The organizer's hands on the round clock (pause, resume, add minutes) and calling time, confirmed first.

From the services, the API and the run page; what a paused clock shows and that the sweep leaves it alone.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.utils import timezone

from matches.models import Match
from tests.api_clients import client_for
from tournaments import tasks
from tournaments.models import Round
from tournaments.selectors.rounds import seconds_left
from tournaments.services import (
    RoundConflict,
    round_extend,
    round_pair,
    round_pause,
    round_resume,
    round_start,
)
from tournaments.tests.event_steps import event_with_players

pytestmark = pytest.mark.django_db


def started(minutes_ago: int = 0, **settings):
    event, organizer, players = event_with_players(4, round_minutes=40, **settings)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer, now=timezone.now() - timedelta(minutes=minutes_ago))
    return event, organizer, players, Round.objects.get(pk=round_.pk)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_paused_clock_stands_still_and_resumes_with_the_time_it_had_left():
    _event, organizer, _, round_ = started(minutes_ago=10)
    assert round_.started_at is not None
    paused_at = round_.started_at + timedelta(minutes=10)

    round_pause(round_=round_, by=organizer, now=paused_at)
    round_ = Round.objects.get(pk=round_.pk)
    left_when_paused = seconds_left(round_, paused_at)
    # an hour later, the clock still reads what it read when paused
    assert seconds_left(round_, paused_at + timedelta(hours=1)) == left_when_paused == 30 * 60

    round_resume(round_=round_, by=organizer, now=paused_at + timedelta(minutes=7))
    round_ = Round.objects.get(pk=round_.pk)
    assert round_.paused_at is None
    assert seconds_left(round_, paused_at + timedelta(minutes=7)) == 30 * 60


def test_pausing_twice_changes_nothing_and_resuming_a_running_clock_changes_nothing():
    _, organizer, _, round_ = started()
    first = round_pause(round_=round_, by=organizer, now=timezone.now() - timedelta(minutes=2))
    again = round_pause(round_=round_, by=organizer)
    assert again.paused_at == first.paused_at

    running = round_resume(round_=round_, by=organizer)
    ends_at = running.ends_at
    assert round_resume(round_=round_, by=organizer).ends_at == ends_at


def test_the_sweep_never_calls_time_on_a_paused_round_even_past_its_end():
    _, organizer, _, round_ = started(minutes_ago=39)
    round_pause(round_=round_, by=organizer)
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(minutes=5))

    assert tasks.round_clock_sweep() == 0
    assert not Match.objects.filter(round=round_, time_called_at__isnull=False).exists()
    assert Round.objects.get(pk=round_.pk).time_called_at is None


def test_adding_minutes_moves_every_matchs_time_and_is_refused_out_of_range_or_after_time():
    _, organizer, _, round_ = started()
    ends_at = round_.ends_at
    assert ends_at is not None

    extended = round_extend(round_=round_, by=organizer, minutes=5)
    assert extended.ends_at == ends_at + timedelta(minutes=5)

    with pytest.raises(ValidationError) as refused:
        round_extend(round_=round_, by=organizer, minutes=0)
    assert "from 1 to 60" in refused.value.message_dict["minutes"][0]

    Round.objects.filter(pk=round_.pk).update(time_called_at=timezone.now())
    with pytest.raises(RoundConflict, match="Time has already been called for round 1"):
        round_extend(round_=round_, by=organizer, minutes=5)
    with pytest.raises(RoundConflict, match="Time has already been called for round 1"):
        round_pause(round_=round_, by=organizer)


def test_only_an_organizer_changes_the_clock():
    _, _, players, round_ = started()
    with pytest.raises(PermissionDenied, match="organizer"):
        round_pause(round_=round_, by=players[0])
    with pytest.raises(PermissionDenied, match="organizer"):
        round_extend(round_=round_, by=players[0], minutes=5)


def test_an_untimed_round_has_no_clock_to_pause():
    _, organizer, _, round_ = started()
    Round.objects.filter(pk=round_.pk).update(ends_at=None)
    with pytest.raises(RoundConflict, match="untimed"):
        round_pause(round_=round_, by=organizer)


# --- the API ------------------------------------------------------------------------------------------


def test_the_api_pauses_resumes_and_extends_and_a_retried_extension_adds_its_minutes_once():
    event, organizer, _, round_ = started()
    api = client_for(organizer)
    base = f"/api/v1/events/{event.slug}/rounds/1"

    paused = api.post(f"{base}/pause/", HTTP_IDEMPOTENCY_KEY="pause-1")
    assert paused.status_code == 200
    assert paused.json()["paused_at"] is not None
    frozen = paused.json()["seconds_left"]

    first = api.post(f"{base}/extend/", {"minutes": 3}, format="json", HTTP_IDEMPOTENCY_KEY="ext-1")
    retry = api.post(f"{base}/extend/", {"minutes": 3}, format="json", HTTP_IDEMPOTENCY_KEY="ext-1")
    assert first.status_code == retry.status_code == 200
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert Round.objects.get(pk=round_.pk).ends_at == round_.ends_at + timedelta(minutes=3)
    assert api.get(f"{base}/").json()["seconds_left"] == frozen + 180

    resumed = api.post(f"{base}/resume/", HTTP_IDEMPOTENCY_KEY="resume-1")
    assert resumed.status_code == 200
    assert resumed.json()["paused_at"] is None

    refused = api.post(f"{base}/extend/", {"minutes": 90}, format="json", HTTP_IDEMPOTENCY_KEY="ext-2")
    assert refused.status_code == 400
    assert "minutes" in refused.json()


# --- the run page -------------------------------------------------------------------------------------


def test_the_run_page_shows_a_paused_clock_frozen_and_offers_to_resume_it():
    event, organizer, _, _ = started(minutes_ago=10)
    page = signed_in(organizer)

    response = page.post(f"/events/{event.slug}/run/rounds/1/pause/", follow=True)

    html = response.content.decode()
    assert "Round 1&#x27;s clock is paused" in html or "Round 1's clock is paused" in html
    assert "Paused" in html
    assert re.search(r'<span class="clock">(29:5\d|30:00)</span>', html)
    timer = re.search(r'<p class="round-timer[^"]*"[^>]*>', html)
    assert timer is not None
    assert "data-ends-at" not in timer.group(0)
    assert "Resume the clock" in html
    assert "Pause the clock" not in html

    resumed = page.post(f"/events/{event.slug}/run/rounds/1/resume/", follow=True).content.decode()
    assert "Pause the clock" in resumed
    assert "data-ends-at" in resumed


def test_calling_time_from_the_run_page_asks_first_and_calls_nothing_unconfirmed():
    event, organizer, _, round_ = started(minutes_ago=10)
    page = signed_in(organizer)

    run = page.get(f"/events/{event.slug}/run/").content.decode()
    assert "Call time for round 1…" in run
    assert "Yes, call time now" not in run  # the link asks; nothing is called from the dashboard itself

    asked = page.get(f"/events/{event.slug}/run/?confirm=call-time").content.decode()
    assert "Call time for round 1?" in asked
    assert "Yes, call time now" in asked

    unconfirmed = page.post(f"/events/{event.slug}/run/rounds/1/call-time/", {})
    assert unconfirmed.status_code == 400
    assert "Time was not called" in unconfirmed.content.decode()
    assert not Match.objects.filter(round=round_, time_called_at__isnull=False).exists()

    called = page.post(f"/events/{event.slug}/run/rounds/1/call-time/", {"confirm": "yes"}, follow=True)
    html = called.content.decode()
    assert "Time was called for round 1." in html
    assert "Time was called at" in html
    assert Round.objects.get(pk=round_.pk).time_called_at is not None
    assert not Match.objects.filter(round=round_, player_b__isnull=False, time_called_at=None).exists()
    projector = Client().get(f"/events/{event.slug}/projector/").content.decode()
    assert "Time was called at" in projector


def test_calling_time_ends_a_pause():
    event, organizer, _, round_ = started(minutes_ago=10)
    round_pause(round_=round_, by=organizer)

    signed_in(organizer).post(f"/events/{event.slug}/run/rounds/1/call-time/", {"confirm": "yes"})

    round_ = Round.objects.get(pk=round_.pk)
    assert round_.paused_at is None
    assert round_.time_called_at is not None
    assert seconds_left(round_) == 0
