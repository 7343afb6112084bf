"""Equip Cards: the monster an Equip Spell is equipped to, and the Equip Cards that go when it leaves.

Version 10 (Equip Spell Cards): an Equip Spell is activated for 1 face-up monster, the equipped monster;
if that monster is destroyed, flipped face-down or removed from the field, its Equip Cards are destroyed.
Rulebook 9.0 (Glossary, Equip Card): Trap and Monster Cards can be equipped too, and the term covers all
three, so any card carrying ``equipped_to`` goes with its monster.

A dispute marks an Equip Card with ``equipped_to`` (its monster's id). Only a face-up card in a Spell & Trap
Zone can carry it, pointing at a face-up monster on the field: anything else describes a duel that could
not happen (the Equip Card would already be gone), so the state is reported, not guessed at.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.engine.errors import StateIncomplete
from rules.engine.ruling import Fact, Violation
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import PLAYERS, Card
from rules.engine.yugioh.leaving import Departures
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, MONSTER_ZONE, SPELL_TRAP_ZONE, Duel, Place

MONSTER_AREAS = (MONSTER_ZONE, EXTRA_MONSTER_ZONE)


def check_equipped(duel: Duel) -> None:
    """Every ``equipped_to`` in the state names a face-up monster on the field, from a face-up card in a
    Spell & Trap Zone; else the state contradicts itself (:class:`StateIncomplete` naming the field)."""
    for card, place in duel.places.values():
        if card.equipped_to is None:
            continue
        where = f"{card.path}.equipped_to"
        if place.area != SPELL_TRAP_ZONE:
            raise StateIncomplete(
                where,
                say(
                    gettext_noop(
                        "%(card)s is not in a Spell & Trap Zone, so it is not equipped to a monster"
                    ),
                    card=card.label,
                ),
            )
        if card.face_up is False:
            raise StateIncomplete(
                f"{card.path}.face_up",
                say(gettext_noop("%(card)s is Set, so it is not equipped yet"), card=card.label),
            )
        found = duel.locate(card.equipped_to)
        if found is None:
            raise StateIncomplete(
                where,
                say(
                    gettext_noop("no card with id %(equipped_to)s in the state"),
                    equipped_to=repr(card.equipped_to),
                ),
            )
        monster, monster_place = found
        if monster_place.area not in MONSTER_AREAS:
            raise StateIncomplete(
                where,
                say(
                    gettext_noop(
                        "%(monster)s is not a monster on the field: an Equip Card whose monster "
                        "left the field is destroyed"
                    ),
                    monster=monster.label,
                ),
                passages.EQUIP_DESTROYED,
            )
        if monster.face_down:
            raise StateIncomplete(
                where,
                say(
                    gettext_noop(
                        "%(monster)s is face-down: an Equip Card whose monster is flipped "
                        "face-down is destroyed"
                    ),
                    monster=monster.label,
                ),
                passages.EQUIP_DESTROYED,
            )


def face_up_monsters(duel: Duel) -> list[Card]:
    """The face-up monsters on the field, both players', that an Equip Spell could be equipped to."""
    return [card for card in _monsters(duel) if card.position in ("attack", "defense")]


def unknown_positions(duel: Duel) -> list[Card]:
    return [card for card in _monsters(duel) if card.position is None]


def _monsters(duel: Duel) -> list[Card]:
    return [card for player in PLAYERS for card, _ in duel.monsters_on_field(player)]


def equip_target(duel: Duel, card: Card, target: Card | None, place: Place | None) -> Violation | None:
    """Version 10, Equip Spell Cards: it is equipped to 1 face-up monster on the field, either player's.

    Without a target the activation only needs some face-up monster to exist; with one, that monster must be
    a face-up monster on the field (a face-down monster cannot be chosen).
    """
    if target is None or place is None:
        if face_up_monsters(duel):
            return None
        for monster in unknown_positions(duel):
            monster.need(monster.position, "position")  # face-up or not decides it: the state must say
        return Violation(
            "activation.no_equip_target",
            say(
                gettext_noop(
                    "There is no face-up monster on the field, so %(card)s, an Equip Spell, "
                    "has nothing to be equipped to and cannot be activated."
                ),
                card=card.label,
            ),
            passages.EQUIP_SPELL,
        )
    if place.area not in MONSTER_AREAS:
        template = gettext_noop(
            "%(target)s is not a monster on the field: %(card)s, an Equip Spell, can only be equipped to a "
            "face-up monster on the field."
        )
    elif target.need(target.position, "position") == "set":
        template = gettext_noop(
            "%(target)s is face-down: %(card)s, an Equip Spell, can only be equipped to a "
            "face-up monster on the field."
        )
    else:
        return None
    return Violation(
        "activation.invalid_equip_target",
        say(template, target=target.label, card=card.label),
        passages.EQUIP_SPELL,
    )


def equip_outcome(duel: Duel, card: Card, target: Card | None) -> tuple[dict[str, str], list[Fact]]:
    """The outcome names the equipped monster; without a target, the explanation lists the choices."""
    if target is not None:
        text = say(gettext_noop("It is equipped to %(target)s."), target=target.label)
        return {"equipped_to": target.id}, [Fact(text, passages.EQUIP_SPELL)]
    choices = ", ".join(monster.label for monster in face_up_monsters(duel))
    text = say(
        gettext_noop("It is equipped to 1 face-up monster of the player's choice: %(choices)s."),
        choices=choices,
    )
    return {}, [Fact(text, passages.EQUIP_SPELL)]


def equips_of(duel: Duel, monster: Card) -> list[Card]:
    """The Equip Cards on the field equipped to ``monster``."""
    return [
        card
        for player in PLAYERS
        for card, _ in duel.spells_traps_on_field(player)
        if card.equipped_to == monster.id
    ]


def destroy_equips(duel: Duel, leaving: Iterable[Card], departures: Departures) -> list[Card]:
    """Version 10: the Equip Cards of monsters leaving the field are destroyed with them.

    Each goes to the Graveyard (recorded in ``departures``, with the sentence a judge reads out) unless
    ``departures`` already sends it there; the ones destroyed are returned for the outcome's ``destroyed``.
    """
    destroyed: list[Card] = []
    for monster in leaving:
        for equip in equips_of(duel, monster):
            if equip.id in departures.graveyard:
                continue
            departures.graveyard.append(equip.id)
            text = say(
                gettext_noop("%(equip)s, equipped to %(monster)s, is destroyed too."),
                equip=equip.label,
                monster=monster.label,
            )
            departures.facts.append(Fact(text, passages.EQUIP_DESTROYED))
            destroyed.append(equip)
    return destroyed
