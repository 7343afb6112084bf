"""Reading and writing event replays (shared/spec/event-replay-format.md); pure Python, no database."""

import copy
from typing import Any

import pytest

from tournaments.engine.replay import (
    Drop,
    Games,
    Match,
    Player,
    Replay,
    ReplayError,
    Round,
    read_replay,
    replay_to_json,
)

VALID = {
    "format": "event-replay/1",
    "game": "yugioh",
    "players": [
        {"id": "p1", "name": "Yugi Muto"},
        {"id": "p2", "name": "Seto Kaiba"},
        {"id": "p3", "name": "Joey"},
    ],
    "rounds": [
        {
            "number": 1,
            "stage": "swiss",
            "matches": [
                {"table": 1, "a": "p1", "b": "p2", "result": "a", "games": {"a": 2, "b": 1, "draws": 0}},
                {"table": 2, "a": "p3", "b": None, "result": "bye"},
            ],
        },
        {
            "number": 2,
            "stage": "top",
            "matches": [{"table": 1, "a": "p1", "b": "p3", "result": "double_loss"}],
        },
    ],
    "drops": [{"player": "p2", "after_round": 1}],
}


def problems_of(document: object) -> list[dict[str, str]]:
    with pytest.raises(ReplayError) as caught:
        read_replay(document)
    # Each problem also carries its template and values (said in the reader's language by the pages).
    return [{"path": problem["path"], "message": problem["message"]} for problem in caught.value.problems]


def test_valid_replay_reads_into_typed_dataclasses():
    replay = read_replay(VALID)

    assert replay == Replay(
        game="yugioh",
        players=(Player("p1", "Yugi Muto"), Player("p2", "Seto Kaiba"), Player("p3", "Joey")),
        rounds=(
            Round(1, "swiss", (Match(1, "p1", "p2", "a", Games(2, 1, 0)), Match(2, "p3", None, "bye"))),
            Round(2, "top", (Match(1, "p1", "p3", "double_loss"),)),
        ),
        drops=(Drop("p2", 1),),
    )


def test_replay_to_json_is_the_inverse_of_read_replay():
    replay = read_replay(VALID)

    assert replay_to_json(replay) == VALID
    assert read_replay(replay_to_json(replay)) == replay


def test_optional_parts_default():
    document = {"format": "event-replay/1", "game": "mtg", "players": [{"id": "p1"}], "rounds": []}

    replay = read_replay(document)

    assert replay.players == (Player("p1", "p1"),)
    assert replay.drops == ()


@pytest.mark.parametrize("document", [[], "event", None, 3])
def test_a_document_that_is_not_an_object_is_one_problem_at_the_root(document):
    problems = problems_of(document)

    assert [problem["path"] for problem in problems] == [""]
    assert "JSON object" in problems[0]["message"]


def test_every_problem_is_collected_and_located():
    document = {
        "format": "event-replay/2",
        "game": "pokemon",
        "players": [{"id": "p1"}, {"id": "p2"}, {"id": "p1"}, {"id": "p3"}, {"id": "p4"}, {"id": ""}],
        "rounds": [
            {
                "number": 1,
                "stage": "swiss",
                "matches": [
                    {
                        "table": 1,
                        "a": "p1",
                        "b": "p2",
                        "result": "a",
                        "games": {"a": -1, "b": 1.5, "draws": True},
                    },
                    {"table": 2, "a": "p3", "b": "p9", "result": "win"},
                    {"table": 3, "a": "p1", "b": None, "result": "bye"},
                ],
            },
            {
                "number": 3,
                "stage": "finals",
                "matches": [
                    {"table": 1, "a": "p4", "b": "p2", "result": "bye"},
                    {"table": 2, "a": "p3", "b": None, "result": "draw"},
                ],
            },
        ],
        "drops": [{"player": "p4", "after_round": 7}, {"player": "ghost", "after_round": 1}],
    }

    problems = problems_of(document)

    by_path = {problem["path"]: problem["message"] for problem in problems}
    assert set(by_path) == {
        "format",
        "game",
        "players[2].id",
        "players[5].id",
        "rounds[0].matches[0].games.a",
        "rounds[0].matches[0].games.b",
        "rounds[0].matches[0].games.draws",
        "rounds[0].matches[1].b",
        "rounds[0].matches[1].result",
        "rounds[0].matches[2].a",
        "rounds[1].number",
        "rounds[1].stage",
        "rounds[1].matches[0].b",
        "rounds[1].matches[1].b",
        "drops[0].after_round",
        "drops[1].player",
    }
    assert "duplicate player id 'p1'" in by_path["players[2].id"]
    assert "unknown player id 'p9'" in by_path["rounds[0].matches[1].b"]
    assert "unknown result 'win'" in by_path["rounds[0].matches[1].result"]
    assert "paired twice in round 1" in by_path["rounds[0].matches[2].a"]
    assert "expected 2, got 3" in by_path["rounds[1].number"]
    assert "a bye has b null" in by_path["rounds[1].matches[0].b"]
    assert "only a bye has b null" in by_path["rounds[1].matches[1].b"]
    assert "unknown round 7" in by_path["drops[0].after_round"]
    assert "-1" in by_path["rounds[0].matches[0].games.a"]
    assert "1.5" in by_path["rounds[0].matches[0].games.b"]


def test_missing_top_level_keys_are_each_a_problem():
    problems = problems_of({})

    assert [problem["path"] for problem in problems] == ["format", "game", "players", "rounds"]


