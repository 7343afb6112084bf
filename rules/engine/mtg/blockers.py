"""``declare_blockers``: which creatures may block which attackers (Comprehensive Rules 309, 502.4b flying,
502.8b shadow).

The defending player declares ``blocks``, each ``{"blocker": ID, "attacker": ID}`` (none, or the key left out,
declares no blocks). The state tells which creatures attack: a permanent reported with ``"attacking": true``
was declared as an attacker (308.5). The declare blockers step is skipped when nothing attacks (308.4), so a
state in that step with no creature marked attacking cannot be judged. Every block is checked by every rule,
so the players hear every reason at once; evasion is looked at once the blocks are otherwise legal.

Walls may block: 309.1 names only tapped creatures and non-creatures. This edition has no reach; a creature
with ``reach`` still blocks a flyer, since its card says so and card text wins over the rules (103.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.jsonvalues import ActionFields, as_mapping
from rules.engine.mtg import passages
from rules.engine.mtg.attack import WALLS
from rules.engine.mtg.context import Context
from rules.engine.mtg.state import BATTLEFIELD, Card, Game, other, types_in_words, zone_of
from rules.engine.mtg.timing import not_in_step
from rules.engine.ruling import Check, Fact, Ruling, Violation, decide
from rules.engine.sentences import Sentence, gettext_noop, say


@dataclass(frozen=True)
class Block:
    """One creature declared as blocking one attacker."""

    blocker: Card
    attacker: Card


def parse_blocks(ctx: Context) -> list[Block]:
    """The action's ``blocks``; an id that is not in the state, or a block listed twice, is a 400."""
    blocks: list[Block] = []
    for index, raw in enumerate(ctx.action.items("blocks", required=False)):
        path = f"action.blocks[{index}]"
        entry = as_mapping(raw)
        if entry is None:
            raise DisputeError(path, say(gettext_noop('must be an object {"blocker": ID, "attacker": ID}')))
        fields = ActionFields(entry, path)
        block = Block(
            blocker=ctx.game.find(fields.card_id("blocker"), f"{path}.blocker"),
            attacker=ctx.game.find(fields.card_id("attacker"), f"{path}.attacker"),
        )
        if block in blocks:
            raise DisputeError(
                path,
                say(
                    gettext_noop("%(blocker)s blocking %(attacker)s is listed twice"),
                    blocker=block.blocker.id,
                    attacker=block.attacker.id,
                ),
            )
        blocks.append(block)
    return blocks


def attacking_creatures(game: Game) -> list[Card]:
    """The permanents marked attacking: some must be, all the active player's (308.4, 308.5)."""
    attacking = [card for card in game.battlefield() if card.attacking]
    for card in attacking:
        if card.controller != game.active_player:
            raise StateIncomplete(
                f"{card.path}.attacking",
                say(
                    gettext_noop(
                        "%(card)s is marked attacking, but %(controller)s controls it and "
                        "%(active_player)s is the active player: only the active player's "
                        "creatures attack"
                    ),
                    card=card.label,
                    controller=card.controller,
                    active_player=game.active_player,
                ),
                passages.DECLARE_ATTACKERS,
            )
    if not attacking:
        raise StateIncomplete(
            f"state.players.{game.active_player}.battlefield",
            say(
                gettext_noop(
                    'no permanent is marked "attacking": true, and with no attacker the '
                    "declare blockers step is skipped"
                )
            ),
            passages.NO_ATTACKERS,
        )
    return attacking


def attackers_reported(game: Game) -> Violation | None:
    """A check that only asks the state for its attackers: a state without them is incomplete."""
    attacking_creatures(game)
    return None


def not_defending_player(game: Game, player: str) -> Violation | None:
    defender = other(game.active_player)
    if player == defender:
        return None
    return Violation(
        "mtg.block.not_defending_player",
        say(
            gettext_noop(
                "It is %(active_player)s's turn, so %(active_player)s is the attacking "
                "player: only the defending player, %(defender)s, declares blockers."
            ),
            active_player=game.active_player,
            defender=defender,
        ),
        passages.DEFENDER_DECLARES,
    )


def blocker_not_controlled(card: Card, defender: str) -> Violation | None:
    if card.zone == BATTLEFIELD and card.controller == defender:
        return None
    where = (
        say(gettext_noop("on the battlefield under %(player)s's control"), player=str(card.controller))
        if card.zone == BATTLEFIELD
        else say(gettext_noop("in %(zone)s"), zone=zone_of(card))
    )
    return Violation(
        "mtg.block.not_controller",
        say(
            gettext_noop(
                "%(card)s is %(where)s: %(defender)s can block only with creatures they control in play."
            ),
            card=card.label,
            where=where,
            defender=defender,
        ),
        passages.DEFENDER_DECLARES,
    )


