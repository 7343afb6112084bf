"""How much a dispute may hold: bounds taken from the games themselves (docs/decisions/0009).

A dispute reports a real game or a real deck, so none of its lists can be longer than the cards a game has.
Without bounds a player's 40,000-card "hand" took seconds to judge and megabytes to store. Each bound below
is a small function returning the problems it finds, located by path (a :class:`DisputeError`, so the API
answers 400 naming it); :func:`dispute_bounds` runs them before a state or deck is parsed, so input over a
bound costs a length check, never the work it would have caused.

The bounds are set where no real game or deck can reach them, yet an illegal deck is still ruled on: a
Yu-Gi-Oh! list of 61 or 90 cards gets the engine's ``deck.main_size`` ruling, not a 400.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rules.engine.dispute import Dispute
from rules.engine.errors import DisputeError
from rules.engine.mtg.deck import SIDE_MAX as MTG_SIDEBOARD_MAX
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.yugioh.deck import EXTRA_MAX, MAIN_MAX, SIDE_MAX
from rules.engine.yugioh.state import ZONES

# Yu-Gi-Oh! (Rulebook v10, "Things you need to Duel"): a Main Deck of at most 60 cards, an Extra Deck and a
# Side Deck of at most 15 each. A player owns no more cards than that, so no pile, hand or deck list of one
# player (even one that wrongly mixes all three) holds more than 90.
YGO_PLAYER_CARDS = MAIN_MAX + EXTRA_MAX + SIDE_MAX
# Both players' cards, plus the tokens the field can hold: five Main Monster Zones a side and the two Extra
# Monster Zones (tokens exist only on the field; Rulebook 9.0, Tokens).
YGO_STATE_CARDS = 2 * YGO_PLAYER_CARDS + 2 * ZONES + 2
# Magic sets no maximum deck size (Comprehensive Rules 100.4), so these are sane bounds rather than rules: a
# 60-card deck has at most 60 different cards, and the largest decks played (a few hundred cards, mostly
# basic lands) have far fewer lines than 500; a battlefield full of tokens reaches hundreds, not 1,000.
MTG_LIST_ITEMS = 500
MTG_STATE_CARDS = 1_000
# Entries of one section of a deck list (each entry is at least one card).
DECK_ENTRIES = {"yugioh": YGO_PLAYER_CARDS, "mtg": MTG_LIST_ITEMS}
# Any list of a game state (a hand, a graveyard, materials, the chain or the stack).
STATE_LIST_ITEMS = {"yugioh": YGO_PLAYER_CARDS, "mtg": MTG_LIST_ITEMS}
STATE_CARDS = {"yugioh": YGO_STATE_CARDS, "mtg": MTG_STATE_CARDS}
# A banlist names cards: today's Forbidden & Limited list has a few hundred, Magic's banned and restricted
# lists fewer; ten times the largest is still a banlist.
BANLIST_NAMES = 5_000
# Other lists of an action (tributes, materials, zones, targets) name cards of the state.
ACTION_LIST_ITEMS = STATE_CARDS
DECK_ACTIONS = {"deck_check": ("deck",), "side_swap": ("before", "after")}
GAME_NAMES = {"yugioh": "Yu-Gi-Oh!", "mtg": "Magic"}
WHY = {
    "yugioh": say(
        gettext_noop(
            "a Yu-Gi-Oh! player has at most %(cards)s cards (Main Deck up to %(main)s, Extra and"
            " Side Deck up to %(extra)s each: Rulebook v10, Things you need to Duel)"
        ),
        cards=YGO_PLAYER_CARDS,
        main=MAIN_MAX,
        extra=EXTRA_MAX,
    ),
    "mtg": say(
        gettext_noop(
            "Magic has no deck maximum (Comprehensive Rules 100.4), but no deck list or zone of a real game"
            " comes near %(items)s (a sideboard holds at most %(sideboard)s)"
        ),
        items=MTG_LIST_ITEMS,
        sideboard=MTG_SIDEBOARD_MAX,
    ),
}


def list_too_long(value: object, path: str, bound: int, why: Sentence) -> DisputeError | None:
    """A list at ``path`` with more than ``bound`` items, or nothing."""
    if isinstance(value, list | tuple) and len(value) > bound:
        return DisputeError(
            path,
            say(
                gettext_noop("has %(count)s items; at most %(bound)s: %(why)s"),
                count=len(value),
                bound=bound,
                why=why,
            ),
        )
    return None


def deck_sections_too_long(action: Mapping[str, Any], game: str) -> list[DisputeError]:
    """``deck_check`` and ``side_swap``: each section of each deck has at most ``DECK_ENTRIES`` entries."""
    problems: list[DisputeError] = []
    for key in DECK_ACTIONS.get(str(action.get("type")), ()):
        deck = action.get(key)
        if not isinstance(deck, Mapping):
            continue  # the deck parser says what is wrong with it
        for section, entries in deck.items():
            problem = list_too_long(entries, f"action.{key}.{section}", DECK_ENTRIES[game], WHY[game])
            if problem is not None:
                problems.append(problem)
    return problems


def banlist_too_long(action: Mapping[str, Any]) -> list[DisputeError]:
    """A banlist's lists name at most ``BANLIST_NAMES`` cards each."""
    banlist = action.get("banlist")
    if not isinstance(banlist, Mapping):
        return []
    why = say(gettext_noop("no banlist names that many cards"))
    found = (
        list_too_long(names, f"action.banlist.{status}", BANLIST_NAMES, why)
        for status, names in banlist.items()
    )
    return [problem for problem in found if problem is not None]


