"""Store staff choose who else may create events, on a page: no admin, no shell."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def store_staff_member(**fields):
    user = UserFactory(**fields)
    user.user_permissions.add(
        Permission.objects.get(codename="add_event", content_type__app_label="tournaments")
    )
    return user


def test_store_staff_add_a_colleague_who_can_then_create_events(client):
    owner = store_staff_member(username="owner")
    colleague = UserFactory(username="sam", first_name="Sam", last_name="Lee")
    client.force_login(owner)

    added = client.post("/staff/store/", {"username": "sam"}, follow=True)
    client.force_login(colleague)
    new_event = client.get("/organize/new/")

    assert "Sam Lee is store staff: they can create events." in added.content.decode()
    assert new_event.status_code == 200


def test_the_last_store_staff_member_stays_and_others_can_be_removed(client):
    owner = store_staff_member(username="owner")
    colleague = store_staff_member(username="sam", first_name="Sam", last_name="Lee")
    client.force_login(owner)

    removed = client.post("/staff/store/", {"remove": colleague.pk}, follow=True)
    kept = client.post("/staff/store/", {"remove": owner.pk})

    assert "Sam Lee is no longer store staff." in removed.content.decode()
    assert kept.status_code == 409
    assert "is the store&#x27;s only staff member: add someone else first." in kept.content.decode()
    owner.refresh_from_db()
    assert owner.has_perm("tournaments.add_event")


def test_a_player_cannot_open_the_store_staff_page(client):
    client.force_login(UserFactory())

    assert client.get("/staff/store/").status_code == 403
    assert client.post("/staff/store/", {"username": "anyone"}).status_code == 403
