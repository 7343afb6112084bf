"""A drawn match or duel reads as a tie in every language, never as drawing a card (the same English word),
and the standings' first column is the place, not a card's Rank."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from matches.tests.factories import MatchFactory
from tournaments.models import EventRole
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import EventRoleFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "tie", "draw_a_card"), [("pt-BR", "Empate", "Comprar"), ("es", "Empate", "Robar")]
)
def test_the_judges_result_menu_offers_a_tie_not_drawing_a_card(language, tie, draw_a_card):
    match = MatchFactory()
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    client = Client()
    client.force_login(judge)

    page = client.get(reverse("match-detail", args=[match.pk]), headers={"accept-language": language})

    text = page.content.decode()
    assert f'value="draw">{tie}</option>' in text
    assert draw_a_card not in text


def test_the_standings_first_column_is_the_place(client):
    event, organizer, _ = event_with_players(4)
    play_round(event, organizer)

    page = client.get(
        reverse("event-standings", args=[event.slug]), headers={"accept-language": "pt-BR"}
    ).content.decode()

    assert '<span class="visually-hidden">Posição</span>' in page
    assert "Classe" not in page
