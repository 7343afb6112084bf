"""An event's metagame: each archetype's share of the field and match record, the most played cards, and an
archetype suggested for an unnamed list. Pure Python, no Django.

The field and its matches, for one *scope*:

- ``SWISS`` (every Swiss round): the field is every entry; the matches are every Swiss round's.
- a round number N: the field is the players with a match (or a bye) in round N, and those matches.
- ``TOP`` (the top cut): the field is the players of the top cut's matches, and those matches.

A match being played (result ``""``) puts its players in the field and counts in no record.

Each archetype's row: ``players`` in the field, ``share`` = players / field, and its record over the scope's
finished matches (each player's side of each match):

- a win, a loss, a draw; each side of a double loss is a loss;
- a bye is counted apart (``byes``) and left out of the win rate: nobody was beaten;
- a *mirror match*, two lists of the same named archetype, is counted apart (``mirrors``, one per match) and
  left out of wins, losses, draws and the win rate. A mirror is always one win and one loss for the
  archetype, so counting it would pull every popular deck toward 50% and say nothing of how it fares against
  the rest of the field; metagame analyses leave mirrors out of win rates for that reason. Two unnamed lists
  are not a mirror (nobody knows what they play): their match counts for the unnamed row on both sides.
- ``win_rate`` = wins / (wins + losses + draws), ``None`` with no such match. Draws are matches not won.

Exactness: shares, win rates and average copies are :class:`fractions.Fraction`; :func:`percent` and
:func:`average` round them half up for people and files alike, so the page, the CSV and the API give the same
digits.

The most played cards: for each card name, how many of the field's lists play it (``lists``) and the copies
they play on average (``average`` = copies / lists), over the deck itself (Yu-Gi-Oh!'s Main and Extra Deck,
Magic's main deck; Side Decks and sideboards are left out). Most lists first, then more copies, then the name.

The suggestion (:func:`suggest_archetype`): the Jaccard similarity of two lists is the number of card names
they share over the number of card names either plays (same cards as above, copies ignored). An unnamed list
is suggested the archetype of the most similar named list, when that similarity is at least
:data:`SUGGESTION_THRESHOLD` (30%); on a tie, the archetype more of the tied lists have, then by name.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Final, Literal, TypeVar

SWISS: Final = "swiss"
TOP: Final = "top"
Scope = Literal["swiss", "top"] | int

SUGGESTION_THRESHOLD: Final = Fraction(3, 10)
K = TypeVar("K")
ARCHETYPE_MAX_LENGTH: Final = 60

# What each result (``tournaments.engine.replay.Result``, but a bye) adds to the archetype of side a and of
# side b.
SIDES: Final[dict[str, tuple[str, str]]] = {
    "a": ("wins", "losses"),
    "b": ("losses", "wins"),
    "draw": ("draws", "draws"),
    "double_loss": ("losses", "losses"),
}


@dataclass(frozen=True)
class Entry:
    """One player in the event: their archetype ("" unnamed) and their deck's cards (name -> copies)."""

    player: int
    archetype: str
    cards: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Played:
    """One match: its round, whether it is the top cut's, its players and result (``a``, ``b``, ``draw``,
    ``bye``, ``double_loss``; ``""`` while it is played)."""

    round: int
    top_cut: bool
    player_a: int
    player_b: int | None
    result: str


@dataclass(frozen=True)
class Record:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    mirrors: int = 0

    @property
    def matches(self) -> int:
        """The matches the win rate is over: byes and mirrors left out."""
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.wins, self.matches) if self.matches else None


@dataclass(frozen=True)
class ArchetypeRow:
    archetype: str
    players: int
    share: Fraction
    record: Record


@dataclass(frozen=True)
class CardRow:
    name: str
    lists: int
    copies: int

    @property
    def average(self) -> Fraction:
        return Fraction(self.copies, self.lists)


@dataclass(frozen=True)
class Metagame:
    field: int  # players in the scope's field
    lists: int  # of them, those with a deck list (the cards' denominator)
    matches: int  # the scope's finished matches, byes included
    archetypes: tuple[ArchetypeRow, ...]
    cards: tuple[CardRow, ...]


def percent(value: Fraction | None) -> Decimal | None:
    """A fraction as a percentage with one decimal, rounded half up: 1/3 -> 33.3, 2/3 -> 66.7."""
    if value is None:
        return None
    return (Decimal(value.numerator) * 100 / Decimal(value.denominator)).quantize(
        Decimal("0.1"), rounding=ROUND_HALF_UP
    )


