"""Under the site's Content-Security-Policy, the main pages run with no violation in the browser's console.

The policy allows scripts and styles from this server's files only. A page that still had an inline script, an
``on...=`` handler, a ``style=`` attribute, or that made htmx evaluate an expression, would log "Refused to
..." in the console (and fire ``securitypolicyviolation``), and that part of the page would stop working.
"""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from decks.tests.factories import CardFactory
from matches.models import Match
from tournaments.demo import DEMO_PASSWORD
from tournaments.models import Event
from tournaments.tests.factories import EventFactory, RegistrationFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Runs before any page script (Playwright injects it outside the page's policy) and records every violation.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline") + " " +
                              (event.sourceFile || "") + ":" + (event.lineNumber || ""));
});
"""


class Visitor:
    """One person's browser context, collecting CSP messages from the console and violation events."""

    def __init__(self, browser: Any, live_server: Any) -> None:
        self.base = live_server.url
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.add_init_script(RECORD_VIOLATIONS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.messages: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.messages.append(f"page error: {error}"))

    def _console(self, message: Any) -> None:
        text = message.text
        if "Content Security Policy" in text or "Refused to" in text or "htmx:evalDisallowed" in text:
            self.messages.append(f"{self.page.url}: {text}")

    def visit(self, path: str) -> Any:
        self.page.goto(self.base + path)
        self.page.wait_for_load_state("load")
        self._collect()
        return self.page

    def _collect(self) -> None:
        for violation in self.page.evaluate("window.__cspViolations || []"):
            self.messages.append(f"{self.page.url}: {violation}")
        self.page.evaluate("window.__cspViolations = []")

    def log_in(self, username: str, password: str = DEMO_PASSWORD) -> None:
        self.visit("/login/")
        self.page.get_by_label("Username").fill(username)
        self.page.get_by_label("Password").fill(password)
        self.page.get_by_role("button", name="Log in").click()
        self.page.wait_for_url(self.base + "/")
        self._collect()

    def done(self) -> list[str]:
        self._collect()
        self.context.close()
        return self.messages


def test_the_main_pages_break_no_rule_of_the_content_security_policy(live_server, browser):
    call_command("demo", stdout=StringIO())
    event = Event.objects.get(slug="friday-night-yugioh")
    yugi = User.objects.get(username="yugi")
    match = Match.objects.filter(round__event=event, round__number=2, player_a=yugi).first() or (
        Match.objects.get(round__event=event, round__number=2, player_b=yugi)
    )
    open_event = EventFactory(name="Next Friday", status=Event.Status.REGISTRATION)
    RegistrationFactory(event=open_event, player=yugi)
    CardFactory(name="Ashen Vanilla Warrior", level=4)
    User.objects.create_superuser("owner", "owner@example.com", DEMO_PASSWORD)

    player = Visitor(browser, live_server)
    page = player.visit("/")
    assert page.evaluate("typeof window.htmx") == "object"  # htmx's own file ran
    player.log_in("yugi")
    player.visit(f"/events/{event.slug}/")
    page = player.visit(f"/events/{event.slug}/pairings/")
    expect(page.locator("[data-ends-at] .clock, [data-ends-at]").first).not_to_have_text("")
    player.visit(f"/events/{event.slug}/standings/")
    player.visit(f"/events/{event.slug}/projector/")
    player.visit("/my-matches/")
    player.visit("/me/history/")
    page = player.visit(f"/matches/{match.pk}/")
    with page.expect_request(lambda request: "/live/" in request.url, timeout=12_000):
        pass  # the match body polls (htmx, every few seconds) under the policy
    page = player.visit("/rulings/new/?mode=build")
    expect(page.locator("details.card-row").first).to_be_visible()
    # A situation: card suggestions (htmx), the pick filling the numbers (arbiter.js), the live preview.
    page = player.visit("/rulings/new/?situation=hand_size")
    page.get_by_label("Player A").check()
    page.locator("[name=hand]").fill("9")
    page.locator("[name=hand]").dispatch_event("change")
    expect(page.locator("#preview .verdict-legal")).to_be_visible()
    page = player.visit("/rulings/new/?game=mtg")
    expect(page.get_by_role("link", name="Magic: The Gathering")).to_have_attribute("aria-current", "page")
    page = player.visit(f"/events/{open_event.slug}/")
    page.locator("#my-deck").get_by_text("Build it here").click()
    page.get_by_label("Search cards by name").press_sequentially("ashen", delay=30)
    expect(page.locator("#builder-results li", has_text="Ashen Vanilla Warrior")).to_be_visible()
    player.visit("/password/")
    player.visit("/api/docs/")
    expect(player.page.get_by_text("Arbiter API").first).to_be_visible()
    assert player.done() == []

    organizer = Visitor(browser, live_server)
    organizer.log_in("olivia")
    organizer.visit("/organize/")
    page = organizer.visit(f"/events/{event.slug}/run/")
    expect(page.locator("form[data-confirm]").first).to_be_attached()
    page = organizer.visit(f"/events/{event.slug}/rounds/2/slips/")
    page.evaluate("window.print = () => { window.printed = true; }")  # no print dialog in a test
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed") is True
    organizer.visit(f"/events/{event.slug}/decklists/")
    page = organizer.visit(f"/events/{event.slug}/metagame/")  # the SVG chart: CSS classes, no style=""
    expect(page.get_by_role("img", name="Each archetype's share of the field and win rate")).to_be_visible()
    organizer.visit("/organize/new/")
    organizer.visit("/cards/import/")
    organizer.visit("/staff/sign-in-locks/")
    assert organizer.done() == []

    judge = Visitor(browser, live_server)
    judge.log_in("jude")
    page = judge.visit("/judge/")
    judge.visit(f"/matches/{match.pk}/")
    assert judge.done() == []

    owner = Visitor(browser, live_server)
    owner.visit("/admin/login/")
    owner.page.get_by_label("Username").fill("owner")
    owner.page.get_by_label("Password").fill(DEMO_PASSWORD)
    owner.page.get_by_role("button", name="Log in").click()
    owner.page.wait_for_url(owner.base + "/admin/")
    owner.visit(f"/admin/auth/user/{yugi.pk}/change/")
    owner.visit("/admin/axes/accessattempt/")
    assert owner.done() == []


def test_the_drop_button_asks_before_dropping_a_player(live_server, browser):
    call_command("demo", stdout=StringIO())
    organizer = Visitor(browser, live_server)
    organizer.log_in("olivia")
    page = organizer.visit("/events/saturday-modern/run/")
    questions: list[str] = []

    def dismiss(dialog: Any) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    drop = page.locator("form[data-confirm]").first
    expect(drop).to_be_attached()
    drop.get_by_role("button", name="Drop").click()

    assert len(questions) == 1
    assert questions[0].startswith("Drop ")
    expect(page.get_by_text("dropped after round")).to_have_count(0)  # dismissed: nothing was sent
    assert organizer.done() == []
