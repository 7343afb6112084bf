"""``attack``: may the attack be declared, and what the battle does (Monster Battle Rules)."""

from __future__ import annotations

from typing import Any

from rules.engine.errors import StateIncomplete
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import PLAYERS, Card
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.equip import destroy_equips
from rules.engine.yugioh.leaving import Departures
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, MONSTER_ZONE, PHASE_NAMES, Duel, Place, other
from rules.engine.yugioh.state_check import duel_result
from rules.engine.yugioh.timing import battle_step, not_your_turn

DECLARATION_STEPS = ("start", "battle")  # from the Start Step the player simply moves on to the Battle Step


def first_turn(duel: Duel) -> Violation | None:
    """Rulebook 9.0, Battle Phase: the player who starts the Duel has no Battle Phase in their first turn."""
    if not duel.first_turn:
        return None
    return Violation(
        "battle.first_turn",
        say(
            gettext_noop(
                "This is turn 1: the player who goes first cannot conduct a Battle Phase in their first turn."
            )
        ),
        passages.BATTLE_FIRST_TURN,
    )


def not_battle_step(duel: Duel) -> Violation | None:
    """Rulebook 9.0, Battle Step: attacks are declared in the Battle Step of the Battle Phase."""
    if duel.phase != "battle":
        where = PHASE_NAMES[duel.phase]
    else:
        step = battle_step(duel, passages.BATTLE_STEP)
        if step in DECLARATION_STEPS:
            return None
        where = {
            "damage": say(gettext_noop("the Damage Step")),
            "damage_calculation": say(gettext_noop("damage calculation")),
            "end": say(gettext_noop("the End Step")),
        }[step]
    return Violation(
        "phase.wrong_phase",
        say(
            gettext_noop(
                "An attack is declared in the Battle Step of the Battle Phase; the state "
                "says it is %(where)s."
            ),
            where=where,
        ),
        passages.BATTLE_STEP,
    )


def on_field_as_monster(place: Place) -> bool:
    return place.area in (MONSTER_ZONE, EXTRA_MONSTER_ZONE)


def invalid_attacker(player: str, attacker: Card, place: Place) -> Violation | None:
    """Rulebook 9.0, Battle Step: the attacker is a monster on the attacking player's side of the field."""
    if on_field_as_monster(place) and attacker.controller == player:
        return None
    return Violation(
        "battle.invalid_attacker",
        say(
            gettext_noop(
                "%(attacker)s is not a monster %(player)s controls on the field, so it cannot attack."
            ),
            attacker=attacker.label,
            player=player,
        ),
        passages.BATTLE_STEP,
    )


def invalid_target(player: str, target: Card | None, place: Place | None) -> Violation | None:
    """Rulebook 9.0, Battle Step: the target is one of the opponent's monsters on the field."""
    if target is None or place is None:
        return None
    if on_field_as_monster(place) and target.controller == other(player):
        return None
    return Violation(
        "battle.invalid_target",
        say(
            gettext_noop(
                "%(target)s is not a monster %(opponent)s controls on the field, so it cannot be attacked."
            ),
            target=target.label,
            opponent=other(player),
        ),
        passages.BATTLE_STEP,
    )


def not_attack_position(attacker: Card) -> Violation | None:
    """Rulebook 9.0, Battle Step: only face-up Attack Position monsters attack."""
    position = attacker.need(attacker.position, "position")
    if position == "attack":
        return None
    template = (
        gettext_noop(
            "%(attacker)s is face-down; only a face-up Attack Position monster can declare an attack."
        )
        if position == "set"
        else gettext_noop(
            "%(attacker)s is in Defense Position; only a face-up Attack Position monster "
            "can declare an attack."
        )
    )
    return Violation(
        "battle.not_attack_position",
        say(template, attacker=attacker.label),
        passages.BATTLE_STEP,
    )


def cannot_attack(attacker: Card) -> Violation | None:
    """Rulebook 9.0, Rules vs. card effects: an effect that forbids attacking wins over the basic rule."""
    if "cannot_attack" not in attacker.abilities:
        return None
    return Violation(
        "battle.cannot_attack",
        say(
            gettext_noop("The players agree %(attacker)s has an effect that stops it from attacking."),
            attacker=attacker.label,
        ),
        passages.RULES_VS_EFFECTS,
    )


