"""``activate``: may this card or effect be activated now, in this chain, and which Chain Link it becomes.

The checks follow what a judge asks in turn: is the card where the player says, can it be activated from
there at all (a Trap is Set first; a used Normal Spell is not activated again), is it the right moment (turn,
phase, the turn it was Set, the Damage Step), can it join the chain (Spell Speed, a free zone, priority),
and, for an Equip Spell, is there a face-up monster to equip (``equip``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import EFFECT_TYPES, Card
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.equip import equip_outcome, equip_target
from rules.engine.yugioh.speed import monster_effect_type, spell_speed
from rules.engine.yugioh.state import (
    EXTRA_MONSTER_ZONE,
    FIELD_AREAS,
    HAND,
    MAIN_PHASES,
    MONSTER_ZONE,
    PHASE_NAMES,
    Duel,
    Place,
)
from rules.engine.yugioh.timing import not_in_phase, not_your_turn

LASTING_ICONS = ("continuous", "equip", "field")  # these stay face-up and their effects can be activated


@dataclass(frozen=True)
class Activation:
    """What is being activated: a card (``card_activation``) or the effect of one already face-up."""

    player: str
    card: Card
    place: Place
    source: str  # "hand" or "field"
    effect_type: str | None  # for monster effects
    target: tuple[Card, Place] | None = None  # the monster an Equip Spell is equipped to, if named

    @property
    def equip_spell(self) -> bool:
        """An Equip Spell Card activated from the hand or from face-down (not an effect of a face-up one)."""
        card = self.card
        return card.kind == "spell" and card.icon == "equip" and (self.source == "hand" or self.set_card)

    @property
    def kind(self) -> str:
        return self.card.need(self.card.kind, "kind")

    @property
    def pendulum_scale(self) -> bool:
        """A Pendulum Monster Card from the hand, activated as a Spell in a Pendulum Zone."""
        return (
            self.kind == "monster"
            and self.card.pendulum
            and self.source == "hand"
            and self.effect_type is None
        )

    @property
    def monster_effect(self) -> bool:
        return self.kind in ("monster", "token") and not self.pendulum_scale

    @property
    def set_card(self) -> bool:
        """A face-down Spell or Trap on the field being flipped and activated."""
        return (
            self.source == "field"
            and self.kind in ("spell", "trap")
            and self.card.need(self.card.face_up, "face_up") is False
        )

    def resolved_effect_type(self) -> str:
        return self.card.need(monster_effect_type(self.card, self.effect_type), "effect_type")

    def speed(self) -> int:
        if self.pendulum_scale:
            return 1  # activated as a Spell Card
        if (
            self.kind == "spell"
            and self.source == "field"
            and self.card.face_up
            and self.effect_type == "quick"
        ):
            return 2
        return spell_speed(self.card, self.effect_type)


def wrong_location(act: Activation) -> Violation | None:
    """The card must be where the player says: in their hand, or on their side of the field."""
    place, card = act.place, act.card
    if act.source == "hand":
        if place.area == HAND and place.player == act.player:
            return None
        template = gettext_noop("%(card)s is not in %(player)s's hand.")
    else:
        if place.area in FIELD_AREAS and card.controller == act.player:
            return None
        template = gettext_noop("%(card)s is not on %(player)s's side of the field.")
    return Violation(
        "activation.wrong_location",
        say(template, card=card.label, player=act.player),
        passages.SPELL_MAIN_PHASE,
    )


def face_down_required(act: Activation) -> Violation | None:
    """Rulebook 9.0: a Trap is Set before it is activated; a used Normal Spell or Trap is not reused."""
    if act.monster_effect or act.pendulum_scale:
        return None
    card = act.card
    if act.kind == "trap" and act.source == "hand":
        return Violation(
            "activation.face_down_required",
            say(
                gettext_noop(
                    "%(card)s is a Trap Card: it must be Set face-down on the field first, "
                    "and can be activated from the next turn on."
                ),
                card=card.label,
            ),
            passages.TRAP_SET_FIRST,
        )
    if (
        act.source == "field"
        and card.need(card.face_up, "face_up")
        and card.need(card.icon, "icon") not in LASTING_ICONS
    ):
        return Violation(
            "activation.face_down_required",
            say(
                gettext_noop(
                    "%(card)s is already face-up: a %(icon)s %(capitalize)s is activated "
                    "once, from the hand or from face-down."
                ),
                card=card.label,
                icon=str(card.icon),
                capitalize=act.kind.capitalize(),
            ),
            passages.SPELL_TRAP_AFTER_USE,
        )
    return None


def face_down_monster(act: Activation) -> Violation | None:
    """Rulebook 9.0: a face-down monster's effects cannot be used."""
    card = act.card
    if not act.monster_effect or act.place.area not in (MONSTER_ZONE, EXTRA_MONSTER_ZONE):
        return None
    if card.need(card.position, "position") != "set":
        return None
    return Violation(
        "activation.face_down_monster",
        say(
            gettext_noop(
                "%(card)s is face-down, and a monster's effects cannot be used while it is face-down."
            ),
            card=card.label,
        ),
        passages.FACE_DOWN_MONSTER,
    )


