"""Pairing and re-pairing a round write it at once: as many statements for 128 tables as for 32, and a
re-pairing refused names the table and what was recorded there, in the reader's language."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import CASCADE, SET_NULL, ForeignObjectRel
from django.utils import translation

from matches.models import Match, Penalty
from matches.services import RoundPlayed, matches_swap_players
from matches.services.judging import penalty_issue
from matches.services.pairings import _ACTIVITY, _array_literal
from tests.api_clients import client_for
from tournaments.models import DeckCheck, Event, Round
from tournaments.services import deck_check_pick, event_import, round_pair, round_repair
from tournaments.tests.event_steps import event_with_players
from tournaments.tests.factories import UserFactory
from tournaments.tests.replays import swiss_event

pytestmark = pytest.mark.django_db

# The statements of a pairing press and of a re-pairing press through the API, whatever the event's size.
PAIRING_STATEMENTS = 24
REPAIRING_STATEMENTS = 20


def _event_after_two_rounds(players: int, organizer: User) -> Event:
    """An event of ``players`` (imported, two rounds played) with a third round to pair."""
    document = swiss_event(players, 2)
    event = event_import(document=document, name=f"Regional {players}", organizer=organizer)
    Event.objects.filter(pk=event.pk).update(swiss_rounds=3)
    return event


def _pair(event: Event, organizer: User) -> Any:
    return client_for(organizer).post(
        f"/api/v1/events/{event.slug}/rounds/",
        {"seed": 1},
        format="json",
        headers={"Idempotency-Key": event.slug},
    )


def _repair(event: Event, organizer: User) -> Any:
    return client_for(organizer).post(
        f"/api/v1/events/{event.slug}/rounds/3/repair/", {"seed": 2}, format="json"
    )


def test_pairing_a_round_through_the_api_takes_as_many_statements_at_256_players_as_at_64(
    django_assert_max_num_queries,
):
    organizer = cast(User, UserFactory(username="olivia"))
    counted = {}
    for players in (64, 256):
        event = _event_after_two_rounds(players, organizer)
        tables = players // 2
        with django_assert_max_num_queries(PAIRING_STATEMENTS) as statements:
            response = _pair(event, organizer)

        assert response.status_code == 201
        assert len(response.json()["pairings"]) == tables
        assert Match.objects.filter(round__event=event, round__number=3).count() == tables
        counted[players] = len(statements)
    assert counted[256] == counted[64]


def test_re_pairing_a_round_through_the_api_takes_as_many_statements_at_256_players_as_at_64(
    django_assert_max_num_queries,
):
    organizer = cast(User, UserFactory(username="olivia"))
    counted = {}
    for players in (64, 256):
        event = _event_after_two_rounds(players, organizer)
        first = _pair(event, organizer).json()["pairings"]
        tables = players // 2
        with django_assert_max_num_queries(REPAIRING_STATEMENTS) as statements:
            response = _repair(event, organizer)

        assert response.status_code == 200
        again = response.json()["pairings"]
        assert len(again) == tables
        assert {row["match"] for row in again}.isdisjoint(row["match"] for row in first)  # paired anew
        assert Match.objects.filter(round__event=event, round__number=3).count() == tables
        counted[players] = len(statements)
    assert counted[256] == counted[64]


def test_pairing_writes_each_table_and_the_bye_as_the_pages_show_them():
    event, organizer, _ = event_with_players(
        5, game="mtg", structure="swiss"
    )  # 5 Magic players: a bracket by default

    round_ = round_pair(event=event, by=organizer, seed=1)

    matches = list(round_.matches.order_by("table"))
    tables = [(m.table, m.status, m.result, m.match_format) for m in matches if m.player_b_id]
    assert tables == [(1, "playing", "", "first_to_two"), (2, "playing", "", "first_to_two")]
    bye = next(m for m in matches if m.player_b_id is None)
    assert (bye.table, bye.status, bye.result) == (None, "final", "bye")


def test_a_pairing_sends_each_column_as_an_array_postgresql_reads_back_as_written():
    if connection.vendor != "postgresql":
        pytest.skip("the arrays are PostgreSQL's (SQLite takes the rows one by one)")
    texts = ["", "a,b", "{x}", 'say "hi"', "back\\slash", "NULL", None, "ação"]
    numbers = [1, None, -3, 40000]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT %s::varchar(16)[], %s::integer[]", [_array_literal(texts), _array_literal(numbers)]
        )
        assert cursor.fetchone() == (texts, numbers)


def test_a_pairings_array_literals_quote_every_text_and_write_nulls_and_numbers_plainly():
    texts = ["a,b", "{x}", 'say "hi"', "back\\slash", "NULL", "", None]

    assert _array_literal([1, None, -3]) == "{1,NULL,-3}"
    assert _array_literal(texts) == '{"a,b","{x}","say \\"hi\\"","back\\\\slash","NULL","",NULL}'
    assert _array_literal([Match.Status.FINAL, None]) == '{"final",NULL}'  # an enumeration's value
    with pytest.raises(TypeError):
        _array_literal([True, False])  # no column of a match holds these


def _penalty_at_table_2() -> tuple[Event, User, Round]:
    event, organizer, _ = event_with_players(6)
    round_ = round_pair(event=event, by=organizer, seed=1)
    match = round_.matches.get(table=2)
    penalty_issue(
        match_id=match.pk,
        judge=organizer,
        player=match.player_a,
        kind=Penalty.Kind.WARNING,
        infraction="Slow",
    )
    return event, organizer, round_


def test_re_pairing_is_refused_naming_the_table_and_what_was_recorded_there():
    event, organizer, round_ = _penalty_at_table_2()
    before = sorted(round_.matches.values_list("pk", "table", "player_a", "player_b"))

    response = client_for(organizer).post(f"/api/v1/events/{event.slug}/rounds/1/repair/", {}, format="json")

    assert response.status_code == 409
    assert response.json()["detail"] == "Round 1 cannot be re-paired: at table 2 there is already a penalty."
    assert sorted(round_.matches.values_list("pk", "table", "player_a", "player_b")) == before
    with translation.override("pt-br"), pytest.raises(RoundPlayed) as refused:
        round_repair(round_=round_, by=organizer)
    assert str(refused.value) == "A rodada 1 não pode ser reemparelhada: na mesa 2 já há uma penalidade."


def test_a_swap_is_refused_at_a_table_where_something_was_recorded_in_the_readers_language():
    _, _, round_ = _penalty_at_table_2()
    at_1, at_2 = round_.matches.get(table=1), round_.matches.get(table=2)

    with translation.override("es"), pytest.raises(RoundPlayed) as refused:
        matches_swap_players(round_=round_, first=at_1.player_a, second=at_2.player_b)

    assert str(refused.value) == "La ronda 1 no se puede cambiar: en la mesa 2 ya hay una penalización."


def test_a_deck_check_stays_with_the_round_when_its_table_is_re_paired():
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    checks = deck_check_pick(match=round_.matches.get(table=1), judge=organizer)

    round_repair(round_=round_, by=organizer, seed=2)

    assert DeckCheck.objects.filter(pk__in=[check.pk for check in checks], match=None).count() == 2
    assert round_.matches.count() == 2


def test_every_kind_of_record_at_a_table_is_one_a_re_pairing_checks_or_outlives_its_match():
    """A new model recorded at a table must be added to what a re-pairing checks (a table where it was
    recorded is kept) or let go of its match (``SET_NULL``): the matches are deleted in one statement."""
    relations = [
        field for field in Match._meta.get_fields(include_hidden=True) if isinstance(field, ForeignObjectRel)
    ]
    checked = {relation.get_accessor_name() for relation in relations if relation.on_delete is CASCADE}
    assert checked == set(_ACTIVITY)
    assert all(relation.on_delete in (CASCADE, SET_NULL) for relation in relations)
