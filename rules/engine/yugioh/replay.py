"""``replay``: the pending attack after the opponent's monster count changed (Replay rules)."""

from __future__ import annotations

from typing import Any

from rules.engine.errors import StateIncomplete
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.yugioh import passages
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, MONSTER_ZONE, Duel, PendingAttack, other
from rules.engine.yugioh.timing import not_your_turn


def pending(duel: Duel) -> PendingAttack:
    if duel.pending_attack is None:
        raise StateIncomplete("state.pending_attack", "there is no pending attack to replay", passages.REPLAY)
    return duel.pending_attack


def declared_count(duel: Duel, player: str) -> int:
    counts = pending(duel).at_declaration
    if counts is None or player not in counts:
        raise StateIncomplete(
            "state.pending_attack.monsters_at_declaration",
            "a replay depends on how many monsters the opponent had when the attack was declared",
            passages.REPLAY,
        )
    return counts[player]


def no_replay(duel: Duel, player: str) -> Violation | None:
    """Rulebook 9.0, Replay: only when the opponent's monsters change before the Damage Step."""
    opponent = other(player)
    before, now = declared_count(duel, opponent), len(duel.monsters_on_field(opponent))
    if before != now:
        return None
    return Violation(
        "battle.no_replay",
        f"{opponent} controlled {before} monster(s) when the attack was declared and still controls {now}: "
        "there"
        " is no replay, and the attack goes on as declared.",
        passages.REPLAY,
    )


def replay_outcome(duel: Duel, player: str) -> tuple[dict[str, Any], list[Fact]]:
    attack = pending(duel)
    opponent = other(player)
    found = duel.locate(attack.attacker)
    card, place = found if found else (None, None)
    still_able = (
        card is not None
        and place is not None
        and place.area in (MONSTER_ZONE, EXTRA_MONSTER_ZONE)
        and card.controller == player
        and card.position == "attack"
    )
    now = len(duel.monsters_on_field(opponent))
    label = card.label if card else attack.attacker
    facts = [
        Fact(
            f"{opponent}'s monsters changed from {declared_count(duel, opponent)} to {now} before the Damage "
            "Step:"
            " a replay occurs.",
            passages.REPLAY,
        )
    ]
    if still_able:
        target = "a new target" if now else "a new target; with no monsters left it may attack directly"
        facts.append(
            Fact(f"{player} may attack again with {label}, choosing {target}, or stop.", passages.REPLAY)
        )
    else:
        facts.append(
            Fact(
                f"{label} is no longer a face-up Attack Position monster {player} controls.", passages.REPLAY
            )
        )
    facts.append(
        Fact(
            f"If {player} attacks with another monster or stops attacking, {label} counts as having"
            " attacked.",
            passages.REPLAY,
        )
    )
    outcome = {
        "replay": {
            "may_attack_again": still_able,
            "may_choose_new_target": still_able,
            "attacker_has_attacked": True,
        }
    }
    return outcome, facts


def judge_replay(ctx: Context) -> Ruling:
    """``replay``: whether the attacker may attack again, retarget, and whether it has used its attack."""
    duel = ctx.duel
    player = ctx.action.player()
    stages = [
        [lambda: not_your_turn(duel, player, "replay an attack", passages.REPLAY)],
        [lambda: no_replay(duel, player)],
    ]
    return decide(stages, lambda: replay_outcome(duel, player), passages.REPLAY)
