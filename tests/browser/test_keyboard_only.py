"""A player's core flow with the keyboard alone, on a phone: no mouse click anywhere.

Yugi signs in (Tab, typing, Enter), opens his match from the home page, tosses the coin, chooses to play
first and reports the duel he won, moving with Tab and Shift+Tab and pressing Enter and Space; the focus ring
shows on every control he lands on (``tab_to`` asserts it). Controls are found by their role and name, not
by where they sit on the page.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from matches.models import Duel
from tests.browser.keyboard import tab_to
from tournaments.services import event_create, registration_create, round_pair, round_start
from tournaments.tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_tosses_chooses_and_reports_a_duel_with_the_keyboard_only(
    browser: Any, live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    event = event_create(
        name="Friday Night Yu-Gi-Oh!", game="yugioh", starts_at=timezone.now(), organizer=organizer
    )
    yugi = cast(User, UserFactory(username="yugi", first_name="Yugi", last_name="Muto"))
    joey = cast(User, UserFactory(username="joey", first_name="Joey", last_name="Wheeler"))
    for player in (yugi, joey):
        registration_create(event=event, player=player)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    match = round_.matches.get()
    yugi_is_a = match.player_a_id == yugi.pk
    # The coin lands on Yugi's side (the live server runs in this process): he chooses who plays first.
    monkeypatch.setattr(
        "matches.services.duels.secrets",
        SimpleNamespace(choice=lambda sides: sides[0] if yugi_is_a else sides[1]),
    )

    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)

        # Sign in: Tab to each field, type, Enter submits.
        page.goto(f"{live_server.url}/login/")
        tab_to(page, page.get_by_label("Username"))
        page.keyboard.type("yugi")
        tab_to(page, page.get_by_label("Password"))
        page.keyboard.type(PASSWORD)
        page.keyboard.press("Enter")
        page.wait_for_url(f"{live_server.url}/")

        # The home page leads to his table; Enter follows the link.
        tab_to(page, page.get_by_role("link", name=re.compile("Joey Wheeler")))
        page.keyboard.press("Enter")
        page.wait_for_url(f"{live_server.url}/matches/{match.pk}/")

        # The coin toss: Space presses the button.
        toss = page.get_by_role("button", name="Toss the coin")
        tab_to(page, toss)
        page.keyboard.press("Space")
        expect(toss).to_have_count(0)
        expect(page.get_by_text(re.compile(r"Yugi Muto.*won the coin toss"))).to_be_visible()

        # He plays first: Enter presses the button.
        tab_to(page, page.get_by_role("button", name="I play first"))
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name="I play first")).to_have_count(0)
        expect(page.get_by_text("Yugi Muto chose to play first")).to_be_visible()

        # The report: how the duel ended (arrow keys in the list), then back with Shift+Tab from "Draw" to
        # "Yugi Muto won", and Enter.
        how = page.get_by_label("How it ended")
        tab_to(page, how)
        page.keyboard.press("ArrowDown")
        reason = how.evaluate("select => select.selectedOptions[0].textContent.trim()")
        assert reason not in ("", "—")
        tab_to(page, page.get_by_role("button", name="Draw", exact=True))
        tab_to(page, page.get_by_role("button", name="Yugi Muto won", exact=True), backwards=True)
        page.keyboard.press("Enter")

        # The report shows in the duel's card (and in the step at the top, while Joey has not reported).
        duels = page.locator("section#duels")
        expect(duels.get_by_text(f"Yugi Muto reports: Yugi Muto won ({reason})")).to_be_visible()
        duel = Duel.objects.get(match=match, number=1)
        assert duel.reports.get(player=yugi).result == ("A" if yugi_is_a else "B")
    finally:
        context.close()
