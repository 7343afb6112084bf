"""``combat_damage``: who deals how much damage to whom, and what the state-based effects do after it.

The rules are this edition's (Comprehensive Rules 310, 502.2 first strike, 502.9 trample): an attacker's
controller divides its damage among its blockers as they like (there is no damage assignment order yet, and
the ``current`` revision keeps these combat rules, since the dispute format lists only the legend rule, mana
burn and the mulligan as differences); only a trampler may send damage past its blockers, and only once each
of them is assigned lethal damage. With first strike in the combat there are two damage steps, with the
state-based effects checked between them, so a creature destroyed by first-strike damage deals none.

A creature that is not in play any more (reported in a graveyard) has been removed from combat: it deals and
receives no damage, and an attacker whose blockers are all gone deals none unless it tramples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.jsonvalues import ActionFields, as_int, as_mapping
from rules.engine.mtg import passages
from rules.engine.mtg.context import Context
from rules.engine.mtg.state import BATTLEFIELD, PLAYERS, Card, Game, other
from rules.engine.mtg.state_based import not_over, settle
from rules.engine.mtg.timing import not_in_step
from rules.engine.ruling import Check, Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say


@dataclass(frozen=True)
class Engagement:
    """One attacker, the creatures declared as blocking it, and its controller's damage assignment."""

    path: str
    attacker: Card
    blockers: tuple[Card, ...]
    assignment: Mapping[str, int] | None


def parse_engagements(ctx: Context) -> list[Engagement]:
    """The action's ``attackers``; ids that are not in the state, or an attacker listed twice, are a 400."""
    engagements = []
    seen: set[str] = set()
    for index, raw in enumerate(ctx.action.items("attackers")):
        path = f"action.attackers[{index}]"
        entry = as_mapping(raw)
        if entry is None:
            raise DisputeError(
                path, say(gettext_noop('must be an object {"attacker": ID, "blockers": [ID...]}'))
            )
        fields = ActionFields(entry, path)
        attacker = ctx.game.find(fields.card_id("attacker"), f"{path}.attacker")
        if attacker.id in seen:
            raise DisputeError(
                f"{path}.attacker", say(gettext_noop("%(attacker)s is listed twice"), attacker=attacker.id)
            )
        seen.add(attacker.id)
        blocker_ids = fields.card_ids("blockers")
        blockers = tuple(ctx.game.find(b, f"{path}.blockers[{i}]") for i, b in enumerate(blocker_ids))
        engagements.append(Engagement(path, attacker, blockers, parse_assignment(fields, path)))
    return engagements


def parse_assignment(fields: ActionFields, path: str) -> dict[str, int] | None:
    raw = fields.mapping("assignment", required=False)
    if raw is None:
        return None
    assignment = {}
    for key, value in raw.items():
        amount = as_int(value)
        if amount is None or amount < 0:
            raise DisputeError(
                f"{path}.assignment.{key}", say(gettext_noop("must be a whole number of damage, 0 or more"))
            )
        assignment[key] = amount
    return assignment


def attacker_checks(game: Game, engagement: Engagement, blocked_by: dict[str, str]) -> list[Check]:
    """308.1, 309.1: attackers are the active player's creatures, blockers the defender's, one block each."""
    checks: list[Check] = []
    attacker = engagement.attacker

    def attacking() -> Violation | None:
        if attacker.zone != BATTLEFIELD:
            return None  # removed from combat: it simply deals no damage
        if not attacker.is_creature:
            return Violation(
                "mtg.attack.not_creature",
                say(
                    gettext_noop("%(attacker)s is not a creature and cannot attack."), attacker=attacker.label
                ),
                passages.DECLARE_ATTACKERS,
            )
        if attacker.controller != game.active_player:
            return Violation(
                "mtg.attack.not_controller",
                say(
                    gettext_noop(
                        "%(attacker)s is controlled by %(controller)s, but %(active_player)s is "
                        "the attacking player."
                    ),
                    attacker=attacker.label,
                    controller=attacker.controller,
                    active_player=game.active_player,
                ),
                passages.DECLARE_ATTACKERS,
            )
        return None

    checks.append(attacking)
    for blocker in engagement.blockers:
        checks.append(partial(blocking, game, engagement, blocker, blocked_by))
    return checks


