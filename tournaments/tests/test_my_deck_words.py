"""The player's deck box on the event page, read in English, Portuguese and Spanish, on the demo event (Yugi's
Blue-Eyes list, the event with no Forbidden & Limited list chosen).

The builder's counts name the sections as the line above them does ("Principal 40 · Adicional 6"); the list's
headings are the reader's keywords, Main, Extra and Side, and the hint says they are written so; "registered"
agrees with "deck"; and the ruling never says the list respects a Forbidden & Limited list it was not checked
against.
"""

from __future__ import annotations

import html
import re
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.fixture
def yugi(client) -> User:
    call_command("demo", stdout=StringIO())
    user = User.objects.get(username="yugi")
    client.force_login(user)
    return user


def deck_box(client, language: str) -> str:
    """The "My deck" section's text as a person reads it: no tags, one space between words."""
    page = client.get("/events/friday-night-yugioh/", headers={"accept-language": language}).content.decode()
    section = page[page.index('<section id="my-deck"') : page.index("</section>", page.index('id="my-deck"'))]
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", section)).split())
    return re.sub(r" ([.,:;)])", r"\1", text)  # "<code>Side</code>," reads "Side,"


@pytest.mark.parametrize(
    ("language", "registered", "counts", "builder", "copies", "banlist_claim"),
    [
        (
            "en",
            "Registered: Blue-Eyes · Main 40 · Extra 6 · Side 6",
            "Main 0 · Extra 0 · Side 0",
            "under Main, Extra and Side, spelled as shown",
            "No card exceeds 3 copies.",
            "Forbidden & Limited status",
        ),
        (
            "pt-BR",
            "Registrado: Blue-Eyes · Principal 40 · Adicional 6 · Side 6",
            "Principal 0 · Adicional 0 · Side 0",
            "sob Main, Extra e Side, escritos assim, em inglês",
            "Nenhum card passa de 3 cópias.",
            "status na Lista de Proibidos",
        ),
        (
            "es",
            "Registrado: Blue-Eyes · Principal 40 · Extra 6 · Side 6",
            "Principal 0 · Extra 0 · Side 0",
            "bajo Main, Extra y Side, escritos así, en inglés",
            "Ninguna carta supera las 3 copias.",
            "estado en la Lista de Prohibidas",
        ),
    ],
)
def test_the_deck_box_says_one_thing_in_the_readers_words(
    client, yugi, language, registered, counts, builder, copies, banlist_claim
):
    text = deck_box(client, language)

    assert registered in text
    assert counts in text  # the builder's counts, as the line above names the sections
    assert builder in text
    assert copies in text
    assert banlist_claim not in text  # the list was not checked against one: nothing claims it was


def test_the_paste_hint_says_the_headings_are_written_in_english(client, yugi):
    portuguese = deck_box(client, "pt-BR")
    spanish = deck_box(client, "es")

    assert "sob os títulos Main, Extra e Side, escritos assim, em inglês" in portuguese
    assert "(Deck Principal, Deck Adicional e Side Deck)" in portuguese
    assert "bajo los títulos Main, Extra y Side, escritos así, en inglés" in spanish
