"""State-based effects (Comprehensive Rules 420.5) and whether the game is over.

Used by ``state_check`` and after every action that deals damage or draws, so they all end a game and
destroy creatures the same way. All the effects that apply happen at once, as one event (420.3): a creature
is listed once even when two effects would each remove it. The legend rule is the one place where the
revisions differ: the classic edition keeps only the legend with the oldest timestamp in play, today's rule
lets each player keep one of theirs (the choice may be given as the action's ``keep`` ids; without it the
ruling lists the choice left to each player under ``legend_rule``).

Mana burn (300.4 in this edition, gone today) is not judged: the dispute format's state carries no mana pools.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.engine.catalog import normalize_name
from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.mtg import passages
from rules.engine.mtg.context import REVISION_CLASSIC, Context
from rules.engine.mtg.state import PLAYERS, Card, other
from rules.engine.ruling import Fact, Ruling, incomplete_ruling
from rules.engine.sentences import gettext_noop, say


@dataclass
class Settled:
    """What the state-based effects did: cards removed, choices left to players, the game's result."""

    destroyed: list[str] = field(default_factory=list)
    sent_to_graveyard: list[str] = field(default_factory=list)
    legend_choices: list[dict[str, Any]] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)
    facts: list[Fact] = field(default_factory=list)

    @property
    def removed(self) -> set[str]:
        return set(self.destroyed) | set(self.sent_to_graveyard)


def not_over() -> dict[str, Any]:
    return {"over": False, "winner": None, "draw": False, "reason": None}


def game_result(
    life: Mapping[str, int], *, empty_library: Sequence[str] = ()
) -> tuple[dict[str, Any], list[Fact]]:
    """The ``game`` outcome: a player at 0 life or less loses (420.5a), as does one drawing from an empty
    library (102.2); two losers at once make a draw (102.4)."""
    losers = [p for p in PLAYERS if life[p] <= 0 or p in empty_library]
    if len(losers) == 2:
        return (
            {"over": True, "winner": None, "draw": True, "reason": "simultaneous_loss"},
            [
                Fact(
                    say(gettext_noop("Both players lose at the same time: the game is a draw.")),
                    passages.BOTH_LOSE,
                )
            ],
        )
    if not losers:
        return not_over(), []
    loser = losers[0]
    if life[loser] <= 0:
        return (
            {"over": True, "winner": other(loser), "draw": False, "reason": "life"},
            [
                Fact(
                    say(
                        gettext_noop(
                            "%(loser)s is at %(life)s life: %(loser)s loses and %(opponent)s wins the game."
                        ),
                        loser=loser,
                        life=life[loser],
                        opponent=other(loser),
                    ),
                    passages.LIFE_ZERO,
                )
            ],
        )
    return (
        {"over": True, "winner": other(loser), "draw": False, "reason": "empty_library"},
        [
            Fact(
                say(
                    gettext_noop(
                        "%(loser)s must draw from an empty library: %(loser)s loses and "
                        "%(opponent)s wins the game."
                    ),
                    loser=loser,
                    opponent=other(loser),
                ),
                passages.EMPTY_LIBRARY,
            )
        ],
    )


def doomed_creatures(permanents: Sequence[Card], damage: Mapping[str, int], settled: Settled) -> None:
    """Toughness 0 or less goes to the graveyard (420.5b); damage at least toughness destroys (420.5c)."""
    for card in permanents:
        if not card.is_creature:
            continue
        marked = damage.get(card.id, card.damage)
        # A creature reported without toughness and without damage is not claimed to be dying; one with
        # damage on it cannot be judged without its toughness.
        if card.toughness is None and marked <= 0:
            continue
        toughness = card.need_toughness()
        if toughness <= 0:
            settled.sent_to_graveyard.append(card.id)
            settled.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "%(card)s has toughness %(toughness)s: it is put into its owner's graveyard."
                        ),
                        card=card.label,
                        toughness=toughness,
                    ),
                    passages.ZERO_TOUGHNESS,
                )
            )
        elif marked >= toughness:
            settled.destroyed.append(card.id)
            settled.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "%(card)s has %(marked)s damage marked on it, at least its toughness "
                            "%(toughness)s: it is destroyed."
                        ),
                        card=card.label,
                        marked=marked,
                        toughness=toughness,
                    ),
                    passages.LETHAL_DAMAGE,
                )
            )


def legend_groups(permanents: Sequence[Card], *, per_controller: bool) -> list[list[Card]]:
    """Legendary permanents sharing a name (and, today, a controller), two or more to a group."""
    groups: dict[tuple[str, str], list[Card]] = {}
    for card in permanents:
        if not card.is_legendary:
            continue
        if not card.name:
            raise StateIncomplete(
                f"{card.path}.name",
                say(gettext_noop("legendary %(card)s has no name"), card=card.label),
                passages.LEGEND_RULE,
            )
        key = (card.controller if per_controller else "", normalize_name(card.name))
        groups.setdefault(key, []).append(card)
    return [group for group in groups.values() if len(group) > 1]


