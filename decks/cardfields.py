"""The vocabulary of card fields shared by the models, the importers and the catalog adapter.

Kept apart from ``models`` so the importers stay pure parsing (no ORM import) and every layer spells a
Link Arrow, an icon or a monster Type the same way the engine does.
"""

from __future__ import annotations

import re

KINDS = ("monster", "spell", "trap", "token")
FRAMES = ("normal", "effect", "ritual", "fusion", "synchro", "xyz", "link")
SPELL_ICONS = ("normal", "quick-play", "continuous", "equip", "field", "ritual")
TRAP_ICONS = ("normal", "continuous", "counter")
ATTRIBUTES = ("earth", "water", "fire", "wind", "light", "dark", "divine")
MONSTER_TYPES = (
    "warrior",
    "spellcaster",
    "fairy",
    "fiend",
    "zombie",
    "machine",
    "aqua",
    "pyro",
    "rock",
    "winged-beast",
    "plant",
    "insect",
    "thunder",
    "dragon",
    "beast",
    "beast-warrior",
    "dinosaur",
    "fish",
    "sea-serpent",
    "reptile",
    "psychic",
    "divine-beast",
    "creator-god",
    "wyrm",
    "cyberse",
)

# Link Arrows as the YGOPro format stores them in a Link Monster's ``def`` (0x10 would be the card itself).
LINK_ARROW_BITS: dict[str, int] = {
    "bottom-left": 0x1,
    "bottom": 0x2,
    "bottom-right": 0x4,
    "left": 0x8,
    "right": 0x20,
    "top-left": 0x40,
    "top": 0x80,
    "top-right": 0x100,
}
ALL_LINK_ARROWS = sum(LINK_ARROW_BITS.values())
# The order the engine and the dispute format list arrows in: top row, the sides, bottom row.
ARROW_ORDER = ("top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right")

MAX_LEVEL = 13  # Levels, Ranks and Pendulum Scales printed so far run from 0 to 13
MAX_LINK_RATING = 8  # one arrow per neighbouring square

YUGIOH_STATUSES = {"forbidden": 0, "limited": 1, "semi_limited": 2}
MTG_STATUSES = {"banned": 0, "restricted": 1}


def link_arrow_names(mask: int) -> list[str]:
    """The arrows set in a YGOPro bit mask, in the engine's order."""
    return [name for name in ARROW_ORDER if mask & LINK_ARROW_BITS[name]]


def link_arrow_mask(names: list[str] | tuple[str, ...]) -> int:
    """The YGOPro bit mask of arrow names ("Top", "bottom-left"...); ``ValueError`` names an unknown one."""
    mask = 0
    for name in names:
        key = slug(name)
        if key not in LINK_ARROW_BITS:
            raise ValueError(f"unknown Link Arrow {name!r}; expected one of {', '.join(ARROW_ORDER)}")
        mask |= LINK_ARROW_BITS[key]
    return mask


def slug(text: str) -> str:
    """Lower case, words joined by hyphens: "Winged Beast" -> "winged-beast", "Quick-Play" -> "quick-play"."""
    return re.sub(r"[\s_]+", "-", text.strip().lower())
