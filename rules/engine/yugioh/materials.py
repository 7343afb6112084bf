"""Summoning materials: what Synchro, Xyz, Link, Fusion and Ritual Summons may use (Rulebook v10, pp. 12-23).

Each check returns a violation or ``None`` for the materials already found in the state. The card's
``material_spec`` (its "recipe") is checked by :func:`recipe` for every method that has one.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine.catalog import normalize_name
from rules.engine.errors import StateIncomplete
from rules.engine.references import Reference
from rules.engine.ruling import Violation
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import Card
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, HAND, MONSTER_ZONE, Place

Material = tuple[Card, Place]
RULE_BY_METHOD = {
    "synchro": passages.SYNCHRO,
    "xyz": passages.XYZ,
    "link": passages.LINK,
    "fusion": passages.FUSION,
    "ritual": passages.RITUAL,
}


# The recipe's frame, a whole sentence each ("a tuner monster" / "um monstro Regulador").
NOT_OF_RECIPE_FRAME = {
    "normal": gettext_noop("%(card)s is not a normal monster, as the recipe requires."),
    "effect": gettext_noop("%(card)s is not a effect monster, as the recipe requires."),
    "ritual": gettext_noop("%(card)s is not a ritual monster, as the recipe requires."),
    "fusion": gettext_noop("%(card)s is not a fusion monster, as the recipe requires."),
    "synchro": gettext_noop("%(card)s is not a synchro monster, as the recipe requires."),
    "xyz": gettext_noop("%(card)s is not a xyz monster, as the recipe requires."),
    "link": gettext_noop("%(card)s is not a link monster, as the recipe requires."),
    "tuner": gettext_noop("%(card)s is not a tuner monster, as the recipe requires."),
    "token": gettext_noop("%(card)s is not a token monster, as the recipe requires."),
}


def _on_own_field(player: str, card: Card, place: Place) -> bool:
    return place.area in (MONSTER_ZONE, EXTRA_MONSTER_ZONE) and card.controller == player


def misplaced(player: str, method: str, summoned: Card, materials: Sequence[Material]) -> Violation | None:
    """Synchro, Xyz and Link materials come from the field; Fusion and Ritual ones from hand or field."""
    rule = RULE_BY_METHOD[method]
    ids = [card.id for card, _ in materials]
    if len(set(ids)) != len(ids):
        return Violation(
            "summon.materials", say(gettext_noop("The same card is listed twice as a material.")), rule
        )
    from_hand = method in ("fusion", "ritual")
    for card, place in materials:
        if card.id == summoned.id:
            return Violation(
                "summon.materials",
                say(gettext_noop("%(card)s cannot be a material for its own Summon."), card=card.label),
                rule,
            )
        in_hand = from_hand and place.area == HAND and place.player == player
        if not (_on_own_field(player, card, place) or in_hand):
            template = (
                gettext_noop("%(card)s is not a monster %(player)s has in their hand or on their field.")
                if from_hand
                else gettext_noop("%(card)s is not a monster %(player)s has on their field.")
            )
            return Violation(
                "summon.materials",
                say(template, card=card.label, player=player),
                rule,
            )
        if card.kind is not None and not card.is_monster:
            return Violation(
                "summon.materials", say(gettext_noop("%(card)s is not a monster."), card=card.label), rule
            )
    return None


def face_down(method: str, materials: Sequence[Material]) -> Violation | None:
    """Rulebook v10: Synchro, Xyz and Link Materials must be face-up."""
    if method not in ("synchro", "xyz", "link"):
        return None
    for card, place in materials:
        if place.area in (MONSTER_ZONE, EXTRA_MONSTER_ZONE) and card.need(card.position, "position") == "set":
            return Violation(
                "summon.face_down_material",
                say(
                    gettext_noop("%(card)s is face-down; %(capitalize)s Materials must be face-up."),
                    card=card.label,
                    capitalize=method.capitalize(),
                ),
                RULE_BY_METHOD[method],
            )
    return None


def _level(card: Card, method: str, code: str) -> int | Violation:
    """A material's Level; Xyz and Link Monsters have none (Ranks and Link Ratings are not Levels)."""
    if card.frame in ("xyz", "link"):
        template = (
            gettext_noop("%(card)s has a Rank, not a Level, so it cannot be used here.")
            if card.frame == "xyz"
            else gettext_noop("%(card)s has a Link Rating, not a Level, so it cannot be used here.")
        )
        return Violation(
            code,
            say(template, card=card.label),
            RULE_BY_METHOD[method],
        )
    return card.need(card.level, "level")


