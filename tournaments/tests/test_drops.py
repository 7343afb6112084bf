"""Drops never wedge an event: before round 1, during a round, undone by the organizer.

Every read of an event (standings, final standings, the CSVs, the replay, pairing the next round) is built
from the event's replay, so each state an organizer can reach must export a replay that reads back.
"""

from __future__ import annotations

import random
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from matches.models import Penalty
from matches.services.access import MatchConflict
from tests.api_clients import client_for
from tournaments.engine.replay import read_replay
from tournaments.engine.standings import compute as standings_compute
from tournaments.models import Event, Registration, Round
from tournaments.replay_export import event_replay
from tournaments.services import (
    DropNotUndoable,
    penalty_issue_at_event,
    registration_create,
    registration_drop,
    registration_undo_drop,
    round_close,
    round_pair,
    round_repair,
    round_start,
)
from tournaments.services.rounds import RoundConflict
from tournaments.tests.event_steps import event_with_players, finish_all, play_round
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _documents_answer(event: Event, viewer: User) -> dict[str, int]:
    client = client_for(viewer)
    base = f"/api/v1/events/{event.slug}"
    paths = ["standings/", "final-standings/", "replay/"]
    answers = {path: client.get(base + "/" + path).status_code for path in paths}
    for page in ("standings", "pairings"):
        answers[page] = client.get(f"/events/{event.slug}/{page}/").status_code
    return answers


def _paired_players(round_: Round) -> set[str]:
    names: set[str] = set()
    for match in round_.matches.select_related("player_a", "player_b"):
        names.add(match.player_a.username)
        if match.player_b is not None:
            names.add(match.player_b.username)
    return names


def test_a_player_who_drops_before_round_one_is_not_paired_and_nothing_breaks():
    # given: four players checked in; p4 leaves before round 1 is paired
    event, organizer, players = event_with_players(4)
    registration_drop(event=event, player=players[3], by=players[3])

    # when
    round_1 = round_pair(event=event, by=organizer, seed=1)

    # then: round 1 pairs the three still here, and every page and document answers
    assert _paired_players(round_1) == {"p1", "p2", "p3"}
    assert set(_documents_answer(event, organizer).values()) == {200}
    read_replay(event_replay(event))


def test_a_drop_before_round_one_after_pairing_is_mended_by_a_re_pair():
    event, organizer, players = event_with_players(4)
    round_1 = round_pair(event=event, by=organizer, seed=1)
    registration_drop(event=event, player=players[0], by=organizer)

    round_1 = round_repair(round_=round_1, by=organizer, seed=2)

    assert "p1" not in _paired_players(round_1)
    round_start(round_=round_1, by=organizer)
    assert set(_documents_answer(event, organizer).values()) == {200}


def test_standings_during_a_round_with_a_drop_are_those_after_the_last_closed_round():
    # given: round 1 closed, round 2 being played, p2 drops in the middle of it
    event, organizer, players = event_with_players(4)
    play_round(event, organizer, seed=1)
    round_2 = round_pair(event=event, by=organizer, seed=2)
    round_start(round_=round_2, by=organizer)
    registration_drop(event=event, player=players[1], by=players[1])

    # when
    response = client_for(organizer).get(f"/api/v1/events/{event.slug}/standings/")

    # then: the standings after round 1, where p2 had not dropped yet
    assert response.status_code == 200
    standings = response.json()
    assert standings["after_round"] == 1
    assert [row["dropped"] for row in standings["standings"] if row["player"] == "p2"] == [False]
    assert set(_documents_answer(event, organizer).values()) == {200}

    # and once the round closes, p2 is shown dropped and not paired in round 3
    finish_all(round_2, organizer)
    round_close(round_=round_2, by=organizer)
    after = client_for(organizer).get(f"/api/v1/events/{event.slug}/standings/").json()
    assert [row["dropped"] for row in after["standings"] if row["player"] == "p2"] == [True]
    assert "p2" not in _paired_players(round_pair(event=event, by=organizer, seed=3))


def test_the_organizer_undoes_a_drop_and_the_player_is_paired_again():
    event, organizer, players = event_with_players(4)
    play_round(event, organizer, seed=1)
    registration_drop(event=event, player=players[2], by=organizer)

    registration_undo_drop(registration=event.registrations.get(player=players[2]), by=organizer)

    assert event.registrations.get(player=players[2]).dropped_after_round is None
    assert "p3" in _paired_players(round_pair(event=event, by=organizer, seed=2))


def test_a_player_cannot_undo_their_own_drop():
    event, _, players = event_with_players(4)
    registration_drop(event=event, player=players[0], by=players[0])

    with pytest.raises(PermissionDenied):
        registration_undo_drop(registration=event.registrations.get(player=players[0]), by=players[0])


