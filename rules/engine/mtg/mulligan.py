"""``mulligan``: what a player who does not keep their hand does, and whether they still may (Comprehensive
Rules 101.3, 101.5).

The action names the player and how far they have gone: ``mulligans_taken`` (mulligans already taken this
game; 0 while deciding on the opening hand) or ``hand_size`` (the cards of the hand they would keep now), or
both when they agree. In both revisions a player on N cards goes to N - 1, so ``hand_size`` is seven less
the mulligans taken. The classic edition reshuffles and draws the smaller hand (101.5); the ``current``
revision draws seven again and puts one card on the bottom per mulligan taken once the player keeps (the
London mulligan, a dispute format extension: the folder holds no newer rules). Either way a player on zero
cards has nothing left to mulligan, and mulligans end before the first turn begins.
"""

from __future__ import annotations

from typing import Any

from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.jsonvalues import as_int
from rules.engine.mtg import passages
from rules.engine.mtg.context import REVISION_CLASSIC, Context
from rules.engine.mtg.state import Game, other
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say

OPENING_HAND = 7


def count_field(ctx: Context, key: str) -> int | None:
    """A whole number from 0 to seven, or ``None`` when the action leaves it out."""
    value = ctx.action.data.get(key)
    if value is None:
        return None
    number = as_int(value)
    if number is None or not 0 <= number <= OPENING_HAND:
        raise DisputeError(
            ctx.action.field(key),
            say(gettext_noop("must be a whole number from 0 to %(opening_hand)s"), opening_hand=OPENING_HAND),
        )
    return number


def mulligans_taken(ctx: Context) -> int:
    """How many mulligans the player has taken, from either field; both given must agree."""
    taken = count_field(ctx, "mulligans_taken")
    hand = count_field(ctx, "hand_size")
    if taken is None and hand is None:
        raise DisputeError(
            ctx.action.field("mulligans_taken"),
            say(gettext_noop("give mulligans_taken or hand_size (the hand the player is on)")),
        )
    if taken is not None and hand is not None and hand != OPENING_HAND - taken:
        raise StateIncomplete(
            ctx.action.field("hand_size"),
            say(
                gettext_noop(
                    "a player who has taken %(taken)s mulligan(s) is on %(number)s card(s), not %(hand)s"
                ),
                taken=taken,
                number=OPENING_HAND - taken,
                hand=hand,
            ),
            passages.MULLIGAN,
        )
    return taken if taken is not None else OPENING_HAND - (hand or 0)


def game_started(game: Game) -> Violation | None:
    """101.5: mulligans are taken before the first player starts their first turn."""
    if game.turn_given is None or game.turn_given == 1:
        return None
    return Violation(
        "mtg.mulligan.game_started",
        say(
            gettext_noop(
                "It is turn %(turn_given)s: mulligans are taken before the game's first "
                "turn, and once both players keep their hands the first player starts "
                "their turn."
            ),
            turn_given=game.turn_given,
        ),
        passages.MULLIGAN_ORDER,
    )


def no_cards(player: str, hand: int, revision: str) -> Violation | None:
    """101.5: one card fewer each time, until the hand reaches zero cards."""
    if hand > 0:
        return None
    return Violation(
        "mtg.mulligan.no_cards",
        say(
            gettext_noop(
                "%(player)s has taken %(opening_hand)s mulligans and is on zero cards: a "
                "player mulligans only until their hand reaches zero cards, so there is "
                "nothing left to mulligan."
            ),
            player=player,
            opening_hand=OPENING_HAND,
        ),
        passages.MULLIGAN if revision == REVISION_CLASSIC else passages.MULLIGAN_CURRENT,
    )


def outcome_of(game: Game, player: str, taken: int, revision: str) -> tuple[dict[str, Any], list[Fact]]:
    hand = OPENING_HAND - taken
    kept = hand - 1
    if revision == REVISION_CLASSIC:
        draw, bottom = kept, 0
        text = say(
            gettext_noop(
                "%(player)s is on %(hand)s card(s): they shuffle their hand into their library and draw a new"
                " hand of %(kept)s card(s), one card fewer (the classic revision, this edition's rule)."
            ),
            player=player,
            hand=hand,
            kept=kept,
        )
        facts = [Fact(text, passages.MULLIGAN)]
    else:
        draw, bottom = OPENING_HAND, taken + 1
        text = say(
            gettext_noop(
                "%(player)s is on %(hand)s card(s): they shuffle their hand into their library and draw"
                " %(draw)s cards; once they keep, they put %(bottom)s of them on the bottom of their"
                " library, keeping %(kept)s (the current revision, today's London mulligan)."
            ),
            player=player,
            hand=hand,
            draw=OPENING_HAND,
            bottom=bottom,
            kept=kept,
        )
        facts = [Fact(text, passages.MULLIGAN_CURRENT)]
    if taken == 0:
        facts.insert(
            0,
            Fact(
                say(
                    gettext_noop("%(player)s's opening hand is %(opening_hand)s cards."),
                    player=player,
                    opening_hand=OPENING_HAND,
                ),
                passages.OPENING_HAND,
            ),
        )
    if kept == 0:
        facts.append(
            Fact(
                say(
                    gettext_noop("%(player)s will be on zero cards and cannot mulligan again."), player=player
                ),
                passages.MULLIGAN,
            )
        )
    elif revision == REVISION_CLASSIC and game.first_given is not None:
        first = game.first_given
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "%(first)s plays first and decides first; once %(first)s keeps, "
                        "%(opponent)s may mulligan."
                    ),
                    first=first,
                    opponent=other(first),
                ),
                passages.MULLIGAN_ORDER,
            )
        )
    outcome = {
        "shuffle": True,
        "draw": draw,
        "bottom": bottom,
        "hand_size": kept,
        "mulligans_taken": taken + 1,
    }
    return outcome, facts


def judge_mulligan(ctx: Context) -> Ruling:
    """``mulligan``: may the player mulligan, and what the new hand is."""
    game = ctx.game
    player = ctx.action.player()
    taken = mulligans_taken(ctx)
    stages = [[lambda: game_started(game), lambda: no_cards(player, OPENING_HAND - taken, ctx.revision)]]
    return decide(stages, lambda: outcome_of(game, player, taken, ctx.revision), passages.MULLIGAN)
