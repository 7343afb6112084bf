"""Small YGOPro ``cards.cdb`` files built in memory with sqlite3, with the two tables of the format."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass

DATAS = (
    "CREATE TABLE datas (id integer PRIMARY KEY, ot integer, alias integer, setcode integer, type integer, "
    "atk integer, def integer, level integer, race integer, attribute integer, category integer)"
)
TEXTS = "CREATE TABLE texts (id integer PRIMARY KEY, name text, desc text, {})".format(
    ", ".join(f"str{n} text" for n in range(1, 17))
)

# Type flags of the README, the few the tests combine.
MONSTER, SPELL, TRAP, NORMAL, EFFECT = 0x1, 0x2, 0x4, 0x10, 0x20
FUSION, RITUAL, TUNER, SYNCHRO, TOKEN = 0x40, 0x80, 0x1000, 0x2000, 0x4000
QUICKPLAY, CONTINUOUS, EQUIP, FIELD, COUNTER = 0x10000, 0x20000, 0x40000, 0x80000, 0x100000
XYZ, PENDULUM, LINK = 0x800000, 0x1000000, 0x4000000
DARK, LIGHT, FIRE = 0x20, 0x10, 0x4
SPELLCASTER, DRAGON, CYBERSE, ZOMBIE, WARRIOR = 0x2, 0x2000, 0x1000000, 0x10, 0x1


@dataclass(frozen=True)
class Row:
    id: int
    name: str
    type: int
    atk: int = 0
    defense: int = 0
    level: int = 0
    race: int = 0
    attribute: int = 0
    alias: int = 0
    ot: int = 3
    desc: str = ""


DARK_MAGICIAN = Row(46986414, "Dark Magician", MONSTER | NORMAL, 2500, 2100, 7, SPELLCASTER, DARK)
DARK_MAGICIAN_ALT = Row(
    36996508, "Dark Magician", MONSTER | NORMAL, 2500, 2100, 7, SPELLCASTER, DARK, 46986414
)
DECODE_TALKER = Row(1861629, "Decode Talker", MONSTER | EFFECT | LINK, 2300, 0x85, 3, CYBERSE, DARK)
ODD_EYES = Row(
    16178681, "Odd-Eyes Pendulum Dragon", MONSTER | EFFECT | PENDULUM, 2500, 2000, 0x04040007, DRAGON, DARK
)
UTOPIA = Row(84013237, "Number 39: Utopia", MONSTER | EFFECT | XYZ, 2500, 2000, 4, WARRIOR, LIGHT)
ASH = Row(14558127, "Ash Blossom & Joyous Spring", MONSTER | EFFECT | TUNER, 0, 1800, 3, ZOMBIE, FIRE)
POT_OF_GREED = Row(55144522, "Pot of Greed", SPELL)
MST = Row(5318639, "Mystical Space Typhoon", SPELL | QUICKPLAY)
UMI = Row(22702055, "Umi", SPELL | FIELD)
LEGENDARY_OCEAN = Row(295517, "A Legendary Ocean", SPELL | FIELD, alias=22702055)
SOLEMN = Row(41420027, "Solemn Judgment", TRAP | COUNTER)

SMALL_SET = (
    DARK_MAGICIAN,
    DARK_MAGICIAN_ALT,
    DECODE_TALKER,
    ODD_EYES,
    UTOPIA,
    ASH,
    POT_OF_GREED,
    MST,
    SOLEMN,
)


def build_cdb(rows: tuple[Row, ...] | list[Row], *, texts: bool = True) -> bytes:
    """The bytes of a cards.cdb holding ``rows``."""
    with closing(sqlite3.connect(":memory:")) as connection:
        connection.execute(DATAS)
        if texts:
            connection.execute(TEXTS)
        for row in rows:
            connection.execute(
                "INSERT INTO datas VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, 0)",
                (
                    row.id,
                    row.ot,
                    row.alias,
                    row.type,
                    row.atk,
                    row.defense,
                    row.level,
                    row.race,
                    row.attribute,
                ),
            )
            if texts:
                connection.execute(
                    "INSERT INTO texts (id, name, desc) VALUES (?, ?, ?)", (row.id, row.name, row.desc)
                )
        connection.commit()
        return connection.serialize()