def synchro_tuners(materials: Sequence[Material]) -> Violation | None:
    """Rulebook v10, Synchro Monsters: exactly 1 Tuner, plus at least 1 non-Tuner."""
    tuners = [card for card, _ in materials if card.tuner]
    if len(tuners) != 1:
        return Violation(
            "summon.tuner_count",
            say(
                gettext_noop("A Synchro Summon uses exactly 1 Tuner; these materials include %(count)s."),
                count=len(tuners),
            ),
            passages.SYNCHRO,
        )
    if len(materials) < 2:
        return Violation(
            "summon.materials",
            say(gettext_noop("A Synchro Summon needs the Tuner and at least 1 non-Tuner monster.")),
            passages.SYNCHRO,
        )
    return None


def synchro_levels(summoned: Card, materials: Sequence[Material]) -> Violation | None:
    """Rulebook v10, Synchro Monsters: the materials' Levels add up exactly to the Synchro Monster's Level."""
    total = 0
    for card, _ in materials:
        level = _level(card, "synchro", "summon.materials")
        if isinstance(level, Violation):
            return level
        total += level
    target = summoned.need(summoned.level, "level")
    if total == target:
        return None
    return Violation(
        "summon.level_sum",
        say(
            gettext_noop(
                "The materials' Levels add up to %(total)s, but %(summoned)s is Level "
                "%(target)s; they must be equal."
            ),
            total=total,
            summoned=summoned.label,
            target=target,
        ),
        passages.SYNCHRO,
    )


def xyz_tokens(materials: Sequence[Material]) -> Violation | None:
    """Rulebook 9.0, Monster Tokens: Tokens cannot be Xyz Materials."""
    for card, _ in materials:
        if card.is_token:
            return Violation(
                "summon.token_material",
                say(gettext_noop("%(card)s is a Token; Tokens cannot be Xyz Materials."), card=card.label),
                passages.TOKENS,
            )
    return None


def xyz_levels(summoned: Card, materials: Sequence[Material]) -> Violation | None:
    """Rulebook v10, Xyz Monsters: materials all of the Level the recipe names (its Rank by default)."""
    spec = summoned.material_spec
    wanted = spec.level if spec and spec.level is not None else summoned.need(summoned.rank, "rank")
    for card, _ in materials:
        level = _level(card, "xyz", "summon.xyz_levels")
        if isinstance(level, Violation):
            return level
        if level != wanted:
            return Violation(
                "summon.xyz_levels",
                say(
                    gettext_noop(
                        "%(card)s is Level %(level)s; %(summoned)s needs Level %(wanted)s "
                        "monsters, all of the same Level."
                    ),
                    card=card.label,
                    level=level,
                    summoned=summoned.label,
                    wanted=wanted,
                ),
                passages.XYZ,
            )
    return None


def link_ratings(summoned: Card, materials: Sequence[Material]) -> Violation | None:
    """Rulebook v10, Link Monsters: materials add up to the Link Rating; a Link material counts 1 or L."""
    target = summoned.need(summoned.link, "link")
    reachable = {0}
    for card, _ in materials:
        options = {1}
        if card.is_link:
            options.add(card.need(card.link, "link"))
        reachable = {total + option for total in reachable for option in options if total + option <= target}
    if target in reachable:
        return None
    return Violation(
        "summon.link_rating",
        say(
            gettext_noop(
                "%(summoned)s is Link-%(target)s: its materials must count for exactly "
                "%(target)s (each monster 1, a Link Monster 1 or its Link Rating), and "
                "these cannot."
            ),
            summoned=summoned.label,
            target=target,
        ),
        passages.LINK,
    )


