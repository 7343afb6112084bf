"""Monster Zones: which are free, where Link Arrows point, and where a Summoned monster may go.

The field is the grid the dispute format describes, seen from A's seat: row 0 is A's Main Monster Zones
(columns 0..4 left to right), row 1 holds the Extra Monster Zones (``emz0`` at column 1, ``emz1`` at
column 3), row 2 is B's Main Monster Zones, numbered from B's seat (B's ``m0`` is column 4). A Link Arrow
points one step in its direction as its controller sees it, so B's arrows are A's turned around.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from rules.engine.errors import DisputeError
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh.cards import Card
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, MONSTER_ZONE, ZONES, Duel

ZONE_NAMES = (*(f"m{i}" for i in range(ZONES)), "emz0", "emz1")
EMZ_COLUMNS = (1, 3)
STEPS = {
    "top": (1, 0),
    "bottom": (-1, 0),
    "left": (0, -1),
    "right": (0, 1),
    "top-left": (1, -1),
    "top-right": (1, 1),
    "bottom-left": (-1, -1),
    "bottom-right": (-1, 1),
}

# Where a monster being Summoned may go.
MAIN_ONLY = "main_only"  # Normal Summons, Ritual Summons, monsters from the hand or Graveyard
MAIN_OR_EMZ = "main_or_emz"  # revision 2020: Fusion, Synchro and Xyz Monsters from the Extra Deck
EMZ_OR_LINKED = "emz_or_linked"  # Link Monsters (both revisions), every Extra Deck monster in v10


def parse_zone(value: object, field: str) -> tuple[str, int]:
    """``"m3"`` → (``monster_zone``, 3); ``"emz1"`` → (``extra_monster_zone``, 1)."""
    if not isinstance(value, str) or value.lower() not in ZONE_NAMES:
        raise DisputeError(
            field, say(gettext_noop("must be one of %(zone_names)s"), zone_names=", ".join(ZONE_NAMES))
        )
    name = value.lower()
    if name.startswith("emz"):
        return EXTRA_MONSTER_ZONE, int(name[3:])
    return MONSTER_ZONE, int(name[1:])


def square_of(player: str, area: str, index: int) -> tuple[int, int]:
    """The grid square of a zone."""
    if area == EXTRA_MONSTER_ZONE:
        return 1, EMZ_COLUMNS[index]
    return (0, index) if player == "A" else (2, ZONES - 1 - index)


def zone_at(row: int, column: int) -> tuple[str, str | None, int] | None:
    """The zone on a square: (player or None for the shared zones, area, index), or None off the zones."""
    if row == 0 and 0 <= column < ZONES:
        return "A", MONSTER_ZONE, column
    if row == 2 and 0 <= column < ZONES:
        return "B", MONSTER_ZONE, ZONES - 1 - column
    if row == 1 and column in EMZ_COLUMNS:
        return "", EXTRA_MONSTER_ZONE, EMZ_COLUMNS.index(column)
    return None


def arrow_targets(card: Card, controller: str, square: tuple[int, int]) -> list[tuple[str, str | None, int]]:
    """The zones a Link Monster's arrows point to from ``square``."""
    flip = 1 if controller == "A" else -1
    targets = []
    for arrow in card.link_arrows:
        d_row, d_col = STEPS[arrow]
        zone = zone_at(square[0] + flip * d_row, square[1] + flip * d_col)
        if zone is not None:
            targets.append(zone)
    return targets


def linked_main_zones(duel: Duel, player: str, leaving: Collection[str] = ()) -> set[int]:
    """``player``'s Main Monster Zones that a Link Monster (either player's) points to.

    Monsters in ``leaving`` (materials sent away before the Summon) no longer point anywhere.
    """
    pointed: set[int] = set()
    for owner in ("A", "B"):
        for card, place in duel.monsters_on_field(owner):
            if not card.is_link or card.id in leaving or card.face_down or place.index is None:
                continue
            square = square_of(owner, place.area, place.index)
            for zone_player, area, index in arrow_targets(card, owner, square):
                if zone_player == player and area == MONSTER_ZONE:
                    pointed.add(index)
    return pointed


def free_main_zones(duel: Duel, player: str, leaving: Collection[str] = ()) -> list[int]:
    zones = duel.player(player).monster_zones
    return [i for i, card in enumerate(zones) if card is None or card.id in leaving]


def usable_extra_monster_zones(duel: Duel, player: str, leaving: Collection[str] = ()) -> list[int]:
    """The Extra Monster Zones ``player`` may Summon into: a free one, if they use no other."""
    occupied = [c for c in duel.extra_monster_zones if c is not None and c.id not in leaving]
    if any(card.controller == player for card in occupied):
        return []  # each player can normally use only 1 of the 2
    return [i for i, c in enumerate(duel.extra_monster_zones) if c is None or c.id in leaving]


@dataclass(frozen=True)
class ZoneChoice:
    """The zones open to a Summon, and why a zone is closed."""

    open: tuple[str, ...]
    occupied: tuple[str, ...]

    def allows(self, zone: str) -> bool:
        return zone in self.open


def summon_zones(duel: Duel, player: str, rule: str, leaving: Collection[str] = ()) -> ZoneChoice:
    """The zones a monster Summoned by ``player`` under ``rule`` may go to, after ``leaving`` have left."""
    free_main = free_main_zones(duel, player, leaving)
    if rule == EMZ_OR_LINKED:
        linked = linked_main_zones(duel, player, leaving)
        mains = [i for i in free_main if i in linked]
    else:
        mains = free_main
    emz = usable_extra_monster_zones(duel, player, leaving) if rule != MAIN_ONLY else []
    open_zones = tuple(f"m{i}" for i in mains) + tuple(f"emz{i}" for i in emz)
    occupied = tuple(f"m{i}" for i in range(ZONES) if i not in free_main)
    return ZoneChoice(open=open_zones, occupied=occupied)
