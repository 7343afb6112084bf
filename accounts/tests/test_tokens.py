"""API tokens expire, can be revoked one by one or all at once, and die with a password change."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from knox.models import AuthToken
from rest_framework.test import APIClient

from tournaments.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-brand-new-passphrase-42"


def sign_in(username: str, password: str = PASSWORD) -> dict[str, str]:
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": username, "password": password}, format="json"
    )
    assert response.status_code == 200, response.content
    answer: dict[str, str] = response.json()
    return answer


def me(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/v1/me/").status_code


def test_a_token_answers_with_its_expiry_thirty_days_ahead():
    UserFactory(username="yugi")

    answer = sign_in("yugi")

    assert set(answer) == {"token", "expiry"}
    expiry = parse_datetime(answer["expiry"])
    assert expiry is not None
    assert timedelta(days=29, hours=23) < expiry - timezone.now() <= timedelta(days=30)
    assert me(answer["token"]) == 200


def test_an_expired_token_is_refused():
    UserFactory(username="yugi")
    token = sign_in("yugi")["token"]

    AuthToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))

    assert me(token) == 401


def test_each_sign_in_gets_its_own_token_and_logout_ends_only_that_one():
    UserFactory(username="kaiba")
    phone, laptop = sign_in("kaiba")["token"], sign_in("kaiba")["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {phone}")

    response = client.post("/api/v1/auth/logout/")

    assert response.status_code == 204
    assert me(phone) == 401
    assert me(laptop) == 200


def test_logout_all_ends_every_token_of_the_caller_only():
    UserFactory(username="kaiba")
    UserFactory(username="joey")
    tokens = [sign_in("kaiba")["token"] for _ in range(3)]
    someone_else = sign_in("joey")["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[0]}")

    response = client.post("/api/v1/auth/logout-all/")

    assert response.status_code == 204
    assert [me(token) for token in tokens] == [401, 401, 401]
    assert me(someone_else) == 200


def test_logout_all_from_a_browser_session_ends_the_tokens():
    user = UserFactory(username="mai")
    token = sign_in("mai")["token"]
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    client.get("/")  # the page sets the CSRF cookie, as a browser's would
    csrf = client.cookies["csrftoken"].value

    response = client.post("/api/v1/auth/logout-all/", HTTP_X_CSRFTOKEN=csrf)

    assert response.status_code == 204
    assert me(token) == 401


def test_logout_needs_a_token():
    assert APIClient().post("/api/v1/auth/logout/").status_code == 401
    assert APIClient().post("/api/v1/auth/logout-all/").status_code == 401


def test_set_password_and_save_revokes_every_token():
    user = UserFactory(username="yugi")
    tokens = [sign_in("yugi")["token"] for _ in range(2)]

    user.set_password(NEW_PASSWORD)
    user.save()

    assert [me(token) for token in tokens] == [401, 401]
    assert me(sign_in("yugi", NEW_PASSWORD)["token"]) == 200


def test_a_password_changed_in_the_admin_revokes_the_players_tokens():
    UserFactory(username="yugi")
    token = sign_in("yugi")["token"]
    admin = User.objects.create_superuser("owner", "owner@example.com", PASSWORD)
    yugi = User.objects.get(username="yugi")
    client = Client()
    client.force_login(admin)

    response = client.post(
        f"/admin/auth/user/{yugi.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    assert me(token) == 401


def test_a_password_changed_on_the_password_page_revokes_the_tokens_and_keeps_the_session():
    user = UserFactory(username="yugi")
    token = sign_in("yugi")["token"]
    client = Client()
    client.force_login(user)
    assert 'href="/password/"' in client.get("/").content.decode()  # linked from every page's footer

    response = client.post(
        "/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.status_code == 302
    assert me(token) == 401
    assert client.get("/password/").status_code == 200  # still signed in on this browser


def test_other_browser_sessions_end_with_a_password_change():
    user = UserFactory(username="yugi")
    lost_phone = Client()
    lost_phone.force_login(user)
    here = Client()
    here.force_login(user)

    here.post(
        "/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert lost_phone.get("/password/").status_code == 302  # sent to the login page


def test_saving_a_user_without_changing_the_password_keeps_the_tokens():
    user = UserFactory(username="yugi")
    token = sign_in("yugi")["token"]

    user.first_name = "Yugi"
    user.save()

    assert me(token) == 200


def test_the_schema_describes_the_token_scheme_and_the_sign_out_operations(client):
    import yaml

    schema = yaml.safe_load(client.get("/api/schema/").content)

    schemes = schema["components"]["securitySchemes"]
    assert any(scheme.get("scheme") == "bearer" or "Token" in str(scheme) for scheme in schemes.values())
    assert {"/api/v1/auth/token/", "/api/v1/auth/logout/", "/api/v1/auth/logout-all/"} <= set(schema["paths"])
    token_answer = schema["components"]["schemas"]["Token"]
    assert set(token_answer["properties"]) == {"token", "expiry"}
    assert "429" in schema["paths"]["/api/v1/auth/token/"]["post"]["responses"]


def test_a_program_still_sending_its_revoked_token_can_sign_in_again():
    # given: a program whose token was revoked (or expired) keeps sending it on every call
    UserFactory(username="yugi")
    old = sign_in("yugi")["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {old}")
    client.post("/api/v1/auth/logout/")

    # when
    response = client.post("/api/v1/auth/token/", {"username": "yugi", "password": PASSWORD}, format="json")

    # then: it gets a new token that works
    assert response.status_code == 200
    assert me(response.json()["token"]) == 200


def test_a_wrong_password_for_a_token_is_a_401_that_says_how_to_authenticate():
    UserFactory(username="yugi")

    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "yugi", "password": "nope"}, format="json"
    )

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_signing_in_again_clears_the_callers_expired_tokens_only(django_assert_num_queries):
    UserFactory(username="yugi")
    UserFactory(username="kaiba")
    old, current = sign_in("yugi")["token"], sign_in("yugi")["token"]
    kaibas = sign_in("kaiba")["token"]
    AuthToken.objects.filter(token_key__in=(old[:15], kaibas[:15])).update(
        expiry=timezone.now() - timedelta(seconds=1)
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {current}")
    with django_assert_num_queries(3):  # a call reads its own token (with its user), not the others
        assert client.get("/api/v1/me/").status_code == 200
    assert AuthToken.objects.filter(user__username="yugi").count() == 2

    sign_in("yugi")

    assert AuthToken.objects.filter(user__username="yugi").count() == 2  # the current one and the new one
    assert me(old) == 401
    assert me(current) == 200
    assert (
        AuthToken.objects.filter(user__username="kaiba").count() == 1
    )  # only Kaiba's own sign-in clears his
