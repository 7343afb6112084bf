"""Spell Speeds (Rulebook 9.0, Chains and Spell Speed, pp. 40-41).

Spell Speed 1: Spells other than Quick-Play, and Ignition, Trigger and Flip effects. Spell Speed 2: Normal and
Continuous Traps, Quick-Play Spells, Quick Effects. Spell Speed 3: Counter Traps.
"""

from __future__ import annotations

from rules.engine.yugioh.cards import Card


def monster_effect_type(card: Card, stated: str | None = None) -> str | None:
    """The kind of monster effect: what the action says, else the card, else a ``quick_effect`` ability."""
    if stated is not None:
        return stated
    if card.effect_type is not None:
        return card.effect_type
    if "quick_effect" in card.abilities:
        return "quick"
    return None


def spell_speed(card: Card, effect_type: str | None = None) -> int:
    """The Spell Speed of ``card``'s activation (its kind must be known; a monster's effect type too)."""
    kind = card.need(card.kind, "kind")
    if kind == "spell":
        return 2 if card.need(card.icon, "icon") == "quick-play" else 1
    if kind == "trap":
        return 3 if card.need(card.icon, "icon") == "counter" else 2
    kind_of_effect = card.need(monster_effect_type(card, effect_type), "effect_type")
    return 2 if kind_of_effect == "quick" else 1
