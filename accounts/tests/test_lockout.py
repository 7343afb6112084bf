"""Brute-force protection: wrong passwords lock an account (per address), an account, an address."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from rest_framework.test import APIClient

from tournaments.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOGIN = "/login/"
TOKEN = "/api/v1/auth/token/"


def page_login(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def api_login(username: str, password: str, address: str = "10.0.0.1"):
    return APIClient().post(
        TOKEN, {"username": username, "password": password}, format="json", REMOTE_ADDR=address
    )


def test_fifty_wrong_passwords_on_the_login_page_then_the_right_one_is_refused():
    UserFactory(username="yugi")
    client = Client()
    for _ in range(50):
        page_login(client, "yugi", "wrong")

    response = page_login(client, "yugi", PASSWORD)

    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many failed sign-in attempts" in page
    assert "Try again in 15 minutes" in page
    assert "_auth_user_id" not in client.session


def test_fifty_wrong_passwords_on_the_token_endpoint_then_the_right_one_is_refused():
    UserFactory(username="kaiba")
    for _ in range(50):
        api_login("kaiba", "wrong")

    response = api_login("kaiba", PASSWORD)

    assert response.status_code == 429
    assert response.json()["detail"].startswith("Too many failed sign-in attempts")
    assert response["Retry-After"] == str(15 * 60)
    assert "token" not in response.json()


def test_the_fifth_wrong_password_locks_and_the_fourth_does_not():
    UserFactory(username="joey")
    for _ in range(4):
        assert api_login("joey", "wrong").status_code == 401

    assert api_login("joey", PASSWORD).status_code == 200
    for _ in range(5):
        api_login("joey", "wrong")
    assert api_login("joey", PASSWORD).status_code == 429


def test_a_lock_on_one_address_does_not_stop_the_player_elsewhere():
    UserFactory(username="mai")
    for _ in range(5):
        api_login("mai", "wrong", address="203.0.113.9")

    assert api_login("mai", PASSWORD, address="203.0.113.9").status_code == 429
    assert api_login("mai", PASSWORD, address="10.0.0.1").status_code == 200


def test_a_store_full_of_players_mistyping_on_one_wifi_address_is_not_locked_out():
    # thirty players at one address, each mistyping twice, then signing in
    players = [UserFactory(username=f"player-{n}") for n in range(30)]
    for player in players:
        api_login(player.username, "wrong", address="192.0.2.1")
        page_login(Client(), player.username, "wrong", address="192.0.2.1")

    answers = [api_login(player.username, PASSWORD, address="192.0.2.1").status_code for player in players]

    assert answers == [200] * 30


@override_settings(SIGNIN_LIMIT_ADDRESS=12)
def test_one_address_trying_many_accounts_is_locked_out():
    victims = [UserFactory(username=f"victim-{n}") for n in range(4)]
    for victim in victims:
        for _ in range(3):  # below the per-account limit for each
            api_login(victim.username, "wrong", address="198.51.100.7")

    assert api_login(victims[0].username, PASSWORD, address="198.51.100.7").status_code == 429
    assert api_login(victims[0].username, PASSWORD, address="10.0.0.2").status_code == 200


def test_one_account_guessed_from_many_addresses_is_locked():
    UserFactory(username="bakura")
    for n in range(20):  # four failures from each of five addresses: no address-and-account lock
        api_login("bakura", "wrong", address=f"203.0.113.{n // 4}")

    assert api_login("bakura", PASSWORD, address="198.51.100.200").status_code == 429


def test_a_successful_sign_in_forgets_that_players_typos():
    UserFactory(username="tristan")
    for _ in range(4):
        api_login("tristan", "wrong")
    assert api_login("tristan", PASSWORD).status_code == 200

    for _ in range(4):
        assert api_login("tristan", "wrong").status_code == 401
    assert api_login("tristan", PASSWORD).status_code == 200


def test_staff_lift_a_lock_with_the_axes_command():
    UserFactory(username="yugi")
    for _ in range(5):
        api_login("yugi", "wrong")
    assert api_login("yugi", PASSWORD).status_code == 429

    call_command("axes_reset_username", "yugi")

    assert api_login("yugi", PASSWORD).status_code == 200


@override_settings(SIGNIN_TRUSTED_PROXIES=1)
def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw():
    UserFactory(username="serenity")
    for n in range(5):
        # the proxy is 10.0.0.254; the client forges an address on the left of X-Forwarded-For each time
        APIClient().post(
            TOKEN,
            {"username": "serenity", "password": "wrong"},
            format="json",
            REMOTE_ADDR="10.0.0.254",
            HTTP_X_FORWARDED_FOR=f"1.2.3.{n}, 203.0.113.50",
        )

    forged = APIClient().post(
        TOKEN,
        {"username": "serenity", "password": PASSWORD},
        format="json",
        REMOTE_ADDR="10.0.0.254",
        HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.50",
    )
    other_client = APIClient().post(
        TOKEN,
        {"username": "serenity", "password": PASSWORD},
        format="json",
        REMOTE_ADDR="10.0.0.254",
        HTTP_X_FORWARDED_FOR="203.0.113.51",
    )

    assert forged.status_code == 429
    assert other_client.status_code == 200


def test_without_a_trusted_proxy_a_forged_forwarded_for_is_ignored():
    UserFactory(username="duke")
    for n in range(5):
        APIClient().post(
            TOKEN,
            {"username": "duke", "password": "wrong"},
            format="json",
            REMOTE_ADDR="203.0.113.60",
            HTTP_X_FORWARDED_FOR=f"1.2.3.{n}",
        )

    assert api_login("duke", PASSWORD, address="203.0.113.60").status_code == 429


@override_settings(SIGNIN_TRUSTED_PROXIES=1)
def test_a_forwarded_for_that_is_not_an_address_counts_under_the_connection():
    UserFactory(username="rex")
    answers = [
        APIClient()
        .post(
            TOKEN,
            {"username": "rex", "password": "wrong"},
            format="json",
            REMOTE_ADDR="203.0.113.70",
            HTTP_X_FORWARDED_FOR="'; drop table --",
        )
        .status_code
        for _ in range(5)
    ]

    assert answers[:4] == [401] * 4
    assert api_login("rex", PASSWORD, address="203.0.113.70").status_code == 429


def test_guessing_the_current_password_on_the_password_page_is_counted_and_locked():
    # given: a browser left signed in; someone tries to guess its owner's password to change it
    yugi = UserFactory(username="yugi")
    client = Client()
    client.force_login(yugi)
    for _ in range(40):
        client.post(
            "/password/",
            {"old_password": "wrong", "new_password1": "taken-over-42", "new_password2": "taken-over-42"},
            REMOTE_ADDR="10.0.0.1",
        )

    # when: the right password comes at last
    response = client.post(
        "/password/",
        {"old_password": PASSWORD, "new_password1": "taken-over-42", "new_password2": "taken-over-42"},
        REMOTE_ADDR="10.0.0.1",
    )

    # then: the change is refused with the lockout, and the password is the owner's still
    assert response.status_code == 429
    assert "Too many failed sign-in attempts" in response.content.decode()
    yugi.refresh_from_db()
    assert yugi.check_password(PASSWORD)


def test_a_wrong_current_password_on_the_password_page_says_so():
    client = Client()
    client.force_login(UserFactory(username="yugi"))

    response = client.post(
        "/password/",
        {
            "old_password": "wrong",
            "new_password1": "a-new-passphrase-42",
            "new_password2": "a-new-passphrase-42",
        },
    )

    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.content.decode()


def test_the_admins_password_page_leads_to_the_sites_page():
    response = Client().get("/admin/password_change/")

    assert response.status_code == 302
    assert response["Location"] == "/password/"
