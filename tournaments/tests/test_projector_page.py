"""The projector's page as the server draws it (the browser test covers paging, the clock and axe-core)."""

from __future__ import annotations

import pytest

from tournaments.services import round_pair
from tournaments.tests.event_steps import event_with_players

pytestmark = pytest.mark.django_db


def test_a_paired_round_shows_both_lists_before_it_starts(client):
    event, organizer, players = event_with_players(5)
    round_pair(event=event, by=organizer, seed=1)

    page = client.get(f"/events/{event.slug}/projector/").content.decode()

    assert "Pairings by table" in page
    assert "Players by name" in page
    assert "Find your seat: the round starts soon." in page
    by_name = page.split("Players by name", 1)[1]
    for player in players:  # everyone once, the bye too
        assert by_name.count(f'<tr><td class="who">{player.get_full_name()}</td>') == 1
    assert "bye" in by_name
    assert "Time called" not in page


def test_before_round_1_the_projector_says_when_pairings_appear(client):
    event, _, _ = event_with_players(4)

    page = client.get(f"/events/{event.slug}/projector/").content.decode()

    assert "Pairings appear here when round 1 is paired." in page
