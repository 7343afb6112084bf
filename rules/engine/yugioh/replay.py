"""``replay``: the pending attack after the opponent's monster count changed (Replay rules)."""

from __future__ import annotations

from typing import Any

from rules.engine.errors import StateIncomplete
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, MONSTER_ZONE, Duel, PendingAttack, other
from rules.engine.yugioh.timing import not_your_turn


def pending(duel: Duel) -> PendingAttack:
    if duel.pending_attack is None:
        raise StateIncomplete(
            "state.pending_attack", say(gettext_noop("there is no pending attack to replay")), passages.REPLAY
        )
    return duel.pending_attack


def declared(duel: Duel, player: str) -> int | frozenset[str]:
    """What ``player`` controlled when the attack was declared: a count, or the monsters' ids."""
    counts = pending(duel).at_declaration
    if counts is None or player not in counts:
        raise StateIncomplete(
            "state.pending_attack.monsters_at_declaration",
            say(
                gettext_noop(
                    "a replay depends on the monsters the opponent controlled when the attack was declared"
                )
            ),
            passages.REPLAY,
        )
    return counts[player]


def _label(duel: Duel, card_id: str) -> str:
    found = duel.locate(card_id)
    return found[0].label if found else card_id


def change_before_damage(duel: Duel, player: str) -> Sentence | None:
    """How the monsters ``player``'s opponent controls changed since the attack was declared, in words, or
    None when they did not.

    Rulebook 9.0, Replay: a replay happens when the opponent's monsters change before the Damage Step; the
    attack target leaving the field is such a change even when another monster arrives in its place, so
    the count staying the same does not settle it.
    """
    opponent = other(player)
    attack = pending(duel)
    now = {card.id for card, _ in duel.monsters_on_field(opponent)}
    if attack.target is not None and attack.target not in now:
        return say(
            gettext_noop("the attack target, %(target)s, left the field"), target=_label(duel, attack.target)
        )
    before = declared(duel, opponent)
    if isinstance(before, frozenset):
        gone, arrived = sorted(before - now), sorted(now - before)
        if gone or arrived:
            left = ", ".join(_label(duel, card_id) for card_id in gone)
            came = ", ".join(_label(duel, card_id) for card_id in arrived)
            if gone and arrived:
                return say(
                    gettext_noop("%(left)s left the field and %(came)s appeared"), left=left, came=came
                )
            if gone:
                return say(gettext_noop("%(left)s left the field"), left=left)
            return say(gettext_noop("%(came)s appeared"), came=came)
        return None
    if before != len(now):
        return say(
            gettext_noop("%(opponent)s's monsters changed from %(before)s to %(now)s"),
            opponent=opponent,
            before=before,
            now=len(now),
        )
    return None


def no_replay(duel: Duel, player: str) -> Violation | None:
    """Rulebook 9.0, Replay: only when the opponent's monsters change before the Damage Step."""
    if change_before_damage(duel, player) is not None:
        return None
    opponent = other(player)
    return Violation(
        "battle.no_replay",
        say(
            gettext_noop(
                "%(opponent)s controls the same monsters as when the attack was declared: "
                "there is no replay, and the attack goes on as declared."
            ),
            opponent=opponent,
        ),
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
    change = change_before_damage(duel, player)
    facts = [
        Fact(
            say(gettext_noop("Before the Damage Step %(change)s: a replay occurs."), change=change or ""),
            passages.REPLAY,
        )
    ]
    if still_able:
        template = (
            gettext_noop("%(player)s may attack again with %(label)s, choosing a new target, or stop.")
            if now
            else gettext_noop(
                "%(player)s may attack again with %(label)s, choosing a new target; with no monsters left "
                "it may attack directly, or stop."
            )
        )
        facts.append(
            Fact(
                say(template, player=player, label=label),
                passages.REPLAY,
            )
        )
    else:
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "%(label)s is no longer a face-up Attack Position monster %(player)s controls."
                    ),
                    label=label,
                    player=player,
                ),
                passages.REPLAY,
            )
        )
    facts.append(
        Fact(
            say(
                gettext_noop(
                    "If %(player)s attacks with another monster or stops attacking, %(label)s "
                    "counts as having attacked."
                ),
                player=player,
                label=label,
            ),
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
        [lambda: not_your_turn(duel, player, say(gettext_noop("replay an attack")), passages.REPLAY)],
        [lambda: no_replay(duel, player)],
    ]
    return decide(stages, lambda: replay_outcome(duel, player), passages.REPLAY)
