"""MTGJSON AllPrintings, read as a stream: ``{"meta": {...}, "data": {"<SET>": {"cards": [...], ...}, ...}}``.

The file is hundreds of megabytes (every printing of every card, with translations, rulings and prices), so it
is never decoded whole: ijson's events go by one at a time and only a card's few fields the catalog keeps are
built (name, uuid, the oracle id in ``identifiers``, types, text, power, toughness, side, layout,
``isFunny``); the rest (``foreignData``, ``legalities``, the sets' boosters...) is skipped as it streams.
Memory is one card at a time, whatever the size of the file or of its largest set.

What is left out, counted in the report once per set rather than card by card:

- a set's ``tokens`` and cards laid out as tokens, emblems, planes, schemes, Vanguard or art-series cards:
  no deck holds them;
- Un-cards (``isFunny``): not legal in sanctioned play, so the catalog does not know them and a deck with one
  is refused. Memorabilia (gold-bordered, oversized) printings of real cards are kept as printings of those
  cards: the card is the same card by name, whichever border it was printed with.

A set's ``type`` comes after its ``cards`` in the file, so nothing here depends on it. Parsing stays pure:
a binary stream in, records out (``decks.card_import_streamed`` writes them in batches).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

import ijson

from decks.importers.mtgjson import parse_face
from decks.importers.records import CardRecord, MalformedFileError, Reason, reason
from rules.engine.sentences import gettext_noop

FORMAT_ALLPRINTINGS = "mtgjson-allprintings"
BUFFER_BYTES = 256 * 1024  # what ijson reads at a time: bigger buffers cost memory, smaller ones time
SNIFF_BYTES = 32 * 1024 * 1024  # read at most this much to tell AllPrintings from the other shapes
UTF8_BOM = b"\xef\xbb\xbf"

# The fields of a printing the catalog keeps; the others are skipped while they stream by.
KEPT_FIELDS = frozenset(
    {
        "name",
        "uuid",
        "identifiers",
        "types",
        "supertypes",
        "subtypes",
        "text",
        "power",
        "toughness",
        "side",
        "layout",
        "isFunny",
    }
)
# Layouts of things that are not cards a deck holds.
NOT_IN_DECKS_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "art_series", "planar", "scheme", "vanguard"}
)
NOT_IN_DECKS = gettext_noop(
    "tokens, emblems, planes, schemes and art cards are not cards a deck holds (%(count)d)"
)
UN_CARDS = gettext_noop("Un-cards (marked isFunny) are not legal in sanctioned play (%(count)d)")
NOT_ALLPRINTINGS = gettext_noop('expected {"meta": ..., "data": {"SET": {"cards": [...]}}}')
NOT_A_SET = gettext_noop("expected a set object")
NOT_A_CARD = gettext_noop("expected a card object")
_STARTS = frozenset({"start_map", "start_array"})
_ENDS = frozenset({"end_map", "end_array"})


class CountingReader:
    """A binary stream that counts the bytes read from it: the import's progress against the file size."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.bytes_read = 0

    def read(self, size: int = -1) -> bytes:
        chunk = self.stream.read(size)
        if self.bytes_read == 0 and chunk.startswith(UTF8_BOM):
            chunk = chunk[len(UTF8_BOM) :]
            self.bytes_read += len(UTF8_BOM)
        self.bytes_read += len(chunk)
        return chunk


@dataclass(frozen=True)
class Printing:
    """One entry of a set's ``cards``: the card as the catalog keeps it, and this printing's own id."""

    record: CardRecord
    uuid: str | None
    side: str
    where: str


@dataclass(frozen=True)
class SkippedRows:
    """Entries of one set left out for one reason (``why`` carries their count)."""

    where: str
    why: Reason
    rows: int


def _counted(template: str, count: int) -> Reason:
    return reason(template, count=count)


def looks_like_allprintings(stream: IO[bytes]) -> bool:
    """Whether ``stream`` holds AllPrintings: its ``data`` maps set codes to objects with ``cards``.

    Reads events only until the first set's keys decide it (at most ``SNIFF_BYTES``): AtomicCards maps names
    to lists, a set file has ``data.cards`` and scalars directly under ``data``, YGOProDeck has a list.
    The caller rewinds the stream.
    """
    reader = CountingReader(stream)
    depth = 0
    top_key = ""
    in_first_set = False
    try:
        for event, value in ijson.basic_parse(reader, buf_size=BUFFER_BYTES):
            if reader.bytes_read > SNIFF_BYTES:
                return False
            if depth == 1 and event == "map_key":
                top_key = value
            elif depth == 2 and top_key == "data":
                # The first value under "data": a set object, or not AllPrintings.
                if event == "map_key":
                    continue
                if event != "start_map":
                    return False
                in_first_set = True
            elif depth == 3 and in_first_set and event == "map_key" and value == "cards":
                return True
            if event in _STARTS:
                depth += 1
            elif event in _ENDS:
                depth -= 1
                if in_first_set and depth == 2:
                    return False  # the first set had no cards
            elif depth == 0:
                return False  # a scalar document
    except (ijson.JSONError, UnicodeDecodeError, ValueError):
        return False
    return False


