"""Side Deck counting for a match: each player's count before duel 1, and each swap between duels.

Before duel 1 each player states how many cards their Side Deck holds and the opponent is shown the number
(Yu-Gi-Oh! Rulebook v10, Side Deck; Magic: the sideboard is presented face down and counted). Between duels a
player records what they sided in and out; the deck they present is worked out from the list they registered
for the event and judged by the engine's ``side_swap`` (through ``decks.selectors.side_deck_check``): the
Side Deck keeps its count and only registered cards are used. This module never decides legality itself.

What a person may see of it is read by ``matches.selectors.side_decks`` (the page and the API read it from
there, so they hide exactly the same cards); this module only writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from decks.catalog import DatabaseCatalog
from decks.models import DeckList
from decks.selectors import side_deck_check
from matches.models import Match, SideDeckCount, SideSwap
from matches.selectors.duels import duel_state
from matches.selectors.side_decks import registered_deck_list, registered_side_count
from matches.services.access import (
    MatchConflict,
    MatchOver,
    match_lock,
    player_side,
    require_open,
)
from rules.engine import DisputeError, normalize_name
from rules.engine.limits import DECK_ENTRIES
from rules.engine.vocabulary import YUGIOH, deck_after_swap, is_extra_deck_monster

MAX_SIDE_DECK = 15  # Rulebook v10 and Magic tournament rules: at most 15 cards in the Side Deck / sideboard
MAX_MOVE_COUNT = 60  # more copies of one card than a whole Main Deck holds is a typing slip
# Each move is a different card of the registered list, so no swap lists more moves than a deck list has
# entries (rules.engine.limits, docs/decisions/0009); a longer list is refused before any card is looked up.
MAX_MOVES = max(DECK_ENTRIES.values())

Moves = dict[str, list[dict[str, Any]]]
Sections = dict[str, list[dict[str, Any]]]


class SideSwapNotNow(MatchConflict):
    """A side swap outside the time between two duels (before duel 1 ended, or during a duel)."""


def _words(match: Match, what: str) -> str:
    """A refusal in the game's words (Magic: games and sideboards; Yu-Gi-Oh!: duels and Side Decks)."""
    if match.round.event.game == "mtg":
        return {
            "over": gettext("The match is over: there is no game left to sideboard for."),
            "playing": gettext("Game %(number)s is being played: sideboard after it ends."),
            "time": gettext("Time has been called: no new game starts."),
            "first": gettext("Sideboarding happens between games: game 1 has not been played yet."),
            "counted": gettext("Game 1 has started: sideboard counts are recorded before it only."),
        }[what]
    return {
        "over": gettext("The match is over: there is no duel left to side for."),
        "playing": gettext("Duel %(number)s is being played: side after it ends."),
        "time": gettext("Time has been called: no new duel starts."),
        "first": gettext("Siding happens between duels: duel 1 has not been played yet."),
        "counted": gettext("Duel 1 has started: Side Deck counts are recorded before it only."),
    }[what]


