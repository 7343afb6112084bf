"""Calling the judge from a Magic match: the dispute page offers the Magic builder; JSON stays available."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Dispute, Match
from matches.tests.factories import DuelFactory, MatchFactory
from rules.tests.test_mtg_builder import blocked_creature_form
from tournaments.tests.factories import EventFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def magic_match() -> Match:
    match = MatchFactory(
        round=RoundFactory(event=EventFactory(game="mtg")),
        player_a=UserFactory(first_name="Chandra", last_name=""),
        player_b=UserFactory(first_name="Jace", last_name=""),
    )
    return cast(Match, match)


def browser(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_magic_match_opens_on_the_magic_builder_with_20_life(magic_match: Match):
    page = (
        browser(magic_match.player_a)
        .get(reverse("match-dispute-new", args=[magic_match.pk]) + "?mode=build")
        .content.decode()
    )

    assert "The game (A = Chandra, B = Jace)" in page
    assert 'name="life_a" value="20"' in page
    assert 'name="life_b" value="20"' in page
    assert 'name="combat"' in page
    assert 'name="lp_a"' not in page  # not the Yu-Gi-Oh! builder
    assert 'href="?mode=json"' in page


def test_json_mode_stays_available_for_a_magic_match(magic_match: Match):
    url = reverse("match-dispute-new", args=[magic_match.pk]) + "?mode=json"

    page = browser(magic_match.player_a).get(url).content.decode()

    assert "&quot;game&quot;: &quot;mtg&quot;" in page
    assert "&quot;life&quot;: 20" in page
    assert 'name="active_player"' not in page


def test_a_magic_match_dispute_gets_the_engines_ruling(magic_match: Match):
    DuelFactory(match=magic_match)
    form = {**blocked_creature_form(), "summary": "Does the Bears die?", "idempotency_key": "mtg-1"}

    response = browser(magic_match.player_b).post(reverse("match-dispute-new", args=[magic_match.pk]), form)

    dispute = Dispute.objects.get()
    assert response["Location"] == reverse("match-dispute-detail", args=[magic_match.pk, dispute.pk])
    page = browser(magic_match.player_b).get(response["Location"]).content.decode()
    assert "420.5c" in page  # the rule the ruling rests on, shown to the players
