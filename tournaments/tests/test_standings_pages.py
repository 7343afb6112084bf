"""The standings page: what players read between rounds and after the top cut."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client

from matches.services.judging import match_result_set
from tournaments.selectors.standings import StandingRow
from tournaments.services import registration_drop, round_close, round_pair, round_start
from tournaments.tests.event_steps import event_with_players, finish_all, play_round
from tournaments.views.standings import percent, tiebreakers_shown

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


def test_the_tiebreak_number_keeps_its_leading_zero_alike_in_the_api_the_csv_and_the_page(client):
    event, organizer, _ = event_with_players(4)
    play_round(event, organizer)
    client.force_login(organizer)

    api = client.get(f"/api/v1/events/{event.slug}/standings/").json()["standings"]
    csv_rows = list(
        csv.DictReader(io.StringIO(client.get(f"/events/{event.slug}/export/standings.csv").content.decode()))
    )
    page = client.get(f"/events/{event.slug}/standings/").content.decode()

    numbers = [row["tiebreak_number"] for row in api]
    assert all(isinstance(number, str) and len(number) == 8 for number in numbers)
    assert numbers[0].startswith("03")  # 3 points
    assert numbers[-1].startswith("00")  # 0 points
    assert [row["tiebreak_number"] for row in csv_rows] == numbers
    assert re.findall(r'<td class="code">(\d{8})</td>', page) == numbers


def test_the_percentages_shown_are_the_digits_of_the_tiebreak_number():
    row = StandingRow(
        rank=1,
        player="p1",
        name="P",
        points=3,
        wins=1,
        losses=0,
        draws=0,
        tiebreakers={"omw": 0.7265, "oomw": 1.0},
        tiebreak_number="03727999",
        dropped=False,
    )

    # 0.7265 shown to a tenth could read 72.6% (cut) or 72.7%: the digits say 727. A perfect OOMW is 100%,
    # which its 3 digits can only write 999.
    assert tiebreakers_shown(row, ["omw", "oomw"]) == ["72.7%", "100.0%"]


def test_a_magic_percentage_is_rounded_not_cut():
    assert percent(0.6667) == "66.7%"
    assert percent(0.3333) == "33.3%"


def ranks_on(html: str) -> list[int]:
    return [int(rank) for rank in re.findall(r'<tr id="place-(\d+)"', html)]


def test_a_large_events_standings_come_in_pages_each_polled_alone(client, monkeypatch):
    monkeypatch.setattr("tournaments.views.standings.PAGE_ROWS", 4)  # 10 players: pages of 4, 4 and 2
    event, organizer, players = event_with_players(10)
    play_round(event, organizer)
    url = f"/events/{event.slug}/standings/"

    first = client.get(url).content.decode()
    third = client.get(url, {"page": 3}).content.decode()

    assert ranks_on(first) == [1, 2, 3, 4]
    assert ranks_on(third) == [9, 10]
    for places in ("1 to 4", "5 to 8", "9 to 10"):
        assert places in first
    assert ranks_on(client.get(url, {"page": 99}).content.decode()) == [9, 10]  # past the end: the last
    assert ranks_on(client.get(url, {"page": "x"}).content.decode()) == [1, 2, 3, 4]
    # Each page polls itself: the poll of page 3 gets page 3's table, then 304 until something changes.
    assert f'hx-get="{url}?page=3"' in third
    poll = client.get(url, {"page": 3}, headers={"HX-Request": "true"})
    assert ranks_on(poll.content.decode()) == [9, 10]
    again = client.get(url, {"page": 3}, headers={"HX-Request": "true", "If-None-Match": poll["ETag"]})
    assert again.status_code == 304
    first_poll = client.get(url, headers={"HX-Request": "true", "If-None-Match": poll["ETag"]})
    assert first_poll.status_code == 200  # page 1 is another table

    # A player finds their line on its page from any page.
    sixth = next(
        player for player in players if f"{player.first_name} {player.last_name}" in _line(client, url, 6)
    )
    client.force_login(sixth)
    mine = client.get(url).content.decode()
    assert 'href="?page=2#place-6"' in mine
    assert 'href="#place-6"' in client.get(url, {"page": 2}).content.decode()


def _line(client: Client, url: str, rank: int) -> str:
    page: str = client.get(url, {"page": (rank - 1) // 4 + 1}).content.decode()
    return page.split(f'<tr id="place-{rank}"')[1].split("</tr>")[0]