def classic_legend_rule(permanents: Sequence[Card], settled: Settled) -> None:
    """420.5e: all but the legend with the oldest timestamp go; if the oldest are tied, all go."""
    for group in legend_groups(permanents, per_controller=False):
        stamps = []
        for card in group:
            if card.timestamp is None:
                raise StateIncomplete(
                    f"{card.path}.timestamp",
                    say(
                        gettext_noop(
                            "the legend rule keeps the oldest %(card)s, and %(card2)s has no timestamp"
                        ),
                        card=str(card.name),
                        card2=card.label,
                    ),
                    passages.LEGEND_RULE,
                )
            stamps.append(card.timestamp)
        oldest = min(stamps)
        keepers = [card for card in group if card.timestamp == oldest]
        kept = keepers[0] if len(keepers) == 1 else None
        going = [card for card in group if card is not kept]
        send(going, settled)
        names = ", ".join(card.label for card in going)
        if kept is None:
            text = say(
                gettext_noop(
                    "%(count)s legends named %(name)s are in play and the oldest are tied: all go to"
                    " the graveyard (%(names)s)."
                ),
                count=len(group),
                name=str(group[0].name),
                names=names,
            )
        else:
            # one card "goes", several "go": a whole sentence for each (the verb agrees with the count)
            template = (
                gettext_noop(
                    "%(count)s legends named %(name)s are in play: %(kept)s has the oldest"
                    " timestamp and stays; %(names)s goes to the graveyard."
                )
                if len(going) == 1
                else gettext_noop(
                    "%(count)s legends named %(name)s are in play: %(kept)s has the oldest"
                    " timestamp and stays; %(names)s go to the graveyard."
                )
            )
            text = say(template, count=len(group), name=str(group[0].name), kept=kept.label, names=names)
        settled.facts.append(Fact(text, passages.LEGEND_RULE))


def current_legend_rule(permanents: Sequence[Card], settled: Settled, keep: Sequence[str]) -> None:
    """Today's rule: a player with two or more legendary permanents of one name keeps one of them."""
    groups = legend_groups(permanents, per_controller=True)
    choosable = {card.id for group in groups for card in group}
    for card_id in keep:
        if card_id not in choosable:
            raise DisputeError(
                "action.keep",
                say(
                    gettext_noop("%(card)s is not one of two or more legends of a name one player controls"),
                    card=repr(card_id),
                ),
            )
    for group in groups:
        controller = group[0].controller
        chosen = [card for card in group if card.id in keep]
        if len(chosen) > 1:
            raise DisputeError(
                "action.keep",
                say(
                    gettext_noop("%(controller)s keeps only one %(group)s, not %(count)s"),
                    controller=controller,
                    group=str(group[0].name),
                    count=len(chosen),
                ),
            )
        if not chosen:
            ids = [card.id for card in group]
            settled.legend_choices.append(
                {"controller": controller, "name": group[0].name, "keep_one_of": ids}
            )
            settled.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "%(controller)s controls %(count)s legendary permanents named %(group)s "
                            "(%(ids)s): %(controller)s chooses one to keep and puts the others into "
                            "their owners' graveyards."
                        ),
                        controller=controller,
                        count=len(group),
                        group=str(group[0].name),
                        ids=", ".join(ids),
                    ),
                    passages.LEGEND_RULE_CURRENT,
                )
            )
            continue
        going = [card for card in group if card is not chosen[0]]
        send(going, settled)
        settled.facts.append(
            Fact(
                say(
                    gettext_noop("%(controller)s keeps %(chosen)s; %(items)s goes to the graveyard.")
                    if len(going) == 1
                    else gettext_noop("%(controller)s keeps %(chosen)s; %(items)s go to the graveyard."),
                    controller=controller,
                    chosen=chosen[0].label,
                    items=", ".join(c.label for c in going),
                ),
                passages.LEGEND_RULE_CURRENT,
            )
        )


def send(cards: Sequence[Card], settled: Settled) -> None:
    for card in cards:
        if card.id not in settled.removed:
            settled.sent_to_graveyard.append(card.id)


def settle(
    permanents: Sequence[Card],
    damage: Mapping[str, int],
    life: Mapping[str, int],
    revision: str,
    *,
    keep: Sequence[str] = (),
    empty_library: Sequence[str] = (),
) -> Settled:
    """Apply every state-based effect at once to these permanents, damage marked and life totals."""
    settled = Settled()
    doomed_creatures(permanents, damage, settled)
    if revision == REVISION_CLASSIC:
        classic_legend_rule(permanents, settled)
    else:
        current_legend_rule(permanents, settled, keep)
    settled.game, facts = game_result(life, empty_library=empty_library)
    settled.facts.extend(facts)
    return settled


def judge_state_check(ctx: Context) -> Ruling:
    """``state_check``: apply the state-based effects to the reported state; is the game over."""
    game = ctx.game
    life = {p: game.player(p).life for p in PLAYERS}
    keep = ctx.action.card_ids("keep")
    try:
        settled = settle(game.battlefield(), {}, life, ctx.revision, keep=keep)
    except StateIncomplete as gap:
        return incomplete_ruling(gap, passages.STATE_BASED)
    facts = list(settled.facts)
    if ctx.revision == REVISION_CLASSIC:
        revision = say(
            gettext_noop(
                "The classic revision applies (the Comprehensive Rules edition in the rulebooks folder):"
                " the legend rule keeps only the oldest legend of a name in play."
            )
        )
    else:
        revision = say(
            gettext_noop(
                "The current revision applies: each player keeps one legendary permanent of a name of their"
                " choice."
            )
        )
    facts.append(Fact(revision, passages.STATE_BASED))
    if not settled.game["over"] and not settled.removed and not settled.legend_choices:
        facts.append(
            Fact(
                say(
                    gettext_noop(
                        "No state-based effect applies (life %(player_a)s %(a)s, %(player_b)s "
                        "%(b)s): the game goes on."
                    ),
                    player_a="A",
                    player_b="B",
                    a=life["A"],
                    b=life["B"],
                ),
                passages.STATE_BASED,
            )
        )
    outcome = {
        "life": life,
        "destroyed": settled.destroyed,
        "sent_to_graveyard": settled.sent_to_graveyard,
        "legend_rule": settled.legend_choices,
        "game": settled.game,
    }
    return Ruling(legal=True, outcome=outcome, facts=tuple(facts))
