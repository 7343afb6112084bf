"""A player registers their deck list from a phone and sees the engine's verdict on it."""

from __future__ import annotations

import pytest

from decks.tests.factories import BanlistFactory, CardFactory
from tournaments.models import Event
from tournaments.tests.factories import PASSWORD, EventFactory, RegistrationFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DECK = "Main\n" + "".join(f"3 Vanilla Warrior {n}\n" for n in range(13)) + "1 Vanilla Warrior 13\nSide\n"


def test_a_player_pastes_a_deck_and_sees_it_registered_and_legal(live_server, page):
    for n in range(14):
        CardFactory(name=f"Vanilla Warrior {n}")
    player = UserFactory(username="yugi", first_name="Yugi")
    # Under a Forbidden & Limited list (without one a list is "not checked", never "Legal").
    event = EventFactory(
        name="Friday Night Yu-Gi-Oh!", status=Event.Status.REGISTRATION, banlist=BanlistFactory()
    )
    RegistrationFactory(event=event, player=player)

    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("yugi")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    page.get_by_role("link", name="Friday Night Yu-Gi-Oh!").click()

    my_deck = page.locator("#my-deck")
    assert my_deck.get_by_text("You have not registered a deck list yet.").is_visible()
    page.get_by_label("Paste your list").fill(DECK)
    page.get_by_role("button", name="Register my deck list").click()

    page.wait_for_url(f"{live_server.url}/events/{event.slug}/#my-deck")
    assert page.get_by_text("Your deck list is registered.").is_visible()
    assert my_deck.get_by_text("Main 40").is_visible()
    assert my_deck.get_by_text("Legal", exact=True).is_visible()
    assert my_deck.get_by_role("button", name="Replace my deck list").is_visible()
