"""The metagame of an event in real Chromium, on a phone (390x844) and on the projector (1920x1080): the
chart's text readable (nothing cut off at the right edge), the table with the same numbers, the round
selector working without JavaScript, the staff's suggestion used in one click, and axe-core finding nothing.

Set ARBITER_SCREENSHOTS to a folder to keep a screenshot of each size (they are looked at by a person).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.accessibility import axe_violations, signed_in_context
from tournaments.models import Registration
from tournaments.tests.test_metagame_pages import build_event, regional

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def _screenshot(page: Any, name: str) -> None:
    folder = os.environ.get("ARBITER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("projector", PROJECTOR)])
def test_the_metagame_reads_on_a_phone_and_on_the_projector(live_server, browser, size, viewport):
    event, judge, _ = build_event()
    page = signed_in_context(browser, live_server, judge.username, viewport).new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/metagame/")

    chart = page.get_by_role("img", name="Each archetype's share of the field and win rate")
    expect(chart).to_contain_text("Snake-Eye · 40.0% (2 players)")
    expect(chart).to_contain_text("1-1-0, won 50.0%")
    table = page.get_by_role("table", name="Archetypes")
    expect(table.get_by_role("row", name="Tenpai")).to_contain_text("40.0%")
    # Every label of the chart stays inside the page: nothing to scroll sideways for.
    overflow = page.evaluate(
        """() => [...document.querySelectorAll('svg.bar-chart text')]
            .filter(t => t.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map(t => t.textContent)"""
    )
    assert overflow == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    font = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('svg.bar-chart text')).fontSize)"
    )
    assert font >= 15
    assert axe_violations(page) == []
    _screenshot(page, f"metagame-{size}")

    # The round selector is a form: the top cut's field is the four players who reached it.
    page.get_by_label("Show").select_option(label="Top cut")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", name="Metagame: the top cut")).to_be_visible()
    expect(chart).to_contain_text("Tenpai · 25.0% (1 player)")
    expect(chart).to_contain_text("1-0-0, won 100.0%")
    assert axe_violations(page) == []


def test_a_judge_uses_the_suggestion_for_an_unnamed_deck(live_server, browser):
    event, judge, players = build_event()
    page = signed_in_context(browser, live_server, judge.username, PHONE).new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/metagame/")

    page.get_by_role("button", name="Use the suggestion: Snake-Eye (33% of the cards in common)").click()

    expect(page.get_by_text(f"{players[4].get_full_name()}'s deck is Snake-Eye.")).to_be_visible()
    assert Registration.objects.get(event=event, player=players[4]).archetype == "Snake-Eye"
    expect(page.get_by_role("img", name="Each archetype's share of the field and win rate")).to_contain_text(
        "Snake-Eye · 60.0% (3 players)"
    )


@pytest.mark.parametrize(("size", "viewport"), [("projector", PROJECTOR), ("phone", PHONE)])
def test_the_metagame_on_the_wall(live_server, browser, size, viewport):
    """Opened from the metagame page: on a 1920x1080 wall the chart fills the width in type read from the
    back of the room and fits the screen; on a phone the same numbers are a table."""
    event, judge, _ = build_event()
    page = signed_in_context(browser, live_server, judge.username, viewport).new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/metagame/?round=top")
    page.get_by_role("link", name="Show on the projector").click()

    expect(page.get_by_role("heading", name="Spring Locals Metagame: the top cut")).to_be_visible()
    table = page.get_by_role("table", name="Archetypes")
    expect(table.get_by_role("row", name="Tenpai")).to_contain_text("1-0-0")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    if size == "projector":
        chart = page.get_by_role("img", name="Each archetype's share of the field and win rate")
        expect(chart).to_contain_text("Tenpai · 25.0% (1 player)")
        box = chart.bounding_box()
        assert box is not None
        assert box["width"] > 1700  # the width of the wall
        assert box["y"] + box["height"] <= viewport["height"]  # and all of it on the screen
        label = page.evaluate("document.querySelector('svg.bar-chart text').getBoundingClientRect().height")
        assert label >= 30  # a line of the chart at least 30 pixels high on the wall
    else:
        expect(table).to_be_visible()
    assert axe_violations(page) == []
    _screenshot(page, f"metagame-wall-{size}")


LAPTOP = {"width": 1366, "height": 768}


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("laptop", LAPTOP)])
def test_a_judge_finds_the_unnamed_decks_of_a_regional_and_names_one(live_server, browser, size, viewport):
    """120 decks: the staff's list shows 50 at a time, searched by player or archetype with the keyboard; a
    deck named on the second page of a search comes back to that page."""
    event, judge = regional(120)
    page = signed_in_context(browser, live_server, judge.username, viewport).new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/metagame/")
    expect(page.get_by_text("Decks 1 to 50 of 120")).to_be_visible()
    page.get_by_role("navigation", name="Pages of the decks").get_by_role("link", name="Next decks").click()
    expect(page.get_by_text("Decks 51 to 100 of 120")).to_be_visible()
    expect(page.get_by_text("Page 2 of 3")).to_be_visible()

    page.get_by_label("Player or archetype").fill("player")
    page.get_by_label("Only decks without a name").check()
    page.get_by_label("Player or archetype").press("Enter")
    expect(page.get_by_text("Decks 1 to 40 of 40")).to_be_visible()
    search = page.get_by_role("search", name="Find decks to name")
    expect(search.get_by_label("Player or archetype")).to_have_value("player")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert axe_violations(page) == []
    _screenshot(page, f"metagame-decks-{size}")

    page.get_by_label("Archetype of Player 006's deck").fill("Kuriboh")
    page.get_by_label("Archetype of Player 006's deck").press("Enter")

    expect(page.get_by_text("Player 006's deck is Kuriboh.")).to_be_visible()
    expect(page.get_by_text("Decks 1 to 39 of 39")).to_be_visible()  # still the unnamed ones of the search
    assert Registration.objects.get(event=event, player__username="reg006").archetype == "Kuriboh"
