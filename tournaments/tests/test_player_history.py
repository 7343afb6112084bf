"""A player's history: the page, the CSV a spreadsheet opens, and ``GET /api/v1/me/history/``; each holds
the caller's own matches only, in words (names, results from their side, the place they finished)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import formats, timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from matches.services.judging import match_result_set
from tournaments.services import round_pair, round_start
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import UserFactory
from tournaments.tests.test_final_place import finished_with_top_cut

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_as(user) -> APIClient:
    client = APIClient()
    _, token = AuthToken.objects.create(user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def one_played_match():
    """Three players, round 1: side b wins 2-1 at the one table, the third player has the bye."""
    event, organizer, _ = event_with_players(3)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    match = round_.matches.exclude(player_b=None).get()
    match_result_set(match_id=match.pk, judge=organizer, result="b", games_a=1, games_b=2, note="slip")
    return event, match, round_.matches.get(player_b=None)


def csv_rows(response) -> list[list[str]]:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    text = body.decode("utf-8")
    assert text.startswith("\ufeff")  # spreadsheets read the file as UTF-8
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def test_the_history_page_gives_each_finished_event_the_players_place():
    event, _, players = finished_with_top_cut()

    page = signed_in(players[0]).get(reverse("my-history")).content.decode()

    assert event.name in page
    section = page.split(f'id="history-event-{event.pk}"')[1]
    assert "of 8" in section.split('class="final-place"')[1].split("</p>")[0]
    assert "Round 1" in section
    assert "Download as a spreadsheet (CSV)" in page


def test_the_csv_has_a_header_a_spreadsheet_user_reads_and_names_not_ids():
    event, match, _ = one_played_match()

    response = signed_in(match.player_b).get(reverse("my-history-csv"))
    rows = csv_rows(response)

    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert rows[0] == [
        "Event",
        "Date",
        "Round",
        "Table",
        "Opponent",
        "Result",
        "Games (mine first)",
        "Final place",
    ]
    assert rows[1][0] == "Friday Locals"
    assert rows[1][2] == "Round 1"
    assert rows[1][4] == match.player_a.get_full_name()
    assert rows[1][5] == "Won"
    assert rows[1][6] == "2-1"
    assert match.player_a.username not in rows[1]  # the name, not the login
    assert len(rows) == 2  # the caller's one match: not the bye of the third player
    assert rows[1][1] == formats.date_format(timezone.localtime(event.starts_at), "SHORT_DATE_FORMAT")


def test_a_bye_reads_as_a_bye_in_the_csv():
    _, _, bye = one_played_match()

    rows = csv_rows(signed_in(bye.player_a).get(reverse("my-history-csv")))

    assert rows[1][4] == "Nobody (a bye)"
    assert rows[1][5] == "Bye"


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+1+2", "-2+3", "@SUM(A1)"])
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(name):
    event, organizer, players = event_with_players(2)
    players[1].first_name, players[1].last_name = name, ""
    players[1].save(update_fields=["first_name", "last_name"])
    event.name = name
    event.save(update_fields=["name"])
    play_round(event, organizer)

    rows = csv_rows(signed_in(players[0]).get(reverse("my-history-csv")))

    cells = [cell for row in rows[1:] for cell in row]
    assert f"'{name}" in cells
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells)


def test_the_api_lists_the_callers_own_matches_from_their_side():
    _, match, bye = one_played_match()

    winner = api_as(match.player_b).get("/api/v1/me/history/").json()
    loser = api_as(match.player_a).get("/api/v1/me/history/").json()
    byed = api_as(bye.player_a).get("/api/v1/me/history/").json()
    stranger = api_as(UserFactory()).get("/api/v1/me/history/").json()

    assert winner["count"] == 1
    row = winner["results"][0]
    assert row["match"] == match.pk
    assert row["event"]["name"] == "Friday Locals"
    assert row["round"] == 1
    assert row["opponent"] == match.player_a.username
    assert row["opponent_name"] == match.player_a.get_full_name()
    assert (row["outcome"], row["outcome_label"]) == ("won", "Won")
    assert (row["games_won"], row["games_lost"], row["games_drawn"]) == (2, 1, 0)
    assert row["final_place"] is None  # the event is still running
    assert loser["results"][0]["outcome"] == "lost"
    assert (loser["results"][0]["games_won"], loser["results"][0]["games_lost"]) == (1, 2)
    assert byed["results"][0]["outcome"] == "bye"
    assert byed["results"][0]["opponent"] is None
    assert stranger == {"count": 0, "next": None, "previous": None, "results": []}


def test_the_api_gives_the_final_place_and_filters_by_event_and_game():
    event, _, players = finished_with_top_cut()

    everything = api_as(players[0]).get("/api/v1/me/history/").json()
    by_event = api_as(players[0]).get(f"/api/v1/me/history/?event={event.slug}").json()
    magic = api_as(players[0]).get("/api/v1/me/history/?game=mtg").json()
    blank = api_as(players[0]).get("/api/v1/me/history/?game=")

    place = everything["results"][0]["final_place"]
    assert place["players"] == 8
    assert 1 <= place["place"] <= 8
    assert place["in_words"].endswith("of 8")
    assert place["wins"] + place["losses"] + place["draws"] == 3  # the three Swiss rounds
    assert by_event["count"] == everything["count"]
    assert magic["count"] == 0
    assert blank.status_code == 400


def test_the_api_needs_a_login():
    answer = APIClient().get("/api/v1/me/history/")

    assert answer.status_code == 401
