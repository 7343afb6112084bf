"""Standings, records and pairings served from documents cached per version of the event's history.

The first test drives every kind of change through the services and, after each, compares what the pages,
the API and the selectors serve (from the cache, filled by the read before the change) with a computation
from scratch: a write that forgets to bump ``Event.history_version`` shows up as a stale document here.
Then the cost: the pages cost the same few queries whatever the number of players, and a poll of a page
or of the API that shows the current version is answered "304 Not Modified".
"""

from __future__ import annotations

import json
import threading
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from accounts.services import official_id_set, player_claim, walk_in_create
from matches.models import Match, Penalty
from matches.services.judging import match_result_set
from matches.services.reports import match_report_result
from tournaments.engine.standings import compute
from tournaments.models import Event, Registration, Round
from tournaments.replay_export import event_replay, players_by_id
from tournaments.selectors.cached_documents import cached
from tournaments.selectors.standings import (
    event_standings,
    event_standings_document,
    records_before_round,
)
from tournaments.services import (
    event_settings_update,
    registration_award_byes,
    registration_check_in,
    registration_drop,
    registration_enter,
    registration_fix_table,
    registration_undo_drop,
    round_close,
    round_pair,
    round_start,
)
from tournaments.services.drops import penalty_issue_at_event
from tournaments.services.replay_import import event_import
from tournaments.tests.event_steps import event_with_players, finish_all
from tournaments.tests.factories import UserFactory
from tournaments.tests.replays import swiss_event
from tournaments.views import pairings_list

pytestmark = pytest.mark.django_db


def _fresh_records(round_: Round) -> dict[int, tuple[int, int, int]]:
    """Records going into ``round_`` computed from scratch, as the code before the cache did."""
    replay = event_replay(round_.event)
    replay["rounds"] = [played for played in replay["rounds"] if played["number"] < round_.number]
    replay["drops"] = [drop for drop in replay["drops"] if drop["after_round"] < round_.number]
    users = {player: user.pk for player, user in players_by_id(round_.event).items()}
    return {
        users[row["player"]]: (row["record"]["wins"], row["record"]["losses"], row["record"]["draws"])
        for row in compute(replay)["standings"]
    }


def _served(client: Any, event: Event) -> dict[str, Any]:
    """What the selectors, the API and the page serve now (from the cache when it holds this version)."""
    api = client.get(f"/api/v1/events/{event.slug}/standings/")
    assert api.status_code == 200
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    return {
        "document": event_standings_document(event),
        "api": json.loads(api.content),
        "names": [(row.player, row.name) for row in event_standings(event)],
        "records": {
            round_.number: {
                user: (record.wins, record.losses, record.draws)
                for user, record in records_before_round(round_).items()
            }
            for round_ in rounds
        },
        "page": client.get(f"/events/{event.slug}/standings/", headers={"HX-Request": "true"}).content.decode(
            "utf-8"
        ),
    }


def _assert_current(client: Any, event: Event, step: str) -> None:
    served = _served(client, event)
    replay = event_replay(event)
    fresh = compute(replay)
    names = {player["id"]: player["name"] for player in replay["players"]}
    assert served["document"] == fresh, step
    assert served["api"] == fresh, step
    assert served["names"] == [(row["player"], names[row["player"]]) for row in fresh["standings"]], step
    for round_ in Round.objects.filter(event=event):
        assert served["records"][round_.number] == _fresh_records(round_), (step, round_.number)
    if fresh["after_round"]:
        for row in fresh["standings"]:
            assert names[row["player"]] in served["page"], (step, row["player"])


def _pair_and_start(event: Event, organizer: User, seed: int) -> Round:
    round_ = round_pair(event=event, by=organizer, seed=seed)
    return round_start(round_=round_, by=organizer)