def set_this_turn(duel: Duel, act: Activation) -> Violation | None:
    """Rulebook 9.0: a Trap, or a Quick-Play Spell, cannot be activated in the turn it was Set."""
    if not act.set_card:
        return None
    card = act.card
    if act.kind == "spell" and card.need(card.icon, "icon") != "quick-play":
        return None  # other Set Spells can be activated the turn they were Set
    if card.need(card.placed_turn, "placed_turn") != duel.turn:
        return None
    rule = passages.TRAP_SET_FIRST if act.kind == "trap" else passages.QUICK_PLAY
    return Violation(
        "activation.set_this_turn",
        say(
            gettext_noop(
                "%(card)s was Set this turn (turn %(turn)s); it can be activated from the next turn on."
            ),
            card=card.label,
            turn=duel.turn,
        ),
        rule,
    )


def opponent_turn_spell(duel: Duel, act: Activation) -> Violation | None:
    """Rulebook 9.0: Spells are for your own turn; only a Set Quick-Play Spell works in the opponent's."""
    spell_like = act.kind == "spell" or act.pendulum_scale
    if not spell_like or duel.turn_player == act.player:
        return None
    card = act.card
    if act.kind == "spell" and act.set_card and card.need(card.icon, "icon") == "quick-play":
        return None
    if (
        act.kind == "spell"
        and act.source == "field"
        and card.face_up
        and act.effect_type in ("trigger", "quick")
    ):
        return None
    what = (
        say(gettext_noop("a Quick-Play Spell from the hand"))
        if card.icon == "quick-play" and act.source == "hand"
        else say(gettext_noop("this Spell"))
    )
    return Violation(
        "activation.opponent_turn_spell",
        say(
            gettext_noop(
                "It is %(turn_player)s's turn: %(player)s cannot activate %(what)s in the "
                "opponent's turn (only a Quick-Play Spell Set in an earlier turn can be)."
            ),
            turn_player=duel.turn_player,
            player=act.player,
            what=what,
        ),
        passages.QUICK_PLAY if card.icon == "quick-play" else passages.SPELL_MAIN_PHASE,
    )


def main_phase_only(duel: Duel, act: Activation) -> Violation | None:
    """Spell Speed 1 Spells and Ignition Effects need your own Main Phase (the chain is checked apart)."""
    if act.monster_effect:
        if act.resolved_effect_type() != "ignition":
            return None
        return not_your_turn(
            duel,
            act.player,
            say(gettext_noop("activate an Ignition Effect")),
            passages.IGNITION_EFFECT,
        ) or not_in_phase(
            duel,
            MAIN_PHASES,
            say(gettext_noop("activate an Ignition Effect")),
            passages.IGNITION_EFFECT,
        )
    if act.pendulum_scale:
        return not_in_phase(
            duel,
            MAIN_PHASES,
            say(gettext_noop("activate a Pendulum Monster Card as a Spell")),
            passages.PENDULUM_ZONES,
        )
    if act.kind == "spell" and duel.turn_player == act.player:
        if act.card.need(act.card.icon, "icon") == "quick-play" or act.effect_type in ("trigger", "quick"):
            return None
        return not_in_phase(
            duel,
            MAIN_PHASES,
            say(gettext_noop("activate this Spell")),
            passages.SPELL_MAIN_PHASE,
        )
    return None


