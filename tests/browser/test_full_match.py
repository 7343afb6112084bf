"""A whole match through the pages: two players on their phones, a judge on a laptop.

Coin toss, the choice to play first, Side Deck counts, a duel both players report, a side swap, a dispute
the judge engine rules on and a judge confirms, and a judge's correction that the players read in one
sentence (the judges read it in the audit log). Everything is asserted as the person sees it on their own
page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Duel, ResultChange
from matches.services import match_create
from tests.browser.match_steps import (
    LAPTOP,
    PHONE,
    Person,
    arrive,
    choose_to_play_first,
    confirm_duel,
    record_side_count,
    register_deck,
    report_duel,
)
from tournaments.tests.factories import EventFactory, EventRoleFactory, RoundFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CORRECTION_NOTE = "Kaiba could not draw: duel 1 ended by deck out"


def test_a_full_match_from_the_coin_toss_to_a_judges_correction(live_server, browser):
    event = EventFactory(name="Friday Night Yu-Gi-Oh!")
    yugi = UserFactory(username="yugi", first_name="Yugi", last_name="")
    kaiba = UserFactory(username="kaiba", first_name="Kaiba", last_name="")
    EventRoleFactory(event=event, user=UserFactory(username="jude", first_name="Jude", last_name=""))
    register_deck(event, yugi)
    register_deck(event, kaiba)
    match = match_create(round_=RoundFactory(event=event), table=7, player_a=yugi, player_b=kaiba)
    match_url = f"{live_server.url}/matches/{match.pk}/"

    people: list[Person] = []
    try:
        for username, name, viewport in (
            ("yugi", "Yugi", PHONE),
            ("kaiba", "Kaiba", PHONE),
            ("jude", "Jude", LAPTOP),
        ):
            people.append(arrive(browser, live_server, username=username, name=name, viewport=viewport))
        a, b, judge = people
        players = {"Yugi": a, "Kaiba": b}

        # Before duel 1 each player records their Side Deck count and sees the opponent's.
        for person in (a, b):
            person.open(match_url)
            expect(person.page.get_by_role("heading", level=1)).to_have_text("Table 7")
        record_side_count(a, 3)
        record_side_count(b, 3)
        a.page.reload()
        expect(a.section("side-decks")).to_contain_text("Kaiba: 3 cards in the Side Deck")
        expect(b.section("side-decks")).to_contain_text("Yugi: 3 cards in the Side Deck")

        # The coin toss: whoever the page names chooses, and plays first.
        expect(a.section("duels")).to_contain_text("A coin toss decides who chooses to play first in duel 1.")
        a.section("now").get_by_role("button", name="Toss the coin").click()
        expect(a.section("duels")).to_contain_text("(won the coin toss)")
        toss_text = a.section("duels").locator("p strong").first.inner_text()
        assert toss_text in players, toss_text
        toss_winner = players[toss_text]
        toss_loser = b if toss_winner is a else a
        toss_loser.page.reload()
        expect(toss_loser.section("duels")).to_contain_text(f"{toss_text} chooses who plays first in duel 1")
        expect(toss_loser.page.get_by_role("button", name="I play first")).to_have_count(0)
        expect(toss_loser.section("now")).to_contain_text(f"{toss_text} chooses who plays first in duel 1.")
        toss_winner.page.reload()
        choose_to_play_first(toss_winner, 1)

        # Duel 1: both report Yugi won; the page shows it final and that Kaiba, who lost, chooses next.
        a.page.reload()
        report_duel(a, 1, winner="Yugi", reason="Life points")
        b.page.reload()
        confirm_duel(b, 1, reported=f"{a.name} reports: Yugi won (Life points)")
        for person in (a, b):
            person.page.reload()
            duels = person.section("duels")
            expect(duels.locator("li.card").filter(has_text="Duel 1").locator(".badge")).to_have_text(
                "Yugi won"
            )
            expect(duels).to_contain_text("Yugi 1 \u2013 0 Kaiba")
            expect(duels).to_contain_text("Kaiba chooses who plays first in duel 2.")
        expect(a.page.get_by_role("button", name="I play first")).to_have_count(0)

        # Between duels Kaiba sides one Mystical Space Typhoon in for one Dark Magician: legal.
        side = b.section("side-decks")
        side.get_by_label("Cards in (from your Side Deck)").fill("1 Mystical Space Typhoon")
        side.get_by_label("Cards out").fill("1 Dark Magician")
        side.get_by_role("button", name="Record my swap").click()
        swap = b.section("side-decks").locator("li.card").filter(has_text="Kaiba")
        expect(b.section("side-decks")).to_contain_text("Swaps for duel 2")
        expect(swap.locator(".badge")).to_have_text("legal")
        expect(swap).to_contain_text("In: 1 Mystical Space Typhoon")
        a.page.reload()
        expect(
            a.section("side-decks").locator("li.card").filter(has_text="Kaiba").locator(".badge")
        ).to_have_text("legal")
        expect(a.section("side-decks")).not_to_contain_text(
            "Mystical Space Typhoon"
        )  # the cards stay private

        # Duel 2: Kaiba plays first.
        choose_to_play_first(b, 2)

        # Kaiba asks the judge: are his LP at 0, is the duel over? No situation fits, so he describes the
        # duel in the full builder, and calls a judge with the engine's ruling.
        b.section("disputes").get_by_role("link", name="Ask the judge").click()
        b.page.get_by_role("link", name="Something else").click()
        b.page.get_by_text("Add a sentence or the duel number").click()
        b.page.get_by_label("In a sentence (optional)").fill("Yugi says my LP reached 0 after the burn.")
        b.page.get_by_label("Turn", exact=True).fill("6")
        b.page.get_by_label("Turn player").select_option("Kaiba")  # the players by their names
        b.page.get_by_label("Yugi's LP").fill("2100")
        b.page.get_by_label("Kaiba's LP").fill("0")
        b.page.get_by_label("What is disputed").select_option("check_state")
        b.page.get_by_role("button", name="Call a judge").click()
        b.page.wait_for_url(f"{match_url}disputes/**")
        expect(b.page.get_by_role("heading", level=1)).to_have_text("Yugi wins the duel")
        expect(b.page.locator("section.what-happens")).to_contain_text("Yugi wins the duel")
        expect(b.page.locator("#dispute-decision")).to_contain_text(
            "Waiting for a judge of the event to confirm or overrule the ruling."
        )
        expect(b.page.get_by_role("button", name="Confirm the ruling")).to_have_count(0)
        dispute_url = b.page.url

        # The judge finds it in the queue and confirms it on the dispute page: duel 2 is recorded.
        judge.open(f"{live_server.url}/judge/")
        queue = judge.page.locator("#queue")
        expect(queue).to_contain_text("Yugi says my LP reached 0 after the burn.")
        expect(queue).to_contain_text("opened by Kaiba")
        queue.get_by_role("link", name="table 7").first.click()
        judge.page.wait_for_url(match_url)
        judge.section("disputes").get_by_role(
            "link", name="Yugi says my LP reached 0 after the burn."
        ).click()
        judge.page.wait_for_url(dispute_url)
        decision = judge.page.locator("#dispute-decision")
        expect(decision).to_contain_text("Confirming records the result: Duel 2: Yugi wins (Life points).")
        decision.get_by_role("button", name="Confirm the ruling").click()
        expect(judge.page.locator("#dispute-decision")).to_contain_text("Ruling confirmed by Jude")

        # The match is over: both players read it on their own page.
        for person in (a, b):
            person.open(match_url)
            duels = person.section("duels")
            expect(duels).to_contain_text("Match over")
            expect(duels).to_contain_text("Yugi wins the match.")
            expect(duels).to_contain_text("Yugi 2 \u2013 0 Kaiba")
            expect(duels.locator("li.card").filter(has_text="Duel 2")).to_contain_text(
                "Yugi won · Life points"
            )
            expect(person.page.locator(".badge.status-final").first).to_have_text("Final")
            expect(person.section("disputes")).to_contain_text("Ruling confirmed by Jude")

        # The judge corrects how duel 1 ended, with a note.
        judge.open(match_url)
        correction = judge.section("judging").locator("form").filter(has_text="Correct duel 1")
        correction.get_by_label("How it ended").select_option(label="Deck out")
        correction.get_by_label("Why (the players see this)").fill(CORRECTION_NOTE)
        correction.get_by_role("button", name="Save duel 1").click()
        expect(judge.page.locator("ul.messages")).to_contain_text("Duel 1 corrected.")

        row = judge.section("judging").locator("table.audit-log tbody tr").filter(has_text=CORRECTION_NOTE)
        expect(row).to_have_count(1)
        expect(row.locator("td").nth(1)).to_have_text("Jude")
        expect(row.locator("td").nth(2)).to_have_text("Duel 1")
        expect(row.locator("td").nth(3)).to_have_text("Yugi won (life points) → Yugi won (deck out)")

        # A player reads the correction in one sentence, arriving without a reload: before, after, who, why.
        expect(a.section("reports")).to_contain_text(
            f"Judge Jude corrected duel 1: Yugi won (deck out) (was: Yugi won (life points)). "
            f"Note: {CORRECTION_NOTE}",
            timeout=12_000,
        )
        expect(a.section("duels")).to_contain_text("Yugi wins the match.")
        expect(a.page.locator("section#judging")).to_have_count(0)
        expect(a.page.locator("table.audit-log")).to_have_count(0)
        expect(a.page.get_by_role("button", name="Save duel 1")).to_have_count(0)
    finally:
        for person in people:
            person.context.close()

    # Duel 2 was recorded exactly once, by the confirmed ruling, and audited once.
    assert list(Duel.objects.filter(match=match).order_by("number").values_list("number", "result")) == [
        (1, "A"),
        (2, "A"),
    ]
    assert ResultChange.objects.filter(match=match, duel_number=2).count() == 1
