"""The demo event read in Portuguese and Spanish on a phone (390x844), as a reviewer read it, and on a laptop.

- The organizer's plan: each label sits over its value on a phone, so a long label ("Rodadas por número de
  jogadores") never squeezes the value to a letter a line; the source is "Fonte: Yu-Gi-Oh! TCG Tournament
  Policy", the document's title as published.
- The matches the organizer waits for: on a phone each table's no-show control, a sentence naming the table,
  sits under its names, and its penalties are reached without a sideways swipe.
- A table wider than the phone shows a shadow on its right edge until its last column is in view.

Set ARBITER_SCREENSHOTS to a folder to keep a screenshot of each page (they are looked at by a person).
"""

from __future__ import annotations

import os
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.match_steps import LAPTOP, PHONE, PORTUGUESE, SPANISH, SignIn, arrive
from tests.browser.pixels import brightness
from tournaments.tests.factories import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVENT = "/events/friday-night-yugioh"


@pytest.fixture
def demo() -> None:
    """The demo store: round 2 of "Friday Night Yu-Gi-Oh!" in progress, the standings after round 1."""
    call_command("demo", stdout=StringIO())
    for user in User.objects.filter(username__in=["olivia", "yugi"]):
        user.set_password(PASSWORD)
        user.save(update_fields=["password"])


def _open(browser: Any, live_server: Any, words: SignIn, viewport: dict[str, int], path: str) -> Any:
    page = arrive(browser, live_server, username="olivia", name="Olivia", viewport=viewport, words=words).page
    page.goto(live_server.url + path)
    return page


def _screenshot(page: Any, name: str) -> None:
    folder = os.environ.get("ARBITER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def _term(page: Any, label: str) -> tuple[dict[str, float], dict[str, float]]:
    """The boxes of a plan label and of its value."""
    term = page.locator("section.plan dt", has_text=label)
    return term.bounding_box(), term.locator("xpath=following-sibling::dd[1]").bounding_box()


def test_on_a_phone_each_label_of_the_plan_sits_over_its_value(demo, browser, live_server):
    page = _open(browser, live_server, PORTUGUESE, PHONE, f"{EVENT}/run/")
    _screenshot(page, "run-plan-pt-phone")
    plan = page.locator("section.plan dl")

    expect(plan).to_contain_text("Rodadas por número de jogadores\nFonte: Yu-Gi-Oh! TCG Tournament Policy")
    for label in ("Rodadas por número de jogadores", "Tempo da rodada"):
        term, value = _term(page, label)
        assert value["y"] >= term["y"] + term["height"] - 1, f"{label}: its value is beside it, not under it"
        assert value["width"] >= plan.bounding_box()["width"] - 1, f"{label}: its value is squeezed"
        assert value["height"] < 90, f"{label}: its value runs {value['height']}px down the phone"
    assert page.locator("section.plan cite").get_attribute("translate") == "no"  # a title, never translated
    assert _overflow(page) <= 0


def test_on_a_laptop_the_plan_keeps_each_label_beside_its_value(demo, browser, live_server):
    page = _open(browser, live_server, SPANISH, LAPTOP, f"{EVENT}/run/")
    _screenshot(page, "run-plan-es-laptop")

    expect(page.locator("section.plan dl")).to_contain_text("Fuente: Yu-Gi-Oh! TCG Tournament Policy")
    term, value = _term(page, "Rondas según asistencia")
    assert value["x"] >= term["x"] + term["width"]
    assert value["y"] == pytest.approx(term["y"], abs=2)


@pytest.mark.parametrize(
    ("words", "missing", "match_loss"),
    [
        (PORTUGUESE, r"Jogador ausente na mesa \d+…", "Perda da partida"),
        (SPANISH, r"Jugador ausente en la mesa \d+…", "Pérdida del match"),
    ],
)
def test_on_a_phone_a_no_show_is_marked_without_a_sideways_swipe(
    demo, browser, live_server, words, missing, match_loss
):
    page = _open(browser, live_server, words, PHONE, f"{EVENT}/run/")
    waiting = page.locator("table.waiting")
    first = waiting.locator("tbody tr").first
    control = first.locator("summary")

    expect(control).to_have_text(re.compile(f"^{missing}$"))
    table = first.locator("td.table-number").inner_text()
    expect(control).to_have_text(re.compile(rf" {table}…$"))  # the table of its own row
    box = control.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"]
    assert box["y"] > first.locator("td").nth(1).bounding_box()["y"]  # under the names, not beside them
    control.click()
    _screenshot(page, f"run-no-show-{words.html_lang}-phone")
    for button in first.get_by_role("button", name=match_loss).all():
        button_box = button.bounding_box()
        assert button_box["x"] >= 0
        assert button_box["x"] + button_box["width"] <= PHONE["width"]
    region = page.locator("#progress .table-scroll")
    assert region.evaluate("box => box.scrollWidth <= box.clientWidth")  # nothing hides to the right
    assert _overflow(page) <= 0


def test_a_table_wider_than_the_phone_shades_its_right_edge_until_its_end(demo, browser, live_server):
    page = _open(browser, live_server, PORTUGUESE, PHONE, f"{EVENT}/standings/")
    box = page.get_by_role("region", name="Classificação após a rodada 1")
    box.scroll_into_view_if_needed()
    assert box.evaluate("box => box.scrollWidth > box.clientWidth")  # OOMW% and the tiebreak are off-screen
    edge = box.bounding_box()
    # A strip just inside the box's right border, the height of the box.
    strip = {"x": edge["x"] + edge["width"] - 6, "y": edge["y"] + 2, "width": 4, "height": edge["height"] - 4}
    _screenshot(page, "standings-pt-phone")

    shadowed = brightness(page, strip)
    box.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    page.wait_for_function("() => true")  # a frame drawn after the scroll
    at_the_end = brightness(page, strip)

    assert shadowed < at_the_end - 25, (shadowed, at_the_end)
    assert at_the_end > 240  # the last column in view: no shadow left


def test_a_table_that_fits_shows_no_shadow(demo, browser, live_server):
    page = _open(browser, live_server, PORTUGUESE, LAPTOP, f"{EVENT}/standings/")
    box = page.get_by_role("region", name="Classificação após a rodada 1")
    assert box.evaluate("box => box.scrollWidth <= box.clientWidth")
    edge = box.bounding_box()
    strip = {"x": edge["x"] + edge["width"] - 6, "y": edge["y"] + 2, "width": 4, "height": edge["height"] - 4}

    assert brightness(page, strip) > 240