def average(value: Fraction) -> Decimal:
    """Average copies with two decimals, rounded half up: 5/2 -> 2.50, 8/3 -> 2.67."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


def clean_archetype(text: str) -> str:
    """An archetype as stored: spaces trimmed and collapsed, at most 60 characters."""
    return re.sub(r"\s+", " ", text).strip()[:ARCHETYPE_MAX_LENGTH].strip()


def _in_scope(played: Played, scope: Scope) -> bool:
    if scope == SWISS:
        return not played.top_cut
    if scope == TOP:
        return played.top_cut
    return played.round == scope


def _sort_key(row: ArchetypeRow) -> tuple[int, int, str, str]:
    # Most players first; the unnamed last among equals; then by name.
    return (-row.players, row.archetype == "", row.archetype.casefold(), row.archetype)


def metagame(
    entries: Iterable[Entry], matches: Iterable[Played], scope: Scope, *, most_played: int | None = None
) -> Metagame:
    """The metagame of ``scope`` (module docstring); ``most_played`` keeps that many cards (all: None)."""
    entry_of = {entry.player: entry for entry in entries}
    played = [match for match in matches if _in_scope(match, scope)]
    if scope == SWISS:
        in_field = list(entry_of)
    else:
        seen: dict[int, None] = {}
        for match in played:
            seen[match.player_a] = None
            if match.player_b is not None:
                seen[match.player_b] = None
        in_field = list(seen)

    def archetype(player: int) -> str:
        entry = entry_of.get(player)
        return entry.archetype if entry is not None else ""

    players = Counter(archetype(player) for player in in_field)
    counts: dict[str, Counter[str]] = {name: Counter() for name in players}
    finished = [match for match in played if match.result]
    for match in finished:
        side_a = archetype(match.player_a)
        if match.result == "bye" or match.player_b is None:
            counts.setdefault(side_a, Counter())["byes"] += 1
            continue
        side_b = archetype(match.player_b)
        if side_a == side_b and side_a:
            counts.setdefault(side_a, Counter())["mirrors"] += 1
            continue
        for side, what in zip((side_a, side_b), SIDES[match.result], strict=True):
            counts.setdefault(side, Counter())[what] += 1
    size = len(in_field)
    rows = sorted(
        (
            ArchetypeRow(
                archetype=name,
                players=players.get(name, 0),
                share=Fraction(players.get(name, 0), size) if size else Fraction(0),
                record=Record(**tally),
            )
            for name, tally in counts.items()
        ),
        key=_sort_key,
    )

    lists = [entry_of[player].cards for player in in_field if player in entry_of and entry_of[player].cards]
    in_lists: Counter[str] = Counter()
    copies: Counter[str] = Counter()
    for deck in lists:
        for name, count in deck.items():
            if count > 0:
                in_lists[name] += 1
                copies[name] += count
    card_rows = sorted(
        (CardRow(name=name, lists=in_lists[name], copies=copies[name]) for name in in_lists),
        key=lambda row: (-row.lists, -row.average, row.name.casefold(), row.name),
    )
    return Metagame(
        field=size,
        lists=len(lists),
        matches=len(finished),
        archetypes=tuple(rows),
        cards=tuple(card_rows if most_played is None else card_rows[:most_played]),
    )


def jaccard(first: Iterable[str], second: Iterable[str]) -> Fraction:
    """Card names shared over card names in either list; 0 for two empty lists."""
    a, b = set(first), set(second)
    either = a | b
    return Fraction(len(a & b), len(either)) if either else Fraction(0)


@dataclass(frozen=True)
class Suggestion:
    archetype: str
    similarity: Fraction


def suggest_archetype(cards: Iterable[str], named: Iterable[tuple[str, Iterable[str]]]) -> Suggestion | None:
    """The archetype of the named list (archetype, card names) most like ``cards``, if at least 30% alike."""
    return suggest_archetypes({0: cards}, named).get(0)


def suggest_archetypes(
    unnamed: Mapping[K, Iterable[str]], named: Iterable[tuple[str, Iterable[str]]]
) -> dict[K, Suggestion]:
    """:func:`suggest_archetype` for each of ``unnamed`` (key -> card names), the named lists read once.

    Only lists sharing a card can reach the threshold, so each unnamed list is compared with those alone,
    found through an index of card name -> named lists (3,000 named and 1,000 unnamed lists of 40 cards:
    about 1 s instead of 15 s comparing every pair, measured by hand on this project's machine).
    Similarities are compared as integers (shared x the best's union against the best's shared x this
    union), the Fraction made once for the answer."""
    lists = [(archetype, frozenset(cards)) for archetype, cards in named if archetype]
    holding: dict[str, list[int]] = {}
    for index, (_archetype, names) in enumerate(lists):
        for card in names:
            holding.setdefault(card, []).append(index)
    suggestions: dict[K, Suggestion] = {}
    for key, cards in unnamed.items():
        mine = set(cards)
        shared: Counter[int] = Counter()
        for card in mine:
            shared.update(holding.get(card, ()))
        best_shared, best_either = 0, 1
        tied: Counter[str] = Counter()
        for index, common in shared.items():
            archetype, theirs = lists[index]
            either = len(mine) + len(theirs) - common
            if common * best_either > best_shared * either:
                best_shared, best_either, tied = common, either, Counter({archetype: 1})
            elif common * best_either == best_shared * either:
                tied[archetype] += 1
        similarity = Fraction(best_shared, best_either)
        if tied and similarity >= SUGGESTION_THRESHOLD:
            archetype = min(tied, key=lambda name: (-tied[name], name.casefold(), name))
            suggestions[key] = Suggestion(archetype=archetype, similarity=similarity)
    return suggestions
