"""One way from a dispute to its game's rules: the envelope's action is routed the same way for every game.

Each game describes itself once (:class:`GameRules`: its actions, how it reads a state, which action fields
name cards, its match rules and passages); :func:`judge_game` does the rest alike for both. So both games
refuse an unknown action the same way, turn a state that cannot settle the dispute into ``legal: null`` the
same way, and check every card the action names before any rule runs, listing every wrong id at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from rules.engine.catalog import CardCatalog
from rules.engine.dispute import Dispute
from rules.engine.errors import DisputeError, StateIncomplete, UnknownCardError
from rules.engine.jsonvalues import ActionFields
from rules.engine.match import MatchRules, judge_match_result
from rules.engine.references import Reference
from rules.engine.ruling import Ruling, incomplete_ruling
from rules.engine.sentences import gettext_noop, say


class GameState(Protocol):
    def locate(self, card_id: str) -> object | None: ...


S = TypeVar("S", bound=GameState)
C = TypeVar("C")

# (path, card id) for every card an action names, e.g. ("action.attackers[0].blockers[1]", "a2").
CardReferences = Callable[[Mapping[str, Any]], Iterator[tuple[str, str]]]


@dataclass(frozen=True)
class GameRules(Generic[S, C]):
    """What the router needs to know of one game."""

    name: str
    actions: Mapping[str, Callable[[C], Ruling]]
    read_state: Callable[[object, CardCatalog | None], S]
    context: Callable[[S, ActionFields, str, CardCatalog | None], C]
    card_references: CardReferences
    match_rules: MatchRules
    deck_check: Callable[[ActionFields, CardCatalog | None], Ruling]
    side_swap: Callable[[ActionFields, CardCatalog | None], Ruling]
    state_incomplete: Reference

    @property
    def action_types(self) -> tuple[str, ...]:
        return (*self.actions, "match_result", "deck_check", "side_swap")


def judge_game(rules: GameRules[S, C], dispute: Dispute, catalog: CardCatalog | None) -> Ruling:
    """Rule on a dispute of ``rules``' game whose envelope has been checked."""
    action = ActionFields(dispute.action)
    if dispute.action_type == "match_result":
        return judge_match_result(action, rules.match_rules)
    if dispute.action_type == "deck_check":
        return rules.deck_check(action, catalog)
    if dispute.action_type == "side_swap":
        return rules.side_swap(action, catalog)
    handler = rules.actions.get(dispute.action_type)
    if handler is None:
        expected = ", ".join(rules.action_types)
        raise DisputeError(
            "action.type",
            say(
                gettext_noop("unknown %(rules)s action; expected one of %(expected)s"),
                rules=rules.name,
                expected=expected,
            ),
        )
    if not dispute.has_state:
        gap = StateIncomplete(
            "state",
            say(
                gettext_noop("a %(action_type)s dispute needs the game state"),
                action_type=dispute.action_type,
            ),
        )
        return incomplete_ruling(gap, rules.state_incomplete)
    try:
        state = rules.read_state(dispute.state, catalog)
        check_card_references(state, rules.card_references(dispute.action))
        return handler(rules.context(state, action, dispute.revision, catalog))
    except StateIncomplete as gap:
        # Handlers ask for a field only when a rule needs it: a gap found then is still ``legal: null``.
        return incomplete_ruling(gap, rules.state_incomplete)


def check_card_references(state: GameState, references: Iterator[tuple[str, str]]) -> None:
    """Every card id the action names must be in the reported state; list each one that is not (a 400).

    The handlers check the ids they use one at a time; checking them all first lets the players see every
    wrong id at once instead of fixing them one request at a time.
    """
    DisputeError.raise_all(
        [
            UnknownCardError(
                path,
                say(gettext_noop("no card with id %(card)s in the state"), card=repr(card_id)),
                card_id=card_id,
            )
            for path, card_id in references
            if state.locate(card_id) is None
        ]
    )
