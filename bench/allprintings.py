"""Benchmark: MTGJSON AllPrintings streamed into the catalog (run by hand, not a test: it prints figures).

``[DATABASE_URL=postgres://...] .venv/bin/python bench/allprintings.py [PRINTINGS]`` writes a file of
AllPrintings' shape under /tmp (default 100,000 printings of about 30,000 cards in 500 sets of uneven sizes,
each printing with the fields and sizes of the real file: identifiers, legalities in 22 formats, rulings,
prices' links, and eight translations on a third of them; double-faced cards as two faces, tokens), then
imports it the way the background task does (``card_import_queue(path=...)``, the task run in-process as
without a broker: ``card_import_process``) into a fresh SQLite database, and into a fresh PostgreSQL database
beside DATABASE_URL's when one is given (``test_<name>``, dropped after). The import is run again on the same
database (it must add and update nothing). The peer is ``json.load`` of the same file: what reading it whole
costs before any import.

Each measurement runs in a child process of its own, so its ru_maxrss is its own: wall and CPU seconds and
ru_maxrss (with the child's size before the work: Django and the interpreter), then tracemalloc's peak in a
second child (tracing slows what it traces, so that run is not timed). The ratios printed: the peak against
the file size, and against ``json.load``'s in the same run. The file is deleted at the end.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FORMATS = [
    "alchemy", "brawl", "commander", "duel", "explorer", "future", "gladiator", "historic", "legacy", "modern",
    "oathbreaker", "oldschool", "pauper", "paupercommander", "penny", "pioneer", "predh", "premodern",
    "standard", "standardbrawl", "timeless", "vintage",
]  # fmt: skip
LANGUAGES = ["German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)", "Russian", "Korean"]
WORDS = (
    "target creature you control draw a card each opponent loses life until end of turn gets +1/+1 flying "
    "trample sacrifice return it to the battlefield from your graveyard hand exile counter spell"
).split()


def _id(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128)))


def _words(rng: random.Random, count: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(count)).capitalize() + "."


def _card(rng: random.Random, name: dict[str, Any], code: str, number: int, side: str = "") -> dict[str, Any]:
    """One printing with the fields of MTGJSON's Card (Set), at their real sizes."""
    card: dict[str, Any] = {
        "artist": "Bench Artist",
        "artistIds": [_id(rng)],
        "availability": ["arena", "mtgo", "paper"],
        "borderColor": "black",
        "colorIdentity": ["R"],
        "colors": ["R"],
        "convertedManaCost": 3.0,
        "edhrecRank": rng.randint(1, 30000),
        "finishes": ["nonfoil", "foil"],
        "flavorText": _words(rng, 14),
        "foreignData": [
            {
                "faceName": name["name"],
                "identifiers": {"multiverseId": str(rng.randint(1, 10**6)), "scryfallId": _id(rng)},
                "language": language,
                "name": f"{name['name']} ({language})",
                "text": name["text"],
                "type": "Kreatur — Goblin Krieger",
                "uuid": _id(rng),
            }
            for language in (LANGUAGES if rng.random() < 0.35 else [])
        ],
        "frameVersion": "2015",
        "hasFoil": True,
        "hasNonFoil": True,
        "identifiers": {
            "cardKingdomFoilId": str(rng.randint(1, 10**6)),
            "cardKingdomId": str(rng.randint(1, 10**6)),
            "cardsphereId": str(rng.randint(1, 10**6)),
            "mcmId": str(rng.randint(1, 10**6)),
            "mcmMetaId": str(rng.randint(1, 10**6)),
            "mtgArenaId": str(rng.randint(1, 10**5)),
            "mtgjsonV4Id": _id(rng),
            "mtgoId": str(rng.randint(1, 10**5)),
            "multiverseId": str(rng.randint(1, 10**6)),
            "scryfallId": _id(rng),
            "scryfallCardBackId": "0aeebaf5-8c7d-4636-9e82-8c27447861f7",
            "scryfallIllustrationId": _id(rng),
            "scryfallOracleId": name["oracle"],
            "tcgplayerProductId": str(rng.randint(1, 10**6)),
        },
        "keywords": ["Flying", "Haste"],
        "language": "English",
        "layout": name["layout"],
        "legalities": {format_: rng.choice(["Legal", "Legal", "Banned"]) for format_ in FORMATS},
        "manaCost": "{2}{R}",
        "manaValue": 3.0,
        "name": name["name"],
        "number": str(number),
        "originalText": name["text"],
        "originalType": "Creature — Goblin Warrior",
        "power": "2",
        "printings": [code],
        "purchaseUrls": {
            "cardKingdom": f"https://mtgjson.com/links/{rng.getrandbits(64):016x}",
            "cardmarket": f"https://mtgjson.com/links/{rng.getrandbits(64):016x}",
            "tcgplayer": f"https://mtgjson.com/links/{rng.getrandbits(64):016x}",
        },
        "rarity": rng.choice(["common", "uncommon", "rare", "mythic"]),
        "rulings": [{"date": "2024-01-01", "text": _words(rng, 25)} for _ in range(rng.randint(0, 3))],
        "setCode": code,
        "sourceProducts": {"nonfoil": [_id(rng)], "foil": [_id(rng)]},
        "subtypes": ["Goblin", "Warrior"],
        "supertypes": [],
        "text": name["text"],
        "toughness": "2",
        "type": "Creature — Goblin Warrior",
        "types": ["Creature"],
        "uuid": _id(rng),
    }
    if side:
        card["side"] = side
        card["faceName"] = name["name"].split(" // ")[0 if side == "a" else 1]
    return card


