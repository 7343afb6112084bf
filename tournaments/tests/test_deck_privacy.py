"""A player's deck lists stay private: staff reach only what the player registered at their event.

The audit's attack: an organizer enters any user into their event (no consent needed), then "replaces" that
registration's list with an id of any list the player owns; the answer and ``GET /api/v1/decks/{id}/`` then
show its cards. A judge could do the second step for anyone at their event.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from decks.tests.factories import DeckListFactory
from tests.api_clients import client_for
from tournaments.models import EventRole
from tournaments.services import registration_deck_replace, registration_deck_submit
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db

SECRET = "Main\n3 Secret Tech Card\n"


def replace_url(registration) -> str:
    return f"/api/v1/events/{registration.event.slug}/registrations/{registration.pk}/deck/"


def test_an_organizer_who_enters_a_stranger_cannot_read_any_of_their_lists():
    # given a player with a private list for another event, and an organizer of an unrelated event
    victim = UserFactory()
    secret = DeckListFactory(owner=victim, name="Nationals", text=SECRET)
    organizer = EventRoleFactory(role=EventRole.Role.ORGANIZER).user
    event = organizer.event_roles.get().event
    client = client_for(organizer)

    # when the organizer enters the player and points the replacement at the private list
    entered = client.post(
        f"/api/v1/events/{event.slug}/registrations/", {"username": victim.username}, format="json"
    )
    registration_id = entered.json()["id"]
    replaced = client.post(
        f"/api/v1/events/{event.slug}/registrations/{registration_id}/deck/",
        {"deck_list": secret.pk, "reason": "corrected"},
        format="json",
    )

    # then the replacement is refused on its field, and the list stays a 404 for the organizer
    assert entered.status_code == 201
    assert replaced.status_code == 400
    assert "deck_list" in replaced.json()
    assert "Secret Tech Card" not in replaced.content.decode()
    assert client.get(f"/api/v1/decks/{secret.pk}/").status_code == 404
    assert client.get(f"/api/v1/events/{event.slug}/decklists/").json()[0]["deck_list"] is None


def test_a_judge_cannot_swap_in_another_list_of_a_player_at_their_event():
    registration = RegistrationFactory(deck_list=DeckListFactory())
    other_list = DeckListFactory(owner=registration.player, name="For another event", text=SECRET)
    judge = EventRoleFactory(event=registration.event).user

    response = client_for(judge).post(
        replace_url(registration), {"deck_list": other_list.pk, "reason": "x"}, format="json"
    )

    assert response.status_code == 400
    assert list(response.json()) == ["deck_list"]
    assert client_for(judge).get(f"/api/v1/decks/{other_list.pk}/").status_code == 404
    registration.refresh_from_db()
    assert registration.deck_list_id != other_list.pk


def test_an_unknown_list_id_gets_the_same_answer_as_a_private_one():
    # A different status for "exists but not yours" would let ids be walked to learn who owns what.
    registration = RegistrationFactory(deck_list=DeckListFactory())
    judge = EventRoleFactory(event=registration.event).user
    private = DeckListFactory(owner=registration.player)

    unknown = client_for(judge).post(
        replace_url(registration), {"deck_list": 987654, "reason": "x"}, format="json"
    )
    hidden = client_for(judge).post(
        replace_url(registration), {"deck_list": private.pk, "reason": "x"}, format="json"
    )

    assert (unknown.status_code, unknown.json()) == (hidden.status_code, hidden.json())


def test_a_judge_may_put_back_a_list_the_player_registered_at_this_event():
    registration = RegistrationFactory()
    first, second = DeckListFactory.create_batch(2, owner=registration.player)
    registration_deck_submit(registration=registration, deck_list=first, by=registration.player)
    registration_deck_submit(registration=registration, deck_list=second, by=registration.player)
    judge = EventRoleFactory(event=registration.event).user

    response = client_for(judge).post(
        replace_url(registration),
        {"deck_list": first.pk, "reason": "The second was a mistake"},
        format="json",
    )

    assert response.status_code == 200
    assert response.json()["deck_list"]["id"] == first.pk


def test_the_service_refuses_a_list_not_registered_there_whoever_calls_it():
    registration = RegistrationFactory(deck_list=DeckListFactory())
    judge = EventRoleFactory(event=registration.event).user
    elsewhere = RegistrationFactory(
        player=registration.player, deck_list=DeckListFactory(owner=registration.player)
    )

    with pytest.raises(ValidationError) as refused:
        registration_deck_replace(
            registration=registration, judge=judge, reason="x", deck_list=elsewhere.deck_list
        )

    assert "deck_list" in refused.value.message_dict
    assert not registration.deck_changes.exists()


def test_the_replace_page_enters_the_presented_list_as_a_new_list_of_the_player():
    registration = RegistrationFactory(deck_list=DeckListFactory())
    private = DeckListFactory(owner=registration.player, text=SECRET)
    organizer = EventRoleFactory(event=registration.event, role=EventRole.Role.ORGANIZER).user
    client = Client()
    client.force_login(organizer)
    url = f"/events/{registration.event.slug}/decklists/{registration.pk}/replace/"

    response = client.post(url, {"text": "Main\n3 Dark Magician\n", "reason": "Presented list"})

    registration.refresh_from_db()
    assert response.status_code == 302
    assert registration.deck_list.owner == registration.player
    assert registration.deck_list.pk != private.pk
    assert registration.deck_list.sections["main"] == [{"name": "Dark Magician", "count": 3}]
    printed = client.get(f"/events/{registration.event.slug}/decklists.txt").content.decode()
    assert "Secret Tech Card" not in printed
    assert "3 Dark Magician" in printed


def test_a_judge_who_plays_cannot_replace_their_own_locked_list_or_anyone_elses():
    # A judge entered as a player is a player for deck lists: past the deadline they ask another judge.
    registration = RegistrationFactory(deck_list=DeckListFactory())
    registration.event.decklist_deadline = timezone.now() - timedelta(minutes=1)
    registration.event.save(update_fields=["decklist_deadline"])
    EventRoleFactory(event=registration.event, user=registration.player, role=EventRole.Role.JUDGE)
    rival = RegistrationFactory(event=registration.event, deck_list=DeckListFactory())
    body = {"text": "Main\n3 Dark Magician\n", "reason": "Changed my mind"}
    client = client_for(registration.player)

    own = client.post(replace_url(registration), body, format="json")
    theirs = client.post(replace_url(rival), body, format="json")

    assert (own.status_code, theirs.status_code) == (403, 403)
    assert not registration.deck_changes.exists()
    assert not rival.deck_changes.exists()


def test_the_name_of_a_presented_list_says_nothing_of_the_players_other_lists():
    # given: an organizer names the event like the player's own lists ("Nationals ...")
    registration = RegistrationFactory(deck_list=DeckListFactory(), event__name="Nationals")
    for name in ("Nationals v1", "Nationals v2", "Nationals backup"):
        DeckListFactory(owner=registration.player, name=name)
    organizer = EventRoleFactory(event=registration.event, role=EventRole.Role.ORGANIZER).user

    # when
    replaced = registration_deck_replace(
        registration=registration, judge=organizer, reason="Presented list", text="Main\n3 Dark Magician\n"
    )

    # then: the new list's name counts this registration's lists only
    assert replaced.deck_list.name == "Nationals (presented to a judge, 1)"