def test_every_change_to_the_history_is_served_at_once(client):
    event, organizer, players = event_with_players(8, byes_allowed=True)
    p1, p2, p3, p4 = players[:4]
    walk_in = walk_in_create(name="Wanda Walker", by=organizer)
    registration_enter(event=event, player=walk_in, by=organizer)
    late_self = UserFactory(username="selfie", first_name="Selma", last_name="Late")
    registration_enter(event=event, player=late_self, by=late_self)  # entered, not checked in yet
    _assert_current(client, event, "before round 1")

    registrations = {registration.player_id: registration for registration in event.registrations.all()}
    registration_award_byes(registration=registrations[p1.pk], byes=1, by=organizer)
    _assert_current(client, event, "a bye awarded")
    registration_fix_table(registration=registrations[p2.pk], table=7, by=organizer)
    _assert_current(client, event, "a table kept")

    round_1 = _pair_and_start(event, organizer, seed=1)
    _assert_current(client, event, "round 1 paired and started")
    finish_all(round_1, organizer)
    _assert_current(client, event, "round 1 reported (not history yet)")
    round_close(round_=round_1, by=organizer)
    _assert_current(client, event, "round 1 closed")

    registration_check_in(event=event, player=late_self, by=late_self, code=event.event_code)
    _assert_current(client, event, "a late check-in")
    late_entry = UserFactory(username="late", first_name="Laura", last_name="Later")
    registration_enter(event=event, player=late_entry, by=organizer)
    _assert_current(client, event, "a late entry by the organizer")

    registration_drop(event=event, player=p3, by=p3)
    _assert_current(client, event, "a drop")
    registration_undo_drop(registration=Registration.objects.get(event=event, player=p3), by=organizer)
    _assert_current(client, event, "a drop undone")

    corrected = round_1.matches.exclude(player_b=None).order_by("table").first()
    match_result_set(match_id=corrected.pk, judge=organizer, result="b", games_a=0, games_b=2, note="slip")
    _assert_current(client, event, "a judge's correction in a closed round")

    renamed = User.objects.get(pk=p2.pk)
    renamed.first_name = "Renamed"
    renamed.save()
    _assert_current(client, event, "a player's new name")
    code = walk_in.player.claim_code
    player_claim(code=code, username="wanda", password="a long enough password 42")
    _assert_current(client, event, "a walk-in's record claimed under a username")

    round_2 = _pair_and_start(event, organizer, seed=2)
    disqualified = round_2.matches.exclude(player_b=None).exclude(player_a=p1).exclude(player_b=p1).first()
    penalty_issue_at_event(
        match_id=disqualified.pk,
        judge=organizer,
        player=disqualified.player_a,
        kind=Penalty.Kind.DISQUALIFICATION,
        infraction="Unsporting conduct",
    )
    _assert_current(client, event, "a disqualification")
    finish_all(round_2, organizer)
    round_close(round_=round_2, by=organizer)
    _assert_current(client, event, "round 2 closed")

    event_settings_update(event=event, by=organizer, changes={"name": "Friday Locals, renamed"})
    _assert_current(client, event, "the event's settings")
    assert p4  # four players named above, the rest only paired


def test_a_report_in_a_round_being_played_leaves_the_event_row_alone():
    event, organizer, _ = event_with_players(4)
    round_ = _pair_and_start(event, organizer, seed=1)
    match = round_.matches.exclude(player_b=None).select_related("player_a", "player_b").first()
    version = Event.objects.get(pk=event.pk).history_version

    match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2, games_b=0)
    match_report_result(match_id=match.pk, player=match.player_b, result="a", games_a=2, games_b=0)

    assert Match.objects.get(pk=match.pk).status == Match.Status.FINAL
    assert Event.objects.get(pk=event.pk).history_version == version


def _imported(players: int, slug: str) -> Event:
    organizer = cast(User, UserFactory(username=f"organizer-{slug}"))
    return event_import(document=swiss_event(players, 5), name=slug, organizer=organizer, slug=slug)


@pytest.mark.parametrize(
    "path",
    [
        "/events/{slug}/standings/",
        "/api/v1/events/{slug}/standings/",
        "/events/{slug}/rounds/5/pairings/",
        "/events/{slug}/rounds/5/pairings/?view=name",
    ],
)
def test_the_pages_cost_the_same_few_queries_for_16_players_as_for_256(client, path):
    cold, warm = [], []
    for players in (16, 256):
        event = _imported(players, f"big-{players}")
        url = path.format(slug=event.slug)
        with CaptureQueriesContext(connection) as computing:
            assert client.get(url).status_code == 200
        with CaptureQueriesContext(connection) as served:
            assert client.get(url).status_code == 200
        cold.append(len(computing))
        warm.append(len(served))
    assert cold[0] == cold[1], cold
    assert warm[0] == warm[1], warm


