"""A player with no list to paste builds one on their phone from the card catalog and registers it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from decks.tests.factories import BanlistFactory, CardFactory
from tournaments.models import Event
from tournaments.tests.factories import PASSWORD, EventFactory, RegistrationFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ASH = "Ash Blossom & Joyous Spring"
# 39 cards typed in; the search adds the rest.
TYPED = "Main\n" + "".join(f"3 Vanilla Warrior {n}\n" for n in range(13))


def test_a_player_searches_cards_adds_them_and_registers_the_built_list(live_server, page):
    for n in range(13):
        CardFactory(name=f"Vanilla Warrior {n}")
    CardFactory(name=ASH, frame="effect", effect=True, level=3, attribute="fire", monster_type="zombie")
    CardFactory(name="Ashnod's Altar", mtg=True, types=["artifact"])
    player = UserFactory(username="yugi", first_name="Yugi")
    # Under a Forbidden & Limited list (without one a list is "not checked", never "Legal").
    event = EventFactory(
        name="Friday Night Yu-Gi-Oh!", status=Event.Status.REGISTRATION, banlist=BanlistFactory()
    )
    RegistrationFactory(event=event, player=player)

    page.goto(f"{live_server.url}/login/?next=/events/{event.slug}/")
    page.get_by_label("Username").fill("yugi")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/events/{event.slug}/")

    my_deck = page.locator("#my-deck")
    my_deck.get_by_text("Build it here").click()
    page.get_by_label("Your list so far").fill(TYPED)
    search = page.get_by_label("Search cards by name")
    search.press_sequentially("ash", delay=50)
    result = page.locator("#builder-results li", has_text=ASH)
    expect(result).to_contain_text("Monster · Effect")
    expect(page.locator("#builder-results")).not_to_contain_text("Ashnod")  # a Magic card
    search.press("Enter")  # must not press the first "Add" button

    result.get_by_role("button", name="Add to Main").click()
    expect(page.get_by_label("Your list so far")).to_have_value(re.compile(rf"\n1 {re.escape(ASH)}\n"))
    page.locator("#builder-results li", has_text=ASH).get_by_role("button", name="Add to Main").click()
    expect(page.get_by_label("Your list so far")).to_have_value(re.compile(rf"\n2 {re.escape(ASH)}\n"))
    expect(page.locator("#builder-counts")).to_have_text("Main 41 · Extra 0 · Side 0")

    page.get_by_role("button", name="Register this list").click()

    expect(my_deck.get_by_role("status")).to_have_text(re.compile("Your deck list is registered."))
    expect(my_deck.get_by_text("Main 41")).to_be_visible()
    expect(my_deck.get_by_text("Legal", exact=True)).to_be_visible()
    page.reload()
    expect(page.locator("#my-deck").get_by_text("Main 41")).to_be_visible()
