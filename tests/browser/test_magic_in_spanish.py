"""A Magic match on two phones whose browsers read Spanish (Mexico): Magic's words, in Spanish, throughout.

Magic says games, sideboard, life and "play or draw"; in Spanish: partidas, banquillo, vidas, "¿Jugar o
robar?". The browsers ask for es-MX, which the site serves as its Spanish. Lucía wins the toss, counts her
sideboard and plays; the players report three games from their phones, each report arriving on the other
phone without a reload; the loser of a game chooses for the next one, and Lucía, who lost game 2, draws.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.accessibility import axe_violations
from tests.browser.match_steps import PHONE, SPANISH, arrive
from tournaments.services import event_create, registration_create, round_pair, round_start
from tournaments.tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE = 12_000  # the match page asks for news every 4 s
SHOTS = Path(tempfile.gettempdir()) / "arbiter-screenshots"
LUCIA, MATEO = "Lucía Fernández", "Mateo Rojas"


def phone_in_spanish(browser: Any, live_server: Any, username: str, name: str) -> Any:
    """A phone whose browser asks for Spanish (Mexico), signed in through the Spanish login page."""
    return arrive(browser, live_server, username=username, name=name, viewport=PHONE, words=SPANISH).page


def report_game(page: Any, number: int, winner: str) -> None:
    now = page.locator("section#now")
    expect(now.get_by_role("heading", name=f"Reportar la partida {number}")).to_be_visible(timeout=LIVE)
    now.get_by_label("Cómo terminó").select_option(label="Total de vidas")
    now.get_by_role("button", name=f"{winner} ganó", exact=True).click()


def confirm_game(page: Any, number: int, reported: str) -> None:
    now = page.locator("section#now")
    expect(now.get_by_role("heading", name=f"Confirmar la partida {number}")).to_be_visible(timeout=LIVE)
    expect(now).to_contain_text(reported)
    now.get_by_role("button", name="Es correcto").click()


def choose(page: Any, button: str) -> None:
    now = page.locator("section#now")
    expect(now.get_by_role("heading", name="¿Jugar o robar?")).to_be_visible(timeout=LIVE)
    now.get_by_role("button", name=button, exact=True).click()


def test_a_magic_match_in_spanish_speaks_of_games_sideboards_life_and_play_or_draw(
    live_server, browser, monkeypatch
):
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    lucia_user = cast(User, UserFactory(username="lucia", first_name="Lucía", last_name="Fernández"))
    mateo_user = cast(User, UserFactory(username="mateo", first_name="Mateo", last_name="Rojas"))
    event = event_create(name="Modern del sábado", game="mtg", starts_at=timezone.now(), organizer=organizer)
    for player in (lucia_user, mateo_user):
        registration_create(event=event, player=player)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    match = round_.matches.get()
    lucia_is_a = match.player_a_id == lucia_user.pk
    monkeypatch.setattr(  # the coin lands on Lucía's side (the live server runs in this process)
        "matches.services.duels.secrets",
        SimpleNamespace(choice=lambda sides: sides[0] if lucia_is_a else sides[1]),
    )
    url = f"{live_server.url}/matches/{match.pk}/"
    SHOTS.mkdir(exist_ok=True)
    contexts = []
    try:
        lucia = phone_in_spanish(browser, live_server, "lucia", LUCIA)
        contexts.append(lucia.context)
        mateo = phone_in_spanish(browser, live_server, "mateo", MATEO)
        contexts.append(mateo.context)
        lucia.goto(url)
        mateo.goto(url)

        # The toss, then Lucía counts her sideboard and plays: Mateo's phone follows by itself.
        lucia.locator("section#now").get_by_role("button", name="Lanzar la moneda").click()
        now = lucia.locator("section#now")
        now.get_by_label("Cartas en mi banquillo").fill("7")
        now.get_by_role("button", name="Registrar mi conteo").click()
        expect(mateo.locator("section#side-decks")).to_contain_text(f"{LUCIA}: 7", timeout=LIVE)
        lucia.screenshot(path=str(SHOTS / "es-magic-play-or-draw.png"))
        choose(lucia, "Yo juego")
        expect(mateo.locator("section#duels")).to_contain_text(f"{LUCIA} eligió jugar.", timeout=LIVE)

        # Game 1 to Lucía: Mateo's report arrives on her phone, in Spanish, with names.
        report_game(mateo, 1, LUCIA)
        expect(lucia.locator("section#duels")).to_contain_text(
            f"{MATEO} reporta: {LUCIA} ganó (Total de vidas)", timeout=LIVE
        )
        confirm_game(lucia, 1, f"{MATEO} reporta: {LUCIA} ganó (Total de vidas)")

        # Game 2 to Mateo, who chose after losing game 1; then Lucía, who lost it, chooses to draw.
        choose(mateo, "Yo juego")
        report_game(lucia, 2, MATEO)
        confirm_game(mateo, 2, f"{LUCIA} reporta: {MATEO} ganó (Total de vidas)")
        choose(lucia, "Yo robo")
        expect(mateo.locator("section#duels")).to_contain_text(
            f"{LUCIA} eligió robar: {MATEO} jugó primero.", timeout=LIVE
        )

        # Game 3 to Lucía: the match is hers, 2-1, on both phones; no report form is left.
        report_game(lucia, 3, LUCIA)
        confirm_game(mateo, 3, f"{LUCIA} reporta: {LUCIA} ganó (Total de vidas)")
        for page in (lucia, mateo):
            expect(page.locator("section#now")).to_contain_text(f"{LUCIA} gana 2-1", timeout=LIVE)
            expect(page.locator("form.report-form")).to_have_count(0)
        main = lucia.locator("main")
        for yugioh_word in ("Duelo", "duelo", "Side Deck", "LP"):
            expect(main).not_to_contain_text(yugioh_word)
        severe = [v for v in axe_violations(lucia) if "(serious)" in v or "(critical)" in v]
        assert severe == [], severe
        lucia.screenshot(path=str(SHOTS / "es-magic-final.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()