def blocking(
    game: Game, engagement: Engagement, blocker: Card, blocked_by: dict[str, str]
) -> Violation | None:
    first = blocked_by.setdefault(blocker.id, engagement.attacker.id)
    problem = None
    if first != engagement.attacker.id:
        problem = say(
            gettext_noop("it is already blocking %(first)s, and each creature blocks only one attacker"),
            first=first,
        )
    elif blocker.zone == BATTLEFIELD and not blocker.is_creature:
        problem = say(gettext_noop("it is not a creature"))
    elif blocker.zone == BATTLEFIELD and blocker.controller == game.active_player:
        problem = say(
            gettext_noop("it is controlled by %(controller)s, the attacking player"),
            controller=str(blocker.controller),
        )
    if problem is None:
        return None
    return Violation(
        "mtg.block.illegal_blocker",
        say(
            gettext_noop("%(blocker)s cannot block %(attacker)s: %(problem)s."),
            blocker=blocker.label,
            attacker=engagement.attacker.label,
            problem=problem,
        ),
        passages.DECLARE_BLOCKERS,
    )


@dataclass
class Combat:
    """The combat being played out: damage marked, life, what has left play, and the sentences saying so."""

    game: Game
    engagements: list[Engagement]
    revision: str
    marked: dict[str, int] = field(default_factory=dict)
    life: dict[str, int] = field(default_factory=dict)
    to_players: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    to_creatures: dict[str, int] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)
    destroyed: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=not_over)
    facts: list[Fact] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.marked = {card.id: card.damage for card in self.game.battlefield()}
        self.life = {p: self.game.player(p).life for p in PLAYERS}

    @property
    def defender(self) -> str:
        return other(self.game.active_player)

    def in_play(self, card: Card) -> bool:
        return card.zone == BATTLEFIELD and card.id not in self.gone

    def lethal(self, card: Card) -> int:
        return max(0, card.need_toughness() - self.marked.get(card.id, 0))

    def run(self) -> Violation | None:
        """Play out the combat damage step(s); a violation if an assignment breaks the rules."""
        for engagement in self.engagements:
            for card in (engagement.attacker, *engagement.blockers):
                if not self.in_play(card):
                    self.facts.append(
                        Fact(
                            say(
                                gettext_noop(
                                    "%(card)s is no longer in play: it was removed from combat and deals no "
                                    "damage."
                                ),
                                card=card.label,
                            ),
                            passages.BLOCKED,
                        )
                    )
        combatants = [c for e in self.engagements for c in (e.attacker, *e.blockers) if self.in_play(c)]
        if any(card.has("first_strike") for card in combatants):
            self.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "A creature in this combat has first strike: first strikers deal their "
                            "damage in a first combat damage step, the others in a second one."
                        )
                    ),
                    passages.FIRST_STRIKE,
                )
            )
            steps: tuple[bool | None, ...] = (True, False)
        else:
            steps = (None,)
        for first in steps:
            violation = self.damage_step(first)
            if violation is not None:
                return violation
            if self.result["over"]:
                break
        return None

    def deals_now(self, card: Card, first: bool | None) -> bool:
        return self.in_play(card) and (first is None or card.has("first_strike") == first)

    def damage_step(self, first: bool | None) -> Violation | None:
        to_creatures: dict[str, int] = {}
        to_players = {"A": 0, "B": 0}
        for engagement in self.engagements:
            attacker = engagement.attacker
            if self.deals_now(attacker, first):
                assigned = self.assign(engagement)
                if isinstance(assigned, Violation):
                    return assigned
                for target, amount in assigned.items():
                    if target in PLAYERS:
                        to_players[target] += amount
                    else:
                        to_creatures[target] = to_creatures.get(target, 0) + amount
            for blocker in engagement.blockers:
                if self.deals_now(blocker, first) and self.in_play(attacker):
                    amount = max(0, blocker.need_power())
                    if amount:
                        to_creatures[attacker.id] = to_creatures.get(attacker.id, 0) + amount
                        self.facts.append(
                            Fact(
                                say(
                                    gettext_noop("%(blocker)s deals %(amount)s damage to %(attacker)s."),
                                    blocker=blocker.label,
                                    amount=amount,
                                    attacker=attacker.label,
                                ),
                                passages.BLOCKER_DAMAGE,
                            )
                        )
        self.apply(to_creatures, to_players)
        return None

    def apply(self, to_creatures: Mapping[str, int], to_players: Mapping[str, int]) -> None:
        """Deal the step's damage at once, then check the state-based effects (420.3)."""
        for card_id, amount in to_creatures.items():
            self.marked[card_id] = self.marked.get(card_id, 0) + amount
            self.to_creatures[card_id] = self.to_creatures.get(card_id, 0) + amount
        for player, amount in to_players.items():
            self.to_players[player] += amount
            self.life[player] -= amount
        in_play = [card for card in self.game.battlefield() if card.id not in self.gone]
        settled = settle(in_play, self.marked, self.life, self.revision)
        self.destroyed += settled.destroyed
        self.sent += settled.sent_to_graveyard
        self.gone |= settled.removed
        self.result = settled.game
        self.facts += settled.facts

    def assign(self, engagement: Engagement) -> dict[str, int] | Violation:
        """Where this attacker's damage goes (310.1b, 310.1c, 502.9)."""
        attacker = engagement.attacker
        power = max(0, attacker.need_power())
        if power == 0:
            return {}
        if not engagement.blockers:
            self.facts.append(
                Fact(
                    say(
                        gettext_noop("%(attacker)s is unblocked and deals %(power)s damage to %(defender)s."),
                        attacker=attacker.label,
                        power=power,
                        defender=self.defender,
                    ),
                    passages.UNBLOCKED,
                )
            )
            return {self.defender: power}
        remaining = [b for b in engagement.blockers if self.in_play(b)]
        trample = attacker.has("trample")
        if not remaining:
            if trample:
                self.facts.append(
                    Fact(
                        say(
                            gettext_noop(
                                "All the creatures blocking %(attacker)s are gone; it tramples, so all "
                                "%(power)s damage goes to %(defender)s."
                            ),
                            attacker=attacker.label,
                            power=power,
                            defender=self.defender,
                        ),
                        passages.TRAMPLE_UNBLOCKED,
                    )
                )
                return {self.defender: power}
            self.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "%(attacker)s was blocked and no creature blocks it any more: it deals no "
                            "combat damage."
                        ),
                        attacker=attacker.label,
                    ),
                    passages.BLOCKED,
                )
            )
            return {}
        if engagement.assignment is None:
            if len(remaining) == 1 and (not trample or power <= self.lethal(remaining[0])):
                assigned = {remaining[0].id: power}
            else:
                raise StateIncomplete(
                    f"{engagement.path}.assignment",
                    say(
                        gettext_noop(
                            "%(controller)s chooses how %(attacker)s divides its %(power)s damage "
                            "among %(items)s and the defending player"
                        )
                        if trample
                        else gettext_noop(
                            "%(controller)s chooses how %(attacker)s divides its %(power)s damage "
                            "among %(items)s"
                        ),
                        controller=attacker.controller,
                        attacker=attacker.label,
                        power=power,
                        items=", ".join(b.id for b in remaining),
                    ),
                    passages.COMBAT_DAMAGE_STEP,
                )
        else:
            checked = self.check_assignment(engagement, remaining, power)
            if isinstance(checked, Violation):
                return checked
            assigned = checked
        for target, amount in assigned.items():
            if amount:
                label = target if target in PLAYERS else self.game.cards[target].label
                rule = passages.TRAMPLE if target in PLAYERS else passages.BLOCKED
                self.facts.append(
                    Fact(
                        say(
                            gettext_noop("%(attacker)s deals %(amount)s damage to %(label)s."),
                            attacker=attacker.label,
                            amount=amount,
                            label=label,
                        ),
                        rule,
                    )
                )
        return assigned

    def check_assignment(
        self, engagement: Engagement, remaining: list[Card], power: int
    ) -> dict[str, int] | Violation:
        attacker = engagement.attacker
        assert engagement.assignment is not None  # noqa: S101 - the caller checked; this narrows the type
        remaining_ids = {b.id for b in remaining}
        declared = {b.id for b in engagement.blockers}
        assigned: dict[str, int] = {}
        for key, amount in engagement.assignment.items():
            target = self.defender if key.lower() == "player" or key.upper() == self.defender else key
            if target != self.defender and target not in remaining_ids:
                if target in PLAYERS:
                    why = say(gettext_noop("%(target)s is the attacking player"), target=target)
                elif target in declared:
                    why = say(
                        gettext_noop("%(target)s is no longer in play when %(attacker)s deals its damage"),
                        target=target,
                        attacker=attacker.label,
                    )
                else:
                    why = say(
                        gettext_noop("%(target)s is not blocking %(attacker)s"),
                        target=target,
                        attacker=attacker.label,
                    )
                return Violation(
                    "mtg.combat.assignment_target",
                    say(
                        gettext_noop(
                            "%(attacker)s's damage can go only to the creatures blocking it; %(why)s."
                        ),
                        attacker=attacker.label,
                        why=why,
                    ),
                    passages.BLOCKED,
                )
            assigned[target] = assigned.get(target, 0) + amount
        to_player = assigned.get(self.defender, 0)
        if to_player and not attacker.has("trample"):
            return Violation(
                "mtg.combat.assignment_to_player",
                say(
                    gettext_noop(
                        "%(attacker)s is blocked and has no trample: none of its damage can go to "
                        "%(defender)s."
                    ),
                    attacker=attacker.label,
                    defender=self.defender,
                ),
                passages.BLOCKED,
            )
        if to_player:
            for blocker in remaining:
                if assigned.get(blocker.id, 0) < self.lethal(blocker):
                    return Violation(
                        "mtg.combat.trample_lethal_first",
                        say(
                            gettext_noop(
                                "%(attacker)s tramples, but %(blocker)s is assigned %(get)s damage, less "
                                "than the lethal %(lethal)s: no damage may go to %(defender)s until each "
                                "blocker is assigned lethal damage."
                            ),
                            attacker=attacker.label,
                            blocker=blocker.label,
                            get=assigned.get(blocker.id, 0),
                            lethal=self.lethal(blocker),
                            defender=self.defender,
                        ),
                        passages.TRAMPLE,
                    )
        total = sum(assigned.values())
        if total != power:
            return Violation(
                "mtg.combat.assignment_total",
                say(
                    gettext_noop(
                        "%(attacker)s has power %(power)s, so it deals exactly %(power)s damage; "
                        "the assignment divides %(total)s."
                    ),
                    attacker=attacker.label,
                    power=power,
                    total=total,
                ),
                passages.DAMAGE_EQUALS_POWER,
            )
        return assigned

    def outcome(self) -> tuple[dict[str, Any], list[Fact]]:
        facts = list(self.facts)
        if not self.result["over"]:
            facts.append(
                Fact(
                    say(
                        gettext_noop("Life totals after combat: %(player_a)s %(a)s, %(player_b)s %(b)s."),
                        player_a="A",
                        player_b="B",
                        a=self.life["A"],
                        b=self.life["B"],
                    ),
                    passages.COMBAT_DAMAGE_STEP,
                )
            )
        outcome = {
            "damage": dict(self.to_players),
            "life": dict(self.life),
            "destroyed": list(self.destroyed),
            "sent_to_graveyard": list(self.sent),
            "creature_damage": dict(self.to_creatures),
            "game": dict(self.result),
        }
        return outcome, facts


def judge_combat_damage(ctx: Context) -> Ruling:
    """``combat_damage``: the damage dealt, the life totals and the creatures destroyed."""
    game = ctx.game
    engagements = parse_engagements(ctx)
    blocked_by: dict[str, str] = {}
    legality: list[Check] = []
    for engagement in engagements:
        legality += attacker_checks(game, engagement, blocked_by)
    combat = Combat(game, engagements, ctx.revision)
    stages = [
        [
            lambda: not_in_step(
                game,
                "combat",
                "combat_damage",
                say(gettext_noop("deal combat damage")),
                passages.COMBAT_DAMAGE_STEP,
            )
        ],
        legality,
        [combat.run],
    ]
    return decide(stages, combat.outcome, passages.COMBAT_DAMAGE_STEP)
