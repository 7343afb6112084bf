"""Each CSV export of an event (standings, matches, deck lists; the player's history has its own test in
test_player_history) writes a cell a spreadsheet would run as a formula as text."""

from __future__ import annotations

import csv
import io

import pytest

from decks.tests.factories import DeckListFactory
from tournaments.models import Registration
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://evil.example","x")'


def _rows(response):
    return list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))


def _formula_cells(rows):
    return [cell for row in rows for cell in row if cell.startswith(("=", "+", "@", "\t", "\r"))]


def _event_with_a_formula_player():
    event, organizer, players = event_with_players(4)
    players[0].first_name, players[0].last_name = FORMULA, ""
    players[0].save(update_fields=["first_name", "last_name"])
    Registration.objects.filter(event=event, player=players[0]).update(replay_id="@SUM(A1)")
    play_round(event, organizer)
    return event, organizer


def test_the_standings_csv_writes_a_formula_name_and_id_as_text(client):
    event, organizer = _event_with_a_formula_player()
    client.force_login(organizer)

    rows = _rows(client.get(f"/events/{event.slug}/export/standings.csv"))

    cells = [cell for row in rows for cell in row]
    assert f"'{FORMULA}" in cells
    assert "'@SUM(A1)" in cells
    assert _formula_cells(rows) == []


def test_the_matches_csv_writes_a_formula_player_id_as_text(client):
    event, organizer = _event_with_a_formula_player()
    client.force_login(organizer)

    rows = _rows(client.get(f"/events/{event.slug}/export/matches.csv"))

    assert "'@SUM(A1)" in [cell for row in rows for cell in row]
    assert _formula_cells(rows) == []


def test_the_deck_lists_csv_writes_a_formula_name_and_card_as_text(client):
    registration = RegistrationFactory(
        player=UserFactory(first_name="+1+2", last_name=""),
        deck_list=DeckListFactory(text="Main\n3 -2+3 Magician\n"),
    )
    judge = EventRoleFactory(event=registration.event).user
    client.force_login(judge)

    rows = _rows(client.get(f"/events/{registration.event.slug}/decklists.csv"))

    assert rows[1][0] == "'+1+2"
    assert rows[1][2] == "3"
    assert rows[1][3] == "'-2+3 Magician"
