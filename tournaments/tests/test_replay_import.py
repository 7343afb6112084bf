"""Importing an event from its event replay: the standings come out the same, a bad file creates nothing."""

from __future__ import annotations

import copy
import io
import json
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.utils import timezone

from matches.models import Match
from matches.services.judging import match_result_set
from tournaments.engine.replay import ReplayError
from tournaments.engine.standings import compute
from tournaments.models import Event, Registration, Round
from tournaments.replay_export import event_replay
from tournaments.selectors.standings import event_standings_document, final_standings
from tournaments.services import (
    event_create,
    event_import,
    imported_username,
    registration_create,
    registration_drop,
    round_close,
    round_pair,
    round_start,
)
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _match(
    table: int, a: str, b: str | None, result: str, games: tuple[int, int] | None = None
) -> dict[str, Any]:
    match: dict[str, Any] = {"table": table, "a": a, "b": b, "result": result}
    if games is not None:
        match["games"] = {"a": games[0], "b": games[1], "draws": 0}
    return match


# Six players over three Swiss rounds: byes, a late entry (p6), a drop (p3), a fixed seat, a draw.
SWISS: dict[str, Any] = {
    "format": "event-replay/1",
    "game": "yugioh",
    "players": [
        {"id": "p1", "name": "Yugi Muto", "fixed_table": 1},
        {"id": "p2", "name": "Seto Kaiba"},
        {"id": "p3", "name": "Joey Wheeler"},
        {"id": "p4", "name": "Mai Valentine"},
        {"id": "p5", "name": "Maximillion J. Pegasus", "byes": 1},
        {"id": "p6", "name": "Bakura", "joined_round": 2},
    ],
    "rounds": [
        {
            "number": 1,
            "stage": "swiss",
            "matches": [
                _match(1, "p1", "p2", "a", (2, 0)),
                _match(2, "p3", "p4", "b", (1, 2)),
                _match(3, "p5", None, "bye"),
            ],
        },
        {
            "number": 2,
            "stage": "swiss",
            "matches": [
                _match(1, "p1", "p4", "draw", (1, 1)),
                _match(2, "p5", "p3", "a", (2, 1)),
                _match(3, "p2", "p6", "b", (0, 2)),
            ],
        },
        {
            "number": 3,
            "stage": "swiss",
            "matches": [
                _match(1, "p5", "p1", "b", (0, 2)),
                _match(2, "p2", "p4", "a"),
                _match(4, "p6", None, "bye"),
            ],
        },
    ],
    "drops": [{"player": "p3", "after_round": 2}],
}

# Four players, two Swiss rounds, a top 4 and its final: q3 wins the event.
WITH_TOP_CUT: dict[str, Any] = {
    "format": "event-replay/1",
    "game": "yugioh",
    "players": [{"id": f"q{i}", "name": f"Player {i}"} for i in range(1, 5)],
    "rounds": [
        {"number": 1, "stage": "swiss", "matches": [_match(1, "q1", "q2", "a"), _match(2, "q3", "q4", "a")]},
        {
            "number": 2,
            "stage": "swiss",
            "matches": [_match(1, "q1", "q3", "a"), _match(2, "q2", "q4", "draw")],
        },
        {"number": 3, "stage": "top", "matches": [_match(1, "q1", "q4", "a"), _match(2, "q2", "q3", "b")]},
        {"number": 4, "stage": "top", "matches": [_match(1, "q1", "q3", "b", (1, 2))]},
    ],
}


def _organizer() -> User:
    return cast(User, UserFactory(username="olivia"))


def _counts() -> tuple[int, int, int, int, int]:
    return (
        User.objects.count(),
        Event.objects.count(),
        Registration.objects.count(),
        Round.objects.count(),
        Match.objects.count(),
    )


def test_an_imported_event_has_exactly_the_replays_standings():
    event = event_import(document=SWISS, name="Duelist Kingdom", organizer=_organizer())

    # ranks, points, records, tiebreakers (and the tiebreak number), drops: all exactly equal
    assert event_standings_document(event) == compute(SWISS)
    # no full ties here: each player's place is decided by points and tiebreakers alone
    assert len({row["tiebreak_number"] for row in compute(SWISS)["standings"]}) == 6


