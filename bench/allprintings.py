"""Benchmark: MTGJSON AllPrintings streamed into the catalog (run by hand, not a test: it prints figures).

``[DATABASE_URL=postgres://...] .venv/bin/python bench/allprintings.py [PRINTINGS [TRACED]]`` writes a file
of AllPrintings' shape under /tmp (default 100,000 printings of about 30,000 cards in 500 sets of uneven
sizes, each printing with the fields and sizes of the real file: identifiers, legalities in 22 formats,
rulings, prices' links, and eight translations on a third of them; double-faced cards as two faces, tokens),
then imports it the way the background task does (``card_import_queue(path=...)``, the task run in-process as
without a broker: ``card_import_process``) into a fresh SQLite database, and into a fresh PostgreSQL
database beside DATABASE_URL's when one is given (``test_<name>``, dropped after). The import is run again
on the same database (it must add and update nothing). The peer is ``json.load`` of the same file: what
reading it whole costs before any import.

Each measurement runs in a child process of its own, so its ru_maxrss is its own: wall and CPU seconds and
ru_maxrss (with the child's size before the work: Django and the interpreter). tracemalloc's peak is taken in
children of their own (tracing slows what it traces several times over, so those runs are not timed), on a
file of TRACED printings (default 20,000; give PRINTINGS again to trace the whole file, about ten minutes
here), for the import and ``json.load`` of that same file. The ratios printed: the peak against the file
size, and against ``json.load``'s. The files are deleted at the end.
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
    "alchemy",
    "brawl",
    "commander",
    "duel",
    "explorer",
    "future",
    "gladiator",
    "historic",
    "legacy",
    "modern",
    "oathbreaker",
    "oldschool",
    "pauper",
    "paupercommander",
    "penny",
    "pioneer",
    "predh",
    "premodern",
    "standard",
    "standardbrawl",
    "timeless",
    "vintage",
]
LANGUAGES = ["German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)", "Russian", "Korean"]
WORDS = [
    "target",
    "creature",
    "you",
    "control",
    "draw",
    "a",
    "card",
    "each",
    "opponent",
    "loses",
    "life",
    "until",
    "end",
    "of",
    "turn",
    "gets",
    "+1/+1",
    "flying",
    "trample",
    "sacrifice",
    "return",
    "it",
    "to",
    "the",
    "battlefield",
    "from",
    "your",
    "graveyard",
    "hand",
    "exile",
    "counter",
    "spell",
]


def _id(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128)))


def _words(rng: random.Random, count: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(count)).capitalize() + "."


def _card(rng: random.Random, name: dict[str, Any], side: str = "") -> dict[str, Any]:
    """One printing with the fields of MTGJSON's Card (Set), at their real sizes; the printing's own values
    (uuid, set, number, ids) are ``%(...)s`` placeholders, filled by :func:`generate` for each printing."""
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
            "cardKingdomFoilId": "%(id1)s",
            "cardKingdomId": "%(id2)s",
            "cardsphereId": "%(id3)s",
            "mcmId": "%(id4)s",
            "mcmMetaId": "%(id5)s",
            "mtgArenaId": "%(id6)s",
            "mtgjsonV4Id": "%(v4)s",
            "mtgoId": "%(id7)s",
            "multiverseId": "%(id8)s",
            "scryfallId": "%(scryfall)s",
            "scryfallCardBackId": "0aeebaf5-8c7d-4636-9e82-8c27447861f7",
            "scryfallIllustrationId": _id(rng),
            "scryfallOracleId": name["oracle"],
            "tcgplayerProductId": "%(id9)s",
        },
        "keywords": ["Flying", "Haste"],
        "language": "English",
        "layout": name["layout"],
        "legalities": {format_: rng.choice(["Legal", "Legal", "Banned"]) for format_ in FORMATS},
        "manaCost": "{2}{R}",
        "manaValue": 3.0,
        "name": name["name"],
        "number": "%(number)s",
        "originalText": name["text"],
        "originalType": "Creature — Goblin Warrior",
        "power": "2",
        "printings": ["%(set)s"],
        "purchaseUrls": {
            "cardKingdom": "https://mtgjson.com/links/%(link1)s",
            "cardmarket": "https://mtgjson.com/links/%(link2)s",
            "tcgplayer": "https://mtgjson.com/links/%(link3)s",
        },
        "rarity": rng.choice(["common", "uncommon", "rare", "mythic"]),
        "rulings": [{"date": "2024-01-01", "text": _words(rng, 25)} for _ in range(rng.randint(0, 3))],
        "setCode": "%(set)s",
        "sourceProducts": {"nonfoil": ["%(product1)s"], "foil": ["%(product2)s"]},
        "subtypes": ["Goblin", "Warrior"],
        "supertypes": [],
        "text": name["text"],
        "toughness": "2",
        "type": "Creature — Goblin Warrior",
        "types": ["Creature"],
        "uuid": "%(uuid)s",
    }
    if side:
        card["side"] = side
        card["faceName"] = name["name"].split(" // ")[0 if side == "a" else 1]
    return card


def _template(rng: random.Random, name: dict[str, Any], side: str = "") -> str:
    fixed = json.dumps(_card(rng, name, side)).replace("%", "%%").replace("%%(", "%(")
    return fixed


def _values(serial: int, code: str, number: int) -> dict[str, str]:
    """A printing's own values: ids of every kind (made from its serial number: cheap, and unique), its set
    and its number."""
    values = {f"id{n}": str((serial * 10 + n) * 7919 % 10**7) for n in range(1, 10)}
    values |= {f"link{n}": f"{serial * 4 + n:016x}" for n in range(1, 4)}
    for n, key in enumerate(("uuid", "scryfall", "v4", "product1", "product2")):
        hexa = f"{serial * 8 + n:032x}"
        values[key] = f"{hexa[:8]}-{hexa[8:12]}-5{hexa[13:16]}-8{hexa[17:20]}-{hexa[20:]}"
    return values | {"set": code, "number": str(number)}


def generate(path: Path, printings: int, seed: int = 2026) -> int:
    """Write an AllPrintings-shaped file of about ``printings`` printings; returns how many it holds.

    Each card's printings share its oracle fields (name, text, types, rulings, translations), as in the
    real file; each printing has its own ids. A card's JSON is made once and filled in per printing.
    """
    rng = random.Random(seed)
    names = []
    for number in range(max(1, printings * 3 // 10)):
        double = rng.random() < 0.04
        title = f"Bench Card {number}" + (f" // Bench Back {number}" if double else "")
        names.append(
            {
                "name": title,
                "oracle": _id(rng),
                "text": _words(rng, rng.randint(8, 70)),
                "layout": "transform" if double else "normal",
            }
        )
    templates: dict[tuple[int, str], str] = {}
    token = _template(rng, {**names[0], "name": "Goblin", "layout": "token"})
    written = 0
    sets = max(1, printings // 200)
    with path.open("w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2026-11-01", "version": "5.2.2+20261101"}, "data": {')
        for index in range(sets):
            code = f"B{index:03d}"
            left = printings - written
            size = left if index == sets - 1 else min(left, max(1, int(rng.expovariate(1 / 200))))
            sheet = {_id(rng): 1 for _ in range(min(size, 80))}
            sheets = {"common": {"cards": sheet, "totalWeight": len(sheet)}}
            booster = {"boosters": [{"contents": {"common": 10}, "weight": 1}], "sheets": sheets}
            head = {"baseSetSize": size, "block": "Bench", "booster": {"default": booster}}
            out.write(f'{"," if index else ""}"{code}": {json.dumps(head)[:-1]}, "cards": [')
            number = 0
            while number < size:
                picked = rng.randrange(len(names))
                name = names[picked]
                for side in ["a", "b"] if name["layout"] == "transform" else [""]:
                    template = templates.get((picked, side))
                    if template is None:
                        template = templates[picked, side] = _template(rng, name, side)
                    values = _values(written + number, code, number + 1)
                    out.write(("," if number else "") + template % values)
                    number += 1
            written += number
            serials = [printings + index * 8 + n for n in range(rng.randint(0, 6))]  # after every card's
            tokens = ",".join(token % _values(serial, code, n + 1) for n, serial in enumerate(serials))
            tail: dict[str, Any] = {"code": code, "name": f"Bench {code}", "releaseDate": "2024-01-01"}
            tail |= {"totalSetSize": number, "translations": {"German": f"Bench {code}"}, "type": "expansion"}
            out.write(f'], "tokens": [{tokens}], ' + json.dumps(tail)[1:])
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


def _fresh(target: str) -> None:
    if target.startswith("sqlite"):
        Path(target.removeprefix("sqlite:///")).unlink(missing_ok=True)


def _traced(path: Path, target: str) -> tuple[int, int]:
    """tracemalloc's peak for the import and for ``json.load`` of the file at ``path``, in the same run."""
    _fresh(target)
    peak = run_child("import", str(path), target, "--traced")["traced_peak"]
    return peak, run_child("json", str(path), "--traced")["traced_peak"]


