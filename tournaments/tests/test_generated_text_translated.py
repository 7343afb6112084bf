"""Text Arbiter writes and stores in English (a no-show penalty's infraction, the name of a list a judge
entered) reads in the reader's language, and rows stored before read the same way."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import translation

from decks.tests.factories import DeckListFactory
from matches.models import Match, Penalty
from tournaments.models import EventRole
from tournaments.services import (
    DeckListLocked,
    registration_deck_replace,
    registration_deck_submit,
    round_pair,
    round_start,
)
from tournaments.tests.event_steps import event_with_players
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory

pytestmark = pytest.mark.django_db


def test_a_no_show_penalty_reads_in_portuguese_on_the_match_page(client):
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    match = Match.objects.filter(round=round_).select_related("player_a").order_by("table").first()
    assert match is not None
    client.force_login(organizer)
    client.post(
        f"/events/{event.slug}/run/matches/{match.pk}/no-show/", {"penalty": "A:game_loss", "form_key": "k-1"}
    )
    penalty = Penalty.objects.get(match=match)
    assert penalty.infraction == "No-show: not at the table when the round started"  # stored in English

    player = Client()  # the player's own phone: not the organizer's session (nor its flash message)
    player.force_login(match.player_a)
    page = player.get(f"/matches/{match.pk}/", headers={"accept-language": "pt-BR"}).content.decode()

    assert "(Perda de jogo): Não compareceu: não estava na mesa quando a rodada começou." in page
    # The duel the penalty decided says why in the same words, not in the English it was stored with.
    assert "Perda de jogo para " in page
    assert "No-show" not in page
    assert "Game loss" not in page


def test_a_judges_own_infraction_reads_as_typed():
    assert Penalty(infraction="Marked cards").infraction_words == "Marked cards"


def test_a_presented_lists_name_reads_in_spanish_on_the_players_event_page(client):
    registration = RegistrationFactory(deck_list=DeckListFactory(), event__name="Nationals")
    organizer = EventRoleFactory(event=registration.event, role=EventRole.Role.ORGANIZER).user
    replaced = registration_deck_replace(
        registration=registration, judge=organizer, reason="Presented list", text="Main\n3 Dark Magician\n"
    )
    assert replaced.deck_list.name == "Nationals (presented to a judge, 1)"  # stored in English

    client.force_login(registration.player)
    page = client.get(
        f"/events/{registration.event.slug}/", headers={"accept-language": "es"}
    ).content.decode()

    assert "Nationals (presentada a un juez, 1)" in page
    assert "presented to a judge" not in page


def test_a_list_a_person_named_reads_as_typed():
    assert DeckListFactory.build(name="Nationals (final)").name_words == "Nationals (final)"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "locked on 11/20/2026 at 7:30 p.m."),
        ("pt-br", "foram bloqueadas em 20/11/2026 às 19:30"),
    ],
)
def test_the_deck_list_deadline_reads_in_the_readers_clock(language, expected):
    """English readers read a 12-hour clock, Portuguese and Spanish ones a 24-hour clock."""
    deadline = datetime(2026, 11, 20, 19, 30, tzinfo=ZoneInfo("UTC"))
    registration = RegistrationFactory(event__decklist_deadline=deadline)
    with translation.override(language), pytest.raises(DeckListLocked) as refused:
        registration_deck_submit(
            registration=registration, deck_list=DeckListFactory(), by=registration.player
        )

    assert expected in str(refused.value)


def test_portuguese_dates_write_the_month_in_lower_case(client):
    """Portuguese writes "26 de novembro de 2026" (Django's own catalogue capitalises the month)."""
    registration = RegistrationFactory(
        event__starts_at=datetime(2026, 11, 26, 19, 30, tzinfo=ZoneInfo("UTC"))
    )

    page = client.get(
        f"/events/{registration.event.slug}/", headers={"accept-language": "pt-BR"}
    ).content.decode()

    assert "26 de novembro de 2026" in page
    assert "Novembro" not in page
