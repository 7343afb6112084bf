"""Whose turn and which phase: the timing rules most actions start with."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine.errors import StateIncomplete
from rules.engine.references import Reference
from rules.engine.ruling import Violation
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.state import MAIN_PHASES, PHASE_NAMES, Duel


def not_your_turn(duel: Duel, player: str, doing: Sentence, rule: Reference) -> Violation | None:
    """Only the turn player may do this (Summons, attacks, position changes are turn-player actions)."""
    if player == duel.turn_player:
        return None
    return Violation(
        "turn.not_your_turn",
        say(
            gettext_noop(
                "It is %(turn_player)s's turn (turn %(turn)s); %(player)s cannot "
                "%(doing)s in the opponent's turn."
            ),
            turn_player=duel.turn_player,
            turn=duel.turn,
            player=player,
            doing=doing,
        ),
        rule,
    )


def not_in_phase(duel: Duel, phases: Sequence[str], doing: Sentence, rule: Reference) -> Violation | None:
    """The action belongs to ``phases``; the state says the duel is elsewhere."""
    if duel.phase in phases:
        return None
    allowed = PHASE_NAMES[phases[0]]
    for phase in phases[1:]:
        allowed = say(gettext_noop("%(one)s or %(other)s"), one=allowed, other=PHASE_NAMES[phase])
    return Violation(
        "phase.wrong_phase",
        say(
            gettext_noop("A player can %(doing)s only in %(allowed)s; the state says it is %(phase_names)s."),
            doing=doing,
            allowed=allowed,
            phase_names=PHASE_NAMES[duel.phase],
        ),
        rule,
    )


def not_in_main_phase(
    duel: Duel, doing: Sentence, rule: Reference = passages.MAIN_PHASE_ACTIONS
) -> Violation | None:
    return not_in_phase(duel, MAIN_PHASES, doing, rule)


def battle_step(duel: Duel, rule: Reference) -> str:
    """The Battle Phase step; a Battle Phase state without one cannot be judged."""
    if duel.step is None:
        raise StateIncomplete(
            "state.step",
            say(gettext_noop("the state is in the Battle Phase but does not say which step")),
            rule,
        )
    return duel.step
