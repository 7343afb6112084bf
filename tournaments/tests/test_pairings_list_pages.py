"""The pairings page of a large round: its list in pages of plain links, the search over every page, the
signed-in player's own table above the list, and the few statements a served page costs."""

from __future__ import annotations

import re
from typing import cast

import pytest
from django.contrib.auth.models import User

from accounts.users import display_name
from matches.models import Match
from matches.services import match_report_result
from tournaments.models import Event
from tournaments.services import round_pair, round_repair, round_start
from tournaments.services.replay_import import event_import
from tournaments.tests.event_steps import event_with_players
from tournaments.tests.factories import UserFactory
from tournaments.tests.replays import swiss_event
from tournaments.views.pairings_list import PAGE_ROWS

pytestmark = pytest.mark.django_db

PLAYERS = 600  # 300 tables: two pages by table, three by name


def _imported() -> Event:
    organizer = cast(User, UserFactory(username="organizer-paged"))
    return event_import(document=swiss_event(PLAYERS, 1), name="Paged", organizer=organizer, slug="paged")


def _tables(html: str) -> list[int]:
    return [int(number) for number in re.findall(r'<td class="table-number"[^>]*>(\d+)</td>', html)]


def test_a_large_round_is_listed_page_by_page_with_links_that_work_without_javascript(client):
    event = _imported()
    url = f"/events/{event.slug}/rounds/1/pairings/"

    first = client.get(url).content.decode()
    second = client.get(url + "?view=table&page=2").content.decode()

    assert _tables(first) == list(range(1, PAGE_ROWS + 1))
    assert _tables(second) == list(range(PAGE_ROWS + 1, PLAYERS // 2 + 1))
    assert 'href="?view=table&amp;page=2"' in first
    assert f"{PAGE_ROWS + 1} to {PLAYERS // 2}" in first
    assert '<input type="hidden" name="page" value="2">' in second  # the poll asks for the same page
    # A page past the last shows the last.
    assert _tables(client.get(url + "?page=99").content.decode()) == _tables(second)


def test_by_name_each_page_is_named_by_its_first_and_last_players(client):
    event = _imported()
    url = f"/events/{event.slug}/rounds/1/pairings/?view=name"
    names = sorted((f"Player p{i}" for i in range(PLAYERS)), key=str.casefold)

    page = client.get(url).content.decode()

    assert f"{names[0]} to {names[PAGE_ROWS - 1]}" in page
    assert f"{names[PAGE_ROWS]} to {names[2 * PAGE_ROWS - 1]}" in page
    listed = page.split('class="list-pages"')[1].split("</nav>", 1)[1]
    assert f'<td data-label="Player">{names[PAGE_ROWS - 1]}' in listed
    assert names[PAGE_ROWS] not in listed


def test_the_search_finds_a_player_listed_on_another_page_with_and_without_htmx(client):
    event = _imported()
    match = Match.objects.get(round__event=event, table=PLAYERS // 2)  # the last table: page 2
    name = display_name(match.player_a)
    url = f"/events/{event.slug}/rounds/1/pairings/"

    for headers in ({}, {"HX-Request": "true"}):
        found = client.get(url, {"player": name, "page": "1"}, headers=headers).content.decode()
        assert _tables(found) == [PLAYERS // 2], headers


def test_the_poll_of_a_page_answers_not_modified_for_that_page(client):
    event = _imported()
    url = f"/events/{event.slug}/rounds/1/pairings/"
    htmx = {"HX-Request": "true"}
    second = client.get(url, {"page": "2"}, headers=htmx)

    idle = client.get(url, {"page": "2"}, headers={**htmx, "If-None-Match": second["ETag"]})
    other_page = client.get(url, {"page": "1"}, headers={**htmx, "If-None-Match": second["ETag"]})

    assert idle.status_code == 304
    assert other_page.status_code == 200
    assert _tables(other_page.content.decode())[0] == 1


def test_a_signed_in_player_sees_their_own_table_above_the_list(client):
    event, organizer, _ = event_with_players(8)
    round_ = round_start(round_=round_pair(event=event, by=organizer, seed=1), by=organizer)
    match = round_.matches.exclude(player_b=None).select_related("player_a", "player_b").first()
    client.force_login(match.player_b)

    page = client.get(f"/events/{event.slug}/pairings/").content.decode()

    own = page.index('<a class="my-table"')
    assert own < page.index('<table class="pairings')
    mine = page[own : page.index("</a>", own)]
    assert f'href="/matches/{match.pk}/"' in mine
    assert f"Table {match.table}" in mine
    assert f"vs {display_name(match.player_a)}" in mine


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}])
def test_a_served_page_of_a_round_being_played_reads_three_statements(
    client, django_assert_max_num_queries, headers
):
    event, organizer, _ = event_with_players(8)
    # A timed round: its clock runs.
    round_start(round_=round_pair(event=event, by=organizer, seed=1), by=organizer)
    url = f"/events/{event.slug}/pairings/"
    client.get(url, headers=headers)  # the list drawn and cached

    with django_assert_max_num_queries(3):  # the event, its rounds, the round's stamp
        page = client.get(url, headers=headers)

    assert page.status_code == 200
    assert "Table" in page.content.decode()


def _result_cell(html: str, table: int) -> str:
    row = re.search(rf'<td class="table-number"[^>]*>{table}</td>(.*?)</tr>', html, re.S)
    assert row is not None
    return row.group(1)


def test_while_the_round_is_played_a_result_shows_on_the_list_within_the_lag_and_pairings_never_late(
    client, monkeypatch
):
    event, organizer, _ = event_with_players(8)
    round_ = round_pair(event=event, by=organizer, seed=1)
    url = f"/events/{event.slug}/pairings/"
    first_pairing = _tables(client.get(url).content.decode())
    # Before the round starts, a re-pairing shows at once: who plays whom is never shown late.
    repaired = round_repair(round_=round_, by=organizer, seed=2)
    table_1 = Match.objects.get(round=repaired, table=1)
    assert f"{display_name(table_1.player_a)}" in _result_cell(client.get(url).content.decode(), 1)
    assert _tables(client.get(url).content.decode()) == first_pairing  # the same tables, other players
    round_start(round_=repaired, by=organizer)
    drawn = client.get(url).content.decode()

    for player in (table_1.player_a, table_1.player_b):
        match_report_result(match_id=table_1.pk, player=player, result="a", games_a=2, games_b=0)
    within_the_lag = client.get(url).content.decode()
    monkeypatch.setattr("tournaments.views.pairings_list.RESULTS_LAG_SECONDS", 0)
    after_the_lag = client.get(url).content.decode()

    assert _result_cell(within_the_lag, 1) == _result_cell(drawn, 1)
    assert _result_cell(after_the_lag, 1) != _result_cell(drawn, 1)
    assert "wins" in _result_cell(after_the_lag, 1)


def test_the_pairings_page_of_an_event_not_paired_yet_answers(client):
    event, _, _ = event_with_players(4)

    page = client.get(f"/events/{event.slug}/pairings/")
    poll = client.get(f"/events/{event.slug}/pairings/", headers={"HX-Request": "true"})

    assert page.status_code == 200
    assert event.name in page.content.decode()
    assert poll.status_code == 200
