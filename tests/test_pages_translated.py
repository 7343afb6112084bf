"""Every page (tests/pages.py) rendered in Portuguese and in Spanish carries no English sentence.

Each page is rendered twice by the person who reaches it: in English and in the other language. A piece of
text that reads the same in both, once the data is taken out of it (every name and note stored in the
database: people, events, cards, deck lists, what players typed), is a string nobody translated: a string
left out of ``gettext``, or an empty entry of the catalogue. Words that are the same in the three
languages (the games' own: LP, ATK, Side Deck, Xyz...) are listed in ``SAME_IN_EVERY_LANGUAGE``.
"""

from __future__ import annotations

import re

import polib
import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.test import Client

from tests.page_text import page_texts, words_left
from tests.pages import PAGES, build_page_world, every_page

pytestmark = pytest.mark.django_db

# Words a page may show untranslated in every language: the games' terms (as the stores and the official
# Portuguese and Spanish rulebooks keep them), the product's name, abbreviations.
LONG_WORD = re.compile(r"[^\W\d_]{3,}")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|<[^>]+>")

SAME_IN_EVERY_LANGUAGE = {
    "Arbiter",
    "API",
    "CSV",
    "LP",
    "ATK",
    "DEF",
    "Side",
    "Deck",
    "Decks",
    "deck",
    "Link",
    "Xyz",
    "Top",
    "cut",
    "bye",
    "Bye",
    "check",
    "in",
    "Check",
    "OK",
    "Yu",
    "Gi",
    "Oh",
    "Magic",
    "Metagame",  # the players' word in Portuguese and Spanish too
    "Byes",
    "The",
    "Gathering",
    "ID",
    "vs",
    "Banlist",
    "Banlists",
    "banlist",
    "Exodia",
    "OMW",
    "OOMW",
    "GW",
    "OGW",
    "mulligan",
    "Mulligan",
    "Normal",  # a Normal Monster, a Normal Spell: "Normal" in Portuguese and Spanish too
    "Ritual",
    "Planeswalker",
}
# Words the glossary keeps as the stores of one language say them (locale/ and the README's glossary).
# A word of the other game on a Portuguese page of one game's: "carta" on a Yu-Gi-Oh! page, "card" on Magic's.
OTHER_GAMES_CARD = {
    "yugioh": re.compile(r"\bcartas?\b", re.IGNORECASE),
    "mtg": re.compile(r"\bcards?\b", re.IGNORECASE),
}
SAME_IN = {
    # a list's headings; "Card", as Yu-Gi-Oh! players in Brazil say it (a Magic page says "Carta")
    "pt-br": {"Status", "Sideboard", "Sideboards", "sideboard", "Main", "Extra", "Card"},
    "es": {"Extra", "Match", "Matches", "match"},
}


def stored_text() -> list[str]:
    """Every text value stored in the project's tables (not choices: a stored code must never be shown)."""
    values: set[str] = set()
    for model in apps.get_models():
        if model._meta.app_label not in {"accounts", "auth", "decks", "matches", "rules", "tournaments"}:
            continue
        fields = [
            field.name
            for field in model._meta.get_fields()
            if isinstance(field, models.CharField | models.TextField)
            and not field.choices
            and field.name not in {"password", "slug", "code", "claim_code", "key"}
        ]
        for row in model._default_manager.values_list(*fields) if fields else []:
            values.update(str(value) for value in row if value and len(str(value)) > 1)
    for user in User.objects.all():
        values.add(user.get_full_name())
    return sorted(values, key=len, reverse=True)


def english_only_words(locale: str) -> set[str]:
    """Words of three letters or more that the English of the catalogue uses and its translations never do:
    one of them in a Portuguese or Spanish sentence is a piece of English spliced into it."""
    english: set[str] = set()
    translated: set[str] = set()
    for entry in polib.pofile(str(settings.BASE_DIR / "locale" / locale / "LC_MESSAGES" / "django.po")):
        english.update(
            LONG_WORD.findall(PLACEHOLDER.sub(" ", entry.msgid + " " + (entry.msgid_plural or "")))
        )
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            translated.update(LONG_WORD.findall(PLACEHOLDER.sub(" ", text)))
    return english - translated


def texts_of(client: Client, url: str, language: str) -> list[str]:
    response = client.get(url, headers={"accept-language": language})
    assert response.status_code == 200, f"{url} in {language}: {response.status_code}"
    return page_texts(response.content.decode())


def test_no_page_carries_an_english_string_in_portuguese_or_spanish():
    visits = every_page(build_page_world())
    data = stored_text()
    untranslated: dict[str, set[str]] = {}
    other_game: dict[str, set[str]] = {}  # Portuguese: "carta" on a Yu-Gi-Oh! page, "card" on a Magic page
    english_only = {"pt-br": english_only_words("pt_BR"), "es": english_only_words("es")}
    for page, visit in zip(PAGES, visits, strict=True):
        client = Client()
        if visit.username:
            client.force_login(User.objects.get(username=visit.username))
        english = set(texts_of(client, visit.url, "en"))
        for language in ("pt-br", "es"):
            for text in texts_of(client, visit.url, language):
                same = SAME_IN_EVERY_LANGUAGE | SAME_IN[language]
                left = set(words_left(text, data)) - same
                if (text in english and left) or left & english_only[language]:
                    untranslated.setdefault(text, set()).add(f"{visit.label} ({language})")
                if language == "pt-br" and page.game and OTHER_GAMES_CARD[page.game].search(text):
                    other_game.setdefault(text, set()).add(visit.label)

    report = "\n".join(f"  {text!r} on {', '.join(sorted(on))}" for text, on in sorted(untranslated.items()))
    words = "\n".join(f"  {text!r} on {', '.join(sorted(on))}" for text, on in sorted(other_game.items()))
    assert not untranslated, (
        f"{len(untranslated)} strings read the same in English and in another language:\n{report}"
    )
    assert not other_game, (
        f"{len(other_game)} Portuguese strings say the other game's word for a card (Yu-Gi-Oh!: card, "
        f"Magic: carta):\n{words}"
    )
