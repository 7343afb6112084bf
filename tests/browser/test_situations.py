"""At a table, on a phone: each situation is described in a few inputs and the ruling shows as it fills.

Goals (issue 15): the attack on a face-down monster in at most 8 inputs within one screen and a half; every
situation in at most 10 inputs; each scripted run under 30 seconds. ``bench/situations.py`` prints the same
measures as a table.
"""

from __future__ import annotations

import json
import os
from typing import Any, cast

import pytest
from django.urls import reverse

from matches.models import Dispute, Match
from matches.tests.factories import DuelFactory, MatchFactory
from tests.browser.accessibility import axe_violations
from tests.browser.situation_scripts import (
    KAIBA,
    MTG_SCRIPTS,
    YUGIOH_SCRIPTS,
    Script,
    play,
    stock_the_catalog,
)
from tournaments.tests.factories import PASSWORD, EventFactory, RoundFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table() -> Match:
    stock_the_catalog()
    yugi = UserFactory(username="yugi", first_name="Yugi", last_name="Muto")
    kaiba = UserFactory(username="kaiba", first_name="Seto", last_name="Kaiba")
    match = cast(Match, MatchFactory(player_a=yugi, player_b=kaiba))
    DuelFactory(match=match, number=1)
    return match


@pytest.fixture
def magic_table() -> Match:
    stock_the_catalog()
    chandra = UserFactory(username="chandra", first_name="Chandra", last_name="Nalaar")
    jace = UserFactory(username="jace", first_name="Jace", last_name="Beleren")
    magic = RoundFactory(event=EventFactory(game="mtg"))
    return cast(Match, MatchFactory(round=magic, player_a=chandra, player_b=jace))


def log_in(page: Any, live_server: Any, username: str) -> None:
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")


@pytest.mark.parametrize(
    "script", YUGIOH_SCRIPTS + MTG_SCRIPTS, ids=lambda script: f"{script.game}-{script.key}"
)
def test_each_situation_is_ruled_in_a_few_inputs_on_a_phone(live_server, page, request, script: Script):
    match = request.getfixturevalue("magic_table" if script.game == "mtg" else "table")
    log_in(page, live_server, match.player_a.username)

    measure = play(page, live_server.url + reverse("match-dispute-new", args=[match.pk]), script)

    assert script.says in measure.preview
    assert measure.inputs <= 10, measure.touched
    assert measure.seconds < 30
    # The players' names, never their letters or the cards' ids.
    assert " a1" not in measure.preview
    assert not Dispute.objects.exists(), "a preview files nothing"
    if out := os.environ.get("ARBITER_SITUATIONS_OUT"):  # bench/situations.py collects the measures
        with open(out, "a", encoding="utf-8") as lines:
            row = {"situation": script.key, "game": script.game, "inputs": measure.inputs}
            row.update(screens=measure.screens, seconds=measure.seconds, floor=measure.floor)
            lines.write(json.dumps(row) + "\n")


def test_the_attack_on_a_face_down_monster_fits_eight_inputs_and_a_screen_and_a_half(
    live_server, page, table: Match
):
    log_in(page, live_server, "yugi")
    attack = YUGIOH_SCRIPTS[0]

    measure = play(page, live_server.url + reverse("match-dispute-new", args=[table.pk]), attack)

    assert measure.inputs <= 8, measure.touched
    assert measure.screens <= 1.5, f"{measure.screens:.2f} screens"
    assert page.locator("[name=attacker_atk]").input_value() == "2500"  # filled from the card list
    assert axe_violations(page) == []
    # Getting the ruling makes a draft only the table sees; calling a judge sends it to the queue.
    page.get_by_role("button", name="Get the ruling").click()
    page.get_by_role("region", name="Only your table sees this").wait_for()
    assert axe_violations(page) == []  # the draft's page: its status badge, the ruling in words
    draft = Dispute.objects.get()
    assert draft.status == Dispute.Status.DRAFT
    page.get_by_role("button", name="Call a judge").click()
    page.get_by_text("A judge has been called to your table.").wait_for()
    draft.refresh_from_db()
    assert draft.status == Dispute.Status.OPEN


def test_a_card_not_in_the_list_is_described_by_its_numbers(live_server, page, table: Match):
    log_in(page, live_server, "kaiba")
    page.goto(live_server.url + reverse("match-dispute-new", args=[table.pk]) + "?situation=attack")

    page.locator("fieldset.choice", has_text="Who attacks?").get_by_label(KAIBA).check()
    page.locator("[name=attacker_name]").fill("Homebrew Dragon")
    page.get_by_text("is not in the card list").wait_for()
    page.locator("[name=target_kind]").select_option("direct")
    page.locator("#preview .verdict-unknown, #preview .preview-missing").first.wait_for()
    assert "ATK" in page.locator("#preview").inner_text()
    page.locator("[name=attacker_atk]").fill("3000")
    page.locator("[name=attacker_atk]").dispatch_event("change")
    page.locator("#preview .verdict-legal").wait_for()
    assert "3000" in page.locator("#preview").inner_text()


def test_the_situations_page_on_a_laptop(live_server, browser, table: Match):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    laptop = context.new_page()
    log_in(laptop, live_server, "yugi")
    laptop.goto(live_server.url + reverse("match-dispute-new", args=[table.pk]))

    assert laptop.get_by_role("link", name="An attack and its damage").is_visible()
    assert laptop.get_by_role("button", name="Call a judge now").is_visible()
    assert axe_violations(laptop) == []
    context.close()


def test_call_a_judge_from_a_half_filled_situation(live_server, page, table: Match):
    """The browser's own checks never stop a judge call: a judge call is a judge call."""
    log_in(page, live_server, "kaiba")
    page.goto(live_server.url + reverse("match-dispute-new", args=[table.pk]) + "?situation=attack")

    page.get_by_role("button", name="Call a judge").click()

    page.get_by_text("A judge has been called to your table.").wait_for()
    called = Dispute.objects.get()
    assert called.status == Dispute.Status.OPEN
    assert called.ruling is None
