"""YGOProDeck-style card JSON: ``{"data": [{"id", "name", "type", "frameType", "atk", "def", ...}]}``.

``type`` is the card's full type line ("Pendulum Tuner Effect Monster", "Spell Card", "Link Monster");
``frameType`` the frame ("effect_pendulum", "xyz", "spell"); for Spells and Traps ``race`` is the icon
("Quick-Play", "Counter"). An Xyz Monster's Rank is in ``level``, a Link Monster's rating in ``linkval`` and
its arrows in ``linkmarkers``. ``card_images`` lists every artwork: ids other than the card's own are its
alternate artworks. ``typeline`` (["Cyberse", "Link", "Effect"]), where present, says whether a Fusion,
Synchro, Xyz or Link Monster has an effect, which ``type`` ("Link Monster") does not. Records are named by
their JSON path (``data[12]``) in errors and skips.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from decks.cardfields import ARROW_ORDER, FRAMES, LINK_ARROW_BITS, link_arrow_mask, slug
from decks.importers.records import (
    CardRecord,
    MalformedFileError,
    ParsedCards,
    PrintingRecord,
    Reason,
    Skip,
    reason,
)
from rules.engine.sentences import gettext_noop

FORMAT = "ygoprodeck-json"
SKIPPED_TYPES = {
    "Skill Card": reason(gettext_noop("Skill Cards are used only in Speed Duels")),
}
# Monster type lines that make it an Effect Monster without the word "Effect".
EFFECT_WORDS = ("Effect", "Spirit", "Toon", "Union", "Gemini", "Flip")


def looks_like(document: object) -> bool:
    """``{"data": [...]}`` whose entries carry a card ``id`` and a ``type``."""
    if not isinstance(document, Mapping) or not isinstance(document.get("data"), list):
        return False
    entries = document["data"]
    return all(isinstance(entry, Mapping) and "id" in entry and "type" in entry for entry in entries[:20])


def _int(entry: Mapping[str, Any], key: str, where: str) -> int | None:
    value = entry.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedFileError(
            f"{where}.{key}",
            reason(gettext_noop("expected a whole number, not %(value)s"), value=repr(value)),
        )
    return int(value)


def _text(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise MalformedFileError(
            f"{where}.{key}", reason(gettext_noop("expected text, not %(value)s"), value=repr(value))
        )
    return value


def _frame(type_line: str, frame_type: str) -> str:
    frame = frame_type.removesuffix("_pendulum")
    if frame in FRAMES:
        return frame
    for word, name in (("Link", "link"), ("XYZ", "xyz"), ("Synchro", "synchro"), ("Fusion", "fusion")):
        if word in type_line:
            return name
    if "Ritual" in type_line:
        return "ritual"
    return "normal" if "Normal" in type_line else "effect"


def parse_entry(entry: Mapping[str, Any], where: str) -> tuple[CardRecord, list[str]] | Reason:
    """One card of the ``data`` list and the ids of its alternate artworks, or the reason it is skipped."""
    card_id = _int(entry, "id", where)
    name = _text(entry, "name", where).strip()
    if card_id is None or not name:
        raise MalformedFileError(where, reason(gettext_noop("every card needs an id and a name")))
    type_line = _text(entry, "type", where)
    frame_type = _text(entry, "frameType", where)
    race = _text(entry, "race", where)
    if type_line in SKIPPED_TYPES:
        return SKIPPED_TYPES[type_line]

    images = entry.get("card_images") or []
    if not isinstance(images, list):
        raise MalformedFileError(
            f"{where}.card_images", reason(gettext_noop('expected a list of {"id": ...} objects'))
        )
    alternates: list[str] = []
    for index, image in enumerate(images):
        image_where = f"{where}.card_images[{index}]"
        if not isinstance(image, Mapping):
            raise MalformedFileError(image_where, reason(gettext_noop("expected an object with an id")))
        image_id = _int(image, "id", image_where)
        if image_id is not None and image_id != card_id and str(image_id) not in alternates:
            alternates.append(str(image_id))
    base = CardRecord(
        game="yugioh",
        name=name,
        where=f"{where} (id {card_id})",
        code=str(card_id),
        text=_text(entry, "desc", where),
    )

    if type_line == "Spell Card" or frame_type == "spell":
        return replace(base, kind="spell", icon=slug(race) or "normal"), alternates
    if type_line == "Trap Card" or frame_type == "trap":
        return replace(base, kind="trap", icon=slug(race) or "normal"), alternates
    if type_line == "Token" or frame_type == "token":
        kind = "token"
    elif "Monster" in type_line:
        kind = "monster"
    else:
        return reason(gettext_noop("unknown card type %(type)s"), type=repr(type_line))

    frame = _frame(type_line, frame_type)
    typeline = entry.get("typeline") or []
    if not isinstance(typeline, list) or not all(isinstance(word, str) for word in typeline):
        raise MalformedFileError(f"{where}.typeline", reason(gettext_noop("expected a list of words")))
    words = " ".join([type_line, *typeline])
    rating = _int(entry, "level", where)
    link_rating = _int(entry, "linkval", where)
    markers = entry.get("linkmarkers") or []
    if not isinstance(markers, list) or not all(isinstance(marker, str) for marker in markers):
        raise MalformedFileError(
            f"{where}.linkmarkers", reason(gettext_noop("expected a list of arrow names"))
        )
    unknown = [marker for marker in markers if slug(marker) not in LINK_ARROW_BITS] if frame == "link" else []
    if unknown:
        return reason(
            gettext_noop("unknown Link Arrow %(arrow)s; expected one of %(arrows)s"),
            arrow=repr(unknown[0]),
            arrows=", ".join(ARROW_ORDER),
        )
    arrows = link_arrow_mask(markers) if frame == "link" else 0
    scale = _int(entry, "scale", where)
    pendulum = "Pendulum" in type_line or frame_type.endswith("_pendulum")
    atk = _int(entry, "atk", where)
    defense = _int(entry, "def", where)
    card = replace(
        base,
        kind=kind,
        frame="" if kind == "token" else frame,
        effect=any(word in words for word in EFFECT_WORDS) or frame == "effect",
        tuner="Tuner" in words,
        pendulum=pendulum,
        level=rating if frame not in ("xyz", "link") else None,
        rank=rating if frame == "xyz" else None,
        link_rating=link_rating if frame == "link" else None,
        link_arrows=arrows,
        scale_left=scale if pendulum else None,
        scale_right=scale if pendulum else None,
        atk=atk if atk is not None and atk >= 0 else None,
        defense=defense if defense is not None and defense >= 0 and frame != "link" else None,
        attribute=_text(entry, "attribute", where).lower(),
        monster_type=slug(race),
    )
    return card, alternates


def parse_ygoprodeck(document: object) -> ParsedCards:
    """The cards of a decoded YGOProDeck JSON document."""
    if not isinstance(document, Mapping) or not looks_like(document):
        raise MalformedFileError("$", reason(gettext_noop('expected {"data": [cards with "id" and "type"]}')))
    entries = document["data"]
    parsed = ParsedCards(format=FORMAT, game="yugioh", rows=len(entries))
    for index, entry in enumerate(entries):
        where = f"data[{index}]"
        if not isinstance(entry, Mapping):
            raise MalformedFileError(where, reason(gettext_noop("expected a card object")))
        result = parse_entry(entry, where)
        if isinstance(result, Reason):
            parsed.skips.append(Skip(f"{where} ({entry.get('name')!r})", result))
            continue
        card, alternates = result
        parsed.cards.append(card)
        parsed.printings.extend(
            PrintingRecord(code=code, card_code=str(card.code), where=card.where) for code in alternates
        )
    return parsed
