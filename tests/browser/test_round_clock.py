"""The organizer's round clock in real Chromium: pause and resume from the run page with the keyboard, add
minutes, and call time on a second explicit step; Magic's unfinished matches then show "Extra turns".

Every state is checked with axe-core (``axe-playwright-python`` carries its script), and the run page is
photographed at 1366x768 while paused and after time is called (into ``SCREENSHOT_DIR`` when it is set).
"""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from matches.models import Match
from tests.browser.accessibility import axe_violations
from tests.browser.match_steps import arrive
from tournaments.models import Round
from tournaments.services import round_pair, round_start
from tournaments.tests.event_steps import event_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COUNTER_LAPTOP = {"width": 1366, "height": 768}


def assert_accessible(page: Any, where: str) -> None:
    assert axe_violations(page) == [], where


def photograph(page: Any, tmp_path: Path, name: str) -> None:
    folder = Path(os.environ.get("SCREENSHOT_DIR", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=False)


def test_pause_resume_and_call_time_with_confirmation_from_the_run_page(live_server, browser, tmp_path):
    event, organizer_user, _ = event_with_players(8, game="mtg", round_minutes=50)
    round_ = round_pair(event=event, by=organizer_user, seed=1)
    round_start(round_=round_, by=organizer_user, now=timezone.now() - timedelta(minutes=20))
    organizer = arrive(browser, live_server, username="olivia", name="Olivia Marsh", viewport=COUNTER_LAPTOP)
    page = organizer.page
    run = f"{live_server.url}/events/{event.slug}/run/"
    timer = page.locator("#progress .round-timer")

    # given: the round is running on the dashboard
    organizer.open(run)
    expect(timer).to_contain_text("left · time at")
    assert_accessible(page, "run page, clock running")

    # when: the organizer pauses the clock from the keyboard
    page.get_by_role("button", name="Pause the clock").focus()
    page.keyboard.press("Enter")

    # then: the clock says Paused and stands still, through the page's own polling too
    expect(timer).to_contain_text("Paused")
    frozen = timer.locator(".clock").inner_text()
    assert re.fullmatch(r"29:\d\d|30:00", frozen)
    page.wait_for_timeout(2_500)
    expect(timer.locator(".clock")).to_have_text(frozen)
    expect(page.get_by_role("button", name="Resume the clock")).to_be_visible()
    assert_accessible(page, "run page, paused")
    photograph(page, tmp_path, "run-paused-1366x768")

    # and: on a phone the same controls fit the screen
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert_accessible(page, "run page, paused, on a phone")
    page.set_viewport_size(COUNTER_LAPTOP)

    # when: five minutes are added while paused, then the clock is resumed
    page.get_by_label("Minutes").fill("5")
    page.get_by_role("button", name="Add to every match").click()
    expect(page.locator("body")).to_contain_text("5 minutes added to round 1")
    minutes = int(frozen.split(":")[0])
    expect(timer.locator(".clock")).to_have_text(re.compile(rf"^{minutes + 5}:\d\d$"))
    page.get_by_role("button", name="Resume the clock").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Pause the clock")).to_be_visible()
    expect(timer).to_contain_text("left · time at")

    # when: calling time is asked for, then declined
    page.get_by_role("link", name="Call time for round 1…").click()
    confirm = page.locator("form#call-time")
    expect(confirm.get_by_role("heading", name="Call time for round 1?")).to_be_visible()
    expect(confirm).to_contain_text("Unfinished matches go into extra turns")
    assert_accessible(page, "run page, confirming time")
    photograph(page, tmp_path, "run-confirm-call-time-1366x768")
    confirm.get_by_role("link", name="No, keep playing").click()
    expect(page.locator("form#call-time")).to_have_count(0)
    assert not Match.objects.filter(round=round_, time_called_at__isnull=False).exists()

    # and: asked again and confirmed with the keyboard
    page.get_by_role("link", name="Call time for round 1…").click()
    page.get_by_role("button", name="Yes, call time now").focus()
    page.keyboard.press("Enter")

    # then: time is called, the unfinished Magic matches are in extra turns, nothing is decided
    expect(page.locator("body")).to_contain_text("Time was called for round 1.")
    expect(timer).to_contain_text("Time was called at")
    expect(timer).to_contain_text("Extra turns")
    expect(page.locator("#progress table.waiting")).to_contain_text("Extra turns")
    expect(page.get_by_role("link", name="Call time for round 1…")).to_have_count(0)
    assert Round.objects.get(pk=round_.pk).time_called_at is not None
    assert not Match.objects.filter(round=round_, status=Match.Status.FINAL).exists()
    assert_accessible(page, "run page, time called")
    photograph(page, tmp_path, "run-time-called-1366x768")

    # and: the projector says so too
    organizer.open(f"{live_server.url}/events/{event.slug}/projector/")
    expect(page.locator(".round-timer")).to_contain_text("Time was called at")
    photograph(page, tmp_path, "projector-time-called-1366x768")
    organizer.context.close()
