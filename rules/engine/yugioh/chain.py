"""``resolve_chain``: the order a chain resolves in and what its simple effects do (Chains and Spell Speed).

A chain resolves from its last link back to Chain Link 1. A link that negates an earlier link's activation
stops that link when its turn comes; a negated link's card is sent to the Graveyard like a used one. The
duel ends the moment a player's LP reach 0 or they must draw from an empty Deck: later links do not resolve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.engine.errors import StateIncomplete
from rules.engine.ruling import Fact, Ruling, decide
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import PLAYERS, Card
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.equip import destroy_equips
from rules.engine.yugioh.leaving import Departures
from rules.engine.yugioh.speed import spell_speed
from rules.engine.yugioh.state import ChainLink, Duel, Effect
from rules.engine.yugioh.state_check import duel_result

ONE_USE_ICONS = ("normal", "quick-play", "ritual", "counter")


def link_speed(link: ChainLink) -> int:
    return link.spell_speed or spell_speed(link.card)


def check_chain_order(duel: Duel) -> None:
    """Rulebook 9.0, Spell Speeds: each link answers the one before at Spell Speed 2+ and not lower.

    A chain that breaks this could not have been built; the state is inconsistent, so the ruling says so
    rather than resolving it. Spell Speed 1 links after Chain Link 1 are accepted only where every link is
    Spell Speed 1 (Trigger effects activated at the same time form one chain).
    """
    for previous, link in zip(duel.chain, duel.chain[1:], strict=False):
        speed, before = link_speed(link), link_speed(previous)
        if speed == 1 and all(link_speed(earlier) == 1 for earlier in duel.chain[: link.number]):
            continue
        if speed == 1 or speed < before:
            raise StateIncomplete(
                f"{link.path}.spell_speed",
                say(
                    gettext_noop(
                        "Chain Link %(number)s (%(card)s) is Spell Speed %(speed)s and cannot "
                        "respond to Chain Link %(number2)s (Spell Speed %(before)s); this chain "
                        "could not have been built"
                    ),
                    number=link.number,
                    card=link.card.label,
                    speed=speed,
                    number2=previous.number,
                    before=before,
                ),
                passages.CHAIN_RESPONSE,
            )


@dataclass
class Resolution:
    """The running result of resolving the chain."""

    duel: Duel
    lp: dict[str, int]
    deck: dict[str, int]
    damage: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    destroyed: list[Card] = field(default_factory=list)
    negated: list[int] = field(default_factory=list)
    drawn: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    deck_out: list[str] = field(default_factory=list)
    modified: dict[str, dict[str, int]] = field(default_factory=dict)
    facts: list[Fact] = field(default_factory=list)

    def over(self) -> bool:
        return any(self.lp[p] <= 0 for p in PLAYERS) or bool(self.deck_out)

    def destroy(self, card: Card) -> None:
        if all(card.id != gone.id for gone in self.destroyed):
            self.destroyed.append(card)

    def apply(self, link: ChainLink, effect: Effect) -> None:
        """Apply one of the format's simple effects."""
        if effect.kind == "destroy":
            for target in effect.targets:
                self._destroy_one(link, target)
        elif effect.kind == "destroy_all":
            self._destroy_all(link, effect.scope or "")
        elif effect.kind == "damage" and effect.player:
            self.damage[effect.player] += effect.amount
            self.lp[effect.player] = max(0, self.lp[effect.player] - effect.amount)
            self.facts.append(
                Fact(
                    say(
                        gettext_noop("Chain Link %(number)s: %(player)s takes %(amount)s damage."),
                        number=link.number,
                        player=effect.player,
                        amount=effect.amount,
                    )
                )
            )
        elif effect.kind == "gain" and effect.player:
            self.lp[effect.player] += effect.amount
            self.facts.append(
                Fact(
                    say(
                        gettext_noop("Chain Link %(number)s: %(player)s gains %(amount)s LP."),
                        number=link.number,
                        player=effect.player,
                        amount=effect.amount,
                    )
                )
            )
        elif effect.kind == "draw" and effect.player:
            self._draw(link, effect.player, effect.amount)
        elif effect.kind == "modify":
            self._modify(link, effect)

    def _destroy_one(self, link: ChainLink, target: str) -> None:
        found = self.duel.locate(target)
        if found is None or not found[1].on_field:
            self.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "Chain Link %(number)s: %(target)s is not on the field, so it is not destroyed."
                        ),
                        number=link.number,
                        target=target,
                    )
                )
            )
            return
        self.destroy(found[0])
        self.facts.append(
            Fact(
                say(
                    gettext_noop("Chain Link %(number)s destroys %(found)s."),
                    number=link.number,
                    found=found[0].label,
                )
            )
        )

    def _destroy_all(self, link: ChainLink, scope: str) -> None:
        for player in PLAYERS:
            cards = (
                self.duel.monsters_on_field(player)
                if scope == "monsters"
                else self.duel.spells_traps_on_field(player)
            )
            for card, _ in cards:
                if (
                    card.id != link.card.id
                ):  # a resolving card is sent away after it resolves, not destroyed by itself
                    self.destroy(card)
        template = (
            gettext_noop("Chain Link %(number)s destroys all monsters on the field.")
            if scope == "monsters"
            else gettext_noop("Chain Link %(number)s destroys all Spell and Trap Cards on the field.")
        )
        self.facts.append(Fact(say(template, number=link.number)))

    def _draw(self, link: ChainLink, player: str, count: int) -> None:
        if self.deck[player] < count:
            self.deck_out.append(player)
            self.facts.append(
                Fact(
                    say(
                        gettext_noop("Chain Link %(number)s: %(player)s must draw %(count)s but cannot."),
                        number=link.number,
                        player=player,
                        count=count,
                    ),
                    passages.WIN_DECK_OUT,
                )
            )
            return
        self.deck[player] -= count
        self.drawn[player] += count
        self.facts.append(
            Fact(
                say(
                    gettext_noop("Chain Link %(number)s: %(player)s draws %(count)s."),
                    number=link.number,
                    player=player,
                    count=count,
                )
            )
        )

    def _modify(self, link: ChainLink, effect: Effect) -> None:
        found = self.duel.locate(effect.targets[0])
        if found is None or not found[1].on_field or found[0] in self.destroyed:
            self.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "Chain Link %(number)s: %(targets)s is not on the field; nothing changes."
                        ),
                        number=link.number,
                        targets=effect.targets[0],
                    )
                )
            )
            return
        card = found[0]
        before = self.modified.get(card.id, {})
        atk = before.get("atk", card.need(card.atk, "atk")) + effect.atk
        values = {"atk": max(0, atk)}
        if not card.is_link:
            values["def"] = max(0, before.get("def", card.need(card.defense, "def")) + effect.defense)
        self.modified[card.id] = values
        self.facts.append(
            Fact(
                say(
                    gettext_noop("Chain Link %(number)s: %(card)s becomes %(atk)s ATK."),
                    number=link.number,
                    card=card.label,
                    atk=values["atk"],
                )
            )
        )


