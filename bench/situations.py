"""Benchmark: how fast a player describes each judge situation on a phone, in inputs, screens and seconds.

Run by hand: ``.venv/bin/python bench/situations.py``. It runs the browser test
``tests/browser/test_situations.py`` (real Chromium at 390x844 against a live server; the scripts are in
``tests/browser/situation_scripts.py``) and prints, per situation, the inputs touched, the screens scrolled,
the scripted seconds, and those seconds as a ratio to the floor measured in the same run: opening the
situation's form and touching nothing. Goals (issue 15): at most 8 inputs and 1.5 screens for the attack on
a face-down monster, at most 10 inputs for every situation, under 30 s each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "measures.jsonl"
        env = {**os.environ, "ARBITER_SITUATIONS_OUT": str(out)}
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        command += ["tests/browser/test_situations.py", "-k", "each_situation"]
        # The command is fixed here (this interpreter, pytest, one test file): no outside input.
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)  # noqa: S603
        if not out.exists():
            print(run.stdout[-3000:], run.stderr[-3000:])
            return 1
        rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    print(f"{'game':8} {'situation':18} {'inputs':>6} {'screens':>7} {'seconds':>7} {'x floor':>7}")
    for row in rows:
        ratio = row["seconds"] / row["floor"] if row["floor"] else float("nan")
        print(
            f"{row['game']:8} {row['situation']:18} {row['inputs']:>6} {row['screens']:>7.2f} "
            f"{row['seconds']:>7.2f} {ratio:>7.1f}"
        )
    print(run.stdout.strip().splitlines()[-1] if run.stdout.strip() else "")
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main())
