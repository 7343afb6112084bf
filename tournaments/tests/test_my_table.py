"""A signed-in player finds their table first: the event page and the home page lead with it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from matches.tests.factories import MatchFactory
from tournaments.models import Event, Round
from tournaments.tests.factories import EventFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_event_and_home_pages_lead_with_the_players_table_and_opponent():
    event = EventFactory(status=Event.Status.RUNNING)
    round_ = RoundFactory(event=event, number=1, status=Round.Status.IN_PROGRESS)
    yugi = UserFactory(first_name="Yugi", last_name="Muto")
    joey = UserFactory(first_name="Joey", last_name="Wheeler")
    match = MatchFactory(round=round_, table=4, player_a=yugi, player_b=joey)

    for url in (reverse("event-detail", args=[event.slug]), reverse("home")):
        page = browser(yugi).get(url).content.decode()
        mine = page.split('class="my-table"')[1].split("</a>")[0]
        assert "Round 1" in mine
        assert "Table 4" in mine
        assert "vs Joey Wheeler" in mine
        assert reverse("match-detail", args=[match.pk]) in page
    # Someone not playing, or not signed in, sees no such card.
    assert (
        'class="my-table"'
        not in browser(UserFactory()).get(reverse("event-detail", args=[event.slug])).content.decode()
    )
    assert 'class="my-table"' not in Client().get(reverse("event-detail", args=[event.slug])).content.decode()


def test_a_bye_says_so_and_a_finished_round_shows_no_table():
    event = EventFactory(status=Event.Status.RUNNING)
    round_ = RoundFactory(event=event, number=2, status=Round.Status.IN_PROGRESS)
    tea = UserFactory(first_name="Tea", last_name="Gardner")
    MatchFactory(round=round_, table=None, player_a=tea, player_b=None)

    page = browser(tea).get(reverse("event-detail", args=[event.slug])).content.decode()

    assert "You have a bye this round." in page
    round_.status = Round.Status.FINISHED
    round_.save()
    assert (
        'class="my-table"'
        not in browser(tea).get(reverse("event-detail", args=[event.slug])).content.decode()
    )
