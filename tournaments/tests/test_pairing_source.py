"""Pairing reads the event's history once per version: computed ahead when a round closes, then every
pairing and re-pairing of the next round (any seed) reads no history rows, and whatever changes the history
afterwards is paired from at once, exactly as a fresh read of the event would pair it."""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Callable
from typing import Any, cast

import pytest
from celery import current_app
from django.contrib.auth.models import User
from django.core.cache import cache
from kombu.exceptions import OperationalError

from matches.models import Match, MatchResult
from matches.services.judging import match_result_set
from tests.api_clients import client_for
from tournaments.engine.pairing import next_round, pair_next_round, pairing_history
from tournaments.models import Event, Registration, Round
from tournaments.replay_export import event_replay
from tournaments.selectors.pairing import fields_fingerprint, warm_history_documents
from tournaments.services import (
    event_import,
    registration_drop,
    registration_enter_at_counter,
    registration_fix_table,
    registration_undo_drop,
    round_close,
)
from tournaments.services.history import WARM_TASK
from tournaments.tasks import warm_history_documents as warm_task
from tournaments.tests.factories import UserFactory
from tournaments.tests.replays import swiss_event

pytestmark = pytest.mark.django_db

# tests/test_round_writes.py holds a pairing press that reads the history itself at 24 statements: the
# replay's three reads and the players' account ids are the four it saves.
PAIRING_STATEMENTS_WARMED = 20


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


@pytest.fixture
def organizer() -> User:
    return cast(User, UserFactory(username="olivia"))


def _event(organizer: User, players: int, rounds: int) -> Event:
    """An imported event of ``players`` with ``rounds`` played and two more to pair, its documents computed
    as closing its last round has a worker compute them."""
    event = event_import(document=swiss_event(players, rounds), name=f"Store {players}", organizer=organizer)
    Event.objects.filter(pk=event.pk).update(swiss_rounds=rounds + 2)
    event.refresh_from_db()
    warm_history_documents(event)
    return event


def _pair(event: Event, organizer: User, seed: int = 1, key: str = "") -> dict[str, Any]:
    response = client_for(organizer).post(
        f"/api/v1/events/{event.slug}/rounds/",
        {"seed": seed},
        format="json",
        headers={"Idempotency-Key": key or f"{event.slug}-{seed}"},
    )
    assert response.status_code == 201, response.content
    return cast(dict[str, Any], response.json())


def _tables(body: dict[str, Any]) -> dict[int | None, tuple[str, str | None]]:
    return {
        pairing["table"]: (
            pairing["player_a"]["username"],
            pairing["player_b"]["username"] if pairing["player_b"] else None,
        )
        for pairing in body["pairings"]
    }


def _fresh(event: Event, seed: int) -> dict[int | None, tuple[str, str | None]]:
    """The pairing a fresh read of the event's rows gives (the engine on its replay, read now)."""
    users = dict(Registration.objects.filter(event=event).values_list("replay_id", "player__username"))
    users |= {
        username: username
        for username in Registration.objects.filter(event=event, replay_id="").values_list(
            "player__username", flat=True
        )
    }
    fresh = next_round(event_replay(event), seed)
    return {
        (None if m["b"] is None else m["table"]): (users[m["a"]], users[m["b"]] if m["b"] else None)
        for m in fresh["matches"]
    }


def test_pairing_after_the_documents_were_computed_reads_no_history_rows(
    organizer, django_assert_max_num_queries
):
    event = _event(organizer, 64, 2)

    with django_assert_max_num_queries(PAIRING_STATEMENTS_WARMED) as statements:
        body = _pair(event, organizer)

    assert len(body["pairings"]) == 32
    matches_read = [sql["sql"] for sql in statements.captured_queries if 'FROM "matches_match"' in sql["sql"]]
    assert all('"round_id" IN' not in sql for sql in matches_read), matches_read
    assert _tables(body) == _fresh(event, 1)


def _walk_in(event: Event, organizer: User) -> str:
    registration_enter_at_counter(event=event, by=organizer, name="Rex Raptor")
    return "Rex Raptor"


def _drop_first(event: Event, organizer: User) -> str:
    leaving = Registration.objects.filter(event=event).select_related("player").first()
    assert leaving is not None
    registration_drop(event=event, player=leaving.player, by=organizer)
    return leaving.player.username


def _seat_last_at_table_one(event: Event, organizer: User) -> str:
    seated = Registration.objects.filter(event=event).select_related("player").last()
    assert seated is not None
    registration_fix_table(registration=seated, table=1, by=organizer)
    return seated.player.username


