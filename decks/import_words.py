"""A card import's report in the reader's words: where in the file (a line, a cards.cdb row, a JSON path with
its positions counted from 1), a format by the name people know, the counts in phrases that agree with what
they count, and each stored reason said from its template (``rules.words.said``).

The importers write positions and reasons in English (they run where no reader is known); the pages, the
upload form's refusal and the progress fragment say them here, so the view only lays them out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy, npgettext_lazy

from rules.words import said

# Where in a file, as the importers write it in English: the line and byte numbers and a cards.cdb's rows are
# said in the reader's language; a JSON path (``data[3].name``) is the file's own and stays as it is.
_WHERE: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"line (\d+)"), lambda m: gettext("line %(line)s") % {"line": m[1]}),
    (
        re.compile(r"line (\d+) column (\d+)"),
        lambda m: gettext("line %(line)s, column %(column)s") % {"line": m[1], "column": m[2]},
    ),
    (re.compile(r"byte (\d+)"), lambda m: gettext("byte %(byte)s") % {"byte": m[1]}),
    (
        re.compile(r"datas row (\d+) \(id=(-?\d+)\)"),
        lambda m: gettext("row %(row)s (id=%(id)s) of the datas table") % {"row": m[1], "id": m[2]},
    ),
    (
        re.compile(r"datas row id=(-?\d+)"),
        lambda m: gettext("row id=%(id)s of the datas table") % {"id": m[1]},
    ),
    (
        re.compile(r"texts row id=(-?\d+)"),
        lambda m: gettext("row id=%(id)s of the texts table") % {"id": m[1]},
    ),
)


# A JSON path as the importers write it: ``data[1]``, ``data.cards[3].name``, ``[0].forbidden[2]``,
# ``data['Lightning Bolt'][0]``, ``$``, ``$.name``; then perhaps the entry's name or id in brackets:
# ``data[1] ('Some Skill')``, ``data[1] (id 1234)``. Only a path that starts with ``$`` or holds a
# subscript is taken for one, so a card name never is.
# Each step starts with "." or "[", so a path reads one way only (no backtracking on a long card name).
_KEY = r"[A-Za-z_]\w*"
_SUBSCRIPT = r"\[(?:\d+|'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\]"
_STEPS = rf"(?:\.{_KEY}|{_SUBSCRIPT})*"
_JSON_PATH = re.compile(
    rf"(?P<path>\${_STEPS}|(?:{_KEY})?(?:\.{_KEY})*{_SUBSCRIPT}{_STEPS})(?P<note> \(.+\))?"
)
_JSON_STEP = re.compile(
    rf"\.?(?P<key>{_KEY})|\[(?:(?P<index>\d+)|(?P<quoted>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"))\]"
)


def json_path_words(path: str) -> str | None:
    """A JSON path in the reader's words, its positions counted from 1 as a person counts: ``data[1]`` is
    "item 2 of the list “data”", ``[0].forbidden[2]`` "item 1 of the file, item 3 of the list
    “forbidden”", ``data[1].id`` "item 2 of the list “data”, field “id”". The file's own keys stay as they
    are written. ``None`` when ``path`` is not a JSON path."""
    found = _JSON_PATH.fullmatch(path)
    if found is None:
        return None
    parts: list[str] = []
    container = ""  # the keys walked since the last position: the list the next position is in
    for step in _JSON_STEP.finditer(found["path"].removeprefix("$")):
        if step["key"]:
            container = f"{container}.{step['key']}" if container else step["key"]
        elif step["quoted"]:
            container = f"{container}[{step['quoted']}]"
        else:
            number = int(step["index"]) + 1
            if container:
                parts.append(
                    gettext("item %(number)s of the list “%(list)s”") % {"number": number, "list": container}
                )
            else:
                parts.append(gettext("item %(number)s of the file") % {"number": number})
            container = ""
    if container:
        parts.append(gettext("field “%(field)s”") % {"field": container})
    words = ", ".join(parts) if parts else gettext("the whole file")
    return f"{words}{_note_words(found['note'] or '')}"


def _note_words(note: str) -> str:
    """The entry's name written after its path, " ('Some Skill')", as a person reads it: " (Some Skill)"."""
    quoted = note.strip().removeprefix("(").removesuffix(")")
    if len(quoted) >= 2 and quoted[0] == quoted[-1] and quoted[0] in "'\"":
        try:
            name = ast.literal_eval(quoted)
        except (ValueError, SyntaxError):
            return note
        return f" ({name})" if isinstance(name, str) else note
    return note


