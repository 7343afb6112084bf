"""``python manage.py judge FILE`` (or ``-`` for stdin): a dispute in, its ruling out, as JSON.

A JSON list of disputes gives a list of rulings in the same order, all judged in this one process. A
dispute in the list that breaks the format gets ``{"error": ...}`` in its place so the others still count;
the exit status is then 1. A single malformed dispute prints the problems on stderr and exits with 1.
Nothing is stored: this is the engine on the command line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules import engine


def _judge_one(dispute: Any) -> dict[str, Any]:
    if not isinstance(dispute, dict):
        raise engine.DisputeError("$", "expected a dispute, a JSON object")
    return engine.judge(dispute)


class Command(BaseCommand):
    help = (
        "Judge a dispute (or a JSON list of disputes) from FILE or stdin ('-'); print the ruling(s) as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a dispute JSON file, or - to read standard input")
        parser.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")

    def handle(self, *args: Any, **options: Any) -> None:
        source = options["file"]
        try:
            text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot read {source}: {error.strerror}") from None
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{source}: not JSON: {error.msg} at line {error.lineno} column {error.colno}"
            ) from None

        indent = options["indent"]
        if isinstance(document, list):
            rulings: list[dict[str, Any]] = []
            failed = 0
            for dispute in document:
                try:
                    rulings.append(_judge_one(dispute))
                except engine.DisputeError as error:
                    failed += 1
                    rulings.append({"error": {"problems": error.problems()}})
            self.stdout.write(json.dumps(rulings, indent=indent, ensure_ascii=False))
            if failed:
                raise CommandError(f"{failed} of {len(document)} disputes do not follow the dispute format")
            return
        try:
            ruling = _judge_one(document)
        except engine.DisputeError as error:
            problems = "; ".join(f"{p['path']}: {p['message']}" for p in error.problems())
            raise CommandError(f"{source}: {problems}") from None
        self.stdout.write(json.dumps(ruling, indent=indent, ensure_ascii=False))
