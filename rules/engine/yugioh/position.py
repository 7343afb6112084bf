"""``change_position``: a manual change of battle position in the Main Phase (Rulebook 9.0, Main Phase 1)."""

from __future__ import annotations

from typing import Any

from rules.engine.ruling import Check, Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import Card
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, MONSTER_ZONE, Duel, Place
from rules.engine.yugioh.summon import already_changed, flip_same_turn
from rules.engine.yugioh.timing import not_in_main_phase, not_your_turn

WORDS = {
    "attack": say(gettext_noop("face-up Attack Position")),
    "defense": say(gettext_noop("face-up Defense Position")),
    "set": say(gettext_noop("face-down Defense Position")),
}


def not_own_monster(player: str, card: Card, place: Place) -> Violation | None:
    """Only a monster the player controls on the field has a battle position to change."""
    if place.area in (MONSTER_ZONE, EXTRA_MONSTER_ZONE) and card.controller == player:
        return None
    return Violation(
        "position.not_on_field",
        say(
            gettext_noop("%(card)s is not a monster %(player)s controls on the field."),
            card=card.label,
            player=player,
        ),
        passages.MAIN_PHASE_ACTIONS,
    )


def unchanged(card: Card, to: str) -> Violation | None:
    """A change of position must change it."""
    if card.need(card.position, "position") != to:
        return None
    return Violation(
        "position.unchanged",
        say(gettext_noop("%(card)s is already in %(words)s."), card=card.label, words=WORDS[to]),
        passages.MAIN_PHASE_ACTIONS,
    )


def face_down_to_defense(card: Card, to: str) -> Violation | None:
    """Rulebook v10, Flip Summon: a face-down monster can only be turned face-up into Attack Position."""
    if card.need(card.position, "position") != "set" or to != "defense":
        return None
    return Violation(
        "position.face_down_to_defense",
        say(
            gettext_noop(
                "%(card)s is face-down: without a card effect it can only be flipped into "
                "face-up Attack Position (a Flip Summon), never into face-up Defense "
                "Position."
            ),
            card=card.label,
        ),
        passages.FLIP_SUMMON,
    )


def link_defense(card: Card, to: str) -> Violation | None:
    """Rulebook v10, More about Link Monsters: a Link Monster is never in Defense Position."""
    if not card.is_link or to != "defense":
        return None
    return Violation(
        "position.link_defense",
        say(
            gettext_noop("%(card)s is a Link Monster: it has no DEF and can never be in Defense Position."),
            card=card.label,
        ),
        passages.LINK_NO_DEFENSE,
    )


def same_turn(duel: Duel, card: Card) -> Violation | None:
    """Rulebook 9.0: not the position of a monster that came to the field this turn."""
    if card.need(card.placed_turn, "placed_turn") != duel.turn:
        return None
    return Violation(
        "position.same_turn",
        say(
            gettext_noop(
                "%(card)s came to the field this turn (turn %(turn)s); its battle "
                "position cannot be changed until a later turn."
            ),
            card=card.label,
            turn=duel.turn,
        ),
        passages.POSITION_SAME_TURN,
    )


def attacked_this_turn(card: Card) -> Violation | None:
    """Rulebook 9.0: not the position of a monster that attacked this turn."""
    if card.attacks == 0:
        return None
    return Violation(
        "position.attacked_this_turn",
        say(
            gettext_noop(
                "%(card)s attacked this turn, so its battle position cannot be changed in Main Phase 2."
            ),
            card=card.label,
        ),
        passages.POSITION_AFTER_ATTACK,
    )


def judge_change_position(ctx: Context) -> Ruling:
    """``change_position``: once per turn, not the turn it arrived, not after attacking, never Link to DEF."""
    duel, action = ctx.duel, ctx.action
    player = action.player()
    card, place = duel.find(action.card_id("card"), action.field("card"))
    to = action.choice("to", ("attack", "defense"))
    flipping = card.position == "set" and to == "attack"
    last: list[Check] = (
        [lambda: flip_same_turn(duel, card), lambda: already_changed(card)]
        if flipping
        else [lambda: same_turn(duel, card), lambda: already_changed(card), lambda: attacked_this_turn(card)]
    )
    stages = [
        [
            lambda: not_your_turn(
                duel,
                player,
                say(gettext_noop("change a battle position")),
                passages.MAIN_PHASE_ACTIONS,
            )
        ],
        [lambda: not_in_main_phase(duel, say(gettext_noop("change a monster's battle position")))],
        [lambda: not_own_monster(player, card, place)],
        [lambda: unchanged(card, to), lambda: face_down_to_defense(card, to), lambda: link_defense(card, to)],
        last,
    ]

    def outcome() -> tuple[dict[str, Any], list[Fact]]:
        if flipping:
            text = say(
                gettext_noop(
                    "%(card)s is face-down: turning it to Attack Position is a Flip Summon, and it is "
                    "flipped face-up."
                ),
                card=card.label,
            )
            return {"flipped": [card.id], "position": "attack"}, [Fact(text, passages.FLIP_SUMMON)]
        text = say(
            gettext_noop("%(card)s changes from %(before)s to %(after)s; it cannot change again this turn."),
            card=card.label,
            before=WORDS[card.position or to],
            after=WORDS[to],
        )
        return {"flipped": [], "position": to}, [Fact(text, passages.POSITION_ONCE)]

    return decide(stages, outcome, passages.MAIN_PHASE_ACTIONS)