def lists_in(value: object, path: str) -> Iterator[tuple[str, list[Any] | tuple[Any, ...]]]:
    """Every list inside ``value`` with its path (iteratively: depth costs nothing)."""
    stack: list[tuple[object, str]] = [(value, path)]
    while stack:
        current, where = stack.pop()
        if isinstance(current, Mapping):
            stack.extend((item, f"{where}.{key}") for key, item in current.items())
        elif isinstance(current, list | tuple):
            yield where, current
            stack.extend((item, f"{where}[{index}]") for index, item in enumerate(current))


def cards_in(value: object) -> int:
    """How many cards (objects with an ``id``) ``value`` describes, nested materials included."""
    count = 0
    stack: list[object] = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, Mapping):
            count += "id" in current
            stack.extend(current.values())
        elif isinstance(current, list | tuple):
            stack.extend(current)
    return count


def state_too_large(state: object, game: str) -> list[DisputeError]:
    """No list of the state is longer than one player's cards, and the state has no more cards than both."""
    why = WHY[game]
    bound = STATE_LIST_ITEMS[game]
    for where, items in lists_in(state, "state"):
        problem = list_too_long(items, where, bound, why)
        if problem is not None:
            return [problem]  # checked before counting, so a huge list is not walked
    cards = cards_in(state)
    if cards > STATE_CARDS[game]:
        message = say(
            gettext_noop(
                "describes %(cards)s cards; at most %(bound)s, both players' cards and tokens: %(why)s"
            ),
            cards=cards,
            bound=STATE_CARDS[game],
            why=why,
        )
        return [DisputeError("state", message)]
    return []


def action_lists_too_long(action: Mapping[str, Any], game: str) -> list[DisputeError]:
    """Lists of an action other than decks and banlists (tributes, materials, targets) name cards."""
    skipped = {*DECK_ACTIONS.get(str(action.get("type")), ()), "banlist"}
    why = say(gettext_noop("an action names cards of the state, which has no more"))
    problems: list[DisputeError] = []
    for key, value in action.items():
        if key in skipped:
            continue
        for where, items in lists_in(value, f"action.{key}"):
            problem = list_too_long(items, where, ACTION_LIST_ITEMS[game], why)
            if problem is not None:
                problems.append(problem)
    return problems


def dispute_bounds(dispute: Dispute) -> list[DisputeError]:
    """Every bound the dispute breaks, each located; empty when it is within the game's limits."""
    game = dispute.game
    problems = [
        *deck_sections_too_long(dispute.action, game),
        *banlist_too_long(dispute.action),
        *action_lists_too_long(dispute.action, game),
    ]
    if dispute.has_state:
        problems.extend(state_too_large(dispute.state, game))
    return problems