def blocker_not_creature(card: Card) -> Violation | None:
    if card.is_creature:
        return None
    return Violation(
        "mtg.block.not_creature",
        say(
            gettext_noop("%(card)s is not a creature (%(value)s): only creatures block."),
            card=card.label,
            value=types_in_words(card),
        ),
        passages.BLOCKERS_UNTAPPED,
    )


def blocker_tapped(card: Card) -> Violation | None:
    if not card.tapped:
        return None
    return Violation(
        "mtg.block.tapped",
        say(gettext_noop("%(card)s is tapped: a tapped creature cannot block."), card=card.label),
        passages.BLOCKERS_UNTAPPED,
    )


def not_attacking(game: Game, card: Card) -> Violation | None:
    if card.attacking and card.zone == BATTLEFIELD:
        return None
    attacking_creatures(game)  # a state that marks no attacker at all cannot say this one is not attacking
    why = (
        say(gettext_noop("the state does not mark it attacking"))
        if card.zone == BATTLEFIELD
        else say(gettext_noop("it is in %(zone)s"), zone=zone_of(card))
    )
    return Violation(
        "mtg.block.not_attacking",
        say(
            gettext_noop(
                "%(card)s is not an attacking creature (%(why)s): only attacking creatures can be blocked."
            ),
            card=card.label,
            why=why,
        ),
        passages.ATTACKING_CREATURE,
    )


def blocks_two(blocker: Card, attackers: list[Card]) -> Violation | None:
    """309.1: each creature blocks only one attacking creature."""
    if len(attackers) < 2:
        return None
    names: Sentence | str = attackers[0].label
    for card in attackers[1:]:
        names = say(gettext_noop("%(one)s and %(other)s"), one=names, other=card.label)
    return Violation(
        "mtg.block.one_attacker",
        say(
            gettext_noop(
                "%(blocker)s is declared blocking %(names)s: each creature can block only "
                "one attacking creature."
            ),
            blocker=blocker.label,
            names=names,
        ),
        passages.DECLARE_BLOCKERS,
    )


def flying(block: Block) -> Violation | None:
    """502.4b: a flyer is blocked only by creatures with flying (or, by their own text, reach)."""
    attacker, blocker = block.attacker, block.blocker
    if not attacker.has("flying") or blocker.has("flying") or blocker.has("reach"):
        return None
    return Violation(
        "mtg.block.flying",
        say(
            gettext_noop(
                "%(attacker)s has flying and %(blocker)s has neither flying nor reach: a "
                "creature with flying cannot be blocked by creatures without flying."
            ),
            attacker=attacker.label,
            blocker=blocker.label,
        ),
        passages.FLYING,
    )


def shadow(block: Block) -> Violation | None:
    """502.8b: shadow blocks only shadow, and only shadow blocks shadow."""
    attacker, blocker = block.attacker, block.blocker
    if attacker.has("shadow") == blocker.has("shadow"):
        return None
    if attacker.has("shadow"):
        why = f"{attacker.label} has shadow and {blocker.label} does not"
    else:
        why = f"{blocker.label} has shadow and {attacker.label} does not"
    return Violation(
        "mtg.block.shadow",
        say(
            gettext_noop(
                "%(blocker)s cannot block %(attacker)s: %(why)s; shadow creatures block "
                "and are blocked only by each other."
            ),
            blocker=blocker.label,
            attacker=attacker.label,
            why=why,
        ),
        passages.SHADOW,
    )


