"""The standings page: what players read between rounds and after the top cut."""

from __future__ import annotations

import re

import pytest

from matches.services.judging import match_result_set
from tournaments.services import registration_drop, round_close, round_pair, round_start
from tournaments.tests.event_steps import event_with_players, finish_all, play_round

pytestmark = pytest.mark.django_db


def test_yugioh_standings_show_the_tiebreakers_and_the_tiebreak_number(client):
    event, organizer, _ = event_with_players(4)
    play_round(event, organizer)

    page = client.get(f"/events/{event.slug}/standings/").content.decode()

    assert "Standings after round 1" in page
    assert "<th>OMW%</th><th>OOMW%</th>" in page
    assert "<th>GW%</th>" not in page
    assert re.search(r'<td class="code">\d{8}</td>', page)
    assert "1-0-0" in page
    assert "0-1-0" in page


def test_magic_standings_show_game_win_percentages(client):
    event, organizer, _ = event_with_players(4, game="mtg")
    play_round(event, organizer)

    page = client.get(f"/events/{event.slug}/standings/").content.decode()

    assert "<th>OMW%</th><th>GW%</th><th>OGW%</th>" in page
    assert "Tiebreak" not in page
    assert "100.0%" in page  # the winners' game-win percentage after a 2-0


def test_a_dropped_player_is_marked_and_stays_in_the_standings(client):
    event, organizer, players = event_with_players(4)
    play_round(event, organizer)
    registration_drop(event=event, player=players[0], by=players[0])

    partial = client.get(f"/events/{event.slug}/standings/", headers={"HX-Request": "true"}).content.decode()

    assert "<html" not in partial
    row = next(line for line in partial.split("<tr") if players[0].get_full_name() in line)
    assert "dropped" in row


def test_after_the_top_cut_the_final_standings_come_first(client):
    event, organizer, _ = event_with_players(4, swiss_rounds=1, top_cut=2)
    play_round(event, organizer)
    final = round_pair(event=event, by=organizer)
    round_start(round_=final, by=organizer)
    match = final.matches.get()
    match_result_set(match_id=match.pk, judge=organizer, result="b", games_a=0, games_b=2, note="slip")
    round_close(round_=final, by=organizer)

    page = client.get(f"/events/{event.slug}/standings/").content.decode()

    assert page.index("Final standings") < page.index("Standings after round 1<")  # the Swiss round
    winner_row = page[page.index("Final standings") :].split("</tr>")[1]
    assert match.player_b.get_full_name() in winner_row
    assert "Winner" in winner_row


def test_before_round_one_closes_the_page_says_so(client):
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    finish_all(round_, organizer)

    page = client.get(f"/events/{event.slug}/standings/").content.decode()

    assert "Standings appear when round 1 is closed." in page
