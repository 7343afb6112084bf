"""A finished event: the player reads where they finished and their record first, and is offered nothing
that can no longer be done (registering a deck list, entering, checking in)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from decks.models import DeckList
from tournaments.models import Event, Registration
from tournaments.services import round_close, round_pair, round_start
from tournaments.tests.event_steps import event_with_players, finish_all, play_round
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def finished_with_top_cut():
    """8 players, 3 Swiss rounds, a top 4: side a wins every match (the better seed), so the top cut keeps
    the Swiss order and its places can be checked against the bracket."""
    event, organizer, players = event_with_players(8, swiss_rounds=3, top_cut=4)
    for seed in (1, 2, 3):
        play_round(event, organizer, seed=seed)
    event.refresh_from_db()
    while event.status != Event.Status.FINISHED:
        round_ = round_pair(event=event, by=organizer)
        round_start(round_=round_, by=organizer)
        finish_all(round_, organizer)
        round_close(round_=round_, by=organizer)
        event.refresh_from_db()
    return event, organizer, players


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def final_place_box(page: str) -> str:
    return page.split('class="final-place"')[1].split("</p>")[0]


def test_each_player_reads_the_place_the_top_cut_or_the_swiss_standings_gave_them():
    event, _, _ = finished_with_top_cut()
    final = event.rounds.order_by("-number").first().matches.get()
    winner, finalist = final.player_a, final.player_b
    semifinal_losers = [
        match.player_b for match in event.rounds.get(number=4).matches.all() if match.player_b is not None
    ]
    standings = signed_in(winner).get(reverse("event-standings", args=[event.slug])).content.decode()
    swiss_rows = standings.split("Standings after round 3")[1].split("<tbody>")[1].split("</tr>")
    fifth_name = re.sub(r"<[^>]+>", " ", swiss_rows[4]).split()[1:3]
    fifth = Registration.objects.get(
        event=event, player__first_name=fifth_name[0], player__last_name=fifth_name[1]
    ).player

    def box(user) -> str:
        return final_place_box(
            signed_in(user).get(reverse("event-detail", args=[event.slug])).content.decode()
        )

    assert "You won this event: 1st of 8" in box(winner)
    assert "Winner of the top cut" in box(winner)
    assert "You finished 2nd of 8" in box(finalist)
    assert "Finalist" in box(finalist)
    places = sorted(box(loser) for loser in semifinal_losers)
    assert all("Reached the top 4" in place for place in places)
    assert {re.search(r"You finished (\dth|\drd) of 8", place).group(1) for place in places} == {"3rd", "4th"}
    # Below the top cut, the Swiss standings decide: the 5th in them finished 5th.
    assert "You finished 5th of 8" in box(fifth)
    assert "Reached" not in box(fifth)


def test_the_place_comes_with_the_swiss_record():
    event, organizer, players = event_with_players(4, swiss_rounds=2, top_cut=0)
    play_round(event, organizer, seed=1)
    play_round(event, organizer, seed=2)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    page = signed_in(players[0]).get(reverse("event-detail", args=[event.slug])).content.decode()

    mine = final_place_box(page)

    assert re.search(r"You (finished|won this event:) \d(st|nd|rd|th) of 4", mine)
    assert re.search(r"\d-\d-0", mine)
    assert page.index('class="final-place"') < page.index("Last round")


def test_a_finished_event_offers_no_deck_registration_entry_or_check_in():
    event, _, players = finished_with_top_cut()
    page = signed_in(players[0]).get(reverse("event-detail", args=[event.slug])).content.decode()
    stranger = signed_in(UserFactory()).get(reverse("event-detail", args=[event.slug])).content.decode()

    for body in (page, stranger):
        assert "Register my deck list" not in body
        assert "Replace my deck list" not in body
        assert "Build it here" not in body
        assert "Enter this event" not in body
        assert "Event code" not in body
        assert "Drop from the event" not in body
    assert "The event is over: its deck lists no longer change." in page
    assert "This event is over." in stranger
    assert 'class="final-place"' not in stranger  # a visitor who did not play has no place


def test_a_deck_list_posted_to_a_finished_event_is_refused():
    event, _, players = finished_with_top_cut()

    answer = signed_in(players[0]).post(
        reverse("event-my-deck", args=[event.slug]), {"text": "Main\n3 Ash Blossom & Joyous Spring\n"}
    )
    built = signed_in(players[0]).post(
        reverse("event-deck-builder", args=[event.slug]),
        {"text": "Main\n3 Pot of Greed\n", "action": "register"},
    )

    assert answer.status_code == 409
    assert built.status_code == 409
    assert "The event is over: its deck lists no longer change." in answer.content.decode()
    assert Registration.objects.get(event=event, player=players[0]).deck_list is None
    assert not DeckList.objects.filter(owner=players[0]).exists()


def test_the_home_page_lists_where_the_player_finished():
    event, _, players = finished_with_top_cut()

    page = signed_in(players[0]).get(reverse("home")).content.decode()
    visitor = Client().get(reverse("home")).content.decode()

    assert "Where I finished" in page
    assert event.name in final_place_box(page)
    assert re.search(r"You (finished|won this event:) \d(st|nd|rd|th) of 8", final_place_box(page))
    assert "Where I finished" not in visitor


def test_after_a_top_cut_entry_and_check_in_are_no_longer_offered():
    event, organizer, _ = event_with_players(8, swiss_rounds=1, top_cut=4)
    play_round(event, organizer)
    round_pair(event=event, by=organizer)  # the top 4 is paired: the event takes no more players

    page = signed_in(UserFactory()).get(reverse("event-detail", args=[event.slug])).content.decode()

    assert "Enter this event" not in page
    assert "Event code" not in page
