"""``draw`` and ``cleanup``: the draw step's draw and the cleanup step's hand size (Comprehensive Rules
304, 314)."""

from __future__ import annotations

from typing import Any

from rules.engine.mtg import passages
from rules.engine.mtg.context import Context
from rules.engine.mtg.state import PLAYERS, Game
from rules.engine.mtg.state_based import game_result, not_over
from rules.engine.mtg.timing import not_active_player, not_in_step
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say

MAX_HAND_SIZE = 7


def first_turn_draw(game: Game) -> Violation | None:
    """101.4: the player who plays first skips the draw step of their first turn."""
    if not game.first_turn:
        return None
    return Violation(
        "mtg.draw.first_turn",
        say(
            gettext_noop(
                "This is turn 1: %(active_player)s plays first and skips the draw step of their first turn."
            ),
            active_player=game.active_player,
        ),
        passages.FIRST_PLAYER_SKIPS_DRAW,
    )


def draw_outcome(game: Game, player: str) -> tuple[dict[str, Any], list[Fact]]:
    """Draw one card; from an empty library the draw is still made, and that player loses (102.2)."""
    library = game.player(player).library
    life = {p: game.player(p).life for p in PLAYERS}
    if library == 0:
        result, facts = game_result(life, empty_library=[player])
        return {"drew": False, "library": 0, "game": result}, facts
    fact = Fact(
        say(
            gettext_noop("%(player)s draws 1 card; cards left in the library: %(number)s."),
            player=player,
            number=library - 1,
        ),
        passages.DRAW_STEP,
    )
    return {"drew": True, "library": library - 1, "game": not_over()}, [fact]


def judge_draw(ctx: Context) -> Ruling:
    """``draw``: the draw step's draw."""
    game = ctx.game
    player = ctx.action.player()
    stages = [
        [
            lambda: not_active_player(
                game, player, say(gettext_noop("make the draw step's draw")), passages.DRAW_STEP
            ),
            lambda: first_turn_draw(game),
        ],
        [
            lambda: not_in_step(
                game, "beginning", "draw", say(gettext_noop("make the draw step's draw")), passages.DRAW_STEP
            )
        ],
    ]
    return decide(stages, lambda: draw_outcome(game, player), passages.DRAW_STEP)


def cleanup_outcome(game: Game, player: str) -> tuple[dict[str, Any], list[Fact]]:
    """314.1a: discard down to seven; 314.1b: then damage wears off every permanent."""
    hand = game.player(player).hand_count
    discard = max(0, hand - MAX_HAND_SIZE)
    if discard:
        text = say(
            gettext_noop(
                "%(player)s has %(hand)s cards in hand: in the cleanup step %(player)s discards %(discard)s,"
                " keeping 7."
            ),
            player=player,
            hand=hand,
            discard=discard,
        )
    else:
        text = say(
            gettext_noop("Cards in %(player)s's hand: %(hand)s, not more than 7: nothing is discarded."),
            player=player,
            hand=hand,
        )
    healed = [card.id for card in game.battlefield() if card.damage > 0]
    facts = [Fact(text, passages.CLEANUP_HAND)]
    if healed:
        facts.append(
            Fact(
                say(gettext_noop("Then the damage on %(healed)s is removed."), healed=", ".join(healed)),
                passages.CLEANUP_DAMAGE,
            )
        )
    return {"discard": discard, "damage_removed": healed}, facts


def judge_cleanup(ctx: Context) -> Ruling:
    """``cleanup``: what the cleanup step requires of the active player's hand."""
    game = ctx.game
    player = ctx.action.player()
    stages = [
        [
            lambda: not_active_player(
                game,
                player,
                say(gettext_noop("discard to hand size in the cleanup step")),
                passages.CLEANUP_HAND,
            )
        ],
        [
            lambda: not_in_step(
                game, "end", "cleanup", say(gettext_noop("discard to hand size")), passages.CLEANUP_HAND
            )
        ],
    ]
    return decide(stages, lambda: cleanup_outcome(game, player), passages.CLEANUP_HAND)
