"""``python manage.py judge FILE|-``: disputes in, rulings out as JSON, in one process."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from rules.tests.conftest import example, yugioh_example_names

pytestmark = pytest.mark.django_db


def run_judge(*args: str, stdout: io.StringIO | None = None) -> str:
    out = stdout or io.StringIO()
    call_command("judge", *args, stdout=out)
    return out.getvalue()


def test_a_dispute_file_prints_its_ruling(tmp_path, gaia_attacks_dark_magician):
    path = tmp_path / "dispute.json"
    path.write_text(json.dumps(gaia_attacks_dark_magician))

    ruling = json.loads(run_judge(str(path)))

    assert ruling["legal"] is True
    assert ruling["outcome"]["lp"] == {"A": 5900, "B": 4000}


def test_a_list_from_stdin_gives_rulings_in_the_same_order(monkeypatch):
    names = yugioh_example_names()
    disputes = [example(name)["dispute"] for name in names]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(disputes)))

    rulings = json.loads(run_judge("-"))

    assert [ruling["legal"] for ruling in rulings] == [
        example(name)["expected_ruling"]["legal"] for name in names
    ]


def test_one_bad_dispute_in_a_list_is_reported_in_its_place_and_fails_the_run(
    monkeypatch, gaia_attacks_dark_magician
):
    bad = {"game": "yugioh", "action": {"type": "fly"}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps([bad, gaia_attacks_dark_magician])))
    out = io.StringIO()

    with pytest.raises(CommandError, match="1 of 2 disputes"):
        run_judge("-", stdout=out)

    first, second = json.loads(out.getvalue())
    assert "$.action.type" in {problem["path"] for problem in first["error"]["problems"]}
    assert second["legal"] is True


def test_a_file_that_is_not_json_names_the_line(tmp_path):
    broken = tmp_path / "dispute.json"
    broken.write_text('{\n  "game": "yugioh",\n  oops\n}')

    with pytest.raises(CommandError, match="line 3"):
        run_judge(str(broken))


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(CommandError, match=r"cannot read .*nowhere\.json"):
        run_judge(str(tmp_path / "nowhere.json"))