def already_attacked(attacker: Card) -> Violation | None:
    """Rulebook 9.0, Battle Step: each monster attacks once per turn, unless an effect grants more."""
    if attacker.attacks < attacker.attack_limit:
        return None
    template = (
        gettext_noop(
            "%(attacker)s has already declared %(attacks)s attack(s) this turn and may attack once per turn."
        )
        if attacker.attack_limit == 1
        else gettext_noop(
            "%(attacker)s has already declared %(attacks)s attack(s) this turn and "
            "may attack %(times)s times per turn."
        )
    )
    return Violation(
        "battle.already_attacked",
        say(template, attacker=attacker.label, attacks=attacker.attacks, times=attacker.attack_limit),
        passages.BATTLE_STEP if attacker.attack_limit == 1 else passages.RULES_VS_EFFECTS,
    )


def direct_attack_blocked(duel: Duel, player: str, attacker: Card, target: Card | None) -> Violation | None:
    """Rulebook 9.0 (direct attacks) and v10 (Extra Monster Zone): any monster the opponent has blocks."""
    if target is not None or "direct_attack" in attacker.abilities:
        return None
    blockers = duel.monsters_on_field(other(player))
    if not blockers:
        return None
    in_emz = all(place.area == EXTRA_MONSTER_ZONE for _, place in blockers)
    names = ", ".join(card.label for card, _ in blockers)
    where = " (in the Extra Monster Zone, which still counts)" if in_emz else ""
    return Violation(
        "battle.direct_attack_blocked",
        say(
            gettext_noop(
                "%(opponent)s controls %(names)s%(where)s: a direct attack is only "
                "possible when the opponent controls no monsters."
            ),
            opponent=other(player),
            names=names,
            where=where,
        ),
        passages.EMZ_BLOCKS_DIRECT if in_emz else passages.DIRECT_ATTACK,
    )


def battle_outcome(
    duel: Duel, player: str, attacker: Card, target: Card | None
) -> tuple[dict[str, Any], list[Fact]]:
    """The Damage Step: damage, destruction, flips, LP after and whether the duel ends."""
    opponent = other(player)
    atk = attacker.need(attacker.atk, "atk")
    damage = {"A": 0, "B": 0}
    destroyed: list[Card] = []
    flipped: list[str] = []
    facts: list[Fact] = []
    if target is None:
        damage[opponent] = atk
        rule = passages.DIRECT_ATTACK_EFFECT if duel.monsters_on_field(opponent) else passages.DIRECT_ATTACK
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "%(attacker)s attacks directly: %(opponent)s takes its %(atk)s ATK as battle damage."
                    ),
                    attacker=attacker.label,
                    opponent=opponent,
                    atk=atk,
                ),
                rule,
            )
        )
    else:
        position = target.need(target.position, "position")
        if position == "set":
            flipped.append(target.id)
            facts.append(
                Fact(
                    say(
                        gettext_noop("%(target)s is face-down: it is flipped face-up in Defense Position."),
                        target=target.label,
                    ),
                    passages.FACE_DOWN_TARGET,
                )
            )
        if position == "attack":
            destroyed, facts_, damage = _against_attack(player, attacker, atk, target)
        else:
            destroyed, facts_, damage = _against_defense(player, attacker, atk, target)
        facts.extend(facts_)
    lp = {p: max(0, duel.player(p).lp - damage[p]) for p in PLAYERS}
    result, end_facts = duel_result(lp)
    departures = Departures()
    departures.send_all(destroyed)
    destroyed += destroy_equips(duel, destroyed, departures)
    outcome: dict[str, Any] = {
        "damage": damage,
        "lp": lp,
        "destroyed": [card.id for card in destroyed],
        "flipped": flipped,
        **departures.outcome(),
        "duel": result,
    }
    return outcome, facts + departures.facts + end_facts


