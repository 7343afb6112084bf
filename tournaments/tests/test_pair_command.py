"""``python manage.py pair FILE [--seed N]``: the next Swiss round of an event replay, as JSON."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tournaments.tests.test_pairing import event


def run(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("pair", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def replay_file(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event(6, [[("p1", "p2", "a"), ("p3", "p4", "a"), ("p5", "p6", "draw")]])))
    return path


def test_pairs_a_file_and_defaults_the_seed_to_zero(replay_file):
    out, _ = run(str(replay_file))
    printed = json.loads(out)
    assert printed["format"] == "pairings/1"
    assert printed["round"] == 2
    assert printed["seed"] == 0
    assert sorted(p for m in printed["matches"] for p in (m["a"], m["b"])) == [f"p{i}" for i in range(1, 7)]
    assert json.loads(run(str(replay_file), "--seed", "0")[0]) == printed


def test_reads_standard_input_and_takes_a_seed(replay_file, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(replay_file.read_text()))
    out, _ = run("-", "--seed", "9")
    assert json.loads(out)["seed"] == 9


def test_a_bad_replay_prints_each_problem_located_and_exits_2(tmp_path):
    # given a replay with a duplicate player and a match against an unknown player
    bad = event(2, [[("p1", "p2", "a")]])
    bad["players"].append({"id": "p1", "name": "Again"})
    bad["rounds"][0]["matches"][0]["b"] = "nobody"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    err = io.StringIO()
    # when
    with pytest.raises(CommandError) as caught:
        call_command("pair", str(path), stdout=io.StringIO(), stderr=err)
    # then
    assert caught.value.returncode == 2
    lines = err.getvalue().splitlines()
    assert len(lines) >= 2
    assert any("players[2]" in line for line in lines)
    assert any("matches[0].b" in line for line in lines)


def test_not_json_exits_2(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{")
    with pytest.raises(CommandError) as caught:
        run(str(path))
    assert caught.value.returncode == 2
    assert "not JSON" in str(caught.value)