def _malformed(where: str, error: Exception) -> MalformedFileError:
    message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return MalformedFileError(where, reason(gettext_noop("not valid JSON: %(error)s"), error=message))


def _printing(card: dict[str, Any], where: str) -> Printing:
    record = parse_face(card, where)
    own = card.get("uuid")
    side = card.get("side")
    return Printing(
        record=record,
        uuid=own if isinstance(own, str) and own else None,
        side=side if isinstance(side, str) else "",
        where=where,
    )


def read_allprintings(reader: CountingReader) -> Iterator[Printing | SkippedRows]:
    """The printings of every set in file order, and per set what was left out and why.

    Raises :class:`MalformedFileError` where the JSON breaks (the JSON path of the set or card being read)
    or where a set or card is not an object; the caller has written nothing it keeps by then (one
    transaction). One loop over the events, with the card's own fields handled first: they are most of the
    file, and a call per event would double the time.
    """
    depth = 0  # outside a card: 1 in the document, 2 in "data", 3 in a set, 4 in its cards or tokens
    top_key = set_code = set_key = ""
    seen_data = False
    card_depth = 0  # inside a card: 1 directly in it, more inside one of its fields
    card: dict[str, Any] = {}
    field: str | None = None
    builder: ijson.ObjectBuilder | None = None
    index = tokens = 0
    left_out: Counter[str] = Counter()
    where = "$"
    try:
        for event, value in ijson.basic_parse(reader, buf_size=BUFFER_BYTES):
            if card_depth:
                if card_depth > 1:  # inside one of the card's fields
                    if builder is not None:
                        builder.event(event, value)
                    if event in _STARTS:
                        card_depth += 1
                    elif event in _ENDS:
                        card_depth -= 1
                        if card_depth == 1 and builder is not None:
                            card[field or ""] = builder.value
                            builder = None
                    continue
                if event == "map_key":
                    field = value if value in KEPT_FIELDS else None
                elif event == "end_map":
                    card_depth = 0
                    if card.get("layout") in NOT_IN_DECKS_LAYOUTS:
                        left_out["not in decks"] += 1
                    elif card.get("isFunny") is True:
                        left_out["funny"] += 1
                    else:
                        yield _printing(card, where)
                    index += 1
                elif event in _STARTS:
                    card_depth = 2
                    if field is not None:
                        builder = ijson.ObjectBuilder()
                        builder.event(event, value)
                elif field is not None:
                    card[field] = value
                continue

            if event == "map_key":
                if depth == 1:
                    top_key = value
                elif depth == 2 and top_key == "data":
                    set_code = value
                    where = f"data[{set_code!r}]"
                elif depth == 3 and top_key == "data":
                    set_key = value
                continue
            in_data = top_key == "data"
            if event in _STARTS:
                if depth == 0 and event != "start_map":
                    raise MalformedFileError("$", reason(NOT_ALLPRINTINGS))
                if in_data and depth == 1:
                    if event != "start_map":
                        raise MalformedFileError("data", reason(NOT_ALLPRINTINGS))
                    seen_data = True
                elif in_data and depth == 2 and event != "start_map":
                    raise MalformedFileError(where, reason(NOT_A_SET))
                elif in_data and depth == 3 and set_key == "cards":
                    index = 0
                    left_out.clear()
                elif in_data and depth == 4 and set_key == "cards":
                    if event != "start_map":
                        raise MalformedFileError(f"data[{set_code!r}].cards[{index}]", reason(NOT_A_CARD))
                    card_depth = 1
                    card = {}
                    field = None
                    where = f"data[{set_code!r}].cards[{index}]"
                    continue
                elif in_data and depth == 4 and set_key == "tokens" and event == "start_map":
                    tokens += 1
                depth += 1
            elif event in _ENDS:
                depth -= 1
                if in_data and depth == 3 and set_key == "cards":
                    where = f"data[{set_code!r}]"
                    yield from _left_out(where, left_out)
                elif in_data and depth == 3 and set_key == "tokens" and tokens:
                    yield SkippedRows(f"data[{set_code!r}].tokens", _counted(NOT_IN_DECKS, tokens), tokens)
                    tokens = 0
            elif in_data and depth == 4 and set_key == "cards":
                raise MalformedFileError(f"data[{set_code!r}].cards[{index}]", reason(NOT_A_CARD))
            elif depth == 0:
                raise MalformedFileError("$", reason(NOT_ALLPRINTINGS))
    except ijson.JSONError as error:
        raise _malformed(where, error) from None
    except UnicodeDecodeError as error:
        raise _malformed(where, error) from None
    if not seen_data:
        raise MalformedFileError("$", reason(NOT_ALLPRINTINGS))


def _left_out(where: str, counts: Counter[str]) -> Iterator[SkippedRows]:
    if counts["not in decks"]:
        yield SkippedRows(
            f"{where}.cards", _counted(NOT_IN_DECKS, counts["not in decks"]), counts["not in decks"]
        )
    if counts["funny"]:
        yield SkippedRows(f"{where}.cards", _counted(UN_CARDS, counts["funny"]), counts["funny"])
