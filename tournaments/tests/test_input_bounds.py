"""List input is bounded by what the game allows and handled in linear time (docs/decisions/0009).

A side check of 4,000 entries took 17 s and one of 20,000 outlived the web worker; a 40,000-card hand took
9.4 s and stored 2.4 MB. Oversize input is now a 400 naming the field and the limit, given before any card
is looked up (the query counts show it), and input within the bounds costs a fixed number of queries
instead of one per card.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from decks.models import DeckList
from decks.tests.factories import CardFactory, DeckListFactory
from matches.tests.factories import MatchFactory
from matches.tests.test_side_decks import play_duel, register
from rules.engine.limits import MTG_LIST_ITEMS, YGO_PLAYER_CARDS
from rules.models import Ruling
from tests.api_clients import client_for
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def entries(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Card {i}", "count": 1} for i in range(count)]


def test_a_side_check_of_thousands_of_entries_is_refused_naming_the_field_before_any_lookup(
    django_assert_max_num_queries,
):
    registered = DeckListFactory()
    client = client_for(registered.owner)

    with django_assert_max_num_queries(0):
        response = client.post(
            "/api/v1/decks/side-check/",
            {"registered": registered.pk, "presented": {"main": entries(4_000)}},
            format="json",
        )

    assert response.status_code == 400
    assert "no more than 500" in str(response.json()["presented"]["main"])


def test_a_yugioh_side_check_over_the_games_bound_names_the_section_and_the_rule():
    registered = DeckListFactory()

    response = client_for(registered.owner).post(
        "/api/v1/decks/side-check/",
        {"registered": registered.pk, "presented": {"main": entries(YGO_PLAYER_CARDS + 1)}},
        format="json",
    )

    assert response.status_code == 400
    message = response.json()["presented"][0]
    assert message.startswith("presented.main: has 91 items; at most 90")
    assert "Rulebook v10" in message


def test_a_side_check_at_the_bound_is_judged_with_a_fixed_number_of_queries(django_assert_max_num_queries):
    """One query for every card name, not one per entry (the engine asks card by card)."""
    for i in range(YGO_PLAYER_CARDS):
        CardFactory(name=f"Card {i}")
    registered = DeckListFactory()
    client = client_for(registered.owner)

    with django_assert_max_num_queries(6):
        response = client.post(
            "/api/v1/decks/side-check/",
            {"registered": registered.pk, "presented": {"main": entries(YGO_PLAYER_CARDS)}},
            format="json",
        )

    assert response.status_code == 200
    assert response.json()["legal"] is False


def test_a_pasted_list_of_more_different_cards_than_a_deck_has_is_one_problem_and_no_lookups(
    django_assert_max_num_queries,
):
    for i in range(5):
        CardFactory(name=f"Real card {i}")
    text = "\n".join(f"1 Unknown card {i}" for i in range(2_000))
    client = client_for(UserFactory())

    with django_assert_max_num_queries(1):  # "does the catalog hold cards at all?", no name is looked up
        response = client.post(
            "/api/v1/decks/", {"game": "yugioh", "name": "Too long", "text": text}, format="json"
        )

    assert response.status_code == 400
    assert response.json()["text"] == [
        "line 91: the Main Deck lists more than 90 different cards; no Yu-Gi-Oh! deck has that many"
    ]
    assert not DeckList.objects.exists()


def test_a_list_of_unknown_names_gets_suggestions_for_the_first_few_and_every_line_named():
    CardFactory(name="Dark Magician")
    text = "\n".join(f"1 Dark Magican {i}" for i in range(20))

    response = client_for(UserFactory()).post(
        "/api/v1/decks/", {"game": "yugioh", "name": "Typos", "text": text}, format="json"
    )

    problems = response.json()["problems"]
    assert response.status_code == 400
    assert [problem["line"] for problem in problems] == list(range(1, 21))
    assert [bool(problem["suggestions"]) for problem in problems] == [True] * 3 + [False] * 17


def test_a_magic_list_may_be_long_but_not_longer_than_any_deck():
    text = "\n".join(f"1 Card {i}" for i in range(MTG_LIST_ITEMS + 1))

    response = client_for(UserFactory()).post(
        "/api/v1/decks/", {"game": "mtg", "name": "Battle of Wits", "text": text}, format="json"
    )

    assert response.status_code == 400
    assert "more than 500 different cards" in response.json()["text"][0]


def hand(size: int) -> list[dict[str, Any]]:
    return [{"id": f"a{i}", "name": f"Card {i}"} for i in range(size)]


def dispute(cards: list[dict[str, Any]]) -> dict[str, Any]:
    players = {"A": {"hand": cards}, "B": {}}
    state = {"turn": 1, "turn_player": "A", "phase": "main1", "players": players}
    return {"game": "yugioh", "state": state, "action": {"type": "check_state"}}


def test_a_forty_thousand_card_hand_is_refused_at_the_body_limit_and_nothing_is_stored():
    response = client_for(UserFactory()).post("/api/v1/rulings/", dispute(hand(40_000)), format="json")

    assert response.status_code == 400
    assert "this endpoint takes at most 1048576" in response.json()["detail"]
    assert not Ruling.objects.exists()


def test_a_hand_larger_than_a_deck_is_a_400_naming_the_hand_before_any_lookup(django_assert_max_num_queries):
    cards = [{"id": str(i)} for i in range(10_000)]
    client = client_for(UserFactory())

    with django_assert_max_num_queries(0):
        response = client.post("/api/v1/rulings/", dispute(cards), format="json")

    assert response.status_code == 400
    assert response.json()["problems"][0]["path"] == "$.state.players.A.hand"
    assert "has 10000 items; at most 90" in response.json()["problems"][0]["message"]
    assert not Ruling.objects.exists()


def test_a_ruling_on_a_full_hand_looks_its_cards_up_in_one_query(django_assert_max_num_queries):
    for i in range(YGO_PLAYER_CARDS):
        CardFactory(name=f"Card {i}")
    client = client_for(UserFactory())

    with django_assert_max_num_queries(6):
        response = client.post("/api/v1/rulings/", dispute(hand(YGO_PLAYER_CARDS)), format="json")

    assert response.status_code == 201


def test_a_side_swap_moving_thousands_of_cards_is_refused_naming_moves():
    match = MatchFactory()
    register(match, match.player_a)
    register(match, match.player_b)
    play_duel(match)

    response = client_for(match.player_a).post(
        reverse("api-match-side-swaps", args=[match.pk]), {"in": entries(5_000), "out": []}, format="json"
    )

    assert response.status_code == 400
    assert "no more than 500" in str(response.json()["in"])


def test_a_match_dispute_with_a_hand_larger_than_a_deck_is_a_400_naming_the_hand():
    match = MatchFactory()
    body = {"summary": "He has a lot of cards", "dispute": dispute(hand(YGO_PLAYER_CARDS + 1))}

    response = client_for(match.player_a).post(
        reverse("api-match-disputes", args=[match.pk]), body, format="json"
    )

    assert response.status_code == 400
    assert "state.players.A.hand" in str(response.json()["dispute"])
    assert not Ruling.objects.exists()
