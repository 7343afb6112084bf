"""The bracket and a player's run in real Chromium, at phone size (390x844) and on the projector (1920x1080):
the pictures' text is real text a reader can read at that size, the same numbers sit in a table, the bracket
fills in by itself when a result arrives, and axe-core finds nothing.

Set ARBITER_SCREENSHOTS to a folder to keep a screenshot of each screen (they are looked at by a person).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from matches.services.judging import match_result_set
from tests.browser.accessibility import axe_violations, signed_in_context
from tournaments.selectors.standings import event_standings
from tournaments.services import round_pair, round_start
from tournaments.tests.event_steps import event_with_players, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def _screenshot(page: Any, name: str, *, full_page: bool = False) -> None:
    folder = os.environ.get("ARBITER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


def _top_four_being_played():
    event, organizer, players = event_with_players(8, swiss_rounds=3, top_cut=4)
    for seed in (1, 2, 3):
        play_round(event, organizer, seed=seed)
    event.refresh_from_db()
    semis = round_pair(event=event, by=organizer)
    round_start(round_=semis, by=organizer)
    return event, organizer, players, semis


def _text_height(locator: Any) -> float:
    """How tall a line of the picture's text is drawn on the screen, in CSS pixels."""
    return float(locator.evaluate("node => node.getBoundingClientRect().height"))


def test_the_bracket_on_a_phone_reads_and_fills_in_as_a_result_arrives(live_server, browser):
    event, organizer, _, semis = _top_four_being_played()
    names = [row.name for row in event_standings(event)[:4]]
    page = browser.new_context(viewport=PHONE).new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/events/{event.slug}/standings/")

    picture = page.get_by_role("img", name="The top cut's bracket")
    expect(picture).to_be_visible()
    for name in names:
        expect(picture.locator("text.bracket-name", has_text=name)).to_have_count(1)
    assert _text_height(picture.locator("text.bracket-name").first) >= 11  # legible on a phone
    # The bracket scrolls sideways in its own box; the page itself does not.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = page.get_by_role("region", name="The top cut's bracket")
    assert box.evaluate("node => node.scrollWidth > node.clientWidth")
    page.get_by_text("The bracket as a table").click()
    rows = page.locator("table.bracket-table tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text(f"{names[0]} (seed 1)")
    expect(rows.nth(0)).to_contain_text(f"{names[3]} (seed 4)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # the table fits too
    assert axe_violations(page) == []
    _screenshot(page, "bracket-phone-390x844", full_page=True)

    # The 4th seed wins 2-1: the bracket shows it at the next poll, before the round is closed.
    upset = semis.matches.get(table=1)
    match_result_set(match_id=upset.pk, judge=organizer, result="b", games_a=1, games_b=2, note="slip")
    page.clock.run_for(11_000)
    picture = page.get_by_role("img", name="The top cut's bracket")
    expect(picture.locator("text.bracket-won", has_text=names[3])).to_have_count(1)
    expect(picture.locator("text.bracket-name", has_text=names[3])).to_have_count(2)  # on to the final
    expect(picture.locator("text.bracket-wins")).to_have_text(["1", "2"])


def test_the_bracket_on_the_projector_fills_the_wall_and_reads_from_the_back(live_server, browser):
    event, _, _, _ = _top_four_being_played()
    names = [row.name for row in event_standings(event)[:4]]
    page = browser.new_context(viewport=PROJECTOR, reduced_motion="reduce").new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/projector/")

    picture = page.get_by_role("img", name="The top cut's bracket")
    expect(picture).to_be_visible()
    for name in names:
        expect(picture.locator("text.bracket-name", has_text=name)).to_have_count(1)
    assert _text_height(picture.locator("text.bracket-name").first) >= 24  # read from across the room
    expect(page.get_by_role("region", name="Pairings by table").locator("tbody tr")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")  # one screen
    assert axe_violations(page) == []
    _screenshot(page, "bracket-projector-1920x1080")


@pytest.mark.parametrize(("viewport", "name"), [(PHONE, "390x844"), (PROJECTOR, "1920x1080")])
def test_a_players_run_on_the_event_page_and_the_history_page(live_server, browser, viewport, name):
    event, organizer, players = event_with_players(6, swiss_rounds=3, top_cut=0)
    for seed in (1, 2, 3):
        play_round(event, organizer, seed=seed)
    player = players[0]
    context = signed_in_context(browser, live_server, player.username, viewport)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/")

    run = page.get_by_role("region", name="Your run")
    picture = run.get_by_role("img", name="Place in the standings after each round")
    expect(picture).to_be_visible()
    places = picture.locator("text.run-label").all_text_contents()
    assert len(places) == 3
    rows = run.locator("table.run-table tbody tr")
    expect(rows).to_have_count(3)
    for row, place in zip(rows.all(), places, strict=True):
        expect(row).to_contain_text(f"{place} of 6")
    assert _text_height(picture.locator("text.run-label").first) >= 11
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    run.scroll_into_view_if_needed()
    assert axe_violations(page) == []
    _screenshot(page, f"run-event-page-{name}", full_page=True)

    page.goto(f"{live_server.url}/me/history/")
    history_picture = page.get_by_role("img", name="Place in the standings after each round")
    assert history_picture.locator("text.run-label").all_text_contents() == places
    assert axe_violations(page) == []
    _screenshot(page, f"run-history-{name}", full_page=True)