def where_words(where: str) -> str:
    """Where in the file, in the reader's language: a line, a byte, a row of a cards.cdb, or a JSON path with
    its positions in words (the file's own keys as written)."""
    for pattern, words in _WHERE:
        found = pattern.fullmatch(where)
        if found:
            return words(found)
    return json_path_words(where) or where


# The formats the importers recognise, by the name a person knows them by (the report stores the code).
FORMAT_NAMES = {
    "ygoprodeck-json": "YGOProDeck JSON",
    "ygopro-cdb": gettext_lazy("YGOPro card database (cards.cdb)"),
    "lflist-conf": gettext_lazy("EDOPro/YGOPro banlist (lflist.conf)"),
    "banlist-json": gettext_lazy("Banlist JSON"),
    "mtgjson-atomic": "MTGJSON AtomicCards",
    "mtgjson-allprintings": "MTGJSON AllPrintings",
    "mtgjson-set": gettext_lazy("MTGJSON set file"),
    "mtg-card-list": gettext_lazy("MTGJSON card list"),
}


def format_name(code: str) -> str:
    """A file format by its name ("YGOProDeck JSON"); a code this version does not know, as stored."""
    name = FORMAT_NAMES.get(code)
    return str(name) if name is not None else code


# The report's counts, each its own phrase with what it counts as its context, so that the words agree with
# it in Portuguese and Spanish (cards: "adicionados"; artworks and banlist entries: "adicionadas") and with
# the number. The form is chosen by "form": a count of none reads in the plural ("0 adicionadas"), as people
# write it, though Brazilian Portuguese's plural rule puts 0 with 1.
_TALLIES = {
    "cards": (
        ("added", npgettext_lazy("cards", "%(count)s added", "%(count)s added", "form")),
        ("updated", npgettext_lazy("cards", "%(count)s updated", "%(count)s updated", "form")),
        ("unchanged", npgettext_lazy("cards", "%(count)s unchanged", "%(count)s unchanged", "form")),
    ),
    "artworks": (
        (
            "artworks_added",
            npgettext_lazy("alternate artworks", "%(count)s added", "%(count)s added", "form"),
        ),
        (
            "artworks_updated",
            npgettext_lazy("alternate artworks", "%(count)s updated", "%(count)s updated", "form"),
        ),
        (
            "artworks_unchanged",
            npgettext_lazy("alternate artworks", "%(count)s unchanged", "%(count)s unchanged", "form"),
        ),
    ),
    "entries": (
        ("added", npgettext_lazy("banlist entries", "%(count)s added", "%(count)s added", "form")),
        ("updated", npgettext_lazy("banlist entries", "%(count)s updated", "%(count)s updated", "form")),
        (
            "unchanged",
            npgettext_lazy("banlist entries", "%(count)s unchanged", "%(count)s unchanged", "form"),
        ),
        ("removed", npgettext_lazy("banlist entries", "%(count)s removed", "%(count)s removed", "form")),
    ),
}


def tally_words(report: Mapping[str, Any], what: str) -> str:
    """A line of the report's counts in the reader's words: "0 adicionadas, 2 atualizadas"."""
    phrases = []
    for field, words in _TALLIES[what]:
        count = report.get(field) or 0
        count = count if isinstance(count, int) else 0
        phrases.append(words % {"count": count, "form": count or 2})
    return ", ".join(phrases)


def _value_words(value: str) -> str:
    """A reason's value in the reader's words: a position in the file, or a format's name."""
    return format_name(value) if value in FORMAT_NAMES else where_words(value)


def reason_words(sentence: Mapping[str, Any], english: str) -> str:
    """An importer's reason in the reader's language, from the template and values it was stored with;
    ``english`` for a report stored before the reasons had templates."""
    # A position inside the sentence ("appears again at line 2") is said in the reader's words too, and a
    # format by its name ("this is a cards file (YGOProDeck JSON), not a banlist file").
    return said(sentence, _value_words) or english


def where_and_reason(where: str, sentence: Mapping[str, Any], english: str) -> str:
    words = reason_words(sentence, english)
    if not where:
        return words
    return gettext("%(where)s: %(reason)s") % {"where": where_words(where), "reason": words}


TALLY_KINDS = tuple(_TALLIES)  # what a report counts: cards, alternate artworks, banlist entries
