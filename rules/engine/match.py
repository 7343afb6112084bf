"""``match_result`` for both games: who has won the match, and who chooses to play first next.

The tally rules differ by match format, and the references and the drawn-game rule differ by game, so each
game hands in its :class:`MatchRules`; the arithmetic is shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.jsonvalues import ActionFields, as_choice
from rules.engine.references import Reference
from rules.engine.ruling import Fact, Ruling, incomplete_ruling
from rules.engine.sentences import gettext_noop, say

THREE_DUELS = "three_duels"
FIRST_TO_TWO = "first_to_two"
COIN_TOSS = "coin_toss"


# Each game's sentences whole ("a duel"/"o duelo", "a game"/"a partida": the noun's gender and case
# belong to each language's sentence): the word for a duel is never spliced into a template.
MATCH_SENTENCES = {
    "Duel": {
        "decided": gettext_noop(
            "the match was already decided after Duel %(index)s, so Duel %(number)s cannot belong to it"
        ),
        "after": gettext_noop(
            "After %(count)s Duel(s): %(player_a)s %(a)s win(s), %(player_b)s %(b)s win(s),"
            " %(draws)s draw(s)."
        ),
        "first": gettext_noop("The first Duel's first player is decided at random."),
        "lost": gettext_noop("%(loser)s lost the last Duel, so %(loser)s chooses who plays first."),
        "drawn_coin": gettext_noop("The last Duel was a draw: a new coin toss decides."),
        "say_who_chose": gettext_noop(
            "after a drawn Duel, the player who chose for it chooses again: say who chose"
        ),
        "drawn_chooser": gettext_noop(
            "The last Duel was a draw: %(chooser)s, who chose for it, chooses again."
        ),
    },
    "game": {
        "decided": gettext_noop(
            "the match was already decided after game %(index)s, so game %(number)s cannot belong to it"
        ),
        "after": gettext_noop(
            "After %(count)s game(s): %(player_a)s %(a)s win(s), %(player_b)s %(b)s win(s),"
            " %(draws)s draw(s)."
        ),
        "first": gettext_noop("The first game's first player is decided at random."),
        "lost": gettext_noop("%(loser)s lost the last game, so %(loser)s chooses who plays first."),
        "drawn_coin": gettext_noop("The last game was a draw: a new coin toss decides."),
        "say_who_chose": gettext_noop(
            "after a drawn game, the player who chose for it chooses again: say who chose"
        ),
        "drawn_chooser": gettext_noop(
            "The last game was a draw: %(chooser)s, who chose for it, chooses again."
        ),
    },
}


@dataclass(frozen=True)
class MatchRules:
    """One game's match rules: its default format, its word for a duel, and the passages."""

    default_format: str
    word: str  # "Duel" or "game"
    three_duels: Reference
    first_to_two: Reference
    time_called: Reference
    next_choice: Reference
    drawn_next_choice: Reference
    drawn_needs_chooser: bool  # Magic: the player who chose for the drawn game chooses again


@dataclass
class Tally:
    wins: dict[str, int]
    draws: int = 0
    over: bool = False
    winner: str | None = None
    draw: bool = False

    def add(self, result: str) -> None:
        if result == "draw":
            self.draws += 1
        else:
            self.wins[result] += 1

    def decide_by_wins(self) -> None:
        """More wins takes the match; equal wins is a match draw."""
        self.over = True
        if self.wins["A"] == self.wins["B"]:
            self.draw = True
        else:
            self.winner = "A" if self.wins["A"] > self.wins["B"] else "B"


def _read_results(
    action: ActionFields, key: str, choices: tuple[str, ...], *, allow_null: bool = False
) -> list[str]:
    """The listed results; with ``allow_null`` a null entry (a game nobody chose for) is kept as ""."""
    results = []
    for index, item in enumerate(action.items(key, required=key == "duels")):
        if item is None and allow_null:
            results.append("")
            continue
        value = as_choice(item, choices)
        if value is None:
            raise DisputeError(
                f"action.{key}[{index}]",
                say(
                    gettext_noop("must be one of %(items)s"),
                    items=", ".join(c.upper() if len(c) == 1 else c for c in choices),
                ),
            )
        results.append(value.upper() if len(value) == 1 else value)
    return results


