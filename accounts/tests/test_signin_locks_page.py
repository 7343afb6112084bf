"""Store staff lift a sign-in lock on a page, without the shell; nobody else can."""

from __future__ import annotations

from typing import cast

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from rest_framework.test import APIClient

from tournaments.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

PAGE = "/staff/sign-in-locks/"


def api_login(username: str, password: str, address: str = "10.0.0.1") -> int:
    return (
        APIClient()
        .post(
            "/api/v1/auth/token/",
            {"username": username, "password": password},
            format="json",
            REMOTE_ADDR=address,
        )
        .status_code
    )


def staff_client() -> Client:
    staff = cast(User, UserFactory(username="olivia"))
    staff.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client()
    client.force_login(staff)
    return client


def test_store_staff_see_a_locked_player_and_unlock_them():
    UserFactory(username="yugi")
    for _ in range(5):
        api_login("yugi", "wrong")
    assert api_login("yugi", PASSWORD) == 429
    client = staff_client()

    page = client.get(PAGE).content.decode()
    assert "yugi" in page
    assert "locked" in page
    response = client.post(PAGE, {"username": "yugi"}, follow=True)

    assert "yugi can sign in again" in response.content.decode()
    assert api_login("yugi", PASSWORD) == 200


def test_store_staff_unlock_an_address():
    for n in range(3):
        UserFactory(username=f"p{n}")
    for n in range(3):
        for _ in range(4):
            api_login(f"p{n}", "wrong", address="192.0.2.10")
    client = staff_client()

    client.post(PAGE, {"address": "192.0.2.10"})

    assert "Nobody has failed to sign in recently." in client.get(PAGE).content.decode()


def test_a_bad_address_is_refused_with_a_message():
    client = staff_client()

    response = client.post(PAGE, {"address": "not-an-address"}, follow=True)

    assert response.status_code == 200
    assert "not-an-address is not an IP address." in response.content.decode()


def test_players_cannot_open_the_page():
    client = Client()
    client.force_login(UserFactory(username="kaiba"))

    assert client.get(PAGE).status_code == 403
    assert client.post(PAGE, {"username": "kaiba"}).status_code == 403


def test_the_page_needs_a_login():
    response = Client().get(PAGE)

    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


def test_a_nul_character_in_the_username_is_refused_with_a_message():
    staff = cast(User, UserFactory(username="sam"))
    staff.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client()
    client.force_login(staff)

    response = client.post(PAGE, {"username": "ann\x00"}, follow=True)

    assert response.status_code == 200
    assert "A username cannot contain a NUL character." in response.content.decode()
