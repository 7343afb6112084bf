"""Bad input is listed whole: every problem of the envelope, every unknown card id of the action."""

from __future__ import annotations

import pytest

from rules.engine import DisputeError, judge


def problems_of(dispute: dict[str, object]) -> list[dict[str, str]]:
    with pytest.raises(DisputeError) as raised:
        judge(dispute)
    return raised.value.problems()


def test_every_bad_field_of_the_envelope_is_listed_with_its_path() -> None:
    problems = problems_of({"format": "dispute/9", "game": "chess", "action": {}})

    assert [problem["path"] for problem in problems] == ["$.format", "$.game", "$.action.type"]


def test_a_bad_revision_is_named_for_its_game() -> None:
    problems = problems_of({"game": "yugioh", "revision": "1999", "action": {"type": "draw"}})

    assert problems == [
        {
            "path": "$.revision",
            "code": "dispute.invalid",
            "field": "revision",
            "message": "must be one of 2020, v10 for yugioh",
            "template": "must be one of %(revisions)s for %(game)s",
            "values": {"revisions": "2020, v10", "game": "yugioh"},
        }
    ]


def test_every_unknown_card_id_of_the_action_is_listed() -> None:
    state = {
        "turn": 3,
        "turn_player": "A",
        "phase": "main1",
        "players": {
            "A": {"hand": [{"id": "a1", "name": "Summoned Skull", "kind": "monster", "level": 6}]},
            "B": {},
        },
    }

    problems = problems_of(
        {
            "game": "yugioh",
            "state": state,
            "action": {"type": "normal_summon", "player": "A", "card": "a9", "tributes": ["a1", "x1", "x2"]},
        }
    )

    assert [(problem["path"], problem["card_id"]) for problem in problems] == [
        ("$.action.card", "a9"),
        ("$.action.tributes[1]", "x1"),
        ("$.action.tributes[2]", "x2"),
    ]
    assert all(problem["code"] == "dispute.unknown_card" for problem in problems)
