"""Pairing reads the event's history once per version: warmed when a round closes or an event is imported,
then every pairing and re-pairing of the next round (any seed) reads no history rows, and any change to the
history is paired from at once."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from matches.models import Match, MatchResult
from matches.services.judging import match_result_set
from tests.api_clients import client_for
from tournaments.engine.pairing import next_round
from tournaments.models import Event, Registration, Round
from tournaments.replay_export import event_replay
from tournaments.services import event_import, registration_drop, round_close
from tournaments.tests.factories import UserFactory
from tournaments.tests.replays import swiss_event

pytestmark = pytest.mark.django_db

# tests/test_round_writes.py holds a pairing press that reads the history itself at 24 statements: the
# replay's three reads and the players' account ids are the four it saves.
PAIRING_STATEMENTS_WARMED = 20


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


def _imported(organizer: User, players: int, rounds: int, capture: Any) -> Event:
    with capture(execute=True):  # what the import's commit sends to the workers: the documents warmed
        event = event_import(
            document=swiss_event(players, rounds), name=f"Store {players}", organizer=organizer
        )
    Event.objects.filter(pk=event.pk).update(swiss_rounds=rounds + 2)
    return event


def _pair(event: Event, organizer: User, seed: int = 1, key: str = "") -> Any:
    response = client_for(organizer).post(
        f"/api/v1/events/{event.slug}/rounds/",
        {"seed": seed},
        format="json",
        headers={"Idempotency-Key": key or str(seed)},
    )
    assert response.status_code == 201, response.content
    return response.json()


def _paired_usernames(body: dict[str, Any]) -> set[str]:
    sides = [pairing["player_a"] for pairing in body["pairings"]] + [
        pairing["player_b"] for pairing in body["pairings"]
    ]
    return {side["username"] for side in sides if side is not None}


def test_after_an_import_pairing_reads_no_history_rows(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    organizer = cast(User, UserFactory(username="olivia"))
    event = _imported(organizer, 64, 2, django_capture_on_commit_callbacks)

    with django_assert_max_num_queries(PAIRING_STATEMENTS_WARMED) as statements:
        body = _pair(event, organizer)

    assert len(body["pairings"]) == 32
    earlier_matches = [sql for sql in statements.captured_queries if 'FROM "matches_match"' in sql["sql"]]
    assert all('"round_id" IN' not in sql["sql"] for sql in earlier_matches), earlier_matches


def test_a_player_dropped_after_the_documents_were_warmed_is_not_paired(django_capture_on_commit_callbacks):
    organizer = cast(User, UserFactory(username="olivia"))
    event = _imported(organizer, 16, 2, django_capture_on_commit_callbacks)
    leaving = event.registrations.select_related("player").first()
    assert leaving is not None

    registration_drop(event=event, player=leaving.player, by=organizer)
    body = _pair(event, organizer)

    assert leaving.player.username not in _paired_usernames(body)
    assert len(_paired_usernames(body)) == 15


def test_a_result_corrected_in_a_closed_round_is_paired_from_at_once(django_capture_on_commit_callbacks):
    organizer = cast(User, UserFactory(username="olivia"))
    event = _imported(organizer, 16, 2, django_capture_on_commit_callbacks)
    before = _tables(_pair(event, organizer, seed=1, key="before"))
    Round.objects.filter(event=event, number=3).delete()
    # A judge finds round 2's table 1 was scored the wrong way round.
    top_table = Match.objects.get(round__event=event, round__number=2, table=1)
    corrected = MatchResult.B if top_table.result == MatchResult.A else MatchResult.A
    games = {"games_a": 2} if corrected == MatchResult.A else {"games_b": 2}
    match_result_set(
        match_id=top_table.pk, judge=organizer, result=corrected, note="Scorecard misread", **games
    )

    after = _tables(_pair(event, organizer, seed=1, key="after"))

    fresh = next_round(event_replay(event), 1)
    users = dict(Registration.objects.filter(event=event).values_list("replay_id", "player__username"))
    expected = {m["table"]: {users[m["a"]], users[m["b"]]} for m in fresh["matches"] if m["b"] is not None}
    assert after == expected
    assert after != before


def _tables(body: dict[str, Any]) -> dict[int, set[str]]:
    return {
        pairing["table"]: {pairing["player_a"]["username"], pairing["player_b"]["username"]}
        for pairing in body["pairings"]
        if pairing["player_b"] is not None
    }


def test_closing_a_round_warms_the_next_pairing(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    organizer = cast(User, UserFactory(username="olivia"))
    event = _imported(organizer, 8, 2, django_capture_on_commit_callbacks)
    body = _pair(event, organizer)
    round_3 = Round.objects.get(event=event, number=3)
    client = client_for(organizer)
    assert client.post(f"/api/v1/events/{event.slug}/rounds/3/start/").status_code == 200
    for pairing in body["pairings"]:
        Match.objects.filter(pk=pairing["match"]).update(
            status=Match.Status.FINAL, result=MatchResult.A, games_a=2, games_b=0
        )
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_=round_3, by=organizer)

    with django_assert_max_num_queries(PAIRING_STATEMENTS_WARMED):
        fourth = _pair(event, organizer, seed=4)

    assert len(fourth["pairings"]) == 4
