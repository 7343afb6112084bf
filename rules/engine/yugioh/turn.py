"""``draw`` and ``end_turn``: the Draw Phase's draw and the End Phase's hand size (Turn Structure)."""

from __future__ import annotations

from typing import Any

from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import PLAYERS
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.state import Duel, other
from rules.engine.yugioh.state_check import duel_result, not_over
from rules.engine.yugioh.timing import not_in_phase, not_your_turn

HAND_LIMIT = 6


def first_turn_draw(duel: Duel) -> Violation | None:
    """Rulebook 9.0, Draw Phase: the player who starts the Duel does not draw in their first turn."""
    if not duel.first_turn:
        return None
    return Violation(
        "draw.first_turn",
        say(
            gettext_noop(
                "This is turn 1: the player who goes first skips the draw of their first Draw Phase."
            )
        ),
        passages.DRAW_FIRST_TURN,
    )


def draw_outcome(duel: Duel, player: str) -> tuple[dict[str, Any], list[Fact]]:
    """Draw 1 card; with none left the player cannot draw and loses (which is why the draw is legal)."""
    deck = duel.player(player).deck
    lp = {p: duel.player(p).lp for p in PLAYERS}
    if deck == 0:
        result, facts = duel_result(lp, deck_out=[player])
        return {"drew": False, "deck": 0, "duel": result}, facts
    fact = Fact(
        say(
            gettext_noop("%(player)s draws 1 card; cards left in the Deck: %(number)s."),
            player=player,
            number=deck - 1,
        ),
        passages.DRAW_PHASE,
    )
    return {"drew": True, "deck": deck - 1, "duel": not_over()}, [fact]


def judge_draw(ctx: Context) -> Ruling:
    """``draw``: the normal draw of the Draw Phase."""
    duel = ctx.duel
    player = ctx.action.player()
    stages = [
        [
            lambda: not_your_turn(
                duel,
                player,
                say(gettext_noop("make the Draw Phase draw")),
                passages.DRAW_PHASE,
            ),
            lambda: first_turn_draw(duel),
        ],
        [
            lambda: not_in_phase(
                duel,
                ("draw",),
                say(gettext_noop("make the normal draw")),
                passages.DRAW_PHASE,
            )
        ],
    ]
    return decide(stages, lambda: draw_outcome(duel, player), passages.DRAW_PHASE)


def end_phase_outcome(duel: Duel, player: str) -> tuple[dict[str, Any], list[Fact]]:
    """Discard down to 6 at the end of the End Phase; the next turn is the opponent's."""
    hand = duel.player(player).hand_count
    discard = max(0, hand - HAND_LIMIT)
    if discard:
        text = say(
            gettext_noop(
                "%(player)s has %(hand)s cards in hand: at the end of the End Phase %(player)s discards "
                "%(discard)s, keeping 6."
            ),
            player=player,
            hand=hand,
            discard=discard,
        )
    else:
        text = say(
            gettext_noop("Cards in %(player)s's hand: %(hand)s, not more than 6: nothing is discarded."),
            player=player,
            hand=hand,
        )
    outcome = {"discard": discard, "next_turn": {"turn": duel.turn + 1, "turn_player": other(player)}}
    return outcome, [Fact(text, passages.END_PHASE_HAND)]


def judge_end_turn(ctx: Context) -> Ruling:
    """``end_turn``: what the End Phase requires (the hand size limit)."""
    duel = ctx.duel
    player = ctx.action.player()
    stages = [
        [lambda: not_your_turn(duel, player, say(gettext_noop("end the turn")), passages.END_PHASE_HAND)]
    ]
    return decide(stages, lambda: end_phase_outcome(duel, player), passages.END_PHASE_HAND)
