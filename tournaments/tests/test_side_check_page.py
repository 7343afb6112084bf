"""The side deck check page: a judge holds the presented deck against the registered list (the engine's
``side_swap``, Rulebook v10 Side Deck: the Side Deck keeps its count and only registered cards come in)."""

from __future__ import annotations

import pytest

from decks.services import deck_list_create
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory

pytestmark = pytest.mark.django_db

REGISTERED = "Main\n3 Dark Magician\n37 Pot of Greed\nSide\n2 Mystical Space Typhoon\n"


@pytest.fixture
def registration():
    registration = RegistrationFactory()
    registration.deck_list = deck_list_create(
        owner=registration.player, game="yugioh", name="Registered", text=REGISTERED
    )
    registration.save(update_fields=["deck_list"])
    return registration


@pytest.fixture
def judge_client(client, registration):
    client.force_login(EventRoleFactory(event=registration.event, role=EventRole.Role.JUDGE).user)
    return client


def url(registration) -> str:
    return f"/events/{registration.event.slug}/decklists/{registration.pk}/side-check/"


def test_a_one_for_one_swap_is_legal(judge_client, registration):
    swapped = (
        "Main\n2 Dark Magician\n37 Pot of Greed\n1 Mystical Space Typhoon\n"
        "Side\n1 Dark Magician\n1 Mystical Space Typhoon\n"
    )

    page = judge_client.post(url(registration), {"text": swapped}).content.decode()

    assert "Legal" in page
    assert "Not legal" not in page


def test_a_card_that_was_not_registered_is_caught_with_its_name(judge_client, registration):
    swapped = "Main\n3 Dark Magician\n37 Pot of Greed\nSide\n2 Raigeki\n"

    page = judge_client.post(url(registration), {"text": swapped}).content.decode()

    assert "Not legal" in page
    assert "Raigeki" in page


def test_a_changed_side_deck_count_is_caught(judge_client, registration):
    swapped = "Main\n3 Dark Magician\n37 Pot of Greed\nSide\n1 Mystical Space Typhoon\n"

    page = judge_client.post(url(registration), {"text": swapped}).content.decode()

    assert "Not legal" in page
    assert "Side Deck had 2 cards and now has 1" in page


def test_the_page_starts_from_the_registered_list(judge_client, registration):
    page = judge_client.get(url(registration)).content.decode()

    assert "37 Pot of Greed" in page


def test_only_event_staff_may_check(client, registration):
    client.force_login(registration.player)

    assert client.get(url(registration)).status_code == 403