def test_a_dropped_player_paired_again_is_a_problem():
    document = copy.deepcopy(VALID)
    document["rounds"][1]["matches"][0]["b"] = "p2"  # p2 dropped after round 1

    problems = problems_of(document)

    assert problems == [
        {"path": "rounds[1].matches[0].b", "message": "'p2' dropped after round 1 but is paired in round 2"}
    ]


def test_the_error_message_names_every_problem():
    with pytest.raises(ReplayError, match=r"2 problem\(s\).*format.*game"):
        read_replay({"players": [], "rounds": []})


# ---- optional per-player keys: late entry, byes awarded up front, a fixed seat ----------------------------


def with_players(*players: dict[str, Any]) -> dict[str, Any]:
    document = copy.deepcopy(VALID)
    document["players"] = [*players, {"id": "p2"}, {"id": "p3"}]
    document["drops"] = []
    return document


def test_late_entry_up_front_byes_and_fixed_table_are_read_and_written_back():
    document = with_players({"id": "p1", "name": "Yugi Muto", "byes": 2, "fixed_table": 12})
    document["players"][2] = {"id": "p3", "name": "p3", "joined_round": 1}
    document["players"].append({"id": "p4", "name": "Mai", "joined_round": 2})

    replay = read_replay(document)

    assert replay.players[0] == Player("p1", "Yugi Muto", joined_round=1, byes=2, fixed_table=12)
    assert replay.players[3] == Player("p4", "Mai", joined_round=2)
    written = replay_to_json(replay)["players"]
    assert written[0] == {"id": "p1", "name": "Yugi Muto", "byes": 2, "fixed_table": 12}
    assert written[2] == {"id": "p3", "name": "p3"}  # defaults are not written: old exports stay the same
    assert written[3] == {"id": "p4", "name": "Mai", "joined_round": 2}
    assert read_replay(replay_to_json(replay)) == replay


def test_bad_per_player_keys_are_located():
    document = with_players(
        {"id": "p1", "joined_round": 0, "byes": -1, "fixed_table": "7"},
    )
    document["players"].append({"id": "p4", "joined_round": True, "fixed_table": 3})
    document["players"].append({"id": "p5", "fixed_table": 3})

    by_path = {problem["path"]: problem["message"] for problem in problems_of(document)}

    assert set(by_path) == {
        "players[0].joined_round",
        "players[0].byes",
        "players[0].fixed_table",
        "players[3].joined_round",
        "players[4].fixed_table",
    }
    assert "table 3 is already fixed for players[3]" in by_path["players[4].fixed_table"]


def test_a_late_entry_paired_before_joining_is_a_problem():
    document = with_players({"id": "p1", "joined_round": 2})

    assert problems_of(document) == [
        {"path": "rounds[0].matches[0].a", "message": "'p1' joined in round 2 but is paired in round 1"}
    ]


def test_two_matches_at_one_table_of_a_round_are_refused_at_the_second():
    document = {
        "format": "event-replay/1",
        "game": "yugioh",
        "players": [{"id": f"p{i}"} for i in range(1, 5)],
        "rounds": [
            {
                "number": 1,
                "stage": "swiss",
                "matches": [
                    {"table": 1, "a": "p1", "b": "p2", "result": "a"},
                    {"table": 1, "a": "p3", "b": "p4", "result": "b"},
                ],
            }
        ],
    }

    with pytest.raises(ReplayError) as refused:
        read_replay(document)

    assert [{"path": p["path"], "message": p["message"]} for p in refused.value.problems] == [
        {"path": "rounds[0].matches[1].table", "message": "table 1 is already used by rounds[0].matches[0]"}
    ]


def test_a_player_paired_twice_in_a_round_is_told_where_they_were_seated_first():
    document = copy.deepcopy(VALID)
    document["players"].append({"id": "p4"})
    document["rounds"][0]["matches"][1] = {"table": 2, "a": "p4", "b": "p2", "result": "b"}

    assert problems_of(document) == [
        {
            "path": "rounds[0].matches[1].b",
            "message": "'p2' is paired twice in round 1 (also at rounds[0].matches[0].b)",
        }
    ]


def test_players_paired_out_of_their_rounds_are_listed_round_by_round_in_seat_order():
    # p5 joins in round 2 but sits in round 1; p1 and p3 drop after round 1 and sit again in round 2.
    document = {
        "format": "event-replay/1",
        "game": "yugioh",
        "players": [{"id": f"p{i}"} for i in range(1, 5)] + [{"id": "p5", "joined_round": 2}],
        "rounds": [
            {
                "number": 1,
                "stage": "swiss",
                "matches": [
                    {"table": 1, "a": "p2", "b": "p1", "result": "a"},
                    {"table": 2, "a": "p3", "b": "p5", "result": "a"},
                    {"table": 3, "a": "p4", "b": None, "result": "bye"},
                ],
            },
            {
                "number": 2,
                "stage": "swiss",
                "matches": [
                    {"table": 1, "a": "p4", "b": "p3", "result": "a"},
                    {"table": 2, "a": "p1", "b": "p2", "result": "a"},
                ],
            },
        ],
        "drops": [{"player": "p3", "after_round": 1}, {"player": "p1", "after_round": 1}],
    }

    assert problems_of(document) == [
        {"path": "rounds[0].matches[1].b", "message": "'p5' joined in round 2 but is paired in round 1"},
        {"path": "rounds[1].matches[0].b", "message": "'p3' dropped after round 1 but is paired in round 2"},
        {"path": "rounds[1].matches[1].a", "message": "'p1' dropped after round 1 but is paired in round 2"},
    ]
