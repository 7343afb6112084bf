"""Card files and banlists, parsed: the format is recognised by the content, never by the file's name.

- an SQLite header: a YGOPro ``cards.cdb`` (:mod:`.ygopro_cdb`);
- JSON: YGOProDeck card data, MTGJSON card data or a banlist, told apart by their shape
  (:mod:`.ygoprodeck_json`, :mod:`.mtgjson`, :mod:`.banlists`);
- text of ``!name`` headers and ``ID COUNT`` lines: a YGOPro ``lflist.conf`` (:mod:`.banlists`).

MTGJSON AllPrintings (hundreds of MB) is never read whole: ``decks.card_import`` tells it apart first
(:func:`.mtgjson_allprintings.looks_like_allprintings`) and streams it (:mod:`.mtgjson_allprintings`).

Parsing is pure: bytes in, typed records out. Writing them is ``decks.services.card_import``.
"""

from __future__ import annotations

import json
from datetime import date

from decks.importers import banlists, mtgjson, ygopro_cdb, ygoprodeck_json
from decks.importers.records import MalformedFileError, ParsedBanlists, ParsedCards, reason
from rules.engine.sentences import gettext_noop

MAX_IMPORT_BYTES = 64 * 1024 * 1024  # 64 MiB: a full cards.cdb is ~10 MiB; refuse anything far beyond it

__all__ = ["MAX_IMPORT_BYTES", "MalformedFileError", "ParsedBanlists", "ParsedCards", "parse_file"]


def check_size(size: int) -> None:
    if size > MAX_IMPORT_BYTES:
        raise MalformedFileError(
            "",
            reason(
                gettext_noop("the file is %(size)s; the import limit is %(most)s"),
                size=size_words(size),
                most=size_words(MAX_IMPORT_BYTES),
            ),
        )


def size_words(size: int) -> str:
    """A size as a person reads it: "512 bytes", "65 MiB" (rounded up: a file over the limit never reads as
    the limit itself). The units read alike in English, Portuguese and Spanish."""
    if size < 1024 * 1024:
        return f"{size} bytes"
    return f"{-(-size // (1024 * 1024))} MiB"


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise MalformedFileError(
            f"byte {error.start}",
            reason(gettext_noop("neither an SQLite card database nor UTF-8 text (JSON or lflist.conf)")),
        ) from None


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedFileError(
            f"line {error.lineno} column {error.colno}",
            reason(gettext_noop("not valid JSON: %(error)s"), error=error.msg),
        ) from None
    except RecursionError:
        raise MalformedFileError("", reason(gettext_noop("JSON nested too deeply"))) from None


def parse_file(data: bytes, *, effective: date | None = None) -> ParsedCards | ParsedBanlists:
    """Recognise ``data`` by its content and parse it; :class:`MalformedFileError` says where it is broken.

    ``effective`` dates an ``lflist.conf`` list whose name carries no date.
    """
    check_size(len(data))
    if data.startswith(ygopro_cdb.SQLITE_MAGIC):
        return ygopro_cdb.parse_cdb(data)
    text = _text(data)
    stripped = text.lstrip()
    if not stripped:
        raise MalformedFileError("", reason(gettext_noop("the file is empty")))
    if stripped[0] in "[{":
        document = _json(text)
        if ygoprodeck_json.looks_like(document):
            return ygoprodeck_json.parse_ygoprodeck(document)
        if banlists.looks_like_json(document):
            return banlists.parse_banlist_json(document)
        if mtgjson.looks_like_atomic(document) or mtgjson.looks_like_list(document):
            return mtgjson.parse_mtgjson(document)
        raise MalformedFileError(
            "$",
            reason(
                gettext_noop(
                    'JSON of an unknown shape: expected YGOProDeck {"data": [...]}, MTGJSON {"data": {...}}, '
                    "a list of Magic cards, or a banlist"
                )
            ),
        )
    if banlists.looks_like_lflist(text):
        return banlists.parse_lflist(text, effective=effective)
    raise MalformedFileError(
        "line 1",
        reason(
            gettext_noop("unknown format: expected a cards.cdb, card JSON, a banlist JSON or an lflist.conf")
        ),
    )