def tally(duels: list[str], match_format: str, word: str) -> Tally:
    """Count the results, ending the match where its format ends it."""
    count = Tally(wins={"A": 0, "B": 0})
    for index, result in enumerate(duels):
        if count.over:
            raise StateIncomplete(
                f"action.duels[{index}]",
                say(
                    MATCH_SENTENCES[word]["decided"],
                    index=index,
                    number=index + 1,
                ),
            )
        count.add(result)
        leader = next((p for p in ("A", "B") if count.wins[p] >= 2), None)
        if leader is not None:
            count.over, count.winner = True, leader
        elif match_format == THREE_DUELS and index == 2:
            count.decide_by_wins()  # 1 win and 2 draws wins; 1-1-1 or 3 draws is a draw
    return count


def judge_match_result(action: ActionFields, rules: MatchRules) -> Ruling:
    """``match_result``: the match outcome after the listed duels or games."""
    duels = _read_results(action, "duels", ("a", "b", "draw"))
    match_format = action.choice("match_format", (THREE_DUELS, FIRST_TO_TWO), default=rules.default_format)
    time_called = action.boolean("time_called")
    # A null chooser is a duel nobody chose for: it was never played (a game loss given before it began).
    choosers = (
        _read_results(action, "choosers", ("a", "b"), allow_null=True) if action.has("choosers") else []
    )
    format_rule = rules.three_duels if match_format == THREE_DUELS else rules.first_to_two
    try:
        count = tally(duels, match_format, rules.word)
    except StateIncomplete as gap:
        return incomplete_ruling(gap, format_rule)
    facts = [
        Fact(
            say(
                MATCH_SENTENCES[rules.word]["after"],
                count=len(duels),
                player_a="A",
                player_b="B",
                a=count.wins["A"],
                b=count.wins["B"],
                draws=count.draws,
            ),
            format_rule,
        )
    ]
    if not count.over and time_called:
        count.decide_by_wins()
        facts.append(
            Fact(say(gettext_noop("Time was called: the match is decided on wins.")), rules.time_called)
        )
    if count.over:
        facts.append(
            Fact(
                (say(gettext_noop("The match is a draw.")))
                if count.draw
                else (say(gettext_noop("%(winner)s wins the match."), winner=str(count.winner))),
                format_rule,
            )
        )
        next_choice: str | None = None
    else:
        facts.append(Fact(say(gettext_noop("The match goes on.")), format_rule))
        try:
            next_choice, fact = _next_choice(duels, choosers, rules)
        except StateIncomplete as gap:
            return incomplete_ruling(gap, rules.drawn_next_choice)
        facts.append(fact)
    match: dict[str, Any] = {
        "over": count.over,
        "winner": count.winner,
        "draw": count.draw,
        "wins": dict(count.wins),
        "draws": count.draws,
        "next_first_choice": next_choice,
    }
    return Ruling(legal=True, outcome={"match": match}, facts=tuple(facts))


def _next_choice(duels: list[str], choosers: list[str], rules: MatchRules) -> tuple[str, Fact]:
    """After a decided duel its loser chooses; after a draw, a coin toss (Yu-Gi-Oh!) or the last chooser."""
    if not duels:
        return COIN_TOSS, Fact(
            say(MATCH_SENTENCES[rules.word]["first"]),
            rules.next_choice,
        )
    last = duels[-1]
    if last != "draw":
        loser = "B" if last == "A" else "A"
        return loser, Fact(
            say(MATCH_SENTENCES[rules.word]["lost"], loser=loser),
            rules.next_choice,
        )
    if not rules.drawn_needs_chooser:
        return COIN_TOSS, Fact(
            say(MATCH_SENTENCES[rules.word]["drawn_coin"]),
            rules.drawn_next_choice,
        )
    if len(choosers) < len(duels) or not choosers[len(duels) - 1]:
        raise StateIncomplete(
            "action.choosers",
            say(MATCH_SENTENCES[rules.word]["say_who_chose"]),
        )
    chooser = choosers[len(duels) - 1]
    return chooser, Fact(
        say(MATCH_SENTENCES[rules.word]["drawn_chooser"], chooser=chooser),
        rules.drawn_next_choice,
    )
