"""A player's whole evening on a phone whose browser reads Portuguese (Brazil), and nothing in English.

Ana signs in, enters the event and checks in with the code at the counter, finds her table at the top of the
event page, tosses the coin, counts her Side Deck, chooses to play first, and reports her duels; Bruno, on
his own phone, reports too, and his report arrives on Ana's phone without a reload. The organizer closes
the round (the only one), and Ana reads the final standings and her place. Every sentence asserted is the
Portuguese one a player reads; the page says it is Portuguese (``lang``) and no English label is left.
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
from tests.browser.match_steps import PHONE, PORTUGUESE, arrive
from tournaments.services import (
    event_create,
    registration_check_in,
    registration_create,
    round_close,
    round_pair,
    round_start,
)
from tournaments.tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE = 12_000  # the match page asks for news every 4 s
SHOTS = Path(tempfile.gettempdir()) / "arbiter-screenshots"


def phone_in_portuguese(browser: Any, live_server: Any, username: str, name: str) -> Any:
    """A phone whose browser asks for Portuguese (Brazil), signed in through the Portuguese login page."""
    return arrive(browser, live_server, username=username, name=name, viewport=PHONE, words=PORTUGUESE).page


def report_duel(page: Any, number: int, winner: str) -> None:
    now = page.locator("section#now")
    expect(now.get_by_role("heading", name=f"Informar o duelo {number}")).to_be_visible(timeout=LIVE)
    now.get_by_label("Como terminou").select_option(label="Pontos de Vida")
    now.get_by_role("button", name=f"{winner} venceu", exact=True).click()


def confirm_duel(page: Any, number: int, reported: str) -> None:
    now = page.locator("section#now")
    expect(now.get_by_role("heading", name=f"Confirmar o duelo {number}")).to_be_visible(timeout=LIVE)
    expect(now).to_contain_text(reported)
    now.get_by_role("button", name="Está certo").click()


def no_serious_violation(page: Any) -> None:
    severe = [v for v in axe_violations(page) if "(serious)" in v or "(critical)" in v]
    assert severe == [], severe


def test_a_players_evening_in_portuguese_from_entering_to_her_final_place(live_server, browser, monkeypatch):
    olivia = cast(User, UserFactory(username="olivia", first_name="Olívia", last_name="Marques"))
    ana_user = cast(User, UserFactory(username="ana", first_name="Ana", last_name="Souza"))
    bruno_user = cast(User, UserFactory(username="bruno", first_name="Bruno", last_name="Lima"))
    event = event_create(
        name="Sexta de Yu-Gi-Oh!",
        game="yugioh",
        starts_at=timezone.now(),
        organizer=olivia,
        swiss_rounds=1,
        top_cut=0,
    )
    registration_create(event=event, player=bruno_user)
    registration_check_in(event=event, player=bruno_user, by=olivia)
    SHOTS.mkdir(exist_ok=True)
    contexts = []
    try:
        ana = phone_in_portuguese(browser, live_server, "ana", "Ana Souza")
        contexts.append(ana.context)

        # Entering and checking in with the code on the counter's screen.
        ana.goto(f"{live_server.url}/events/{event.slug}/")
        me = ana.locator("section#me")
        me.get_by_role("button", name="Inscrever-se neste evento").click()
        expect(me).to_contain_text("Sem check-in")
        me.get_by_label("Código do evento").fill(event.event_code)
        me.get_by_role("button", name="Fazer check-in").click()
        expect(me).to_contain_text("Check-in feito")
        no_serious_violation(ana)

        # The organizer pairs and starts round 1; the coin will land on Ana's side.
        round_ = round_pair(event=event, by=olivia, seed=1)
        round_start(round_=round_, by=olivia)
        match = round_.matches.get()
        ana_is_a = match.player_a_id == ana_user.pk
        monkeypatch.setattr(
            "matches.services.duels.secrets",
            SimpleNamespace(choice=lambda sides: sides[0] if ana_is_a else sides[1]),
        )

        # Her table leads the event page; it opens her match.
        ana.reload()
        my_table = ana.locator("a.my-table")
        expect(my_table).to_contain_text("Rodada 1")
        expect(my_table).to_contain_text("vs Bruno Lima")
        ana.screenshot(path=str(SHOTS / "pt-event-my-table.png"))
        my_table.click()
        expect(ana.locator("h1")).to_have_text(f"Mesa {match.table}")

        bruno = phone_in_portuguese(browser, live_server, "bruno", "Bruno Lima")
        contexts.append(bruno.context)
        bruno.goto(f"{live_server.url}/matches/{match.pk}/")

        # The toss, her Side Deck count, her choice: each arrives on Bruno's phone by itself.
        now = ana.locator("section#now")
        now.get_by_role("button", name="Tirar cara ou coroa").click()
        expect(now.get_by_role("heading")).to_have_text("Jogar primeiro ou segundo?")
        now.get_by_label("Cards no meu Side Deck").fill("3")
        now.get_by_role("button", name="Registrar minha contagem").click()
        expect(bruno.locator("section#side-decks")).to_contain_text("Ana Souza: 3", timeout=LIVE)
        ana.screenshot(path=str(SHOTS / "pt-match-choose.png"))
        ana.locator("section#now").get_by_role("button", name="Eu jogo primeiro").click()
        expect(bruno.locator("section#duels")).to_contain_text(
            "Ana Souza escolheu jogar primeiro: Ana Souza começou.", timeout=LIVE
        )
        no_serious_violation(ana)

        # Duel 1: Bruno reports first; his report arrives on Ana's phone, in Portuguese, with names.
        report_duel(bruno, 1, "Ana Souza")
        expect(ana.locator("section#duels")).to_contain_text(
            "Bruno Lima informa: Ana Souza venceu (Pontos de Vida)", timeout=LIVE
        )
        ana.screenshot(path=str(SHOTS / "pt-match-confirm.png"))
        confirm_duel(ana, 1, "Bruno Lima informa: Ana Souza venceu (Pontos de Vida)")

        # Duel 2: Bruno lost, so he chooses; both report, and the match is over on Ana's phone.
        bruno.locator("section#now").get_by_role("button", name="Eu jogo primeiro").click(timeout=LIVE)
        report_duel(ana, 2, "Ana Souza")
        confirm_duel(bruno, 2, "Ana Souza informa: Ana Souza venceu (Pontos de Vida)")
        expect(ana.locator("section#now")).to_contain_text("Ana Souza vence por 2-0", timeout=LIVE)
        expect(ana.locator("form.report-form")).to_have_count(0)
        ana.screenshot(path=str(SHOTS / "pt-match-final.png"), full_page=True)

        # The organizer closes the only round: the event is over, and Ana reads her place.
        round_close(round_=round_, by=olivia)
        ana.goto(f"{live_server.url}/events/{event.slug}/standings/")
        expect(ana).to_have_title("Classificação · Sexta de Yu-Gi-Oh! · Arbiter")
        expect(ana.locator("main")).to_contain_text("Você venceu este evento: 1º lugar entre 2")
        expect(ana.locator("#standings")).to_contain_text("Classificação após a rodada 1")
        expect(ana.get_by_text("Standings", exact=True)).to_have_count(0)
        no_serious_violation(ana)
        ana.screenshot(path=str(SHOTS / "pt-standings-final.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()
