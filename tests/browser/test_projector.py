"""The projector on the wall of a 40-player Friday night, in real Chromium: the two lists players look for
(by table, by name), the clock, "Time called", the lists paging by themselves and keeping their page across
a poll, the final standings, and axe-core finding nothing, at 1920x1080 and 1366x768.

Set ARBITER_SCREENSHOTS to a folder to keep a screenshot of each screen (they are looked at by a person).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from matches.services.timing import round_call_time
from tests.browser.accessibility import axe_violations
from tournaments.services import round_close
from tournaments.tests.crowd import crowd_event, running_round
from tournaments.tests.event_steps import finish_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FULL_HD = {"width": 1920, "height": 1080}
LAPTOP_SCREEN = {"width": 1366, "height": 768}


def _screenshot(page: Any, name: str) -> None:
    folder = os.environ.get("ARBITER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _wall(browser: Any, viewport: dict[str, int]) -> Any:
    # Reduced motion: pages jump instead of sliding, so where a list stands can be read at once.
    context = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.clock.install()
    return page


def _stop_clock(page: Any) -> None:
    """From now on only ``clock.run_for`` moves the page's time (page turns, polls), so what the test reads
    does not depend on how fast the machine is. (axe-core waits on timers: it runs before this.)"""
    page.clock.pause_at(page.evaluate("Date.now()") + 500)


# The clock says when time was called (the round's call stops it at zero).
TIME_CALLED = re.compile(r"Time was called at (\d{1,2}(:\d\d)? [ap]\.m\.|noon|midnight)")


def test_the_projector_shows_both_lists_the_clock_and_time_called(live_server, browser):
    event = crowd_event(40)
    round_ = running_round(event)
    url = f"{live_server.url}/events/{event.slug}/projector/"

    page = _wall(browser, FULL_HD)
    page.goto(url)

    by_table = page.get_by_role("region", name="Pairings by table")
    by_name = page.get_by_role("region", name="Players by name")
    expect(by_table.locator("tbody tr")).to_have_count(20)
    expect(by_name.locator("tbody tr")).to_have_count(40)
    expect(page.get_by_role("timer")).to_contain_text("left")
    first = round_.matches.get(table=1)
    expect(by_table.locator("tbody tr").first).to_contain_text(first.player_a.get_full_name())
    # Alphabetical: "Ana Albuquerque" is first, with her table.
    ana = User.objects.get(first_name="Ana", last_name="Albuquerque")
    ana_match = round_.matches.filter(player_a=ana).first() or round_.matches.get(player_b=ana)
    expect(by_name.locator("tbody tr").first).to_contain_text(f"Ana Albuquerque{ana_match.table}")
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")  # one screen
    assert axe_violations(page) == []
    _screenshot(page, "projector-1920x1080")

    # Forty names do not fit: the list turns its page by itself, and a poll does not send it back.
    _stop_clock(page)
    pager = page.locator('[data-pager-for="scroll-name"]')
    expect(pager).to_have_text(re.compile(r"^page \d of [3-9]$"))
    before = (pager.inner_text(), by_name.evaluate("box => box.scrollTop"))
    page.clock.run_for(8_000)
    expect(pager).not_to_have_text(before[0])
    turned = by_name.evaluate("box => box.scrollTop")
    assert turned != before[1]
    with page.expect_response(lambda response: "/projector/" in response.url):
        page.clock.run_for(2_000)  # the 10 s poll
    page.clock.run_for(100)  # htmx swaps and settles
    expect(by_name.locator("tbody tr")).to_have_count(40)
    assert by_name.evaluate("box => box.scrollTop") == turned

    round_call_time(round_id=round_.pk, by=None)
    with page.expect_response(lambda response: "/projector/" in response.url):
        page.clock.run_for(10_000)  # the next poll
    expect(page.get_by_role("timer")).to_contain_text(TIME_CALLED)
    _screenshot(page, "projector-time-called-1920x1080")
    page.context.close()

    small = _wall(browser, LAPTOP_SCREEN)
    small.goto(url)
    expect(small.get_by_role("region", name="Players by name").locator("tbody tr").first).to_be_visible()
    expect(small.get_by_role("timer")).to_contain_text(TIME_CALLED)
    assert small.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert small.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    assert axe_violations(small) == []
    _screenshot(small, "projector-1366x768")
    small.context.close()


def test_the_projector_shows_the_final_standings_when_the_event_is_over(live_server, browser):
    event = crowd_event(12, rounds_played=2, swiss_rounds=3, top_cut=0)
    round_ = running_round(event)
    organizer = User.objects.get(username="olivia")
    finish_all(round_, organizer)
    round_close(round_=round_, by=organizer)
    event.refresh_from_db()
    assert event.status == event.Status.FINISHED

    page = _wall(browser, FULL_HD)
    page.goto(f"{live_server.url}/events/{event.slug}/projector/")

    standings = page.get_by_role("region", name="Final standings")
    expect(standings.locator("tbody tr")).to_have_count(12)
    expect(standings.locator("tbody tr").first).to_contain_text("3-0-0")
    assert axe_violations(page) == []
    _screenshot(page, "projector-final-1920x1080")
    page.context.close()
