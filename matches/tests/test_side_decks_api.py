"""The side decks API and the "Side Decks" section of the match page: counts shown to the opponent, swaps
judged by the engine (Yu-Gi-Oh! Rulebook v10, "Side Deck"), and a player's sided cards kept from their
opponent."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from matches.models import SideDeckCount, SideSwap
from matches.services import duel_start, match_coin_toss
from matches.services.side_decks import side_deck_count_record, side_swap_record
from matches.tests.factories import MatchFactory, coin_landing_on
from matches.tests.test_side_decks import play_duel, register
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db

LEGAL = {
    "in": [{"name": "Mystical Space Typhoon", "count": 1}],
    "out": [{"name": "Dark Magician", "count": 1}],
}
ILLEGAL = {
    "in": [{"name": "Mystical Space Typhoon", "count": 2}],
    "out": [{"name": "Dark Magician", "count": 1}],
}


@pytest.fixture
def match():
    match = MatchFactory(
        player_a=UserFactory(first_name="Yugi", last_name="Muto"),
        player_b=UserFactory(first_name="Seto", last_name="Kaiba"),
    )
    register(match, match.player_a)
    register(match, match.player_b)
    return match


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_counts_are_recorded_and_shown_to_the_opponent(match):
    response = api(match.player_a).post(
        reverse("api-match-side-deck-count", args=[match.pk]), {"count": 15}, format="json"
    )

    body = api(match.player_b).get(reverse("api-match-side-decks", args=[match.pk])).json()
    assert response.status_code == 200
    assert response.json()["registered_count"] == 3
    assert body["before_duel_1"] is True
    assert [(c["player"], c["count"], c["registered_count"]) for c in body["counts"]] == [
        (match.player_a.username, 15, 3)
    ]


def test_a_count_is_refused_once_duel_1_started_and_outside_0_to_15(match):
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    duel_start(match_id=match.pk, player=match.player_a, choice="first")
    url = reverse("api-match-side-deck-count", args=[match.pk])

    late = api(match.player_a).post(url, {"count": 15}, format="json")
    too_many = api(match.player_a).post(url, {"count": 16}, format="json")

    assert late.status_code == 409
    assert "Duel 1 has started" in late.json()["detail"]
    assert too_many.status_code == 400
    assert "count" in too_many.json()


def test_a_stranger_is_refused(match):
    stranger = UserFactory()
    play_duel(match)

    count = api(stranger).post(
        reverse("api-match-side-deck-count", args=[match.pk]), {"count": 1}, format="json"
    )
    swap = api(stranger).post(reverse("api-match-side-swaps", args=[match.pk]), LEGAL, format="json")
    page = APIClient()
    page.force_login(stranger)
    form = page.post(reverse("match-side-swap", args=[match.pk]), {"in": "", "out": ""})

    assert (count.status_code, swap.status_code, form.status_code) == (403, 403, 403)


def test_a_legal_swap_is_recorded_once_per_idempotency_key(match):
    play_duel(match)
    url = reverse("api-match-side-swaps", args=[match.pk])

    first = api(match.player_b).post(url, LEGAL, format="json", HTTP_IDEMPOTENCY_KEY="swap-1")
    again = api(match.player_b).post(url, LEGAL, format="json", HTTP_IDEMPOTENCY_KEY="swap-1")

    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    body = first.json()
    assert (body["duel_number"], body["legal"], body["hidden"], body["problems"]) == (2, True, False, [])
    assert body["moves"]["in"] == [{"name": "Mystical Space Typhoon", "count": 1}]
    assert SideSwap.objects.filter(match=match).count() == 1


def test_an_illegal_swap_gives_the_engines_reason_and_the_rule(match):
    play_duel(match)

    body = api(match.player_a).post(reverse("api-match-side-swaps", args=[match.pk]), ILLEGAL, format="json")

    assert body.status_code == 200
    problem = body.json()["problems"][0]
    assert body.json()["legal"] is False
    assert problem["code"] == "side.count_changed"
    assert "The Side Deck had 3 cards and now has 2" in problem["message"]
    assert problem["rule"]


def test_a_card_not_in_the_side_deck_is_a_400_naming_it(match):
    play_duel(match)
    moves = {"in": [{"name": "Raigeki", "count": 1}], "out": [{"name": "Dark Magician", "count": 1}]}

    response = api(match.player_a).post(
        reverse("api-match-side-swaps", args=[match.pk]), moves, format="json"
    )

    assert response.status_code == 400
    assert "Raigeki" in response.json()["moves"][0]


def test_the_opponent_gets_the_verdict_without_the_cards_and_a_judge_gets_everything(match):
    play_duel(match)
    side_swap_record(
        match_id=match.pk,
        player=match.player_a,
        moves={
            "in": [{"name": "Mystical Space Typhoon", "count": 3}],
            "out": [{"name": "Dark Magician", "count": 3}],
        },
    )
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    url = reverse("api-match-side-decks", args=[match.pk])

    theirs = api(match.player_b).get(url).json()["swaps"][0]
    judges = api(judge).get(url).json()["swaps"][0]

    assert (theirs["hidden"], theirs["moves"], theirs["presented"], theirs["legal"]) == (
        True,
        None,
        None,
        False,
    )
    assert "Mystical" not in str(theirs)
    assert judges["hidden"] is False
    assert "Mystical Space Typhoon" in str(judges["moves"])


# --- the page ---


def page_client(user):
    client = APIClient()
    client.force_login(user)
    return client


def test_the_page_shows_the_section_to_both_players_with_the_counts(match):
    side_deck_count_record(match_id=match.pk, player=match.player_a, count=15)

    for player in (match.player_a, match.player_b):
        page = page_client(player).get(reverse("match-detail", args=[match.pk])).content.decode()
        assert 'id="side-decks"' in page
        assert "Yugi Muto</strong>: 15 cards in the Side Deck" in page
        assert "registered list has 3" in page


def test_the_count_form_is_prefilled_with_the_registered_count_and_records_by_htmx(match):
    client = page_client(match.player_b)

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    section = client.post(
        reverse("match-side-deck-count", args=[match.pk]), {"count": "3"}, HTTP_HX_REQUEST="true"
    ).content.decode()

    assert 'name="count" min="0" max="15" value="3"' in page
    assert '<section id="side-decks"' in section  # the whole match body comes back, the count in it
    assert "Seto Kaiba</strong>: 3 cards in the Side Deck" in section
    assert SideDeckCount.objects.get(match=match, player=match.player_b).count == 3


def test_a_swap_from_the_page_shows_the_verdict_and_hides_the_cards_from_the_opponent(match):
    play_duel(match)

    response = page_client(match.player_a).post(
        reverse("match-side-swap", args=[match.pk]),
        {"in": "2 Mystical Space Typhoon\n", "out": "Dark Magician"},
        HTTP_HX_REQUEST="true",
    )
    opponent = page_client(match.player_b).get(reverse("match-detail", args=[match.pk])).content.decode()

    section = response.content.decode()
    assert response.status_code == 200
    assert "illegal" in section
    assert "The Side Deck had 3 cards and now has 2" in section
    assert "2 Mystical Space Typhoon" in section  # the player sees their own cards
    assert "illegal" in opponent
    assert "The Side Deck had 3 cards and now has 2" in opponent
    assert "Mystical Space Typhoon" not in opponent
    assert "Record my swap" in opponent  # the opponent records their own swap


def test_a_legal_swap_from_the_page_redirects_without_htmx(match):
    play_duel(match)
    client = page_client(match.player_a)

    response = client.post(
        reverse("match-side-swap", args=[match.pk]),
        {"in": "1 Mystical Space Typhoon", "out": "1x Dark Magician"},
    )
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()

    assert response.status_code == 302
    assert SideSwap.objects.get(match=match).legal is True
    assert "legal</span>" in page


def test_a_bad_line_is_a_400_naming_the_line_and_keeps_what_was_typed(match):
    play_duel(match)
    client = page_client(match.player_a)
    data = {"in": "1 Mystical Space Typhoon\n3\n", "out": "0 Dark Magician"}

    plain = client.post(reverse("match-side-swap", args=[match.pk]), data)
    htmx = client.post(reverse("match-side-swap", args=[match.pk]), data, HTTP_HX_REQUEST="true")

    page = plain.content.decode()
    assert plain.status_code == 400
    assert "Line 2 of &quot;Cards in (from your Side Deck)&quot;" in page
    assert "Line 1 of &quot;Cards out&quot;" in page
    assert "0 Dark Magician</textarea>" in page
    assert htmx.status_code == 200  # htmx 2 swaps only 2xx responses
    assert "Line 2 of &quot;Cards in (from your Side Deck)&quot;" in htmx.content.decode()
    assert not SideSwap.objects.exists()