@transaction.atomic
def side_deck_count_record(*, match_id: int, player: User, count: int) -> SideDeckCount:
    """A player states how many cards are in their Side Deck before duel 1; recording again replaces it.

    The count is for the opponent (the rules let them know it) and is kept with the registered list's Side
    Deck size so a judge sees a mismatch at once. Once duel 1 has started the counts are fixed.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_SIDE_DECK:
        raise ValidationError(
            {
                "count": [
                    gettext("Count the cards in your Side Deck: a number from 0 to %(max)s.")
                    % {"max": MAX_SIDE_DECK}
                ]
            }
        )
    locked = match_lock(match_id)
    player_side(locked, player)
    require_open(locked)
    if locked.duels.exists():
        raise MatchConflict(_words(locked, "counted"))
    recorded, _ = SideDeckCount.objects.update_or_create(
        match=locked,
        player=player,
        defaults={"count": count, "registered_count": registered_side_count(match=locked, player=player)},
    )
    return recorded


def _clean_moves(moves: object) -> Moves:
    """``moves`` as ``{"in": [...], "out": [...]}`` with one entry per card (same names merged)."""
    if not isinstance(moves, Mapping) or set(moves) - {"in", "out"}:
        raise ValidationError({"moves": ['Give the cards moved as {"in": [...], "out": [...]}.']})
    cleaned: Moves = {}
    for direction in ("in", "out"):
        entries = moves.get(direction) or []
        if not isinstance(entries, list):
            raise ValidationError(
                {"moves": [f'"{direction}" must be a list of {{"name", "count"}} entries.']}
            )
        if len(entries) > MAX_MOVES:
            raise ValidationError(
                {"moves": [f'"{direction}" lists {len(entries)} cards; a swap moves at most {MAX_MOVES}.']}
            )
        merged: dict[str, dict[str, Any]] = {}
        for entry in entries:
            name = entry.get("name") if isinstance(entry, Mapping) else None
            count = entry.get("count", 1) if isinstance(entry, Mapping) else None
            if not isinstance(name, str) or not normalize_name(name):
                raise ValidationError({"moves": [f'Each card in "{direction}" needs a name.']})
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_MOVE_COUNT:
                raise ValidationError(
                    {"moves": [f"{name.strip()}: give a number of copies from 1 to {MAX_MOVE_COUNT}."]}
                )
            key = normalize_name(name)
            if key in merged:
                merged[key]["count"] += count
            else:
                merged[key] = {"name": name.strip(), "count": count}
        cleaned[direction] = list(merged.values())
    return cleaned


def presented_deck(*, deck_list: DeckList, moves: Moves) -> Sections:
    """The deck presented after ``moves``, worked out from the registered list by the engine
    (:func:`rules.engine.vocabulary.deck_after_swap`); the catalog says which incoming cards are Extra Deck
    monsters. A card that is not where the move takes it from is refused by name.
    """
    game = deck_list.game
    extra_deck_names: list[str] = []
    if game == YUGIOH:
        catalog = DatabaseCatalog(game)
        catalog.prefetch_names(entry["name"] for entry in moves["in"])
        for card in moves["in"]:
            data = catalog.card_by_name(card["name"])
            if data is not None and is_extra_deck_monster(data.get("kind"), data.get("frame")):
                extra_deck_names.append(card["name"])
    sections, problems = deck_after_swap(
        game=game, registered=deck_list.sections or {}, moves=moves, extra_deck_names=extra_deck_names
    )
    if problems:
        raise ValidationError({"moves": problems})
    return sections


@dataclass(frozen=True)
class SwapVerdict:
    legal: bool | None
    problems: list[dict[str, str]]


def _verdict(deck_list: DeckList, presented: Sections) -> SwapVerdict:
    try:
        ruling = side_deck_check(registered=deck_list, presented=presented)
    except DisputeError as error:
        raise ValidationError({"moves": [str(error)]}) from error
    problems = [
        {"code": str(v.get("code", "")), "message": str(v.get("message", "")), "rule": str(v.get("rule", ""))}
        for v in ruling.get("violations", [])
    ]
    return SwapVerdict(legal=ruling.get("legal"), problems=problems)


@transaction.atomic
def side_swap_record(*, match_id: int, player: User, moves: Mapping[str, Any]) -> SideSwap:
    """A player records what they swapped with their Side Deck for the next duel; the engine judges it.

    Only between duels: after duel 1 has a result, while no duel is being played and the match is not over.
    The deck presented is worked out from the registered list (no registered list: a judge checks by hand),
    judged by the engine's ``side_swap``, and kept with the verdict. Recording again before the duel replaces
    the earlier swap: the deck presented is the last one recorded.
    """
    cleaned = _clean_moves(moves)
    locked = match_lock(match_id)
    player_side(locked, player)
    require_open(locked)
    state = duel_state(locked)
    if state.over:
        raise MatchOver(_words(locked, "over"))
    if state.playing is not None:
        raise SideSwapNotNow(_words(locked, "playing") % {"number": state.playing.number})
    if locked.time_called_at is not None:
        raise SideSwapNotNow(_words(locked, "time"))
    duel_number = len(state.duels) + 1
    if duel_number < 2:
        raise SideSwapNotNow(_words(locked, "first"))
    deck_list = registered_deck_list(match=locked, player=player)
    if deck_list is None:
        raise ValidationError(
            "You have no deck list registered for this event, so the swap cannot be checked here: "
            "call a judge to check your deck by hand."
        )
    presented = presented_deck(deck_list=deck_list, moves=cleaned)
    verdict = _verdict(deck_list, presented)
    swap, _ = SideSwap.objects.update_or_create(
        match=locked,
        duel_number=duel_number,
        player=player,
        defaults={
            "moves": cleaned,
            "presented": presented,
            "legal": verdict.legal,
            "problems": verdict.problems,
        },
    )
    return swap


# --- what each person may see -----------------------------------------------------------------------------