def ritual_levels(summoned: Card, materials: Sequence[Material]) -> Violation | None:
    """The Tributes' Levels must reach what the Ritual Spell lists (Rulebook v10, Ritual Monsters, p. 23).

    The rulebook leaves the requirement to the Ritual Spell Card, which a dispute does not carry; the players
    state it as the Ritual Monster's ``material_spec.level``, read as the total Level the Tributes must reach
    ("whose total Levels equal N or more", the usual wording). Without it the judge cannot know whether the
    Tributes suffice, and says so instead of guessing.
    """
    spec = summoned.material_spec
    if spec is None or spec.level is None:
        raise StateIncomplete(
            f"{summoned.path}.material_spec.level",
            say(
                gettext_noop(
                    "the Tribute the Ritual Spell lists for %(summoned)s (the total Level the "
                    "Tributes must reach) is needed"
                ),
                summoned=summoned.label,
            ),
            passages.RITUAL,
        )
    total = 0
    for card, _ in materials:
        level = _level(card, "ritual", "summon.materials")
        if isinstance(level, Violation):
            return level
        total += level
    if total >= spec.level:
        return None
    return Violation(
        "summon.level_sum",
        say(
            gettext_noop(
                "The Tributes' Levels total %(total)s; the Ritual Spell for %(summoned)s "
                "requires a total of at least %(level)s."
            ),
            total=total,
            summoned=summoned.label,
            level=spec.level,
        ),
        passages.RITUAL,
    )


def recipe(method: str, summoned: Card, materials: Sequence[Material]) -> Violation | None:
    """The card's ``material_spec``: how many materials, of which frame, names and Level."""
    rule = RULE_BY_METHOD[method]
    spec = summoned.material_spec
    count = len(materials)
    default_min = {"xyz": 2, "fusion": 2, "link": 1, "synchro": 2, "ritual": 1}[method]
    exact = spec.count if spec else None
    minimum = spec.minimum if spec and spec.minimum is not None else default_min
    if exact is not None and count != exact:
        return Violation(
            "summon.materials",
            say(
                gettext_noop("%(summoned)s needs exactly %(exact)s materials; %(count)s were used."),
                summoned=summoned.label,
                exact=exact,
                count=count,
            ),
            rule,
        )
    if exact is None and count < minimum:
        return Violation(
            "summon.materials",
            say(
                gettext_noop("%(summoned)s needs at least %(minimum)s materials; %(count)s were used."),
                summoned=summoned.label,
                minimum=minimum,
                count=count,
            ),
            rule,
        )
    if spec is None:
        return None
    if spec.frame is not None:
        for card, _ in materials:
            if not _has_frame(card, spec.frame):
                return Violation(
                    "summon.materials",
                    say(NOT_OF_RECIPE_FRAME[spec.frame], card=card.label),
                    rule,
                )
    # Xyz reads the recipe's Level in xyz_levels; a Ritual's is a total, read in ritual_levels.
    if spec.level is not None and method not in ("xyz", "ritual"):
        for card, _ in materials:
            if card.need(card.level, "level") != spec.level:
                return Violation(
                    "summon.materials",
                    say(
                        gettext_noop("%(card)s is not Level %(level)s, as the recipe requires."),
                        card=card.label,
                        level=spec.level,
                    ),
                    rule,
                )
    return _names(spec.names, materials, rule)


def _has_frame(card: Card, frame: str) -> bool:
    if frame == "tuner":
        return card.tuner
    if frame == "token":
        return card.is_token
    if frame == "effect":
        return card.need(card.frame, "frame") != "normal"  # Effect Monsters include Fusion etc. with effects
    return card.need(card.frame, "frame") == frame


def _names(names: Sequence[str], materials: Sequence[Material], rule: Reference) -> Violation | None:
    """Every name the recipe lists is met by a different material."""
    unused = [normalize_name(card.name or "") for card, _ in materials]
    for name in names:
        key = normalize_name(name)
        if key in unused:
            unused.remove(key)
            continue
        return Violation(
            "summon.materials",
            say(gettext_noop('The materials do not include "%(name)s", which the recipe lists.'), name=name),
            rule,
        )
    return None
