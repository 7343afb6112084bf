"""Players make their own accounts, walk-ins claim the record the organizer typed, and a forgotten password
is a link by e-mail: nobody needs the admin or a shell for any of it."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.exceptions import ValidationError

from accounts.models import Player
from accounts.services import walk_in_create
from matches.tests.factories import MatchFactory
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-Duelist-pass-42"


def test_a_player_signs_up_and_is_signed_in_with_their_name_and_id(client):
    response = client.post(
        "/signup/",
        {
            "username": "tea",
            "first_name": "Tea",
            "last_name": "Gardner",
            "email": "tea@example.com",
            "official_id": "0000 4242 42",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
    )

    assert "Welcome, Tea Gardner: your account is ready." in response.content.decode()
    assert response.context["user"].username == "tea"
    assert User.objects.get(username="tea").player.official_id == "0000424242"


def test_a_sign_up_with_a_weak_password_is_refused_naming_the_field_and_creates_nobody(client):
    response = client.post(
        "/signup/",
        {
            "username": "tea",
            "first_name": "Tea",
            "email": "tea@example.com",
            "password1": "1234",
            "password2": "1234",
        },
    )

    assert response.status_code == 400
    assert "This password is too short." in response.content.decode()
    assert not User.objects.filter(username="tea").exists()


def test_a_walk_in_claims_their_record_and_keeps_what_they_played(client):
    organizer = UserFactory()
    walk_in = walk_in_create(name="Mai Valentine", official_id="", by=organizer)
    match = MatchFactory(player_a=walk_in)
    code = walk_in.player.claim_code
    assert code is not None

    claimed = client.post(
        "/claim/",
        {"code": code.lower(), "username": "mai", "password1": PASSWORD, "password2": PASSWORD},
        follow=True,
    )
    again = client.post(
        "/claim/", {"code": code, "username": "mai2", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert "The record is yours, Mai Valentine: you are signed in." in claimed.content.decode()
    walk_in.refresh_from_db()
    assert walk_in.username == "mai"
    assert walk_in.check_password(PASSWORD)
    assert match.player_a_id == walk_in.pk  # the same person: the matches already played are theirs
    assert again.status_code == 409
    assert "This record is claimed already" in again.content.decode()


def test_a_wrong_claim_code_or_a_taken_username_changes_nothing(client):
    UserFactory(username="joey")
    walk_in = walk_in_create(name="Duke Devlin", official_id="", by=UserFactory())

    wrong = client.post(
        "/claim/", {"code": "NOPE1234", "username": "duke", "password1": PASSWORD, "password2": PASSWORD}
    )
    taken = client.post(
        "/claim/",
        {"code": walk_in.player.claim_code, "username": "Joey", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert wrong.status_code == 400
    assert "No player record has that code: check it on your slip." in wrong.content.decode()
    assert taken.status_code == 400
    assert "Someone has that username already" in taken.content.decode()
    walk_in.refresh_from_db()
    assert not walk_in.has_usable_password()
    assert Player.objects.get(user=walk_in).claimed_at is None


def test_a_forgotten_password_is_a_link_by_e_mail(client):
    player = UserFactory(username="bakura", email="bakura@example.com")

    client.post("/password/reset/", {"email": "bakura@example.com"})
    link = re.search(r"http://testserver(/password/reset/\S+/)", mail.outbox[0].body)
    assert link is not None
    form = client.get(link.group(1), follow=True)
    changed = client.post(
        form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD}, follow=True
    )

    assert "Your username: bakura" in mail.outbox[0].body
    assert "Your password is changed" in changed.content.decode()
    player.refresh_from_db()
    assert player.check_password(PASSWORD)


def test_two_walk_ins_cannot_share_an_official_id():
    organizer = UserFactory()
    walk_in_create(name="Rex Raptor", official_id="0000111111", by=organizer)

    with pytest.raises(ValidationError) as refused:
        walk_in_create(name="Weevil Underwood", official_id="0000 111 111", by=organizer)

    assert "Rex Raptor already has the player id 0000111111" in str(refused.value)
    assert not User.objects.filter(first_name="Weevil").exists()
