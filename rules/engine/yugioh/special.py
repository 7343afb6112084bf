"""``special_summon``: Fusion, Synchro, Xyz, Link, Ritual and card-effect Summons, and where they may go.

Pendulum Summons, which place several monsters at once, are in :mod:`rules.engine.yugioh.pendulum`. Zones
follow the dispute's revision: under ``v10`` every monster Summoned from the Extra Deck needs the Extra
Monster Zone or a zone a Link Monster points to; under ``2020`` only Link Monsters (and face-up Pendulum
Monsters) do, and Fusion, Synchro, Xyz and Ritual Monsters may use any Main Monster Zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.engine.references import Reference
from rules.engine.ruling import Check, Fact, Ruling, Violation, decide
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.yugioh import materials as mat
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import Card
from rules.engine.yugioh.context import REVISION_V10, Context
from rules.engine.yugioh.equip import destroy_equips
from rules.engine.yugioh.leaving import Departures
from rules.engine.yugioh.pendulum import judge_pendulum_summon
from rules.engine.yugioh.state import (
    BANISHED,
    EXTRA_DECK,
    FIELD_AREAS,
    GRAVEYARD,
    HAND,
    MATERIAL,
    Duel,
    Place,
)
from rules.engine.yugioh.timing import not_in_main_phase, not_your_turn
from rules.engine.yugioh.zones import EMZ_OR_LINKED, MAIN_ONLY, MAIN_OR_EMZ, parse_zone, summon_zones

METHODS = ("fusion", "synchro", "xyz", "link", "ritual", "pendulum", "effect")
SPECIAL_SUMMON_FRAMES = ("fusion", "synchro", "xyz", "link", "ritual")
# What the player does (after "cannot"/"can ... only in"): a phrase of its own, translated as a whole.
SUMMON_WORD = {
    "fusion": say(gettext_noop("Fusion Summon")),
    "synchro": say(gettext_noop("Synchro Summon")),
    "xyz": say(gettext_noop("Xyz Summon")),
    "link": say(gettext_noop("Link Summon")),
    "ritual": say(gettext_noop("Ritual Summon")),
    "effect": say(gettext_noop("Special Summon by a card effect")),
}
# Whole sentences per method or frame: "Synchro Monster", "Synchro Summoned" are words of each language.
NOT_OF_ITS_FRAME = {
    "fusion": gettext_noop("%(card)s is not a Fusion Monster, so it cannot be Fusion Summoned."),
    "synchro": gettext_noop("%(card)s is not a Synchro Monster, so it cannot be Synchro Summoned."),
    "xyz": gettext_noop("%(card)s is not a Xyz Monster, so it cannot be Xyz Summoned."),
    "link": gettext_noop("%(card)s is not a Link Monster, so it cannot be Link Summoned."),
    "ritual": gettext_noop("%(card)s is not a Ritual Monster, so it cannot be Ritual Summoned."),
}
NEVER_PROPERLY_SUMMONED = {
    "fusion": gettext_noop(
        "%(card)s is a Fusion Monster that was never properly Summoned, "
        "so a card effect cannot Special Summon it."
    ),
    "synchro": gettext_noop(
        "%(card)s is a Synchro Monster that was never properly Summoned, "
        "so a card effect cannot Special Summon it."
    ),
    "xyz": gettext_noop(
        "%(card)s is a Xyz Monster that was never properly Summoned, "
        "so a card effect cannot Special Summon it."
    ),
    "link": gettext_noop(
        "%(card)s is a Link Monster that was never properly Summoned, "
        "so a card effect cannot Special Summon it."
    ),
    "ritual": gettext_noop(
        "%(card)s is a Ritual Monster that was never properly Summoned, "
        "so a card effect cannot Special Summon it."
    ),
}
FACE_UP_ONLY = {
    "fusion": gettext_noop("A Fusion Summon places the monster face-up, in Attack or Defense Position."),
    "synchro": gettext_noop("A Synchro Summon places the monster face-up, in Attack or Defense Position."),
    "xyz": gettext_noop("A Xyz Summon places the monster face-up, in Attack or Defense Position."),
    "link": gettext_noop("A Link Summon places the monster face-up, in Attack or Defense Position."),
    "ritual": gettext_noop("A Ritual Summon places the monster face-up, in Attack or Defense Position."),
}
SUMMONED_USING = {
    "fusion": gettext_noop("%(card)s is Fusion Summoned using %(items)s."),
    "synchro": gettext_noop("%(card)s is Synchro Summoned using %(items)s."),
    "xyz": gettext_noop("%(card)s is Xyz Summoned using %(items)s."),
    "link": gettext_noop("%(card)s is Link Summoned using %(items)s."),
    "ritual": gettext_noop("%(card)s is Ritual Summoned using %(items)s."),
    "effect": gettext_noop("%(card)s is Special Summoned by a card effect using %(items)s."),
}
NOT_A_MONSTER = {
    "spell": gettext_noop("%(card)s is a spell, not a monster."),
    "trap": gettext_noop("%(card)s is a trap, not a monster."),
}


def wrong_method(method: str, card: Card) -> Violation | None:
    """Each Summon method brings out its own kind of monster (a Synchro Summon, a Synchro Monster...)."""
    kind = card.need(card.kind, "kind")
    if method == "effect":
        if kind in ("monster", "token"):
            return None
        return Violation(
            "summon.wrong_method",
            say(NOT_A_MONSTER[kind], card=card.label)
            if kind in NOT_A_MONSTER
            else say(gettext_noop("%(card)s is a %(kind)s, not a monster."), card=card.label, kind=kind),
            passages.SPECIAL_SUMMON_POSITION,
        )
    frame = card.need(card.frame, "frame") if kind == "monster" else kind
    if frame == method:
        return None
    return Violation(
        "summon.wrong_method",
        say(NOT_OF_ITS_FRAME[method], card=card.label),
        mat.RULE_BY_METHOD[method],
    )


def wrong_location(player: str, method: str, card: Card, place: Place) -> Violation | None:
    """Extra Deck monsters come from the Extra Deck, Ritual Monsters from the hand; nothing from the field."""
    if method in ("fusion", "synchro", "xyz", "link"):
        if place.area == EXTRA_DECK and place.player == player:
            return None
        template, rule = (
            gettext_noop("%(card)s must be Summoned from %(player)s's Extra Deck."),
            mat.RULE_BY_METHOD[method],
        )
    elif method == "ritual":
        if place.area == HAND and place.player == player:
            return None
        template, rule = gettext_noop("%(card)s must be Summoned from %(player)s's hand."), passages.RITUAL
    else:
        if place.area not in FIELD_AREAS:
            return None
        template, rule = (
            gettext_noop("%(card)s must be Summoned from anywhere but the field."),
            passages.SPECIAL_SUMMON_POSITION,
        )
    return Violation("summon.wrong_location", say(template, card=card.label, player=player), rule)


def not_properly_summoned(card: Card, place: Place) -> Violation | None:
    """Rulebook v10: a Special Summon Monster returns by an effect only if it was properly Summoned first."""
    if card.frame not in SPECIAL_SUMMON_FRAMES or place.area not in (HAND, GRAVEYARD, BANISHED, MATERIAL):
        return None
    if card.need(card.properly_summoned, "properly_summoned"):
        return None
    return Violation(
        "summon.not_properly_summoned",
        say(NEVER_PROPERLY_SUMMONED[card.frame], card=card.label),
        passages.PROPERLY_SUMMONED,
    )


def wrong_position(method: str, card: Card, position: str | None) -> Violation | None:
    """Rulebook v10: Special Summons are face-up (Attack or Defense); Link Monsters only in Attack."""
    if position is None:
        return None
    if card.is_link and position != "attack":
        return Violation(
            "position.link_defense",
            say(
                gettext_noop("%(card)s is a Link Monster: it can only be Summoned in Attack Position."),
                card=card.label,
            ),
            passages.LINK_NO_DEFENSE,
        )
    if position == "set" and method != "effect":
        return Violation(
            "summon.position",
            say(FACE_UP_ONLY[method]),
            passages.SPECIAL_SUMMON_POSITION,
        )
    return None


def zone_rule(ctx: Context, method: str, card: Card, place: Place) -> tuple[str, Reference]:
    """Which zones the revision opens to this monster, and the passage that says so."""
    from_extra_deck = place.area == EXTRA_DECK
    if method == "ritual" or (method == "effect" and not from_extra_deck):
        return MAIN_ONLY, passages.LINKED_ZONES if method == "effect" else passages.RITUAL
    if card.is_link:
        return EMZ_OR_LINKED, passages.LINKED_ZONES
    if method == "effect" and card.pendulum and card.frame not in mat.RULE_BY_METHOD:
        return EMZ_OR_LINKED, passages.PENDULUM_EXTRA_DECK_ZONE
    if ctx.revision == REVISION_V10:
        return EMZ_OR_LINKED, passages.LINKED_ZONES
    return MAIN_OR_EMZ, passages.REVISION_2020


def zone_violation(
    duel: Duel, player: str, rule: str, rule_ref: Reference, leaving: Sequence[str], zone: str | None
) -> Violation | None:
    """Rulebook v10 (zones, Link Arrows) or the 2020 revision: the chosen zone must be open to it."""
    choice = summon_zones(duel, player, rule, leaving)
    if not choice.open:
        return Violation(
            "summon.no_free_zone",
            say(
                gettext_noop("No zone is open to this monster: %(zone_words)s, and none is free."),
                zone_words=_zone_words(rule),
            ),
            rule_ref if rule != MAIN_ONLY else passages.MAIN_MONSTER_ZONE,
        )
    if zone is None or choice.allows(zone):
        return None
    why = say(gettext_noop("it is occupied")) if zone in choice.occupied else _zone_words(rule)
    return Violation(
        "summon.wrong_zone",
        say(
            gettext_noop("The monster cannot go to %(zone)s: %(why)s. Open zones: %(open)s."),
            zone=zone,
            why=why,
            open=", ".join(choice.open),
        ),
        rule_ref,
    )


def _zone_words(rule: str) -> Sentence:
    if rule == EMZ_OR_LINKED:
        return say(
            gettext_noop("it needs an Extra Monster Zone or a Main Monster Zone a Link Monster points to")
        )
    if rule == MAIN_ONLY:
        return say(gettext_noop("it goes to a Main Monster Zone"))
    return say(gettext_noop("it may use any Main Monster Zone or an Extra Monster Zone"))


def material_checks(method: str, player: str, card: Card, found: Sequence[mat.Material]) -> list[list[Check]]:
    """The stages of material checks for one method."""
    placed: list[Check] = [
        lambda: mat.misplaced(player, method, card, found),
        lambda: mat.face_down(method, found),
    ]
    if method == "synchro":
        specific: list[Check] = [
            lambda: mat.synchro_tuners(found),
            lambda: mat.synchro_levels(card, found),
            lambda: mat.recipe(method, card, found),
        ]
    elif method == "xyz":
        specific = [
            lambda: mat.xyz_tokens(found),
            lambda: mat.xyz_levels(card, found),
            lambda: mat.recipe(method, card, found),
        ]
    elif method == "link":
        specific = [lambda: mat.link_ratings(card, found), lambda: mat.recipe(method, card, found)]
    elif method == "ritual":
        specific = [lambda: mat.recipe(method, card, found), lambda: mat.ritual_levels(card, found)]
    elif method == "fusion":
        specific = [lambda: mat.recipe(method, card, found)]
    else:
        return []
    return [placed, specific]


def summon_outcome(
    duel: Duel,
    player: str,
    method: str,
    card: Card,
    found: Sequence[mat.Material],
    rule: str,
    rule_ref: Reference,
    zone: str | None,
    position: str | None,
) -> tuple[dict[str, Any], list[Fact]]:
    """Materials leave (Xyz Materials are attached instead), and the monster takes its zone."""
    departures = Departures()
    facts: list[Fact] = []
    outcome: dict[str, Any] = {"summoned": [card.id]}
    materials = [c for c, _ in found]
    if method == "xyz":
        outcome["attached_materials"] = [c.id for c in materials]
        for material in materials:
            departures.send_all(material.materials)  # an Xyz used as material sends its own materials away
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "%(card)s is Xyz Summoned on top of %(attached_materials)s, which become "
                        "its Xyz Materials."
                    ),
                    card=card.label,
                    attached_materials=", ".join(outcome["attached_materials"]),
                ),
                passages.XYZ,
            )
        )
    elif materials:
        for material, place in found:
            departures.send(material, on_field=place.area not in (HAND,))
        facts.append(
            Fact(
                say(SUMMONED_USING[method], card=card.label, items=", ".join(c.id for c in materials)),
                mat.RULE_BY_METHOD.get(method, passages.SPECIAL_SUMMON_POSITION),
            )
        )
    else:
        facts.append(
            Fact(
                say(gettext_noop("%(card)s is Special Summoned by the card effect."), card=card.label),
                passages.SPECIAL_SUMMON_POSITION,
            )
        )
    equips = destroy_equips(duel, [c for c, place in found if place.on_field], departures)
    outcome.update(departures.outcome())
    if equips:  # the materials' Equip Cards are destroyed; the materials themselves are not
        outcome["destroyed"] = [equip.id for equip in equips]
    choice = summon_zones(duel, player, rule, [c.id for c in materials])
    if zone is not None:
        outcome["zone"] = zone
        facts.append(
            Fact(
                say(
                    gettext_noop("It goes to %(zone)s: %(zone_words)s."),
                    zone=zone,
                    zone_words=_zone_words(rule),
                ),
                rule_ref,
            )
        )
    else:
        outcome["legal_zones"] = list(choice.open)
        facts.append(
            Fact(
                say(
                    gettext_noop("It may go to %(open)s: %(zone_words)s."),
                    open=", ".join(choice.open),
                    zone_words=_zone_words(rule),
                ),
                rule_ref,
            )
        )
    if position is not None:
        outcome["position"] = position
    return outcome, facts + departures.facts


def judge_special_summon(ctx: Context) -> Ruling:
    """``special_summon``: legality of the Summon, its materials and its zone."""
    method = ctx.action.choice("method", METHODS)
    if method == "pendulum":
        return judge_pendulum_summon(ctx)
    duel, action = ctx.duel, ctx.action
    player = action.player()
    card, place = duel.find(action.card_id("card"), action.field("card"))
    found = [duel.find(i, action.field("materials")) for i in action.card_ids("materials")]
    position = action.optional_choice("position", ("attack", "defense", "set"))
    zone = None
    if action.data.get("zone") is not None:
        area, index = parse_zone(action.data["zone"], action.field("zone"))
        zone = ("m" if area == "monster_zone" else "emz") + str(index)
    rule, rule_ref = zone_rule(ctx, method, card, place)
    leaving = [c.id for c, p in found if p.area in FIELD_AREAS]
    stages: list[list[Check]] = []
    if method != "effect":
        stages.append(
            [
                lambda: not_your_turn(duel, player, SUMMON_WORD[method], mat.RULE_BY_METHOD[method]),
                lambda: not_in_main_phase(duel, SUMMON_WORD[method], mat.RULE_BY_METHOD[method]),
            ]
        )
    stages.append(
        [
            lambda: wrong_method(method, card),
            lambda: wrong_location(player, method, card, place),
            lambda: not_properly_summoned(card, place) if method == "effect" else None,
        ]
    )
    stages.extend(material_checks(method, player, card, found))
    stages.append(
        [
            lambda: wrong_position(method, card, position),
            lambda: zone_violation(duel, player, rule, rule_ref, leaving, zone),
        ]
    )
    default = mat.RULE_BY_METHOD.get(method, passages.SPECIAL_SUMMON_POSITION)
    return decide(
        stages,
        lambda: summon_outcome(duel, player, method, card, found, rule, rule_ref, zone, position),
        default,
    )