def test_players_tied_on_everything_keep_the_replays_order_after_an_import():
    # given: four players who all went 1-1 against each other in a cycle: every tiebreaker equal
    tied = {
        "format": "event-replay/1",
        "game": "yugioh",
        "players": [{"id": f"t{i}", "name": f"Tied {i}"} for i in range(1, 5)],
        "rounds": [
            {
                "number": 1,
                "stage": "swiss",
                "matches": [_match(1, "t1", "t2", "a"), _match(2, "t3", "t4", "a")],
            },
            {
                "number": 2,
                "stage": "swiss",
                "matches": [_match(1, "t2", "t3", "a"), _match(2, "t4", "t1", "a")],
            },
        ],
    }
    for slug in ("x", "battle-city", "kc-grand-prix"):
        event = event_import(document=tied, name=f"Tied {slug}", slug=slug, organizer=_organizer())

        assert event_standings_document(event) == compute(tied)  # coin flips included


def test_an_import_makes_accounts_nobody_logs_in_to_and_keeps_each_players_details():
    event = event_import(document=SWISS, name="Duelist Kingdom", organizer=_organizer())

    event.refresh_from_db()
    assert (event.slug, event.game, event.status, event.swiss_rounds) == (
        "duelist-kingdom",
        "yugioh",
        Event.Status.RUNNING,
        3,
    )
    registrations = {r.player.username: r for r in event.registrations.select_related("player")}
    pegasus = registrations["duelist-kingdom.p5"]
    assert (pegasus.player.first_name, pegasus.player.last_name) == ("Maximillion", "J. Pegasus")
    assert not pegasus.player.has_usable_password()
    assert pegasus.byes == 1
    assert event.byes_allowed
    assert registrations["duelist-kingdom.p1"].fixed_table == 1
    assert registrations["duelist-kingdom.p6"].joined_round == 2
    assert registrations["duelist-kingdom.p3"].dropped_after_round == 2
    assert all(r.checked_in_at is not None for r in registrations.values())
    assert list(event.rounds.values_list("status", flat=True)) == [Round.Status.FINISHED] * 3
    bye = Match.objects.get(round__event=event, round__number=3, player_b=None)
    assert (bye.player_a.username, bye.table, bye.result, bye.status) == (
        "duelist-kingdom.p6",
        None,
        "bye",
        Match.Status.FINAL,
    )
    draw = Match.objects.get(round__event=event, round__number=2, table=1)
    assert (draw.result, draw.games_a, draw.games_b, draw.status) == ("draw", 1, 1, Match.Status.FINAL)


def test_an_event_with_its_top_cut_final_is_imported_finished_with_its_winner():
    event = event_import(document=WITH_TOP_CUT, name="Battle City", organizer=_organizer())

    event.refresh_from_db()
    assert (event.status, event.swiss_rounds, event.top_cut) == (Event.Status.FINISHED, 2, 4)
    places = final_standings(event)
    assert [(place.player, place.reached) for place in places[:2]] == [
        ("q3", "Winner"),
        ("q1", "Final"),
    ]
    assert places[0].name == "Player 3"


def _play_an_event() -> Event:
    """Eight players, three Swiss rounds with wins, a draw and a drop, played through the services."""
    organizer = _organizer()
    event = event_create(name="Friday Locals", game="yugioh", starts_at=timezone.now(), organizer=organizer)
    players = [cast(User, UserFactory(username=f"duelist{i}")) for i in range(1, 9)]
    for player in players:
        registration_create(event=event, player=player)
    for number in (1, 2, 3):
        round_ = round_pair(event=event, by=organizer, seed=number)
        round_start(round_=round_, by=organizer)
        for index, match in enumerate(round_.matches.exclude(player_b=None).order_by("table")):
            result, games = [("a", (2, 0)), ("b", (1, 2)), ("draw", (1, 1)), ("a", (2, 1))][index % 4]
            match_result_set(
                match_id=match.pk, judge=organizer, result=result, games_a=games[0], games_b=games[1],
                games_drawn=1 if result == "draw" else 0, note="entered from the slips",
            )  # fmt: skip
        round_close(round_=round_, by=organizer)
        if number == 2:
            registration_drop(event=event, player=players[7], by=players[7])
    return event