def block_facts(game: Game, block: Block) -> list[Fact]:
    """What a judge points out about a legal block: Walls, reach, flying blockers, new creatures."""
    blocker, attacker = block.blocker, block.attacker
    facts = []
    if any(subtype in WALLS for subtype in blocker.subtypes):
        facts.append(
            Fact(
                say(
                    gettext_noop("%(blocker)s is a Wall: Walls cannot attack, but they may block."),
                    blocker=blocker.label,
                ),
                passages.BLOCKERS_UNTAPPED,
            )
        )
    if attacker.has("flying") and blocker.has("flying"):
        facts.append(
            Fact(
                say(
                    gettext_noop("%(blocker)s has flying, so it may block %(attacker)s, which flies."),
                    blocker=blocker.label,
                    attacker=attacker.label,
                ),
                passages.FLYING,
            )
        )
    elif attacker.has("flying"):
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "%(blocker)s has reach: it may block %(attacker)s, which flies, as though "
                        "it had flying. This edition of the rules has no reach (today's rules "
                        "do)."
                    ),
                    blocker=blocker.label,
                    attacker=attacker.label,
                ),
                passages.REACH,
            )
        )
        facts.append(
            Fact(
                say(gettext_noop("A card's own text takes precedence over the rules it contradicts.")),
                passages.GOLDEN_RULE,
            )
        )
    if blocker.entered_turn is not None and blocker.entered_turn == game.turn_given:
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "%(blocker)s came into play this turn: that keeps a creature from "
                        "attacking, not from blocking."
                    ),
                    blocker=blocker.label,
                ),
                passages.BLOCKERS_UNTAPPED,
            )
        )
    return facts


def outcome_of(game: Game, player: str, blocks: list[Block]) -> tuple[dict[str, Any], list[Fact]]:
    attacking = attacking_creatures(game)
    blockers_of = {card.id: [b.blocker for b in blocks if b.attacker.id == card.id] for card in attacking}
    facts = [fact for block in blocks for fact in block_facts(game, block)]
    for card in attacking:
        blockers = blockers_of[card.id]
        if blockers:
            names = ", ".join(b.label for b in blockers)
            facts.append(
                Fact(
                    say(
                        gettext_noop("%(names)s blocks %(card)s: it is blocked.")
                        if len(blockers) == 1
                        else gettext_noop("%(names)s block %(card)s: it is blocked."),
                        names=names,
                        card=card.label,
                    ),
                    passages.BLOCKED_OR_NOT,
                )
            )
    unblocked = [card for card in attacking if not blockers_of[card.id]]
    if unblocked:
        names = ", ".join(card.label for card in unblocked)
        one = len(unblocked) == 1
        if blocks:
            template = (
                gettext_noop("%(names)s is unblocked.") if one else gettext_noop("%(names)s are unblocked.")
            )
        else:
            template = (
                gettext_noop("%(player)s declares no blockers: %(names)s is unblocked.")
                if one
                else gettext_noop("%(player)s declares no blockers: %(names)s are unblocked.")
            )
        facts.append(
            Fact(
                say(template, player=player, names=names),
                passages.BLOCKED_OR_NOT,
            )
        )
    facts.append(
        Fact(
            say(gettext_noop("Then %(active_player)s receives priority."), active_player=game.active_player),
            passages.PRIORITY_AFTER_BLOCKS,
        )
    )
    outcome = {
        "attackers": [
            {"attacker": card.id, "blockers": [b.id for b in blockers_of[card.id]]} for card in attacking
        ],
        "blocked": [card.id for card in attacking if blockers_of[card.id]],
        "unblocked": [card.id for card in unblocked],
    }
    return outcome, facts


def judge_declare_blockers(ctx: Context) -> Ruling:
    """``declare_blockers``: may the defending player block this way, and which attackers are blocked."""
    game = ctx.game
    player = ctx.action.player()
    blocks = parse_blocks(ctx)
    blockers = list(dict.fromkeys(block.blocker for block in blocks))
    attackers = list(dict.fromkeys(block.attacker for block in blocks))

    def controlled(card: Card) -> Violation | None:  # the active player is asked for only when checked
        return blocker_not_controlled(card, other(game.active_player))

    checks: list[Check] = []
    for card in blockers:
        blocked = [block.attacker for block in blocks if block.blocker == card]
        checks += [
            partial(controlled, card),
            partial(blocker_not_creature, card),
            partial(blocker_tapped, card),
            partial(blocks_two, card, blocked),
        ]
    checks += [partial(not_attacking, game, card) for card in attackers]
    evasion: list[Check] = [partial(flying, block) for block in blocks]
    evasion += [partial(shadow, block) for block in blocks]
    stages: list[list[Check]] = [
        [
            lambda: not_defending_player(game, player),
            lambda: not_in_step(
                game,
                "combat",
                "declare_blockers",
                say(gettext_noop("declare blockers")),
                passages.DEFENDER_DECLARES,
            ),
        ],
        [lambda: attackers_reported(game)],
        checks,
        evasion,
    ]
    return decide(stages, lambda: outcome_of(game, player, blocks), passages.DEFENDER_DECLARES)
