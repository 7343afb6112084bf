"""Beneath a ruling's rulebook passage, a reader whose language has a rulebook stating the same rule reads
that rulebook's words too: on the ruling page, the dispute page, the match page and the preview."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from matches.models import Match
from matches.services.disputes import dispute_open_with_ruling
from matches.tests.factories import MatchFactory
from rules.engine import judge
from rules.engine.yugioh import passages as ygo
from rules.narration import ruling_in_words
from rules.passages import parallels_in_words
from rules.tests.conftest import example
from tournaments.tests.factories import UserFactory

TRIBUTES_PT = "Monstros de Nível 5 ou 6 requerem 1 Tributo e monstros de Nível 7 ou mais requerem 2 Tributos."
FACE_DOWN_ES = (
    "Si atacas una carta en Posicion de Defensa boca abajo, voltea la carta a Posicion de Defensa boca arriba"
    " durante el Damage Step."
)


def read(client: Client, url: str, language: str) -> str:
    """The page as a reader in ``language`` gets it (the active translation, and the browser's header)."""
    with translation.override(language):
        return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_portuguese_reader_is_introduced_to_the_90_rulebooks_words():
    with translation.override("pt-br"):
        (parallel,) = parallels_in_words(ygo.NORMAL_SET.as_dict())
    with translation.override("en"):
        english = parallels_in_words(ygo.NORMAL_SET.as_dict())

    assert (
        parallel.introduction
        == "No livro de regras em português, versão 9.0, Invocar Cards de Monstro, Baixar, pp. 20-21:"
    )
    assert parallel.quote.endswith("com a face para baixo em Posição de Defesa é chamado de Baixar.")
    assert parallel.language == "pt"
    assert english == []  # the cited book is English already


def test_a_spanish_reader_gets_the_page_the_spanish_book_shows():
    (parallel,) = parallels_in_words(ygo.FACE_DOWN_TARGET.cite(), "es")

    assert parallel.introduction.startswith("In the Spanish rulebook (Synchro era), Reglas de Batallas de")
    assert parallel.introduction.endswith("Atacar una Carta Boca Abajo, p. 34:")
    assert parallel.quote.startswith(FACE_DOWN_ES)


def test_a_passage_the_engine_no_longer_cites_has_no_parallel_and_breaks_nothing():
    assert parallels_in_words({"document": "Yu-Gi-Oh! Rulebook 9.0", "passage": "a rule of old"}, "es") == []
    assert parallels_in_words("", "es") == []
    assert parallels_in_words(None, "es") == []


@pytest.mark.django_db
def test_the_ruling_page_quotes_the_portuguese_rulebook_to_a_portuguese_reader_only(client: Client):
    client.force_login(cast(User, UserFactory()))
    dispute = example("ygo-tribute-summon-level-6")["dispute"]
    created = client.post("/rulings/new/", {"mode": "json", "dispute": json.dumps(dispute)})
    url = created["Location"]

    portuguese = read(client, url, "pt-br")
    english = read(client, url, "en")

    # The v10 passage is quoted as before, in both.
    assert "Monsters that are Level 5 or 6 require 1 Tribute" in portuguese
    assert "Monsters that are Level 5 or 6 require 1 Tribute" in english
    assert f'<q lang="pt">{TRIBUTES_PT}</q>' in portuguese
    assert TRIBUTES_PT not in english
    assert "In the Portuguese rulebook 9.0" not in english


@pytest.mark.django_db
def test_the_dispute_and_match_pages_quote_the_spanish_rulebook_to_a_spanish_reader():
    match = cast(Match, MatchFactory())
    attack: dict[str, Any] = example("ygo-attack-set-monster")["dispute"]
    dispute = dispute_open_with_ruling(
        match_id=match.pk, opened_by=match.player_a, summary="Flip?", dispute=attack, duel_number=None
    )
    player = Client()
    player.force_login(match.player_a)
    detail = reverse("match-dispute-detail", args=[match.pk, dispute.pk])
    match_page = reverse("match-detail", args=[match.pk])

    spanish, english = read(player, detail, "es"), read(player, detail, "en")

    assert "vire o card com a face para cima em Posição de Defesa na Etapa de Dano" in spanish  # as before
    assert FACE_DOWN_ES in spanish
    assert 'lang="es"' in spanish
    assert FACE_DOWN_ES not in english
    assert FACE_DOWN_ES in read(player, match_page, "es")  # the first rule, beside the dispute
    assert FACE_DOWN_ES not in read(player, match_page, "en")


def test_the_preview_beside_the_form_quotes_the_readers_rulebook_too():
    dispute = example("ygo-tribute-summon-level-6")["dispute"]
    words = ruling_in_words(dispute, judge(dispute))

    with translation.override("pt-br"):
        portuguese = render_to_string("rules/_ruling_words.html", {"words": words})
    with translation.override("en"):
        english = render_to_string("rules/_ruling_words.html", {"words": words})

    # The preview shows the first passage: a Normal Summon (v10), "Simplesmente coloque o Card de Monstro".
    assert '<q lang="pt">Simplesmente coloque o Card de Monstro da sua mão' in portuguese
    assert "Simplesmente coloque" not in english