@pytest.mark.parametrize(
    ("path", "most"),
    [
        ("/events/{slug}/standings/", 4),
        ("/api/v1/events/{slug}/standings/", 3),
        ("/events/{slug}/rounds/5/pairings/", 3),
    ],
)
def test_a_page_served_from_the_cache_reads_only_the_rows_that_name_its_version(
    client, django_assert_max_num_queries, path, most
):
    event = _imported(256, "served")
    url = path.format(slug=event.slug)
    client.get(url, headers={"HX-Request": "true"})
    with django_assert_max_num_queries(most):
        page = client.get(url, headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert "Player p" in page.content.decode() or "p1" in page.content.decode()


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/events/{slug}/standings/", {"HX-Request": "true"}),
        ("/api/v1/events/{slug}/standings/", {}),
        ("/events/{slug}/pairings/", {"HX-Request": "true"}),
        ("/events/{slug}/pairings/?view=name", {"HX-Request": "true"}),
    ],
)
def test_an_idle_poll_is_answered_not_modified_until_something_it_shows_changes(
    client, django_assert_max_num_queries, path, headers, monkeypatch
):
    event, organizer, _ = event_with_players(8)
    round_1 = _pair_and_start(event, organizer, seed=1)
    finish_all(round_1, organizer)
    round_close(round_=round_1, by=organizer)
    round_2 = _pair_and_start(event, organizer, seed=2)
    url = path.format(slug=event.slug)

    first = client.get(url, headers=headers)
    etag = first["ETag"]
    with django_assert_max_num_queries(5):
        idle = client.get(url, headers={**headers, "If-None-Match": etag})
    assert idle.status_code == 304
    assert idle.content == b""

    # A result reported in the round being played changes the pairings (once the list drawn a moment ago
    # is older than the lag results may show with), not the standings.
    match = round_2.matches.exclude(player_b=None).select_related("player_a", "player_b").first()
    match_report_result(match_id=match.pk, player=match.player_a, result="a", games_a=2, games_b=0)
    match_report_result(match_id=match.pk, player=match.player_b, result="a", games_a=2, games_b=0)
    within_the_lag = client.get(url, headers={**headers, "If-None-Match": etag})
    assert within_the_lag.status_code == 304
    monkeypatch.setattr(pairings_list, "RESULTS_LAG_SECONDS", 0)
    after_report = client.get(url, headers={**headers, "If-None-Match": etag})
    assert after_report.status_code == (200 if "pairings" in path else 304)

    # A judge's correction of a closed round changes both (the records going into round 2, the standings).
    etag = client.get(url, headers=headers)["ETag"]
    corrected = round_1.matches.exclude(player_b=None).first()
    match_result_set(match_id=corrected.pk, judge=organizer, result="b", games_a=0, games_b=2, note="slip")
    changed = client.get(url, headers={**headers, "If-None-Match": etag})
    assert changed.status_code == 200
    assert changed["ETag"] != etag


def test_the_player_finds_their_own_line_in_one_tap(client):
    event, organizer, players = event_with_players(8)
    round_1 = _pair_and_start(event, organizer, seed=1)
    finish_all(round_1, organizer)
    round_close(round_=round_1, by=organizer)
    rank = next(row.rank for row in event_standings(event) if row.player == players[5].username)
    client.force_login(players[5])

    page = client.get(f"/events/{event.slug}/standings/").content.decode()

    assert f'href="#place-{rank}"' in page
    assert f'id="place-{rank}"' in page
    assert f"You are number {rank} in the standings" in page


def test_a_new_official_id_shows_on_the_next_poll_of_the_pairings(client):
    event, organizer, players = event_with_players(4)
    _pair_and_start(event, organizer, seed=1)
    url = f"/events/{event.slug}/pairings/"
    etag = client.get(url, headers={"HX-Request": "true"})["ETag"]

    official_id_set(user=players[0], official_id="0412345678")
    page = client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})

    assert page.status_code == 200
    assert "0412345678" in page.content.decode()


def test_a_reader_waits_for_the_document_another_is_computing_rather_than_compute_it_again():
    key = "arbiter:test:document-being-computed"
    cache.add(f"{key}:computing", 1, 20)  # another reader is computing it
    threading.Timer(0.2, lambda: cache.set(key, {"computed": "by the other reader"})).start()

    def compute_again() -> dict[str, str]:
        raise AssertionError("computed twice")

    assert cached(key, compute_again) == {"computed": "by the other reader"}


def test_with_the_cache_server_unreachable_the_standings_are_computed_as_they_are_read(client):
    event, organizer, players = event_with_players(4)
    round_1 = _pair_and_start(event, organizer, seed=1)
    finish_all(round_1, organizer)
    round_close(round_=round_1, by=organizer)
    unreachable = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
        }
    }

    with override_settings(CACHES=unreachable):
        page = client.get(f"/events/{event.slug}/standings/")
        api = client.get(f"/api/v1/events/{event.slug}/standings/")

    assert page.status_code == 200
    assert players[0].get_full_name() in page.content.decode()
    assert json.loads(api.content) == compute(event_replay(event))
