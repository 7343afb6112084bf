"""Each player's record going into the round (W-L-D) on the public pairings and the match slips, read once
for the round: the page costs the same queries for 8 players as for 32."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import EventRole
from tournaments.services import round_pair
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import EventRoleFactory

pytestmark = pytest.mark.django_db


def _row_of(page: str, name: str) -> str:
    """The text of the first table row that starts with ``name`` (tags dropped, spaces squeezed)."""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, flags=re.S):
        text = " ".join(re.sub(r"<[^>]+>", " ", row).split())
        if text.startswith(name) or re.match(rf"\d+ {re.escape(name)}", text):
            return text
    raise AssertionError(f"no row for {name}")


def _two_rounds_played(players: int = 8):
    event, organizer, entrants = event_with_players(players)
    play_round(event, organizer, seed=1)
    play_round(event, organizer, seed=2)
    round_pair(event=event, by=organizer, seed=3)
    return event, organizer, entrants


def _winner_of_both(event, entrants):
    """A player who won both rounds (side A wins every table, so someone is 2-0)."""
    wins = {player.pk: 0 for player in entrants}
    for round_ in event.rounds.filter(number__lte=2):
        for match in round_.matches.all():
            wins[match.player_a_id] += 1
    return next(player for player in entrants if wins[player.pk] == 2)


def test_a_player_who_won_twice_shows_2_0_0_on_the_pairings(client):
    event, _, entrants = _two_rounds_played()
    leader = _winner_of_both(event, entrants)

    by_name = client.get(f"/events/{event.slug}/pairings/?view=name").content.decode()
    by_table = client.get(f"/events/{event.slug}/pairings/").content.decode()

    assert _row_of(by_name, leader.get_full_name()).startswith(f"{leader.get_full_name()} record 2-0-0 ")
    assert f"{leader.get_full_name()} record 2-0-0" in _row_of(by_table, leader.get_full_name())
    assert "wins-losses-draws" in by_table  # what the three numbers mean is said once


def test_an_earlier_round_shows_the_records_as_they_were_then(client):
    event, _, entrants = _two_rounds_played()
    leader = _winner_of_both(event, entrants)

    round_1 = client.get(f"/events/{event.slug}/rounds/1/pairings/?view=name").content.decode()
    round_2 = client.get(f"/events/{event.slug}/rounds/2/pairings/?view=name").content.decode()

    assert "record 0-0-0" in _row_of(round_1, leader.get_full_name())
    assert "record 1-0-0" in _row_of(round_2, leader.get_full_name())


def test_the_match_slips_carry_each_players_record(client):
    event, organizer, entrants = _two_rounds_played()
    leader = _winner_of_both(event, entrants)
    client.force_login(organizer)

    page = client.get(f"/events/{event.slug}/rounds/3/slips/").content.decode()

    assert "Record going in" in page
    assert _row_of(page, leader.get_full_name()) == f"{leader.get_full_name()} 2-0-0"


@pytest.mark.parametrize("path", ["pairings/", "pairings/?view=name", "rounds/3/slips/"])
def test_records_cost_the_same_queries_for_8_players_as_for_32(client, path):
    counts = []
    for players in (8, 32):
        event, _, _ = _two_rounds_played(players)
        judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
        client.force_login(judge)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(f"/events/{event.slug}/{path}")
        assert page.status_code == 200
        assert "2-0-0" in page.content.decode()
        counts.append(len(queries))
        event.delete()
    assert counts[0] == counts[1], counts
    assert counts[1] <= 20, counts


def test_a_walk_ins_slip_carries_their_claim_code_and_an_official_id_is_printed(client):
    from accounts.services import official_id_set

    event, organizer, entrants = event_with_players(3)
    client.force_login(organizer)
    client.post(f"/events/{event.slug}/run/enter/", {"name": "Rex Raptor"})
    official_id_set(user=entrants[0], official_id="0000123456")
    round_pair(event=event, by=organizer, seed=1)
    walk_in = event.registrations.get(player__first_name="Rex").player

    page = client.get(f"/events/{event.slug}/rounds/1/slips/").content.decode()

    code = walk_in.player.claim_code
    claim = "Rex Raptor: report from your phone next round. Claim your record at http://testserver/claim/"
    assert f"{claim} with the code <strong>{code}</strong>." in page
    assert "Player id 0000123456" in page


def test_the_pairings_show_each_players_official_id(client):
    from accounts.services import official_id_set

    event, organizer, entrants = event_with_players(4)
    official_id_set(user=entrants[0], official_id="0000123456")
    round_pair(event=event, by=organizer, seed=1)

    by_table = client.get(f"/events/{event.slug}/pairings/").content.decode()
    by_name = client.get(f"/events/{event.slug}/pairings/?view=name").content.decode()

    assert '<span class="meta official-id">0000123456</span>' in by_table
    assert _row_of(by_name, entrants[0].get_full_name()).startswith(
        f"{entrants[0].get_full_name()} 0000123456"
    )


def test_a_final_result_names_the_winner_not_a_side_letter(client):
    event, organizer, _ = event_with_players(4)
    round_ = play_round(event, organizer, seed=1)
    winner = round_.matches.select_related("player_a").order_by("table").first().player_a

    page = client.get(f"/events/{event.slug}/rounds/1/pairings/").content.decode()

    assert f"{winner.get_full_name()} wins" in page
    assert "Player A wins" not in page