def resolve(duel: Duel) -> tuple[dict[str, Any], list[Fact]]:
    """Resolve the whole chain, last link first."""
    check_chain_order(duel)
    state = Resolution(
        duel=duel, lp={p: duel.player(p).lp for p in PLAYERS}, deck={p: duel.player(p).deck for p in PLAYERS}
    )
    order = [link.number for link in reversed(duel.chain)]
    facts = [
        Fact(
            (
                say(
                    gettext_noop("The chain resolves from the last link to the first: %(map)s."),
                    map=", ".join(map(str, order)),
                )
            )
            if order
            else (say(gettext_noop("The chain is empty: nothing resolves."))),
            passages.CHAIN_RESOLUTION,
        )
    ]
    for link in reversed(duel.chain):
        if state.over():
            state.facts.append(
                Fact(
                    say(
                        gettext_noop("The Duel is already over: Chain Link %(number)s does not resolve."),
                        number=link.number,
                    ),
                    passages.WIN_LP,
                )
            )
            continue
        if link.number in state.negated:
            state.facts.append(
                Fact(
                    say(
                        gettext_noop("Chain Link %(number)s (%(card)s) was negated: it does not resolve."),
                        number=link.number,
                        card=link.card.label,
                    ),
                    passages.CHAIN_NEGATION,
                )
            )
            continue
        if link.negates is not None:
            state.negated.append(link.negates)
            state.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "Chain Link %(number)s negates the activation of Chain Link %(negates)s."
                        ),
                        number=link.number,
                        negates=link.negates,
                    ),
                    passages.CHAIN_NEGATION,
                )
            )
        if link.effect is not None:
            state.apply(link, link.effect)
    departures = Departures()
    departures.send_all(state.destroyed)
    destroyed = state.destroyed + destroy_equips(duel, state.destroyed, departures)
    used = _used_cards(duel, state)
    if used:
        facts.append(
            Fact(
                say(
                    gettext_noop("Used and negated Spell and Trap Cards go to the Graveyard: %(used)s."),
                    used=", ".join(used),
                ),
                passages.SPELL_TRAP_AFTER_USE,
            )
        )
    result, end_facts = duel_result(state.lp, deck_out=state.deck_out)
    outcome: dict[str, Any] = {
        "resolution_order": order,
        "negated": list(state.negated),
        "destroyed": [card.id for card in destroyed],
        "damage": state.damage,
        "lp": state.lp,
        "sent_to_graveyard": departures.graveyard + [c for c in used if c not in departures.graveyard],
        "duel": result,
    }
    if departures.extra_deck:
        outcome["sent_to_extra_deck"] = departures.extra_deck
    if any(state.drawn.values()):
        outcome["cards_drawn"] = state.drawn
    if state.modified:
        outcome["modified"] = state.modified
    return outcome, facts + state.facts + departures.facts + end_facts


def _used_cards(duel: Duel, state: Resolution) -> list[str]:
    """Spell and Trap Cards whose activation resolved or was negated and that leave once the chain is done."""
    used = []
    destroyed = {card.id for card in state.destroyed}
    for link in duel.chain:
        card = link.card
        if card.kind not in ("spell", "trap") or card.id in destroyed:
            continue
        if link.number in state.negated or card.icon in ONE_USE_ICONS:
            used.append(card.id)
    return used


def judge_resolve_chain(ctx: Context) -> Ruling:
    """``resolve_chain``: resolution order and outcome of ``state.chain`` (legal if it is consistent)."""
    return decide([], lambda: resolve(ctx.duel), passages.CHAIN_RESOLUTION)