def test_undoing_a_drop_after_the_next_round_is_paired_needs_a_re_pair_before_the_start():
    event, organizer, players = event_with_players(4)
    play_round(event, organizer, seed=1)
    registration_drop(event=event, player=players[3], by=organizer)
    round_2 = round_pair(event=event, by=organizer, seed=2)
    registration_undo_drop(registration=event.registrations.get(player=players[3]), by=organizer)

    with pytest.raises(RoundConflict, match=r"p4|Player4"):
        round_start(round_=round_2, by=organizer)

    round_2 = round_repair(round_=round_2, by=organizer, seed=3)
    assert "p4" in _paired_players(round_2)
    round_start(round_=round_2, by=organizer)


def test_a_drop_cannot_be_undone_once_a_later_round_has_started():
    event, organizer, players = event_with_players(4)
    play_round(event, organizer, seed=1)
    registration_drop(event=event, player=players[3], by=organizer)
    round_start(round_=round_pair(event=event, by=organizer, seed=2), by=organizer)

    with pytest.raises(DropNotUndoable, match="round 2 has started without them"):
        registration_undo_drop(registration=event.registrations.get(player=players[3]), by=organizer)


def test_undo_drop_over_the_api_is_for_organizers():
    event, organizer, players = event_with_players(4)
    registration = event.registrations.get(player=players[1])
    registration_drop(event=event, player=players[1], by=players[1])
    url = f"/api/v1/events/{event.slug}/registrations/{registration.pk}/drop/"

    refused = client_for(players[1]).delete(url)
    undone = client_for(organizer).delete(url)

    assert refused.status_code == 403
    assert undone.status_code == 200
    assert undone.json()["dropped_after_round"] is None


def test_undo_drop_from_the_dashboard(client):
    event, organizer, players = event_with_players(4)
    registration = event.registrations.get(player=players[1])
    registration_drop(event=event, player=players[1], by=organizer)
    client.force_login(organizer)

    response = client.post(f"/events/{event.slug}/run/players/{registration.pk}/undo-drop/", follow=True)

    assert response.status_code == 200
    assert "Player2 Test is back in the event" in response.content.decode()
    assert Registration.objects.get(pk=registration.pk).dropped_after_round is None


@pytest.mark.parametrize("seed", range(6))
def test_every_state_an_event_passes_through_exports_a_replay_that_reads_back(seed):
    """Random organizer and player actions; after each one the replay reads back and standings compute."""
    rng = random.Random(seed)  # noqa: S311 - a repeatable sequence of actions, not a secret
    event, organizer, players = event_with_players(6)
    latecomers = [cast(User, UserFactory(username=f"late{i}")) for i in range(3)]
    for _ in range(30):
        action = rng.choice(["pair", "start", "finish", "close", "drop", "undo", "late", "repair"])
        last = event.rounds.order_by("-number").first()
        try:
            if action == "pair":
                round_pair(event=event, by=organizer, seed=rng.randrange(1000))
            elif action == "repair" and last is not None:
                round_repair(round_=last, by=organizer, seed=rng.randrange(1000))
            elif action == "start" and last is not None:
                round_start(round_=last, by=organizer)
            elif action == "finish" and last is not None:
                finish_all(last, organizer)
            elif action == "close" and last is not None:
                round_close(round_=last, by=organizer)
            elif action == "drop":
                registration_drop(event=event, player=rng.choice(players), by=organizer)
            elif action == "undo":
                dropped = event.registrations.filter(dropped_after_round__isnull=False).first()
                if dropped is not None:
                    registration_undo_drop(registration=dropped, by=organizer)
            elif action == "late" and latecomers:
                registration_create(event=event, player=latecomers.pop())
        except (RoundConflict, DropNotUndoable, PermissionDenied, ValidationError, MatchConflict):
            pass  # a refusal the organizer reads; the event must still read back below
        replay = event_replay(event)
        read_replay(replay)
        standings_compute(replay)
    assert set(_documents_answer(event, organizer).values()) == {200}


def test_the_dashboard_says_why_a_drop_cannot_be_undone(client):
    event, organizer, players = event_with_players(4)
    play_round(event, organizer, seed=1)
    registration = event.registrations.get(player=players[3])
    registration_drop(event=event, player=players[3], by=organizer)
    round_start(round_=round_pair(event=event, by=organizer, seed=2), by=organizer)
    client.force_login(organizer)

    response = client.post(f"/events/{event.slug}/run/players/{registration.pk}/undo-drop/")

    assert response.status_code == 409
    assert "Player4 Test cannot come back: round 2 has started without them." in response.content.decode()


def test_a_disqualification_is_not_undone_as_a_drop():
    event, organizer, _ = event_with_players(4)
    round_1 = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_1, by=organizer)
    match = round_1.matches.exclude(player_b=None).first()
    penalty_issue_at_event(
        match_id=match.pk,
        judge=organizer,
        player=match.player_a,
        kind=Penalty.Kind.DISQUALIFICATION,
        infraction="Unsporting conduct",
        note="at the table",
    )

    with pytest.raises(DropNotUndoable, match="was disqualified"):
        registration_undo_drop(registration=event.registrations.get(player=match.player_a), by=organizer)
