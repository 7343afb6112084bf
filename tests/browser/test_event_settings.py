"""The organizer changes an event's settings before round 1 from the settings page, with a keyboard and a
mouse, on a laptop and a phone; the page passes axe-core. Screenshots of both sizes go to
``var/screenshots/`` for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from decks.models import Banlist
from decks.tests.factories import BanlistFactory
from tests.browser.accessibility import axe_violations
from tests.browser.match_steps import PHONE, arrive
from tournaments.models import Event
from tournaments.services import event_create
from tournaments.tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"


def test_the_organizer_changes_the_settings_before_round_1(browser: Any, live_server: Any) -> None:
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    event = event_create(
        name="Friday Locals", game="yugioh", starts_at=timezone.now(), organizer=organizer, round_minutes=40
    )
    banlist = cast(Banlist, BanlistFactory(name="2025.04 TCG"))
    BanlistFactory(game="mtg", name="Modern 2024-12-16")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    olivia = arrive(browser, live_server, username="olivia", name="Olivia Marsh", viewport=LAPTOP)
    page = olivia.page
    olivia.open(f"{live_server.url}/events/{event.slug}/run/")
    page.get_by_role("link", name="Change the settings").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Settings of Friday Locals")
    assert axe_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / "event-settings-1366x768.png"), full_page=True)

    # The event's game filters the lists: the Magic one is not offered.
    choices = page.get_by_label("Format and banlist").locator("option").all_inner_texts()
    assert choices == ["None: not checked against a Forbidden & Limited list", "2025.04 TCG"]
    page.get_by_label("Swiss rounds").fill("4")
    page.get_by_label("Top cut:", exact=True).select_option(label="Top 4")
    page.get_by_label("Round time (minutes)").fill("45")
    page.get_by_label("Format and banlist").select_option(label="2025.04 TCG")
    # The last two by keyboard: Tab to the box, Space ticks it; Enter in a text field submits.
    page.get_by_label("Byes may be awarded up front").focus()
    page.keyboard.press("Space")
    page.get_by_label("Deck lists public").focus()
    page.keyboard.press("Space")
    page.get_by_label("Name").focus()
    page.keyboard.press("End")
    page.keyboard.type(" (Advanced)")
    page.keyboard.press("Enter")

    page.wait_for_url(f"{live_server.url}/events/{event.slug}/run/")
    expect(page.get_by_text("The settings of Friday Locals (Advanced) are saved.")).to_be_visible()
    expect(page.locator("section.plan")).to_contain_text("45 minutes")
    event = Event.objects.get(pk=event.pk)
    assert (event.name, event.swiss_rounds, event.top_cut, event.round_minutes) == (
        "Friday Locals (Advanced)",
        4,
        4,
        45,
    )
    assert event.banlist == banlist
    assert (event.byes_allowed, event.decklists_public) == (True, True)

    # On a phone: the same page, nothing wider than the screen, and axe-core finds nothing.
    phone = olivia.context.browser.new_context(viewport=PHONE)
    phone.add_cookies(olivia.context.cookies())
    small = phone.new_page()
    small.goto(f"{live_server.url}/events/{event.slug}/settings/")
    expect(small.get_by_label("Format and banlist")).to_have_value(str(banlist.pk))
    assert small.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert axe_violations(small) == []
    small.screenshot(path=str(SCREENSHOTS / "event-settings-390x844.png"), full_page=True)
    phone.close()
    olivia.context.close()
