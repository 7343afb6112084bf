"""The language a person reads: their browser's, the one they chose (on every device), the store's default."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import Client, override_settings

from accounts.models import Player
from tournaments.tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def html_lang(response: HttpResponse) -> str:
    text = response.content.decode()
    start = text.index('<html lang="') + len('<html lang="')
    return text[start : text.index('"', start)]


def test_the_browser_language_is_honoured():
    response = Client(headers={"accept-language": "pt-BR,pt;q=0.9,en;q=0.5"}).get("/")

    assert html_lang(response) == "pt-br"
    assert response["Content-Language"] == "pt-br"
    assert ">Eventos</a>" in response.content.decode()


def test_a_language_the_site_does_not_speak_falls_back_to_the_store_default():
    with override_settings(LANGUAGE_CODE="es"):
        response = Client(headers={"accept-language": "de-DE,de;q=0.9"}).get("/")

    assert html_lang(response) == "es"
    assert ">Eventos</a>" in response.content.decode()


def test_every_page_offers_the_switch_with_each_language_in_its_own_words():
    text = Client().get("/").content.decode()

    for code, name in (("en", "English"), ("pt-br", "Português Brasileiro"), ("es", "Español")):
        assert f'value="{code}" lang="{code}"' in text
        assert name in text


def test_a_visitor_who_switches_reads_that_language_from_then_on():
    client = Client(headers={"accept-language": "en"})

    response = client.post("/language/", {"language": "es", "next": "/login/"})

    assert response.status_code == 302
    assert response["Location"] == "/login/"
    assert html_lang(client.get("/")) == "es"


def test_a_player_who_switches_on_one_device_reads_that_language_on_another():
    user = UserFactory(username="ana")
    laptop = Client(headers={"accept-language": "en"})
    laptop.force_login(user)

    laptop.post("/language/", {"language": "pt-br", "next": "/"})

    assert Player.objects.get(user=user).language == "pt-br"
    phone = Client(headers={"accept-language": "en-US"})
    phone.post("/login/", {"username": "ana", "password": PASSWORD})
    assert html_lang(phone.get("/")) == "pt-br"


def test_a_choice_made_before_signing_in_becomes_the_players():
    user = UserFactory(username="bea")
    client = Client(headers={"accept-language": "en"})
    client.post("/language/", {"language": "es", "next": "/"})

    client.post("/login/", {"username": "bea", "password": PASSWORD})

    assert Player.objects.get(user=user).language == "es"
    assert html_lang(client.get("/")) == "es"


@pytest.mark.parametrize(
    ("body", "location", "language"),
    [
        ({"language": "tlh", "next": "/login/"}, "/login/", "en"),  # not a language of the site: no change
        ({"language": "es", "next": "https://evil.example/"}, "/", "es"),  # never sent away from the site
        ({"language": "es", "next": "/" + "x" * 3000}, "/", "en"),  # longer than any address: refused
    ],
)
def test_a_bad_switch_changes_nothing_it_should_not(body, location, language):
    client = Client(headers={"accept-language": "en"})

    response = client.post("/language/", body)

    assert response["Location"] == location
    assert html_lang(client.get("/")) == language
