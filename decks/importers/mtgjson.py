"""Magic cards from MTGJSON-style JSON, in three shapes:

- AtomicCards: ``{"data": {"Card Name": [{"name", "types", "supertypes", "subtypes", ...}, ...]}}``, one
  list per card (several entries for the faces of a split or double-faced card: the first face's types are
  the card's, and the key is its name);
- a set file: ``{"data": {"code": ..., "cards": [...]}}``, one entry per printing;
- a plain list: ``[{"name", "types", ...}, ...]``.

Several printings of one name are one card: the later entries only add their ``uuid`` as another printing
id. ``identifiers.scryfallOracleId`` (the same for every printing) is the card's own id when given.
Types and supertypes are stored in lower case, as the dispute format spells them; subtypes as printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from decks.importers.records import CardRecord, MalformedFileError, ParsedCards, PrintingRecord, reason
from rules.engine.sentences import gettext_noop

FORMAT_ATOMIC = "mtgjson-atomic"
FORMAT_SET = "mtgjson-set"
FORMAT_LIST = "mtg-card-list"


def looks_like_atomic(document: object) -> bool:
    if not isinstance(document, Mapping) or not isinstance(document.get("data"), Mapping):
        return False
    data = document["data"]
    if isinstance(data.get("cards"), list):
        return True
    return all(isinstance(faces, list) for faces in list(data.values())[:20])


def looks_like_list(document: object) -> bool:
    return isinstance(document, list) and all(
        isinstance(entry, Mapping) and "name" in entry and "types" in entry for entry in document[:20]
    )


def _strings(entry: Mapping[str, Any], key: str, where: str, *, lower: bool) -> tuple[str, ...]:
    value = entry.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise MalformedFileError(f"{where}.{key}", reason(gettext_noop("expected a list of strings")))
    return tuple(item.strip().lower() if lower else item.strip() for item in value)


def _stat(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise MalformedFileError(
            f"{where}.{key}",
            reason(gettext_noop("expected text or a number, not %(value)s"), value=repr(value)),
        )
    return str(value)


def _oracle_id(entry: Mapping[str, Any]) -> str | None:
    identifiers = entry.get("identifiers")
    if isinstance(identifiers, Mapping):
        oracle = identifiers.get("scryfallOracleId")
        if isinstance(oracle, str) and oracle:
            return oracle
    return None


def _printing_id(entry: Mapping[str, Any]) -> str | None:
    for key in ("uuid", "id"):
        value = entry.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value):
            return str(value)
    return None


def parse_face(entry: object, where: str, name: str | None = None) -> CardRecord:
    if not isinstance(entry, Mapping):
        raise MalformedFileError(where, reason(gettext_noop("expected a card object")))
    card_name = name if name is not None else entry.get("name")
    if not isinstance(card_name, str) or not card_name.strip():
        raise MalformedFileError(f"{where}.name", reason(gettext_noop("every card needs a name")))
    text = entry.get("text")
    return CardRecord(
        game="mtg",
        name=card_name.strip(),
        where=where,
        code=_oracle_id(entry) or _printing_id(entry),
        text=text if isinstance(text, str) else "",
        types=_strings(entry, "types", where, lower=True),
        supertypes=_strings(entry, "supertypes", where, lower=True),
        subtypes=_strings(entry, "subtypes", where, lower=False),
        power=_stat(entry, "power", where),
        toughness=_stat(entry, "toughness", where),
    )


def _collect(parsed: ParsedCards, entries: Sequence[tuple[str, object, str | None]]) -> ParsedCards:
    """Cards in file order, merging later printings of a name into the first one's record."""
    first_by_name: dict[str, CardRecord] = {}
    for where, entry, name in entries:
        record = parse_face(entry, where, name)
        first = first_by_name.get(record.name)
        if first is None:
            first_by_name[record.name] = record
            parsed.cards.append(record)
            if record.code and isinstance(entry, Mapping):
                own = _printing_id(entry)
                if own and own != record.code:
                    parsed.printings.append(PrintingRecord(code=own, card_code=record.code, where=where))
            continue
        other = _printing_id(entry) if isinstance(entry, Mapping) else None
        if first.code and other and other != first.code:
            parsed.printings.append(PrintingRecord(code=other, card_code=first.code, where=where))
    return parsed


def parse_mtgjson(document: object) -> ParsedCards:
    """The cards of a decoded AtomicCards, set file or plain list."""
    if isinstance(document, list) and looks_like_list(document):
        parsed = ParsedCards(format=FORMAT_LIST, game="mtg", rows=len(document))
        return _collect(parsed, [(f"[{index}]", entry, None) for index, entry in enumerate(document)])
    if not isinstance(document, Mapping) or not looks_like_atomic(document):
        raise MalformedFileError(
            "$",
            reason(gettext_noop('expected {"data": {"Card Name": [faces]}}, a set file or a list of cards')),
        )
    data = document["data"]
    if isinstance(data.get("cards"), list):
        cards = data["cards"]
        parsed = ParsedCards(format=FORMAT_SET, game="mtg", rows=len(cards))
        return _collect(parsed, [(f"data.cards[{index}]", entry, None) for index, entry in enumerate(cards)])
    parsed = ParsedCards(format=FORMAT_ATOMIC, game="mtg", rows=len(data))
    entries: list[tuple[str, object, str | None]] = []
    for name, faces in data.items():
        where = f"data[{name!r}]"
        if not isinstance(faces, list) or not faces:
            raise MalformedFileError(where, reason(gettext_noop("expected a list of the card's faces")))
        entries.append((f"{where}[0]", faces[0], str(name)))
    return _collect(parsed, entries)