def main(printings: int, traced_printings: int) -> None:
    work_dir = Path(tempfile.mkdtemp(prefix="allprintings-bench-", dir="/tmp"))
    path = work_dir / "AllPrintings.json"
    sqlite = f"sqlite:///{work_dir}/catalog.sqlite3"
    try:
        started = time.perf_counter()
        written = run_child("generate", str(path), str(printings))["written"]
        size = path.stat().st_size
        print(f"file: {mib(size)} ({size:,} bytes), {written:,} printings, "
              f"generated in {time.perf_counter() - started:.0f} s")  # fmt: skip
        peer = run_child("json", str(path))
        print(
            f"json.load (peer): wall {peer['wall']:.1f} s, CPU {peer['cpu']:.1f} s, ru_maxrss "
            f"{mib(peer['rss_kib'] * 1024)} (before {mib(peer['rss_before_kib'] * 1024)})"
        )
        targets = [sqlite]
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            targets.append("env")
        for target in targets:
            _fresh(target)
            figures = run_child("import", str(path), target)
            again = figures["again"]
            growth = (figures["rss_kib"] - figures["rss_before_kib"]) * 1024
            print(f"import into a fresh {figures['vendor']} database: {figures['result']}")
            print(
                f"  first: wall {figures['wall']:.1f} s, CPU {figures['cpu']:.1f} s "
                f"(x{figures['cpu'] / peer['cpu']:.1f} json.load's); "
                f"ru_maxrss {mib(figures['rss_kib'] * 1024)} "
                f"(before {mib(figures['rss_before_kib'] * 1024)}, growth {mib(growth)})"
            )
            print(f"  again: wall {again['wall']:.1f} s, CPU {again['cpu']:.1f} s: {again['result']}")
            print(
                f"  ru_maxrss: growth / file size {growth / size:.3f}; whole process / json.load's "
                f"{figures['rss_kib'] / peer['rss_kib']:.3f}, growth / json.load's growth "
                f"{growth / ((peer['rss_kib'] - peer['rss_before_kib']) * 1024):.3f}"
            )
        # tracemalloc multiplies the import's time several times (every JSON event is traced): its peak is
        # taken on a smaller file of the same shape unless asked for the whole one.
        if traced_printings < printings:
            small = work_dir / "AllPrintings.small.json"
            traced_written = run_child("generate", str(small), str(traced_printings))["written"]
            traced_size = small.stat().st_size
        else:
            small, traced_written, traced_size = path, written, size
        peak, peer_peak = _traced(small, sqlite)
        print(
            f"tracemalloc at {traced_written:,} printings ({mib(traced_size)}): import peak {mib(peak)}, "
            f"json.load peak {mib(peer_peak)}; import peak / file size {peak / traced_size:.3f}, "
            f"/ json.load's {peak / peer_peak:.3f}"
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
        # The file is written by a child too: a child starts with its parent's ru_maxrss (Linux keeps it
        # across fork and exec), so the parent stays small.
        if kind == "generate":
            print(json.dumps({"written": generate(Path(file_path), int(rest[0]))}))
        elif kind == "json":
            print(json.dumps(child_json_load(file_path, traced_run)))
        else:
            print(json.dumps(child_import(file_path, traced_run, rest[0])))
    else:
        arguments = [int(arg) for arg in sys.argv[1:3]]
        whole = arguments[0] if arguments else 100_000
        main(whole, arguments[1] if len(arguments) > 1 else min(whole, 20_000))