def _correct_table_one_of_round_two(event: Event, organizer: User) -> str:
    top = Match.objects.get(round__event=event, round__number=2, table=1)
    corrected = MatchResult.B if top.result == MatchResult.A else MatchResult.A
    games = {"games_a": 2} if corrected == MatchResult.A else {"games_b": 2}
    match_result_set(match_id=top.pk, judge=organizer, result=corrected, note="Scorecard misread", **games)
    return "round 2, table 1"


CHANGES: dict[str, Callable[[Event, User], str]] = {
    "a walk-in entered late": _walk_in,
    "a player dropped": _drop_first,
    "a table kept for a player": _seat_last_at_table_one,
    "a result of a closed round corrected": _correct_table_one_of_round_two,
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_change_after_the_documents_were_computed_is_paired_as_a_fresh_read_pairs_it(organizer, change):
    event = _event(organizer, 16, 2)
    before = _tables(_pair(event, organizer, key="before"))
    Round.objects.filter(event=event, number=3).delete()

    CHANGES[change](event, organizer)
    after = _tables(_pair(event, organizer, key="after"))

    assert after == _fresh(event, 1)
    assert after != before


def test_a_drop_undone_after_the_documents_were_computed_is_paired_again(organizer):
    event = _event(organizer, 16, 2)
    username = _drop_first(event, organizer)
    warm_history_documents(event)
    assert username not in {
        name for pair in _tables(_pair(event, organizer, key="dropped")).values() for name in pair
    }
    Round.objects.filter(event=event, number=3).delete()

    registration = Registration.objects.get(event=event, player__username=username)
    registration_undo_drop(registration=registration, by=organizer)
    after = _tables(_pair(event, organizer, key="back"))

    assert username in {name for pair in after.values() for name in pair}
    assert after == _fresh(event, 1)


def test_re_pairing_from_the_computed_documents_gives_what_a_fresh_read_gives(organizer):
    event = _event(organizer, 32, 2)
    _pair(event, organizer)

    response = client_for(organizer).post(
        f"/api/v1/events/{event.slug}/rounds/3/repair/", {"seed": 9}, format="json"
    )

    assert response.status_code == 200
    assert _tables(response.json()) == _fresh(event, 9)


def _round_two_played(organizer: User) -> tuple[Event, Round]:
    """An event with round 1 imported and round 2 paired, started and every result in: ready to close."""
    event = _event(organizer, 8, 1)
    body = _pair(event, organizer)
    round_2 = Round.objects.get(event=event, number=2)
    assert client_for(organizer).post(f"/api/v1/events/{event.slug}/rounds/2/start/").status_code == 200
    for pairing in body["pairings"]:
        Match.objects.filter(pk=pairing["match"]).update(
            status=Match.Status.FINAL, result=MatchResult.A, games_a=2, games_b=0
        )
    return event, round_2


def test_closing_a_round_computes_the_next_pairing_ahead(
    organizer, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    event, round_2 = _round_two_played(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_=round_2, by=organizer)

    with django_assert_max_num_queries(PAIRING_STATEMENTS_WARMED):
        third = _pair(event, organizer, seed=3)

    assert _tables(third) == _fresh(event, 3)


def test_closing_a_round_with_the_broker_down_still_closes_it(
    organizer, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    event, round_2 = _round_two_played(organizer)
    warm = current_app.tasks[WARM_TASK]

    def broker_down(*args: object, **kwargs: object) -> None:
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(warm, "apply_async", broker_down)  # what kombu raises with Redis unreachable
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_=round_2, by=organizer)

    assert "were not computed ahead" in caplog.text
    assert Round.objects.get(pk=round_2.pk).status == Round.Status.FINISHED
    assert _tables(_pair(event, organizer, seed=3)) == _fresh(event, 3)  # computed by the first reader


def test_the_task_runs_twice_and_for_an_event_deleted_meanwhile(organizer, django_assert_max_num_queries):
    event = _event(organizer, 8, 1)
    cache.clear()

    warm_task(event.pk)
    with django_assert_max_num_queries(3):  # the second finds both documents computed
        warm_task(event.pk)
    Event.objects.filter(pk=event.pk).delete()
    warm_task(event.pk)  # nothing to do, no error


def test_the_engines_reading_kept_pickled_pairs_as_the_replay_does():
    replay = swiss_event(40, 3, seed=5)

    kept = pickle.loads(pickle.dumps(pairing_history(replay)))  # noqa: S301 - our own bytes, as the cache

    assert pair_next_round(kept, 7) == next_round(replay, 7)


def test_a_change_to_the_engines_fields_changes_the_key_the_reading_is_kept_under():
    @dataclasses.dataclass
    class Before:
        ranked: list[int]

    @dataclasses.dataclass
    class After:
        ranked: list[int]
        seats: list[int]

    After.__qualname__ = Before.__qualname__
    assert fields_fingerprint(Before) != fields_fingerprint(After)
