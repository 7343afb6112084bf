"""The player's pages fit a phone: no table runs off the right edge at 390x844 (the page never scrolls
sideways; the standings scroll their numbers in their own box, the name staying put), the pairings and the
history read as one small card per match, and a finished event leads with the player's place. Checked with
axe-core at phone and laptop size.

Set ARBITER_SCREENSHOTS to a folder to keep a screenshot of each page (they are looked at by a person).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.accessibility import axe_violations
from tests.browser.match_steps import arrive
from tournaments.tests.test_final_place import finished_with_top_cut

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
LONG_NAME = ("Maximiliano Bartolomeu", "de Albuquerque-Vasconcelos Nascimento")


def _screenshot(page: Any, name: str) -> None:
    folder = os.environ.get("ARBITER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _signed_in(browser: Any, live_server: Any, viewport: dict[str, int], username: str) -> Any:
    return arrive(browser, live_server, username=username, name=username, viewport=viewport).page


def _overflow(page: Any) -> int:
    """How far the page runs past the right edge of the screen, in CSS pixels (0: it fits)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_the_players_pages_fit_a_phone_and_a_laptop(live_server, browser):
    event, _, players = finished_with_top_cut()
    player = players[0]
    player.first_name, player.last_name = LONG_NAME
    player.save(update_fields=["first_name", "last_name"])
    pages = {
        "home": "/",
        "event": f"/events/{event.slug}/",
        "pairings": f"/events/{event.slug}/rounds/1/pairings/",
        "pairings-by-name": f"/events/{event.slug}/rounds/1/pairings/?view=name",
        "standings": f"/events/{event.slug}/standings/",
        "history": "/me/history/",
    }

    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page = _signed_in(browser, live_server, viewport, player.username)
        for name, path in pages.items():
            page.goto(live_server.url + path)
            _screenshot(page, f"players-{name}-{size}")
            assert _overflow(page) <= 0, f"{name} at {size} runs {_overflow(page)}px off the right edge"
            assert axe_violations(page) == [], f"{name} at {size}"
        page.context.close()


def test_on_a_phone_the_standings_scroll_their_numbers_and_keep_the_name(live_server, browser):
    event, _, players = finished_with_top_cut()
    page = _signed_in(browser, live_server, PHONE, players[0].username)

    page.goto(f"{live_server.url}/events/{event.slug}/standings/")
    box = page.get_by_role("region", name="Standings after round 3")
    name_cell = box.locator("tbody td.sticky-name").first
    before = name_cell.bounding_box()
    box.evaluate("element => { element.scrollLeft = element.scrollWidth; }")
    after = name_cell.bounding_box()

    assert box.evaluate("element => element.scrollWidth > element.clientWidth")  # the numbers scroll
    assert after["x"] == pytest.approx(before["x"], abs=1)  # ... and the name stays in view
    assert _overflow(page) <= 0


def test_on_a_phone_a_pairing_and_a_match_of_the_history_are_cards_with_labels(live_server, browser):
    event, _, players = finished_with_top_cut()
    page = _signed_in(browser, live_server, PHONE, players[0].username)

    page.goto(f"{live_server.url}/me/history/")
    first = page.locator("table.history tbody tr").first
    label = first.locator("td").nth(2).evaluate("cell => getComputedStyle(cell, '::before').content")

    assert label == '"Opponent"'
    assert page.locator("table.history thead").bounding_box()["height"] <= 1  # the header row is for readers
    # A finished event leads with the player's place, on the event page above the last round.
    page.goto(f"{live_server.url}/events/{event.slug}/")
    place = page.locator(".final-place")
    assert "of 8" in place.inner_text()
    assert (
        place.bounding_box()["y"]
        < page.get_by_role("heading", name="Last round: round 5").bounding_box()["y"]
    )
