"""Creating an event from the organizer's page: store staff only, every refusal under its field."""

from __future__ import annotations

from typing import cast

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from tournaments.models import Event, EventRole
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Friday Locals",
    "game": "yugioh",
    "starts_at": "2026-11-27T19:00",
    "round_minutes": "40",
    "end_of_round": "",
    "swiss_rounds": "",
    "top_cut": "",
}


def _staff_client() -> tuple[Client, User]:
    user = cast(User, UserFactory(username="olivia"))
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client()
    client.force_login(user)
    return client, user


def test_store_staff_create_an_event_and_organize_it():
    client, user = _staff_client()

    response = client.post("/organize/new/", FORM)

    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/run/"
    assert (event.swiss_rounds, event.top_cut, event.end_of_round) == (None, None, "ygo_double_loss")
    assert event.roles.get().user == user
    assert event.roles.get().role == EventRole.Role.ORGANIZER


def test_a_top_cut_that_is_not_a_bracket_and_a_magic_procedure_are_refused_under_their_fields():
    client, _ = _staff_client()

    response = client.post("/organize/new/", FORM | {"top_cut": "6", "end_of_round": "mtg_five_turns"})

    assert response.status_code == 400
    page = response.content.decode()
    assert "Select a valid choice. 6 is not one of the available choices." in page
    assert not Event.objects.exists()
    response = client.post("/organize/new/", FORM | {"end_of_round": "mtg_five_turns"})
    assert "is not an end-of-round procedure for Yu-Gi-Oh! events" in response.content.decode()
    assert not Event.objects.exists()


def test_a_player_cannot_create_events():
    client = Client()
    client.force_login(UserFactory(username="yugi"))

    response = client.post("/organize/new/", FORM)

    assert response.status_code == 403
    assert not Event.objects.exists()


def test_a_second_event_with_the_same_name_is_refused_with_its_address_taken_not_a_crash():
    client, _ = _staff_client()
    client.post("/organize/new/", FORM)

    response = client.post("/organize/new/", FORM)

    assert response.status_code == 400
    assert "The address “friday-locals” is taken" in response.content.decode()
    assert Event.objects.count() == 1