def damage_step(duel: Duel, act: Activation) -> Violation | None:
    """Rulebook 9.0, Damage Step: only Counter Traps and direct ATK/DEF changes, until damage calculation."""
    if duel.phase != "battle" or duel.step not in ("damage", "damage_calculation"):
        return None
    if act.monster_effect and act.resolved_effect_type() in ("trigger", "flip"):
        return None  # Flip and battle Trigger effects activate in the Damage Step, after damage calculation
    card = act.card
    counter = act.kind == "trap" and card.icon == "counter"
    if duel.step == "damage" and (counter or card.modifies_atk_def):
        return None
    step = (
        say(gettext_noop("damage calculation"))
        if duel.step == "damage_calculation"
        else say(gettext_noop("the Damage Step"))
    )
    return Violation(
        "activation.damage_step",
        say(
            gettext_noop(
                "It is %(step)s: only Counter Traps and cards that directly change ATK or "
                "DEF can be activated, and only until damage calculation starts."
            ),
            step=step,
        ),
        passages.DAMAGE_STEP_LIMIT,
    )


def wrong_spell_speed(duel: Duel, act: Activation) -> Violation | None:
    """Rulebook 9.0: a response is Spell Speed 2 or more and not lower than the link it responds to."""
    if not duel.chain:
        return None
    speed = act.speed()
    last = duel.chain[-1]
    last_speed = last.spell_speed or spell_speed(last.card)
    if speed == 1:
        simultaneous = act.monster_effect and act.resolved_effect_type() in ("trigger", "flip")
        if simultaneous and all((link.spell_speed or spell_speed(link.card)) == 1 for link in duel.chain):
            return None  # Spell Speed 1 triggers activated at the same time build one chain
        return Violation(
            "activation.spell_speed",
            say(
                gettext_noop(
                    "%(card)s is Spell Speed 1, which cannot respond to a chain (Chain Link "
                    "%(number)s is already open)."
                ),
                card=act.card.label,
                number=last.number,
            ),
            passages.CHAIN_RESPONSE,
        )
    if speed >= last_speed:
        return None
    return Violation(
        "activation.spell_speed",
        say(
            gettext_noop(
                "%(card)s is Spell Speed %(speed)s; it cannot respond to Chain Link "
                "%(number)s, which is Spell Speed %(last_speed)s."
            ),
            card=act.card.label,
            speed=speed,
            number=last.number,
            last_speed=last_speed,
        ),
        passages.CHAIN_RESPONSE,
    )


def zone_full(duel: Duel, act: Activation) -> Violation | None:
    """Rulebook 9.0: a Spell from the hand needs a free Spell & Trap Zone (a Pendulum Scale, a free end)."""
    if act.source != "hand" or not (act.kind == "spell" or act.pendulum_scale):
        return None
    zones = duel.player(act.player).spell_trap_zones
    if act.pendulum_scale:
        if zones[0] is None or zones[4] is None:
            return None
        return Violation(
            "activation.zone_full",
            say(
                gettext_noop(
                    "Both of %(player)s's Pendulum Zones (the leftmost and rightmost Spell & "
                    "Trap Zones) are occupied."
                ),
                player=act.player,
            ),
            passages.PENDULUM_ZONES,
        )
    if act.card.need(act.card.icon, "icon") == "field" or any(zone is None for zone in zones):
        return None
    return Violation(
        "activation.zone_full",
        say(
            gettext_noop(
                "All 5 of %(player)s's Spell & Trap Zones are occupied, so no Spell can "
                "be activated from the hand."
            ),
            player=act.player,
        ),
        passages.SPELL_TRAP_ZONE_FULL,
    )


