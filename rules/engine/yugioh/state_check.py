"""Is the duel over, and how: LP at 0, a player unable to draw, Exodia.

Used by ``check_state`` and by every action that changes LP or draws, so they all end a duel the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.engine.catalog import normalize_name
from rules.engine.ruling import Fact, Ruling
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import PLAYERS
from rules.engine.yugioh.state import Duel, other

# The five pieces, by English and by Portuguese name (the 2007 rules list them in Portuguese).
EXODIA_PIECES = {
    "exodia the forbidden one": "head",
    "exodia o proibido": "head",
    "left leg of the forbidden one": "left leg",
    "perna esquerda de o proibido": "left leg",
    "right leg of the forbidden one": "right leg",
    "perna direita de o proibido": "right leg",
    "left arm of the forbidden one": "left arm",
    "braco esquerdo de o proibido": "left arm",
    "right arm of the forbidden one": "right arm",
    "braco direito de o proibido": "right arm",
}


def not_over() -> dict[str, Any]:
    return {"over": False, "winner": None, "draw": False, "reason": None}


def duel_result(
    lp: Mapping[str, int],
    *,
    deck_out: Sequence[str] = (),
    exodia: Sequence[str] = (),
) -> tuple[dict[str, Any], list[Fact]]:
    """The ``duel`` outcome for these LP totals and these players who could not draw or hold Exodia."""
    at_zero = [p for p in PLAYERS if lp[p] <= 0]
    if len(at_zero) == 2:
        return (
            {"over": True, "winner": None, "draw": True, "reason": "simultaneous_lp"},
            [
                Fact(
                    say(gettext_noop("Both players' LP reach 0 at the same time: the Duel is a draw.")),
                    passages.WIN_LP,
                )
            ],
        )
    if at_zero:
        loser = at_zero[0]
        return (
            {"over": True, "winner": other(loser), "draw": False, "reason": "lp"},
            [
                Fact(
                    say(
                        gettext_noop("%(loser)s's LP reach 0: %(opponent)s wins the Duel."),
                        loser=loser,
                        opponent=other(loser),
                    ),
                    passages.WIN_LP,
                )
            ],
        )
    if len(deck_out) == 2:
        return (
            {"over": True, "winner": None, "draw": True, "reason": "simultaneous_loss"},
            [
                Fact(
                    say(
                        gettext_noop("Both players must draw from an empty Deck at once: both lose, a draw.")
                    ),
                    passages.WIN_DECK_OUT,
                )
            ],
        )
    if deck_out:
        loser = deck_out[0]
        return (
            {"over": True, "winner": other(loser), "draw": False, "reason": "deck_out"},
            [
                Fact(
                    say(
                        gettext_noop("%(loser)s cannot draw from an empty Deck and loses the Duel."),
                        loser=loser,
                    ),
                    passages.WIN_DECK_OUT,
                )
            ],
        )
    if len(exodia) == 1:
        winner = exodia[0]
        return (
            {"over": True, "winner": winner, "draw": False, "reason": "exodia"},
            [
                Fact(
                    say(
                        gettext_noop(
                            "%(winner)s holds all five pieces of Exodia the Forbidden One: %(winner)s wins."
                        ),
                        winner=winner,
                    ),
                    passages.EXODIA,
                )
            ],
        )
    return not_over(), []


def exodia_holders(duel: Duel) -> list[str]:
    """Players whose hand, given as a list of cards, holds all five Exodia pieces."""
    holders = []
    for player in PLAYERS:
        hand = duel.player(player).hand or ()
        pieces = {EXODIA_PIECES.get(normalize_name(card.name or "")) for card in hand}
        if len(pieces - {None}) == 5:
            holders.append(player)
    return holders


def judge_check_state(duel: Duel) -> Ruling:
    """``check_state``: whether the duel is over, and how (LP, Exodia)."""
    lp = {p: duel.player(p).lp for p in PLAYERS}
    holders = exodia_holders(duel)
    result, facts = duel_result(lp, exodia=holders)
    if len(holders) == 2 and not result["over"]:
        facts.append(
            Fact(
                say(gettext_noop("Both hands hold all of Exodia; the rules name no winner for that.")),
                passages.EXODIA,
            )
        )
    if not result["over"]:
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "Neither player's LP is 0 (%(player_a)s %(a)s, %(player_b)s %(b)s) and no "
                        "hand holds all of Exodia: the Duel goes on. A player with an empty Deck "
                        "loses only when they must draw."
                    ),
                    player_a="A",
                    player_b="B",
                    a=lp["A"],
                    b=lp["B"],
                ),
                passages.WIN_LP,
            )
        )
    return Ruling(legal=True, outcome={"lp": lp, "duel": result}, facts=tuple(facts))
