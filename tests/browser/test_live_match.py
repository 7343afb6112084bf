"""Two players, two phones, one match page each, and nobody reloads.

Each page opens on the one thing its player has to do now; what the opponent does (a Side Deck count, the
choice to play first, a duel report) arrives on the other phone within a few seconds, the whole match body at
once, and the forms that are no longer possible go away: once the match is final no report form is offered.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from matches.services import match_coin_toss, match_create
from matches.services.side_decks import side_deck_count_record
from matches.tests.factories import coin_landing_on
from tests.browser.accessibility import axe_violations
from tests.browser.match_steps import PHONE, Person, arrive
from tournaments.tests.factories import EventFactory, RoundFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE = 12_000  # a poll every 4 s: well within this
SHOTS = Path(tempfile.gettempdir()) / "arbiter-screenshots"  # looked at by a person, kept after the run


def report(person: Person, number: int, winner: str) -> None:
    now = person.section("now")
    expect(now.get_by_role("heading", name=f"Report duel {number}")).to_be_visible(timeout=LIVE)
    now.get_by_label("How it ended").select_option(label="Life points")
    now.get_by_role("button", name=f"{winner} won", exact=True).click()


def test_the_opponents_moves_arrive_on_the_other_phone_and_the_final_match_offers_no_report(
    live_server, browser
):
    event = EventFactory(name="Friday Night Yu-Gi-Oh!")
    yugi_user = UserFactory(username="yugi", first_name="Yugi", last_name="Muto")
    kaiba_user = UserFactory(username="kaiba", first_name="Seto", last_name="Kaiba")
    match = match_create(round_=RoundFactory(event=event), table=4, player_a=yugi_user, player_b=kaiba_user)
    match_coin_toss(match_id=match.pk, by=yugi_user, coin=coin_landing_on("A"))  # Yugi chooses
    side_deck_count_record(match_id=match.pk, player=kaiba_user, count=3)
    url = f"{live_server.url}/matches/{match.pk}/"
    SHOTS.mkdir(exist_ok=True)

    people: list[Person] = []
    try:
        yugi = arrive(browser, live_server, username="yugi", name="Yugi Muto", viewport=PHONE)
        people.append(yugi)
        kaiba = arrive(browser, live_server, username="kaiba", name="Seto Kaiba", viewport=PHONE)
        people.append(kaiba)
        yugi.open(url)
        kaiba.open(url)

        # Each phone opens on its own next step, in the first screen.
        expect(yugi.section("now").get_by_role("heading")).to_have_text("Play first or second?")
        expect(yugi.section("now")).to_contain_text("Before you choose, count your Side Deck")
        expect(kaiba.section("now")).to_contain_text("Yugi Muto chooses who plays first in duel 1.")
        expect(kaiba.section("side-decks")).to_contain_text("Yugi Muto: Side Deck not counted yet")
        for person in (yugi, kaiba):
            box = person.section("now").bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= PHONE["height"], box  # the action is in the first screen
            severe = [v for v in axe_violations(person.page) if "(serious)" in v or "(critical)" in v]
            assert severe == [], severe
        yugi.page.screenshot(path=str(SHOTS / "live-yugi-count.png"))

        # Yugi counts, then chooses: Kaiba's phone follows, the Side Deck part included.
        yugi.section("now").get_by_label("Cards in my Side Deck").fill("3")
        yugi.section("now").get_by_role("button", name="Record my count").click()
        expect(kaiba.section("side-decks")).to_contain_text(
            "Yugi Muto: 3 cards in the Side Deck", timeout=LIVE
        )
        yugi.section("now").get_by_role("button", name="I play first").click()
        expect(kaiba.section("duels")).to_contain_text(
            "Yugi Muto chose to play first: Yugi Muto went first.", timeout=LIVE
        )
        expect(kaiba.section("now").get_by_role("heading")).to_have_text("Report duel 1", timeout=LIVE)
        expect(kaiba.page.get_by_role("button", name="I play first")).to_have_count(0)
        kaiba.page.screenshot(path=str(SHOTS / "live-kaiba-report.png"))

        # Kaiba reports duel 1; Yugi's phone shows the report in Kaiba's words with names, not letters.
        report(kaiba, 1, "Yugi Muto")
        expect(kaiba.section("now")).to_contain_text("Waiting for your opponent's report")
        expect(yugi.section("duels")).to_contain_text(
            "Seto Kaiba reports: Yugi Muto won (Life points)", timeout=LIVE
        )
        # Yugi's phone puts Kaiba's report first: agreeing is one tap.
        expect(yugi.section("now").get_by_role("heading")).to_have_text("Confirm duel 1", timeout=LIVE)
        expect(yugi.section("now")).to_contain_text("Seto Kaiba reports: Yugi Muto won (Life points)")
        yugi.section("now").get_by_role("button", name="That is right").click()

        # Duel 2: Kaiba, who lost, chooses; Yugi waits for it on his phone.
        expect(yugi.section("now")).to_contain_text(
            "Seto Kaiba chooses who plays first in duel 2.", timeout=LIVE
        )
        kaiba.section("now").get_by_role("button", name="I play first").click(timeout=LIVE)
        report(yugi, 2, "Yugi Muto")
        expect(yugi.section("now")).to_contain_text("Seto Kaiba has not reported duel 2 yet.")
        expect(yugi.page.locator("form.duel-report-form")).to_have_count(1)  # "Change my report"

        # Kaiba agrees, which ends the match: on Yugi's phone, without a reload, no report form is left.
        expect(kaiba.section("now").get_by_role("heading")).to_have_text("Confirm duel 2", timeout=LIVE)
        kaiba.section("now").get_by_role("button", name="That is right").click()
        expect(yugi.section("now")).to_contain_text("Yugi Muto wins 2-0", timeout=LIVE)
        expect(yugi.section("reports")).to_contain_text("Final")
        expect(yugi.page.locator("form.report-form")).to_have_count(0)
        expect(yugi.page.locator("form.duel-report-form")).to_have_count(0)
        expect(yugi.page.get_by_text("Report the match")).to_have_count(0)
        yugi.page.screenshot(path=str(SHOTS / "live-yugi-final.png"), full_page=True)
    finally:
        for person in people:
            person.context.close()
