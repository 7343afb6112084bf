"""What the importers turn a file into: typed records, each saying where in the file it came from.

A parser raises :class:`MalformedFileError` for a file it cannot read at all (not the format, broken
syntax, a field of the wrong type): the whole import is refused and nothing is written. A record that is
well formed but cannot go into the catalog (a Skill Card, an anime-only card, a banlist entry for an unknown
card) is not an error: the parser or the import service skips it and the report says why.

Every reason is a :class:`Reason`: an English template marked for the catalogues (``gettext_noop``) and
its values (numbers, ids, card names and raw text from the file: data, never English words). The import
runs in the background, where no reader's language is known, so the report stores the template and values
beside the English, and the pages say them in the reader's language (``rules.words.said``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from decks.cardfields import (
    ALL_LINK_ARROWS,
    ATTRIBUTES,
    FRAMES,
    KINDS,
    MAX_LEVEL,
    MAX_LINK_RATING,
    MONSTER_TYPES,
    SPELL_ICONS,
    TRAP_ICONS,
)
from rules.engine.sentences import Sentence, gettext_noop, say

MAX_NAME_LENGTH = 200
MAX_POWER_LENGTH = 8


# A reason is one of the engine's sentences (``rules.engine.sentences``): the same template and values, said
# in the reader's language by ``rules.words.said``; the importers name it after what it is to them.
Reason = Sentence
reason = say


class MalformedFileError(ValueError):
    """The file cannot be read: ``where`` is the line, row or JSON path, ``reason`` what is wrong there
    (in English; ``sentence`` is the same as a template and values, to be said in the reader's language)."""

    def __init__(self, where: str, why: Reason) -> None:
        self.where = where
        self.sentence = why
        self.reason = str(why)
        super().__init__(f"{where}: {self.reason}" if where else self.reason)


@dataclass(frozen=True)
class Skip:
    """A record left out of the import, and why."""

    where: str
    why: Reason

    @property
    def reason(self) -> str:
        return str(self.why)

    def as_dict(self) -> dict[str, Any]:
        """The English ``reason`` (what older reports hold) and its ``template`` and ``values``."""
        return {"where": self.where, "reason": self.reason, **self.why.as_dict()}


@dataclass(frozen=True)
class CardRecord:
    """One card as a file describes it, in the catalog's vocabulary (``decks.cardfields``)."""

    game: str
    name: str
    where: str
    code: str | None = None
    treated_as_code: str | None = None
    text: str = ""
    # Yu-Gi-Oh!
    kind: str = ""
    frame: str = ""
    effect: bool = False
    tuner: bool = False
    pendulum: bool = False
    level: int | None = None
    rank: int | None = None
    link_rating: int | None = None
    link_arrows: int = 0
    scale_left: int | None = None
    scale_right: int | None = None
    atk: int | None = None
    defense: int | None = None
    attribute: str = ""
    monster_type: str = ""
    icon: str = ""
    ocg: bool = True
    tcg: bool = True
    # Magic
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str = ""
    toughness: str = ""

    def model_fields(self) -> dict[str, Any]:
        """The values of ``decks.models.Card``'s columns (lists for the JSON columns)."""
        return {
            "game": self.game,
            "name": self.name,
            "text": self.text,
            "kind": self.kind,
            "frame": self.frame,
            "effect": self.effect,
            "tuner": self.tuner,
            "pendulum": self.pendulum,
            "level": self.level,
            "rank": self.rank,
            "link_rating": self.link_rating,
            "link_arrows": self.link_arrows,
            "scale_left": self.scale_left,
            "scale_right": self.scale_right,
            "atk": self.atk,
            "defense": self.defense,
            "attribute": self.attribute,
            "monster_type": self.monster_type,
            "icon": self.icon,
            "ocg": self.ocg,
            "tcg": self.tcg,
            "types": list(self.types),
            "supertypes": list(self.supertypes),
            "subtypes": list(self.subtypes),
            "power": self.power,
            "toughness": self.toughness,
        }

    def problem(self) -> Reason | None:
        """Why the catalog's constraints would refuse this card, or ``None``: checked before writing, so one
        odd card is skipped with a reason instead of aborting the whole import with a database error."""
        if not self.name.strip():
            return reason(gettext_noop("the card has no name"))
        if len(self.name) > MAX_NAME_LENGTH:
            return reason(gettext_noop("the name is longer than %(most)d characters"), most=MAX_NAME_LENGTH)
        if self.game == "mtg":
            if len(self.power) > MAX_POWER_LENGTH or len(self.toughness) > MAX_POWER_LENGTH:
                return reason(
                    gettext_noop("power or toughness is longer than %(most)d characters"),
                    most=MAX_POWER_LENGTH,
                )
            return None
        return self._yugioh_problem()

    def _yugioh_problem(self) -> Reason | None:
        if self.kind not in KINDS:
            return reason(gettext_noop("unknown kind %(kind)s"), kind=repr(self.kind))
        if self.kind in ("spell", "trap"):
            icons = SPELL_ICONS if self.kind == "spell" else TRAP_ICONS
            if self.icon not in icons:
                if self.kind == "spell":
                    return reason(gettext_noop("a Spell cannot have the icon %(icon)s"), icon=repr(self.icon))
                return reason(gettext_noop("a Trap cannot have the icon %(icon)s"), icon=repr(self.icon))
            return None
        if self.kind == "monster" and self.frame not in FRAMES:
            return reason(gettext_noop("unknown monster frame %(frame)s"), frame=repr(self.frame))
        if self.attribute and self.attribute not in ATTRIBUTES:
            return reason(gettext_noop("unknown Attribute %(attribute)s"), attribute=repr(self.attribute))
        if self.monster_type and self.monster_type not in MONSTER_TYPES:
            return reason(gettext_noop("unknown monster Type %(type)s"), type=repr(self.monster_type))
        for template, value, top in (
            (gettext_noop("Level %(value)d is outside 0-%(top)d"), self.level, MAX_LEVEL),
            (gettext_noop("Rank %(value)d is outside 0-%(top)d"), self.rank, MAX_LEVEL),
            (gettext_noop("Link Rating %(value)d is outside 0-%(top)d"), self.link_rating, MAX_LINK_RATING),
            (gettext_noop("left Pendulum Scale %(value)d is outside 0-%(top)d"), self.scale_left, MAX_LEVEL),
            (
                gettext_noop("right Pendulum Scale %(value)d is outside 0-%(top)d"),
                self.scale_right,
                MAX_LEVEL,
            ),
        ):
            if value is not None and not 0 <= value <= top:
                return reason(template, value=value, top=top)
        if self.frame == "link":
            if not self.link_rating:
                return reason(gettext_noop("a Link Monster needs a Link Rating of at least 1"))
            if not 0 < self.link_arrows <= ALL_LINK_ARROWS or self.link_arrows & ~ALL_LINK_ARROWS:
                return reason(
                    gettext_noop("Link Arrows %(arrows)s are not a valid set of arrows"),
                    arrows=f"0x{self.link_arrows:x}",
                )
        if self.frame == "xyz" and self.rank is None:
            return reason(gettext_noop("an Xyz Monster needs a Rank"))
        if self.kind == "monster" and self.frame not in ("xyz", "link") and self.level is None:
            return reason(gettext_noop("a monster needs a Level"))
        if self.pendulum and (self.scale_left is None or self.scale_right is None):
            return reason(gettext_noop("a Pendulum Monster needs its Pendulum Scales"))
        for template, stat in (
            (gettext_noop("ATK %(value)d is negative"), self.atk),
            (gettext_noop("DEF %(value)d is negative"), self.defense),
        ):
            if stat is not None and stat < 0:
                return reason(template, value=stat)
        return None


@dataclass(frozen=True)
class PrintingRecord:
    """Another id of a card already in the file or the catalog (an alternate artwork)."""

    code: str
    card_code: str
    where: str


@dataclass
class ParsedCards:
    """A card file, parsed: the cards, the extra ids of their alternate artworks, and what was skipped."""

    format: str
    game: str
    rows: int
    cards: list[CardRecord] = field(default_factory=list)
    printings: list[PrintingRecord] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)


@dataclass(frozen=True)
class BanlistEntryRecord:
    """One listed card: ``code`` (an id) or ``name`` says which; ``status`` e.g. "forbidden"."""

    status: str
    where: str
    code: str | None = None
    name: str | None = None

    @property
    def ref(self) -> str:
        return self.code if self.code is not None else repr(self.name)


@dataclass
class BanlistRecord:
    game: str
    name: str
    where: str
    effective: date | None
    entries: list[BanlistEntryRecord] = field(default_factory=list)


@dataclass
class ParsedBanlists:
    format: str
    rows: int
    banlists: list[BanlistRecord] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)
