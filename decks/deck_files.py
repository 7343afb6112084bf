"""Deck lists written as the files other programs load: YGOPro/EDOPro ``.ydk``, MTGO ``.txt`` and Arena.

Pure text in, text out: the sections as ``DeckList.sections`` stores them (``{"main": [{"name", "count"}]}``)
and, for a ``.ydk``, each card's passcode from the catalog (``decks.selectors.deck_file``). Reading them back
is ``decks.parsing``'s job; the tests hold the two together (export, then import, gives the same list).

``.ydk`` (YGOPro and EDOPro)::

    #created by Yugi
    #main
    89631139          <- one line per copy, the original printing's passcode
    #extra
    !side

MTGO ``.txt``: ``4 Lightning Bolt`` lines for the main deck, one blank line, the sideboard; no heading.
Arena: ``Deck``, its lines, a blank line, ``Sideboard`` and its lines. Arena lines may end with the set and
collector number (``4 Lightning Bolt (M10) 146``); the catalog keeps no set or collector number (an MTGJSON
printing is a uuid), so they are written without: Arena imports a line without them as its default printing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

Sections = Mapping[str, Sequence[Mapping[str, Any]]]

YDK_SECTIONS = (("main", "#main"), ("extra", "#extra"), ("side", "!side"))
YDK = "ydk"
MTGO = "mtgo"
ARENA = "arena"
# What each game's lists are written as, in the order the links show them.
FORMATS_BY_GAME: dict[str, tuple[str, ...]] = {"yugioh": (YDK,), "mtg": (MTGO, ARENA)}
EXTENSIONS = {YDK: ".ydk", MTGO: ".txt", ARENA: ".txt"}
# Arena's file is told from MTGO's by its name, both being .txt.
FILENAME_SUFFIXES = {YDK: "", MTGO: "", ARENA: " (Arena)"}
MAX_FILENAME = 100
UNSAFE_IN_FILENAME = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')


def _lines(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    return [f"{int(entry['count'])} {entry['name']}" for entry in entries]


def ydk_text(sections: Sections, passcodes: Mapping[str, str], *, created_by: str) -> str:
    """A ``.ydk``: ``passcodes`` maps each card name of ``sections`` to its original printing's passcode."""
    who = " ".join(created_by.split()) or "Arbiter"
    lines = [f"#created by {who}"]
    for section, header in YDK_SECTIONS:
        lines.append(header)
        for entry in sections.get(section, []):
            lines.extend([passcodes[str(entry["name"])]] * int(entry["count"]))
    return "\n".join(lines) + "\n"


def mtgo_text(sections: Sections) -> str:
    """MTGO's ``.txt``: the main deck, a blank line, the sideboard (the blank line even when it is empty)."""
    return "\n".join([*_lines(sections.get("main", [])), "", *_lines(sections.get("side", []))]) + "\n"


def arena_text(sections: Sections) -> str:
    """Arena's export: ``Deck`` and its cards; a blank line, ``Sideboard`` and its cards if it has any."""
    lines = ["Deck", *_lines(sections.get("main", []))]
    side = _lines(sections.get("side", []))
    if side:
        lines += ["", "Sideboard", *side]
    return "\n".join(lines) + "\n"


def safe_filename(name: str, file_format: str) -> str:
    """The list's name as a file name every system accepts: no path separators, control characters or
    characters Windows refuses, accents kept (the header carries it encoded, RFC 5987)."""
    readable = UNSAFE_IN_FILENAME.sub(" ", unicodedata.normalize("NFC", name))
    readable = " ".join(readable.split()).strip(" .")[:MAX_FILENAME].strip(" .") or "deck"
    return f"{readable}{FILENAME_SUFFIXES[file_format]}{EXTENSIONS[file_format]}"