def no_priority(duel: Duel, act: Activation) -> Violation | None:
    """Rulebook 9.0, Priority: without priority only effects that activate automatically (Triggers) work."""
    if duel.priority is None or duel.priority == act.player:
        return None
    if act.monster_effect and act.resolved_effect_type() in ("trigger", "flip"):
        return None
    return Violation(
        "activation.no_priority",
        say(
            gettext_noop("%(priority)s holds priority, so %(player)s cannot activate this now."),
            priority=duel.priority,
            player=act.player,
        ),
        passages.PRIORITY,
    )


def no_equip_target(duel: Duel, act: Activation) -> Violation | None:
    """Version 10, Equip Spell Cards: an Equip Spell needs a face-up monster on the field to equip."""
    if not act.equip_spell:
        return None
    target, place = act.target or (None, None)
    return equip_target(duel, act.card, target, place)


def activation_outcome(duel: Duel, act: Activation) -> tuple[dict[str, Any], list[Fact]]:
    link = len(duel.chain) + 1
    speed = act.speed()
    facts = [
        Fact(
            say(
                gettext_noop("%(card)s can be activated now, at Spell Speed %(speed)s."),
                card=act.card.label,
                speed=speed,
            ),
            passages.SPELL_SPEEDS,
        )
    ]
    if link == 1:
        facts.append(Fact(say(gettext_noop("It starts a chain as Chain Link 1.")), passages.CHAIN_RESOLUTION))
    else:
        facts.append(
            Fact(
                say(
                    gettext_noop("It responds to Chain Link %(number)s as Chain Link %(link)s."),
                    number=link - 1,
                    link=link,
                ),
                passages.CHAIN_RESPONSE,
            )
        )
    outcome: dict[str, Any] = {"chain_link": link, "spell_speed": speed}
    old_field = duel.player(act.player).field_zone
    if act.source == "hand" and act.kind == "spell" and act.card.icon == "field" and old_field is not None:
        outcome["sent_to_graveyard"] = [old_field.id]
        facts.append(
            Fact(
                say(
                    gettext_noop("%(old_field)s, the previous Field Spell, is sent to the Graveyard."),
                    old_field=old_field.label,
                ),
                passages.FIELD_SPELL,
            )
        )
    if act.equip_spell:
        equipped, equip_facts = equip_outcome(duel, act.card, act.target[0] if act.target else None)
        outcome.update(equipped)
        facts.extend(equip_facts)
    if duel.phase == "battle" and duel.step in ("damage", "damage_calculation"):
        facts.append(
            Fact(
                say(
                    gettext_noop("It is %(battle)s, %(replace)s."),
                    battle=PHASE_NAMES["battle"],
                    replace=say(gettext_noop("damage calculation"))
                    if duel.step == "damage_calculation"
                    else say(gettext_noop("damage")),
                ),
                passages.DAMAGE_STEP_LIMIT,
            )
        )
    return outcome, facts


def judge_activate(ctx: Context) -> Ruling:
    """``activate``: may this card or effect be activated now, and its Chain Link number."""
    duel, action = ctx.duel, ctx.action
    player = action.player()
    card, place = duel.find(action.card_id("card"), action.field("card"))
    source = action.choice(
        "from", ("hand", "field"), default="field" if place.area in FIELD_AREAS else "hand"
    )
    target_id = action.optional_card_id("target")
    target = duel.find(target_id, action.field("target")) if target_id else None
    act = Activation(player, card, place, source, action.optional_choice("effect_type", EFFECT_TYPES), target)
    stages = [
        [lambda: wrong_location(act)],
        [lambda: face_down_required(act), lambda: face_down_monster(act)],
        [
            lambda: set_this_turn(duel, act),
            lambda: opponent_turn_spell(duel, act),
            lambda: main_phase_only(duel, act),
            lambda: damage_step(duel, act),
        ],
        [lambda: wrong_spell_speed(duel, act), lambda: zone_full(duel, act), lambda: no_priority(duel, act)],
        [lambda: no_equip_target(duel, act)],
    ]
    return decide(stages, lambda: activation_outcome(duel, act), passages.SPELL_SPEEDS)
