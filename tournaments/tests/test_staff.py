"""An organizer keeps the event's judges and organizers from its page and the API, without the admin."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import EventRole
from tournaments.tests.factories import EventFactory, EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


def organized_event():
    event = EventFactory()
    organizer = EventRoleFactory(event=event, role=EventRole.Role.ORGANIZER).user
    return event, organizer


def test_an_organizer_adds_a_judge_by_name_and_the_judge_can_open_the_deck_lists(client):
    event, organizer = organized_event()
    judge = UserFactory(username="jude", first_name="Jude", last_name="Okafor")
    client.force_login(organizer)

    added = client.post(
        f"/events/{event.slug}/staff/", {"person": "jude okafor", "role": "judge"}, follow=True
    )
    client.force_login(judge)
    lists = client.get(f"/events/{event.slug}/decklists/")

    assert "Jude Okafor is a judge of" in added.content.decode()
    assert lists.status_code == 200


def test_the_last_organizer_cannot_be_removed_and_a_judge_can(client):
    event, organizer = organized_event()
    judge_role = EventRoleFactory(event=event, role=EventRole.Role.JUDGE)
    own_role = EventRole.objects.get(event=event, user=organizer)
    client.force_login(organizer)

    kept = client.post(f"/events/{event.slug}/staff/{own_role.pk}/remove/")
    removed = client.post(f"/events/{event.slug}/staff/{judge_role.pk}/remove/", follow=True)

    assert kept.status_code == 409
    assert "is the event&#x27;s only organizer: add another organizer first." in kept.content.decode()
    assert "is no longer a judge of" in removed.content.decode()
    assert list(EventRole.objects.filter(event=event).values_list("user", flat=True)) == [organizer.pk]


def test_nobody_without_an_account_is_added_and_the_page_says_so(client):
    event, organizer = organized_event()
    client.force_login(organizer)

    response = client.post(f"/events/{event.slug}/staff/", {"person": "Pegasus", "role": "judge"})

    assert response.status_code == 400
    assert "Nobody with an account is called “Pegasus”" in response.content.decode()
    assert EventRole.objects.filter(event=event).count() == 1


def test_the_api_lists_adds_and_removes_staff():
    event, organizer = organized_event()
    UserFactory(username="jules", first_name="Jules", last_name="Verne")
    api = APIClient()
    api.force_authenticate(organizer)
    url = f"/api/v1/events/{event.slug}/staff/"

    added = api.post(url, {"username": "jules", "role": "judge"}, format="json")
    listed = api.get(url)
    removed = api.delete(f"{url}{added.json()['id']}/")
    unknown = api.post(url, {"username": "nobody", "role": "judge"}, format="json")

    assert added.status_code == 201
    assert {"username": "jules", "name": "Jules Verne", "role": "judge"}.items() <= added.json().items()
    assert [(member["username"], member["role"]) for member in listed.json()] == [
        ("jules", "judge"),
        (organizer.username, "organizer"),
    ]
    assert removed.status_code == 204
    assert unknown.status_code == 400
    assert unknown.json() == {"username": ["No account is named 'nobody'."]}


def test_an_organizer_enters_a_walk_in_by_name_through_the_api():
    event, organizer = organized_event()
    api = APIClient()
    api.force_authenticate(organizer)

    entered = api.post(
        f"/api/v1/events/{event.slug}/registrations/",
        {"name": "Tea Gardner", "official_id": "0000777"},
        format="json",
    )

    assert entered.status_code == 201
    assert entered.json()["name"] == "Tea Gardner"
    assert entered.json()["checked_in_at"] is not None
    walk_in = event.registrations.get().player
    assert not walk_in.has_usable_password()
    assert walk_in.player.official_id == "0000777"
