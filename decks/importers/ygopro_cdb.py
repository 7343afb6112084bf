"""YGOPro ``cards.cdb`` files (SQLite): tables ``datas`` and ``texts``, decoded as the YGOPro format defines.

The decoding rules (``shared/data/README.md``): ``type`` is a set of bit flags; ``level`` holds the Level,
Rank or Link Rating in its low byte and the left and right Pendulum Scales in bits 24-31 and 16-23; a Link
Monster's ``def`` holds its Link Arrows; ``attribute`` and ``race`` have one bit per value; ``alias`` names
the original printing of an alternate artwork.

One YGOPro habit needs care: ``alias`` also marks cards whose name "is always treated as" another card's
("A Legendary Ocean" as "Umi", "Harpie Lady 1" as "Harpie Lady"). Those have their own name, stats and
copy limit, so a row whose name differs from its alias target is imported as a card of its own with
``treated_as_code`` set, and only a row with the same name is an alternate artwork.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass, replace

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

FORMAT = "ygopro-cdb"
SQLITE_MAGIC = b"SQLite format 3\x00"

MONSTER = 0x1
SPELL = 0x2
TRAP = 0x4
NORMAL = 0x10
EFFECT = 0x20
FUSION = 0x40
RITUAL = 0x80
TRAPMONSTER = 0x100
SPIRIT = 0x200
UNION = 0x400
GEMINI = 0x800
TUNER = 0x1000
SYNCHRO = 0x2000
TOKEN = 0x4000
QUICKPLAY = 0x10000
CONTINUOUS = 0x20000
EQUIP = 0x40000
FIELD = 0x80000
COUNTER = 0x100000
FLIP = 0x200000
TOON = 0x400000
XYZ = 0x800000
PENDULUM = 0x1000000
SPSUMMON = 0x2000000
LINK = 0x4000000

OCG = 0x1
TCG = 0x2

ATTRIBUTE_BITS = {
    0x1: "earth",
    0x2: "water",
    0x4: "fire",
    0x8: "wind",
    0x10: "light",
    0x20: "dark",
    0x40: "divine",
}
RACE_BITS = {
    0x1: "warrior",
    0x2: "spellcaster",
    0x4: "fairy",
    0x8: "fiend",
    0x10: "zombie",
    0x20: "machine",
    0x40: "aqua",
    0x80: "pyro",
    0x100: "rock",
    0x200: "winged-beast",
    0x400: "plant",
    0x800: "insect",
    0x1000: "thunder",
    0x2000: "dragon",
    0x4000: "beast",
    0x8000: "beast-warrior",
    0x10000: "dinosaur",
    0x20000: "fish",
    0x40000: "sea-serpent",
    0x80000: "reptile",
    0x100000: "psychic",
    0x200000: "divine-beast",
    0x400000: "creator-god",
    0x800000: "wyrm",
    0x1000000: "cyberse",
}
# Frame flags from the most to the least specific: a Ritual Effect Monster's frame is "ritual".
FRAME_FLAGS = ((LINK, "link"), (XYZ, "xyz"), (SYNCHRO, "synchro"), (FUSION, "fusion"), (RITUAL, "ritual"))
SPELL_ICON_FLAGS = (
    (QUICKPLAY, "quick-play"),
    (CONTINUOUS, "continuous"),
    (EQUIP, "equip"),
    (FIELD, "field"),
    (RITUAL, "ritual"),
)
TRAP_ICON_FLAGS = ((CONTINUOUS, "continuous"), (COUNTER, "counter"))
UNKNOWN_STAT = -2  # YGOPro's "?" ATK or DEF

COLUMNS = ("id", "ot", "alias", "type", "atk", "def", "level", "race", "attribute")


@dataclass(frozen=True)
class CdbRow:
    """One ``datas`` row joined with its ``texts`` name and text, all integers checked."""

    id: int
    ot: int
    alias: int
    type: int
    atk: int
    defense: int
    level: int
    race: int
    attribute: int
    name: str
    text: str

    @property
    def where(self) -> str:
        return f"datas row id={self.id}"


def decode_level(level: int) -> tuple[int, int, int]:
    """(Level/Rank/Link Rating, left Pendulum Scale, right Pendulum Scale) of the ``level`` column."""
    return level & 0xFF, (level >> 24) & 0xFF, (level >> 16) & 0xFF


def decode_single_bit(value: int, table: dict[int, str]) -> str:
    """The name of a one-bit value (an Attribute, a monster Type); "" for none or an unknown combination."""
    return table.get(value, "")


def _icon(type_flags: int, flags: tuple[tuple[int, str], ...]) -> str:
    for flag, icon in flags:
        if type_flags & flag:
            return icon
    return "normal"  # a Spell or Trap with no icon flag is a Normal one


def _stat(value: int) -> int | None:
    return None if value < 0 else value


def decode_row(row: CdbRow) -> CardRecord | Reason:
    """The card a row describes, or the reason it cannot be one (a skip)."""
    flags = row.type
    base = CardRecord(
        game="yugioh",
        name=row.name,
        where=row.where,
        code=str(row.id),
        text=row.text,
        ocg=bool(row.ot & OCG),
        tcg=bool(row.ot & TCG),
        treated_as_code=str(row.alias) if row.alias else None,
    )
    if flags & SPELL:
        return replace(base, kind="spell", icon=_icon(flags, SPELL_ICON_FLAGS))
    if flags & TRAP:
        # A Trap that Special Summons itself as a monster (TRAPMONSTER) is still a Trap Card in the deck.
        return replace(base, kind="trap", icon=_icon(flags, TRAP_ICON_FLAGS))
    if not flags & MONSTER:
        return reason(
            gettext_noop("type %(type)s is neither a monster, a Spell nor a Trap"), type=f"0x{flags:x}"
        )

    rating, scale_left, scale_right = decode_level(row.level)
    is_link = bool(flags & LINK)
    frame = next(
        (name for flag, name in FRAME_FLAGS if flags & flag), "effect" if flags & EFFECT else "normal"
    )
    pendulum = bool(flags & PENDULUM)
    return replace(
        base,
        kind="token" if flags & TOKEN else "monster",
        frame="" if flags & TOKEN else frame,
        effect=bool(flags & EFFECT),
        tuner=bool(flags & TUNER),
        pendulum=pendulum,
        level=rating if frame not in ("xyz", "link") else None,
        rank=rating if frame == "xyz" else None,
        link_rating=rating if is_link else None,
        link_arrows=row.defense if is_link else 0,
        scale_left=scale_left if pendulum else None,
        scale_right=scale_right if pendulum else None,
        atk=_stat(row.atk),
        defense=None if is_link else _stat(row.defense),
        attribute=decode_single_bit(row.attribute, ATTRIBUTE_BITS),
        monster_type=decode_single_bit(row.race, RACE_BITS),
    )


def read_rows(data: bytes) -> list[CdbRow]:
    """Every ``datas`` row with its name, by id; :class:`MalformedFileError` if it is no card database."""
    if not data.startswith(SQLITE_MAGIC):
        raise MalformedFileError(
            "", reason(gettext_noop("not an SQLite database (no 'SQLite format 3' header)"))
        )
    with closing(sqlite3.connect(":memory:")) as connection:
        try:
            connection.deserialize(data)
            connection.execute("PRAGMA query_only = ON")
            tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as error:
            raise MalformedFileError(
                "", reason(gettext_noop("not a readable SQLite database: %(error)s"), error=str(error))
            ) from None
        for table in ("datas", "texts"):
            if table not in tables:
                raise MalformedFileError(
                    "",
                    reason(
                        gettext_noop("not a YGOPro card database: it has no table %(table)s"),
                        table=repr(table),
                    ),
                )
        columns = ", ".join(f"d.{column}" for column in COLUMNS)
        try:
            cursor = connection.execute(
                f"SELECT {columns}, t.name, t.desc FROM datas d LEFT JOIN texts t ON t.id = d.id "  # noqa: S608
                "ORDER BY d.id"
            )
            raw_rows = cursor.fetchall()
        except sqlite3.DatabaseError as error:
            raise MalformedFileError(
                "", reason(gettext_noop("not a YGOPro card database: %(error)s"), error=str(error))
            ) from None
    rows: list[CdbRow] = []
    for number, raw in enumerate(raw_rows, start=1):
        ints = raw[: len(COLUMNS)]
        for column, value in zip(COLUMNS, ints, strict=True):
            if not isinstance(value, int) or isinstance(value, bool):
                where = f"datas row {number} (id={raw[0]!r})"
                raise MalformedFileError(
                    where,
                    reason(
                        gettext_noop("%(column)s must be a whole number, not %(value)s"),
                        column=column,
                        value=repr(value),
                    ),
                )
        name, text = raw[len(COLUMNS)], raw[len(COLUMNS) + 1]
        if name is not None and not isinstance(name, str):
            raise MalformedFileError(f"texts row id={raw[0]}", reason(gettext_noop("name must be text")))
        rows.append(
            CdbRow(
                id=ints[0],
                ot=ints[1],
                alias=ints[2],
                type=ints[3],
                atk=ints[4],
                defense=ints[5],
                level=ints[6],
                race=ints[7],
                attribute=ints[8],
                name=(name or "").strip(),
                text=text if isinstance(text, str) else "",
            )
        )
    return rows


def parse_cdb(data: bytes) -> ParsedCards:
    """The cards and alternate artworks of a ``cards.cdb`` file's bytes."""
    rows = read_rows(data)
    parsed = ParsedCards(format=FORMAT, game="yugioh", rows=len(rows))
    by_id = {row.id: row for row in rows}
    for row in rows:
        if not row.name:
            parsed.skips.append(Skip(row.where, reason(gettext_noop("no name in the texts table"))))
            continue
        if not row.ot & (OCG | TCG):
            parsed.skips.append(
                Skip(
                    row.where, reason(gettext_noop("not an OCG or TCG card (ot %(ot)s)"), ot=f"0x{row.ot:x}")
                )
            )
            continue
        if row.alias:
            original = by_id.get(row.alias)
            if original is None:
                parsed.skips.append(
                    Skip(
                        row.where,
                        reason(
                            gettext_noop("alternate artwork of id %(id)s, which is not in the file"),
                            id=str(row.alias),
                        ),
                    )
                )
                continue
            if original.name == row.name:
                parsed.printings.append(
                    PrintingRecord(code=str(row.id), card_code=str(row.alias), where=row.where)
                )
                continue
        decoded = decode_row(row)
        if isinstance(decoded, Reason):
            parsed.skips.append(Skip(row.where, decoded))
        else:
            parsed.cards.append(decoded)
    return parsed
