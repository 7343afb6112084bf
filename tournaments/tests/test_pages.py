"""The pages people use: the home page, an event's pairings, navigation by role, the organizer's view."""

from __future__ import annotations

import pytest

from decks.tests.factories import DeckListFactory
from matches.tests.factories import MatchFactory
from tournaments.models import Event, EventRole
from tournaments.tests.factories import (
    EventFactory,
    EventRoleFactory,
    RegistrationFactory,
    RoundFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_running_and_upcoming_events(client):
    EventFactory(name="Friday Night Yu-Gi-Oh!", status=Event.Status.RUNNING)
    EventFactory(name="Saturday Modern", game="mtg")

    page = client.get("/").content.decode()

    assert "Running now" in page
    assert "Friday Night Yu-Gi-Oh!" in page
    assert "Saturday Modern" in page
    assert "Magic: The Gathering" in page


def test_a_player_finds_their_table_on_the_event_page(client):
    round_ = RoundFactory()
    yugi = UserFactory(first_name="Yugi", last_name="Muto")
    MatchFactory(round=round_, table=7, player_a=yugi)
    MatchFactory(round=round_, table=8)

    page = client.get(f"/events/{round_.event.slug}/").content.decode()
    partial = client.get(f"/events/{round_.event.slug}/?player=yugi", headers={"HX-Request": "true"})

    assert "Round 1" in page
    assert "Yugi Muto" in page
    body = partial.content.decode()
    assert "<html" not in body  # htmx swaps in the table alone
    assert ">7<" in body
    assert ">8<" not in body


def test_the_navigation_offers_each_role_its_pages(client):
    event = EventFactory()
    player = RegistrationFactory(event=event).player
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    organizer = EventRoleFactory(event=event, role=EventRole.Role.ORGANIZER).user

    def nav_for(user):
        client.force_login(user)
        page = client.get("/").content.decode()
        return {label for label in ("My matches", "Judge queue", "Organize") if label in page}

    assert nav_for(player) == {"My matches"}
    assert nav_for(judge) == {"Judge queue"}
    assert nav_for(organizer) == {"Judge queue", "Organize"}


def test_only_staff_see_which_deck_each_player_registered(client):
    event = EventFactory()
    deck = DeckListFactory(name="Sky Striker")
    RegistrationFactory(event=event, player=deck.owner, deck_list=deck)
    judge = EventRoleFactory(event=event).user

    anonymous = client.get(f"/events/{event.slug}/").content.decode()
    client.force_login(judge)
    staff = client.get(f"/events/{event.slug}/").content.decode()

    assert "Sky Striker" not in anonymous
    assert "deck: Sky Striker" in staff


def test_pages_that_need_a_login_send_people_to_the_login_page(client):
    response = client.get("/judge/")

    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=/judge/")