def _against_attack(
    player: str, attacker: Card, atk: int, target: Card
) -> tuple[list[Card], list[Fact], dict[str, int]]:
    """Attacker's ATK against an Attack Position monster's ATK."""
    opponent = other(player)
    other_atk = target.need(target.atk, "atk")
    damage = {"A": 0, "B": 0}
    versus = target.described(f"{other_atk} ATK")
    head = say(
        gettext_noop("%(attacker)s attacks %(target)s in Attack Position:"),
        attacker=attacker.described(f"{atk} ATK"),
        target=versus,
    )
    if atk > other_atk:
        damage[opponent] = atk - other_atk
        text = say(
            gettext_noop("%(head)s %(target)s is destroyed and %(opponent)s takes %(number)s battle damage."),
            head=head,
            target=target.id,
            opponent=opponent,
            number=atk - other_atk,
        )
        return [target], [Fact(text, passages.ATK_VS_ATK_WIN)], damage
    if atk < other_atk:
        damage[player] = other_atk - atk
        text = say(
            gettext_noop("%(head)s the attacker is destroyed and %(player)s takes %(number)s battle damage."),
            head=head,
            player=player,
            number=other_atk - atk,
        )
        return [attacker], [Fact(text, passages.ATK_VS_ATK_LOSE)], damage
    if atk == 0:
        return (
            [],
            [
                Fact(
                    say(gettext_noop("%(head)s both have 0 ATK, so neither is destroyed."), head=head),
                    passages.ZERO_ATK,
                )
            ],
            damage,
        )
    text = say(
        gettext_noop("%(head)s equal ATK, both monsters are destroyed and no one takes battle damage."),
        head=head,
    )
    return [attacker, target], [Fact(text, passages.ATK_VS_ATK_TIE)], damage


def _against_defense(
    player: str, attacker: Card, atk: int, target: Card
) -> tuple[list[Card], list[Fact], dict[str, int]]:
    """Attacker's ATK against a Defense Position (or flipped face-down) monster's DEF."""
    if target.is_link:
        raise StateIncomplete(
            f"{target.path}.position",
            say(gettext_noop("a Link Monster is never in Defense Position")),
            passages.LINK_NO_DEFENSE,
        )
    opponent = other(player)
    defense = target.need(target.defense, "def")
    damage = {"A": 0, "B": 0}
    versus = target.described(f"{defense} DEF")
    head = say(
        gettext_noop("%(attacker)s attacks %(target)s in Defense Position:"),
        attacker=attacker.described(f"{atk} ATK"),
        target=versus,
    )
    if atk > defense:
        facts = [
            Fact(
                say(gettext_noop("%(head)s %(target)s is destroyed."), head=head, target=target.id),
                passages.ATK_VS_DEF_WIN,
            )
        ]
        if "piercing" in attacker.abilities:
            damage[opponent] = atk - defense
            facts.append(
                Fact(
                    say(
                        gettext_noop("%(attacker)s inflicts piercing damage: %(opponent)s takes %(number)s."),
                        attacker=attacker.label,
                        opponent=opponent,
                        number=atk - defense,
                    ),
                    passages.PIERCING,
                )
            )
        else:
            facts.append(Fact(say(gettext_noop("No one takes battle damage.")), passages.ATK_VS_DEF_WIN))
        return [target], facts, damage
    if atk < defense:
        damage[player] = defense - atk
        text = say(
            gettext_noop("%(head)s nothing is destroyed and %(player)s takes %(number)s battle damage."),
            head=head,
            player=player,
            number=defense - atk,
        )
        return [], [Fact(text, passages.ATK_VS_DEF_LOSE)], damage
    return (
        [],
        [
            Fact(
                say(gettext_noop("%(head)s equal values, nothing is destroyed and no damage."), head=head),
                passages.ATK_VS_DEF_TIE,
            )
        ],
        damage,
    )


def judge_attack(ctx: Context) -> Ruling:
    """``attack``: legality of the declaration (turn, phase, first turn, attacker, target) and the battle."""
    duel, action = ctx.duel, ctx.action
    player = action.player()
    attacker, attacker_place = duel.find(action.card_id("attacker"), action.field("attacker"))
    target_id = action.optional_card_id("target", required_key=True)
    target, target_place = duel.find(target_id, action.field("target")) if target_id else (None, None)
    stages = [
        [
            lambda: not_your_turn(duel, player, say(gettext_noop("declare an attack")), passages.BATTLE_STEP),
            lambda: first_turn(duel),
        ],
        [lambda: not_battle_step(duel)],
        [
            lambda: invalid_attacker(player, attacker, attacker_place),
            lambda: invalid_target(player, target, target_place),
        ],
        [
            lambda: not_attack_position(attacker),
            lambda: cannot_attack(attacker),
            lambda: already_attacked(attacker),
            lambda: direct_attack_blocked(duel, player, attacker, target),
        ],
    ]
    return decide(stages, lambda: battle_outcome(duel, player, attacker, target), passages.BATTLE_STEP)