def test_an_exported_event_imported_again_has_the_same_standings():
    played = _play_an_event()
    export = event_replay(played)

    imported = event_import(document=export, name="Friday Locals (copy)", organizer=_organizer())

    assert imported.slug == "friday-locals-copy"
    assert event_standings_document(imported) == event_standings_document(played)
    assert event_replay(imported)["players"] == export["players"]


def test_a_bad_replay_lists_every_problem_and_creates_nothing():
    _organizer()
    document = copy.deepcopy(SWISS)
    document["format"] = "event-replay/2"
    document["rounds"][0]["matches"][1]["b"] = "p9"  # unknown player
    document["rounds"][1]["matches"][2]["a"] = "p1"  # p1 already plays at table 1
    document["rounds"][2]["matches"][1]["table"] = 1  # two matches at table 1
    before = _counts()

    with pytest.raises(ReplayError) as refused:
        event_import(document=document, name="Broken", organizer=User.objects.get(username="olivia"))

    assert {(p["path"], p["message"].split(":")[0].split(" (")[0]) for p in refused.value.problems} >= {
        ("format", "unsupported format 'event-replay/2'"),
        ("rounds[0].matches[1].b", "unknown player id 'p9'"),
        ("rounds[1].matches[2].a", "'p1' is paired twice in round 2"),
        ("rounds[2].matches[1].table", "table 1 is already used by rounds[2].matches[0]"),
    }
    assert _counts() == before


def test_a_taken_slug_is_refused_and_nothing_is_created():
    organizer = _organizer()
    event_import(document=SWISS, name="Duelist Kingdom", organizer=organizer)
    before = _counts()

    with pytest.raises(ValidationError) as refused:
        event_import(document=SWISS, name="Again", slug="duelist-kingdom", organizer=organizer)

    assert "slug" in refused.value.message_dict
    assert _counts() == before


def test_importing_the_same_name_twice_makes_two_events_with_their_own_accounts():
    organizer = _organizer()
    first = event_import(document=SWISS, name="Duelist Kingdom", organizer=organizer)
    second = event_import(document=SWISS, name="Duelist Kingdom", organizer=organizer)

    assert (first.slug, second.slug) == ("duelist-kingdom", "duelist-kingdom-2")
    assert second.registrations.filter(player__username="duelist-kingdom-2.p1").exists()


def test_usernames_are_deterministic_and_fit_even_for_odd_or_long_ids():
    odd = imported_username("locals", "Yugi Muto/#1")
    long = imported_username("locals", "x" * 300)

    assert imported_username("locals", "p1") == "locals.p1"
    assert odd == imported_username("locals", "Yugi Muto/#1")
    assert odd.startswith("locals.Yugi_Muto__1-")
    assert " " not in odd
    assert len(long) == 150
    assert long != imported_username("locals", "x" * 299)


def test_the_command_imports_a_file_and_prints_the_events_address(tmp_path):
    organizer = _organizer()
    path = tmp_path / "event.json"
    path.write_text(json.dumps(SWISS))
    out = io.StringIO()

    call_command("import_event", str(path), "--name", "Duelist Kingdom", "--organizer", "olivia", stdout=out)

    assert out.getvalue().strip() == "/events/duelist-kingdom/"
    assert Event.objects.get(slug="duelist-kingdom").roles.get().user == organizer


def test_the_command_prints_each_problem_on_its_own_line_and_fails(tmp_path):
    _organizer()
    document = copy.deepcopy(SWISS)
    document["game"] = "chess"
    document["rounds"][0]["matches"][0]["b"] = "nobody"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    err = io.StringIO()
    before = _counts()

    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path), "--name", "X", "--organizer", "olivia", stderr=err)

    lines = err.getvalue().splitlines()
    assert f"{path}: game: unknown game 'chess': expected 'yugioh' or 'mtg'" in lines
    assert any(
        line.startswith(f"{path}: rounds[0].matches[0].b: unknown player id 'nobody'") for line in lines
    )
    assert refused.value.returncode == 2
    assert _counts() == before
