"""``declare_attackers``: which creatures may attack (Comprehensive Rules 308.1, 502.5b haste).

Each attacker is checked by every rule, so the players hear every reason at once; "continuously controlled
since the start of the turn" is read from ``entered_turn``: a creature that entered this turn has not been.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.mtg import passages
from rules.engine.mtg.context import Context
from rules.engine.mtg.state import BATTLEFIELD, Card, Game, types_in_words, zone_of
from rules.engine.mtg.timing import not_active_player, not_in_step
from rules.engine.ruling import Check, Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say

WALLS = ("wall", "barreira")


def not_on_battlefield(card: Card, player: str) -> Violation | None:
    if card.zone == BATTLEFIELD and card.controller == player:
        return None
    where = (
        say(gettext_noop("on the battlefield under %(player)s's control"), player=str(card.controller))
        if card.zone == BATTLEFIELD
        else say(gettext_noop("in %(zone)s"), zone=zone_of(card))
    )
    return Violation(
        "mtg.attack.not_controller",
        say(
            gettext_noop(
                "%(card)s is %(where)s: %(player)s can attack only with creatures they control in play."
            ),
            card=card.label,
            where=where,
            player=player,
        ),
        passages.DECLARE_ATTACKERS,
    )


def not_creature(card: Card) -> Violation | None:
    if card.is_creature:
        return None
    return Violation(
        "mtg.attack.not_creature",
        say(
            gettext_noop("%(card)s is not a creature (%(value)s): only creatures attack."),
            card=card.label,
            value=types_in_words(card),
        ),
        passages.DECLARE_ATTACKERS,
    )


def is_wall(card: Card) -> Violation | None:
    if not any(subtype in WALLS for subtype in card.subtypes):
        return None
    return Violation(
        "mtg.attack.wall",
        say(gettext_noop("%(card)s is a Wall: Walls cannot be declared as attackers."), card=card.label),
        passages.DECLARE_ATTACKERS,
    )


def tapped(card: Card) -> Violation | None:
    if not card.tapped:
        return None
    return Violation(
        "mtg.attack.tapped",
        say(gettext_noop("%(card)s is tapped: a tapped creature cannot attack."), card=card.label),
        passages.DECLARE_ATTACKERS,
    )


def summoning_sick(game: Game, card: Card) -> Violation | None:
    """308.1 and 502.5b: a creature its controller got this turn attacks only with haste."""
    if card.has("haste"):
        return None
    if card.entered_turn is None:
        raise StateIncomplete(
            f"{card.path}.entered_turn",
            say(
                gettext_noop("whether %(card)s has been in play since the start of the turn is not given"),
                card=card.label,
            ),
            passages.DECLARE_ATTACKERS,
        )
    if card.entered_turn < game.turn:
        return None
    return Violation(
        "mtg.attack.summoning_sick",
        say(
            gettext_noop(
                "%(card)s came into play this turn (turn %(turn)s) and has no haste: it "
                "cannot attack until its controller has controlled it continuously since "
                "the start of their turn."
            ),
            card=card.label,
            turn=game.turn,
        ),
        passages.DECLARE_ATTACKERS,
    )


def attackers_of(ctx: Context) -> list[Card]:
    ids = ctx.action.card_ids("attackers", required=True)
    cards = []
    for index, card_id in enumerate(ids):
        if ids.index(card_id) != index:
            raise DisputeError(
                f"action.attackers[{index}]", say(gettext_noop("%(card)s is declared twice"), card=card_id)
            )
        cards.append(ctx.game.find(card_id, f"action.attackers[{index}]"))
    return cards


def judge_declare_attackers(ctx: Context) -> Ruling:
    """``declare_attackers``: may these creatures attack now."""
    game = ctx.game
    player = ctx.action.player()
    attackers = attackers_of(ctx)
    doing = say(gettext_noop("declare attackers"))
    checks: list[Check] = []
    for card in attackers:
        checks += [
            partial(not_on_battlefield, card, player),
            partial(not_creature, card),
            partial(is_wall, card),
            partial(tapped, card),
            partial(summoning_sick, game, card),
        ]
    stages = [
        [
            lambda: not_active_player(game, player, doing, passages.DECLARE_ATTACKERS),
            lambda: not_in_step(game, "combat", "declare_attackers", doing, passages.DECLARE_ATTACKERS),
        ],
        checks,
    ]

    def outcome() -> tuple[dict[str, Any], list[Fact]]:
        names = ", ".join(card.label for card in attackers) or "no creature"
        facts = [
            Fact(
                say(gettext_noop("%(player)s may attack with %(names)s."), player=player, names=names),
                passages.DECLARE_ATTACKERS,
            )
        ]
        hasty = [
            card.label for card in attackers if card.has("haste") and card.entered_turn == game.turn_given
        ]
        if hasty:
            facts.append(
                Fact(
                    say(
                        gettext_noop("%(hasty)s came into play this turn but has haste."),
                        hasty=", ".join(hasty),
                    ),
                    passages.HASTE,
                )
            )
        if attackers:
            facts.append(
                Fact(
                    say(gettext_noop("Each attacking creature is tapped as the cost of attacking.")),
                    passages.TAP_TO_ATTACK,
                )
            )
        ids = [card.id for card in attackers]
        return {"attackers": ids, "tapped": ids}, facts

    return decide(stages, outcome, passages.DECLARE_ATTACKERS)