def generate(path: Path, printings: int, seed: int = 2026) -> int:
    """Write an AllPrintings-shaped file of about ``printings`` printings; returns how many it holds."""
    rng = random.Random(seed)
    names = []
    for number in range(max(1, printings * 3 // 10)):
        double = rng.random() < 0.04
        name = f"Bench Card {number}" + (f" // Bench Back {number}" if double else "")
        names.append(
            {
                "name": name,
                "oracle": _id(rng),
                "text": _words(rng, rng.randint(8, 70)),
                "layout": "transform" if double else "normal",
            }
        )
    written = 0
    sets = max(1, printings // 200)
    with path.open("w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2026-11-01", "version": "5.2.2+20261101"}, "data": {')
        for index in range(sets):
            code = f"B{index:03d}"
            left = printings - written
            size = left if index == sets - 1 else min(left, max(1, int(rng.expovariate(1 / 200))))
            sheet = {_id(rng): 1 for _ in range(min(size, 80))}
            head = {
                "baseSetSize": size,
                "block": "Bench",
                "booster": {"default": {"boosters": [{"contents": {"common": 10}, "weight": 1}], "sheets": {}}},
            }
            head["booster"]["default"]["sheets"] = {"common": {"cards": sheet, "totalWeight": len(sheet)}}
            out.write(("," if index else "") + json.dumps(code) + ": " + json.dumps(head)[:-1] + ', "cards": [')
            number = 0
            while number < size:
                name = names[rng.randrange(len(names))]
                faces = ["a", "b"] if name["layout"] == "transform" else [""]
                for side in faces:
                    out.write(("," if number else "") + json.dumps(_card(rng, name, code, number + 1, side)))
                    number += 1
            written += number
            tokens = [
                {**_card(rng, names[0], code, 1), "layout": "token", "name": f"Token {n}"}
                for n in range(rng.randint(0, 6))
            ]
            tail = {"code": code, "name": f"Bench {code}", "releaseDate": "2024-01-01", "tokens": tokens}
            tail |= {"totalSetSize": number, "translations": {"German": f"Bench {code}"}, "type": "expansion"}
            out.write("], " + json.dumps(tail)[1:])
        out.write("}}")
    return written


# --- Children: one measurement each ----------------------------------------------------------------------


def _measured(work: Any, traced: bool) -> dict[str, Any]:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if traced:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    figures = {
        "wall": time.perf_counter() - wall,
        "cpu": time.process_time() - cpu,
        "rss_before_kib": before,
        "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "result": result,
    }
    if traced:
        figures["traced_peak"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return figures


def child_json_load(path: str, traced: bool) -> dict[str, Any]:
    def work() -> int:
        with open(path, "rb") as stream:
            return len(json.load(stream)["data"])

    return _measured(work, traced)


def child_import(path: str, traced: bool, database: str) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    if database != "env":
        os.environ["DATABASE_URL"] = database
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from decks.models import CardImport
    from decks.services import card_import_queue

    fresh_postgres = connection.vendor == "postgresql"
    if fresh_postgres:
        connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    else:
        call_command("migrate", verbosity=0)

    def work() -> dict[str, Any]:
        # Without a broker the task runs as the queueing commits: card_import_process, as a worker runs it.
        job = card_import_queue(uploaded_by=None, filename="AllPrintings.json", path=path, expect="cards")
        job = CardImport.objects.get(pk=job.pk)
        return {"status": job.status, "error": job.error, **{k: job.report.get(k) for k in REPORTED}}

    figures = _measured(work, traced)
    figures["vendor"] = connection.vendor
    if not traced:
        figures["again"] = _measured(work, False)
    if fresh_postgres:
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)
    return figures


REPORTED = ["rows", "added", "updated", "unchanged", "skipped", "artworks_added", "artworks_unchanged"]


def run_child(*args: str) -> dict[str, Any]:
    done = subprocess.run(  # noqa: S603 - this script, with its own arguments
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True, check=False, cwd=ROOT
    )
    if done.returncode:
        raise SystemExit(f"child {args} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def mib(size: float) -> str:
    return f"{size / 2**20:,.0f} MiB"


def main(printings: int) -> None:
    work_dir = Path(tempfile.mkdtemp(prefix="allprintings-bench-", dir="/tmp"))
    path = work_dir / "AllPrintings.json"
    try:
        started = time.perf_counter()
        written = generate(path, printings)
        size = path.stat().st_size
        print(f"file: {path} {mib(size)} ({size:,} bytes), {written:,} printings, "
              f"generated in {time.perf_counter() - started:.0f} s")  # fmt: skip
        peer = run_child("json", str(path))
        peer_traced = run_child("json", str(path), "--traced")
        targets = [f"sqlite:///{work_dir}/catalog.sqlite3"]
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            targets.append("env")
        print(
            f"json.load (peer): wall {peer['wall']:.1f} s, CPU {peer['cpu']:.1f} s, ru_maxrss "
            f"{mib(peer['rss_kib'] * 1024)} (before {mib(peer['rss_before_kib'] * 1024)}), tracemalloc peak "
            f"{mib(peer_traced['traced_peak'])}"
        )
        for target in targets:
            if target.startswith("sqlite"):
                Path(target.removeprefix("sqlite:///")).unlink(missing_ok=True)
            figures = run_child("import", str(path), target)
            if target.startswith("sqlite"):
                Path(target.removeprefix("sqlite:///")).unlink(missing_ok=True)
            traced = run_child("import", str(path), target, "--traced")
            again = figures["again"]
            peak = traced["traced_peak"]
            print(f"import into a fresh {figures['vendor']} database: {figures['result']}")
            print(
                f"  first: wall {figures['wall']:.1f} s, CPU {figures['cpu']:.1f} s; ru_maxrss "
                f"{mib(figures['rss_kib'] * 1024)} (before {mib(figures['rss_before_kib'] * 1024)}); "
                f"tracemalloc peak {mib(peak)}"
            )
            print(f"  again: wall {again['wall']:.1f} s, CPU {again['cpu']:.1f} s: {again['result']}")
            print(
                f"  peak / file size: {peak / size:.3f} (tracemalloc), "
                f"{(figures['rss_kib'] - figures['rss_before_kib']) * 1024 / size:.3f} (ru_maxrss growth); "
                f"peak / json.load's: {peak / peer_traced['traced_peak']:.3f} (tracemalloc), "
                f"{figures['rss_kib'] / peer['rss_kib']:.3f} (ru_maxrss)"
            )
    finally:
        for leftover in work_dir.iterdir():
            leftover.unlink()
        work_dir.rmdir()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        kind, file_path, *rest = sys.argv[2:]
        traced_run = "--traced" in rest
        rest = [arg for arg in rest if arg != "--traced"]
        if kind == "json":
            print(json.dumps(child_json_load(file_path, traced_run)))
        else:
            print(json.dumps(child_import(file_path, traced_run, rest[0])))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
