"""``python manage.py standings FILE`` (spec: shared/spec/event-replay-format.md); no database."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.tests.test_standings import YUGIOH

MANAGE = Path(__file__).resolve().parents[2] / "manage.py"


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("standings", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_prints_the_standings_json_with_indent_2(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(YUGIOH))

    out, _ = run(str(path))

    assert json.loads(out)["standings"][0]["player"] == "A"
    assert out.startswith('{\n  "format": "standings/1"')


def test_reads_stdin_with_a_dash(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(YUGIOH)))

    out, _ = run("-")

    assert json.loads(out)["after_round"] == 2


def test_a_bad_replay_lists_every_problem_located_and_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    document = dict(YUGIOH, game="chess")
    document["rounds"] = [dict(YUGIOH["rounds"][0], number=4)]
    path.write_text(json.dumps(document))
    err = io.StringIO()

    with pytest.raises(CommandError, match=r"2 problem") as caught:
        call_command("standings", str(path), stdout=io.StringIO(), stderr=err)

    assert caught.value.returncode == 2
    lines = err.getvalue().splitlines()
    assert any(": game: unknown game 'chess'" in line for line in lines)
    assert any(": rounds[0].number: " in line for line in lines)


def test_a_file_that_is_not_json_reports_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n  "format": "event-replay/1",\n  "game": yugioh\n}')

    with pytest.raises(CommandError, match=r"not JSON: line 3, column 11") as caught:
        run(str(path))

    assert caught.value.returncode == 2


def test_exit_status_is_2_from_the_shell(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "event-replay/1"}))

    completed = subprocess.run(
        [sys.executable, str(MANAGE), "standings", str(path)], capture_output=True, text=True, check=False
    )

    assert completed.returncode == 2
    assert "game: missing" in completed.stderr
    assert completed.stdout == ""


def test_a_magic_replay_prints_the_0_33_floor_of_the_magic_tournament_rules(tmp_path):
    """Issue 19: an opponent who went 1-3 and withdrew counts 0.33 (MTR appendix C), not 0.3333."""
    path = tmp_path / "magic.json"
    path.write_text(
        json.dumps(
            {
                "format": "event-replay/1",
                "game": "mtg",
                "players": [{"id": p, "name": p} for p in ("P", "O1", "O2", "O3", "O4")],
                "rounds": [
                    {
                        "number": n,
                        "stage": "swiss",
                        "matches": [{"table": 1, "a": "P", "b": f"O{n}", "result": r}],
                    }
                    for n, r in enumerate("bbab", start=1)
                ],
                "drops": [{"player": "P", "after_round": 4}],
            }
        )
    )

    out, _ = run(str(path))

    rows = {row["player"]: row for row in json.loads(out)["standings"]}
    assert rows["O1"]["tiebreakers"]["omw"] == 0.33  # P: 3 match points of 12, 0.25, floored at 0.33
    assert rows["P"]["tiebreakers"]["omw"] == 0.8325  # (O1, O2, O4 at 1.0 + O3 at 0 of 3, so 0.33) / 4
