"""Swiss standings and tiebreakers from an event replay (the ``standings/1`` output).

Implements "Standings output" in ``shared/spec/event-replay-format.md``. Pure Python, no Django.

Only ``swiss`` rounds count; ``top`` rounds are ignored and ``after_round`` is the last Swiss round's number
(0 when there is none). Every registered player has a row; dropped players stay, with ``dropped: true``.

Points: a win or a bye 3, a draw 1, a loss and each side of a double loss 0. In ``record`` a bye counts as a
win and a double loss as a loss for both players.

Yu-Gi-Oh! (``game: yugioh``), after points, no floor:

- match-win % (MW%) = wins / matches against opponents; byes are left out of both; 0 with no such match.
- ``omw`` = mean of the opponents' MW%; ``oomw`` = mean of the opponents' ``omw``.
- ``tiebreak_number`` = points (2 digits), omw x 1000 (3 digits), oomw x 1000 (3 digits), each rounded half up
  and clamped to its digits: 33, 0.726, 0.677 -> 33726677; printed as a string of 8 digits with its leading
  zeros (6 points, 0.25, 0.5 -> "06250500").

Magic (``game: mtg``), after points, each percentage floored where the spec says so (the Magic Tournament
Rules, appendix C: "if this number is lower than 0.33, use 0.33 instead"):

- MW% = match points / (3 x rounds played, byes included), floored when used for ``omw``
  (:func:`match_win_percentage`).
- game-win % (GW%) = game points / (3 x games played), a game won 3 and a drawn game 1 (Magic Tournament
  Rules); a bye counts as a 2-0. ``gw`` is the player's own GW%, floored; ``ogw`` the mean of the
  opponents' GW%, each floored (:func:`game_win_percentage`). Matches without a ``games`` tally add no games.
- The floor is the replay's ``tiebreak_floor`` (:data:`FLOORS`): exactly 33/100 by default, as the spec and
  appendix C write it, or exactly 1/3, which this product used before and the events created then keep
  (their structure table says so: ``tournaments.engine.event_structure.tiebreak_floor``). The two order
  some ties differently: an opponent at 0.33 counts 1/300 less than one at 1/3.

Late entries (``players[].joined_round`` N): each Swiss round numbered below N that the replay holds is a
match loss (0 points, a loss in ``record``) with no opponent. Yu-Gi-Oh! leaves it out of MW% (as a bye);
Magic counts it as a round played and a 0-2 in games (the mirror of a bye's 2-0).

Both games: byes are not opponents; an opponent met twice counts twice; the mean over no opponents is 0; a
percentage with nothing to count (no rounds, no games) is 0 before any floor.

Exactness: every percentage is a :class:`fractions.Fraction`, so ranks compare exact values (two players with
the same opponents' results always tie; float summation order cannot split them). Printed values are rounded
half up to 4 decimals.

Final rule for full ties (players equal on points and every tiebreaker; the spec asks the product to document
one; they never share a rank):

1. head-to-head: the match points each tied player earned in Swiss matches against the other tied players
   (for two players: the winner of their match first; a draw or no match leaves them tied);
2. a seeded coin flip: ``tiebreak_flip`` = the first 16 hex digits of sha256 over the event's player ids,
   sorted and each followed by a newline, then the player's own id (UTF-8). The lower flip goes first. It
   depends only on the replay, so the same input always gives the same order; every row carries its
   ``tiebreak_flip``.

Cost: one pass over the matches builds each player's opponent list; each percentage is then computed once per
player, so the whole is O(players + matches).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress, islice, repeat
from operator import add, eq, is_not, mul, neg
from typing import Any, Final, cast

from tournaments.engine.collector import cycle_collection_paused
from tournaments.engine.replay import (
    Match,
    Replay,
    ReplayColumns,
    RoundColumns,
    TiebreakFloor,
    columns_of,
    read_columns,
)

FORMAT: Final = "standings/1"

# The floors of Magic's percentages, exact, by the replay's ``tiebreak_floor``: appendix C's 0.33, and the
# one third this product used before (kept for the events created with it).
FLOORS: Final[Mapping[TiebreakFloor, Fraction]] = {"0.33": Fraction(33, 100), "1/3": Fraction(1, 3)}


def floored(value: Fraction, floor: Fraction) -> Fraction:
    """``value``, or ``floor`` when it is lower (Magic Tournament Rules, appendix C: "if this number is lower
    than 0.33, use 0.33 instead")."""
    return max(value, floor)


def match_win_percentage(match_points: int, rounds_played: int, floor: Fraction) -> Fraction:
    """A Magic player's match-win percentage as opponents' ``omw`` counts it (appendix C): match points over
    3 x rounds played (byes included), floored; no round played counts 0, so the floor."""
    return floored(Fraction(match_points, 3 * rounds_played) if rounds_played else Fraction(0), floor)


def game_win_percentage(game_points: int, games_played: int, floor: Fraction) -> Fraction:
    """A Magic player's game-win percentage (appendix C): game points (3 a game won, 1 a game drawn) over
    3 x games played, floored; no game played counts 0, so the floor."""
    return floored(Fraction(game_points, 3 * games_played) if games_played else Fraction(0), floor)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's line in the standings; ``tiebreakers`` holds exact values in the order they rank."""

    rank: int
    player: str
    points: int
    wins: int
    losses: int
    draws: int
    tiebreakers: tuple[tuple[str, Fraction], ...]
    tiebreak_number: int | None
    tiebreak_flip: str
    dropped: bool


def _round_half_up(value: Fraction, scale: int) -> int:
    """``value * scale`` rounded half up, in integers (Fraction arithmetic is slow on big events)."""
    numerator, denominator = value.numerator, value.denominator
    return (2 * numerator * scale + denominator) // (2 * denominator)


def tiebreak_number(points: int, omw: Fraction, oomw: Fraction) -> int:
    """Yu-Gi-Oh!'s 8-digit figure (spec, "Standings output"): points (2 digits), omw x 1000 (3 digits),
    oomw x 1000 (3 digits), each rounded half up and clamped; 33, 0.726, 0.677 -> 33726677."""
    return (
        min(max(points, 0), 99) * 1_000_000
        + min(_round_half_up(omw, 1000), 999) * 1000
        + min(_round_half_up(oomw, 1000), 999)
    )


def _tiebreak_number_scaled(points: int, omw: int, omw_unit: int, oomw: int, oomw_unit: int) -> int:
    """:func:`tiebreak_number` for ``omw / omw_unit`` and ``oomw / oomw_unit``, in integers only."""
    return (
        min(max(points, 0), 99) * 1_000_000
        + min((2 * omw * 1000 + omw_unit) // (2 * omw_unit), 999) * 1000
        + min((2 * oomw * 1000 + oomw_unit) // (2 * oomw_unit), 999)
    )


def _flips(player_ids: list[str], wanted: Iterable[int] | None = None) -> list[str]:
    """Each player's coin flip (module docstring); with ``wanted`` only those players' ("" for the rest)."""
    players = range(len(player_ids)) if wanted is None else list(wanted)
    flips = [""] * len(player_ids)
    if not players:  # no full tie, the usual large event: the digest of every id is not needed
        return flips
    base = hashlib.sha256("".join(f"{player_id}\n" for player_id in sorted(player_ids)).encode())
    for i in players:
        digest = base.copy()
        digest.update(player_ids[i].encode())
        flips[i] = digest.hexdigest()[:16]
    return flips


@dataclass(frozen=True, slots=True)
class _Tally:
    """Per player (indexed like the replay's players): what the Swiss matches add up to.

    ``opponents[i]`` has one entry per match against an opponent (one met twice is there twice), ``byes``
    every match counted as a bye, with its round's number.
    """

    wins: list[int]  # against opponents; byes are counted apart
    bye_count: list[int]
    losses: list[int]
    draws: list[int]
    game_wins: list[int]
    game_losses: list[int]
    game_draws: list[int]
    opponents: list[list[int]]
    byes: list[tuple[int, Match]]


@dataclass(frozen=True, slots=True)
class _Table:
    """The standings' working columns (indexed like ``ids``) and the ranked order, before rows are built.

    Each tiebreaker is an integer over its column's common denominator (``scaled[i][k] / denominators[k]``).
    """

    ids: list[str]
    order: list[int]
    points: list[int]
    wins: list[int]
    losses: list[int]
    draws: list[int]
    names: tuple[str, ...]
    scaled: list[tuple[int, ...]]
    denominators: tuple[int, ...]
    numbers: list[int | None]
    flips: list[str]
    tally: _Tally


@dataclass(frozen=True, slots=True)
class RankedHistory:
    """What pairing reads from the standings: the order and who met whom, indexed like the replay's players.

    ``order`` is the standing (best first, as :func:`standings_rows`), ``points`` each player's points,
    ``opponents[i]`` the players ``i`` met in Swiss matches, and ``byes`` the matches counted as byes with
    their round's number.
    """

    ids: list[str]
    order: list[int]
    points: list[int]
    opponents: list[list[int]]
    byes: list[tuple[int, Match]]


def standings_rows(replay: Replay) -> list[StandingRow]:
    """The Swiss standings of ``replay``, best first, ranks 1..n (see the module docstring for the rules)."""
    table = _table(replay)
    dropped = {drop.player for drop in replay.drops}
    ids = table.ids
    return [
        StandingRow(
            rank=rank,
            player=ids[i],
            points=table.points[i],
            wins=table.wins[i],
            losses=table.losses[i],
            draws=table.draws[i],
            tiebreakers=tuple(
                (name, Fraction(value, denominator))
                for name, value, denominator in zip(
                    table.names, table.scaled[i], table.denominators, strict=True
                )
            ),
            tiebreak_number=table.numbers[i],
            tiebreak_flip=table.flips[i],
            dropped=ids[i] in dropped,
        )
        for rank, i in enumerate(table.order, start=1)
    ]


def ranking(replay: Replay) -> list[tuple[str, int]]:
    """``(player, points)`` in standing order, best first: what pairing needs, without building the rows.

    The same order as :func:`standings_rows` (one computation behind both), so pairing and standings never
    disagree on who leads; it skips what only the rows show (exact Fractions, tiebreak numbers, the coin
    flips of players who are not fully tied), which costs most of the time on big events.
    """
    history = ranked_history(replay)
    ids, points = history.ids, history.points
    return [(ids[i], points[i]) for i in history.order]


def ranked_history(replay: Replay | ReplayColumns) -> RankedHistory:
    """The standing order with the opponents behind it (see :class:`RankedHistory`), for pairing."""
    table = _table(replay, rows=False)
    return RankedHistory(
        ids=table.ids,
        order=table.order,
        points=table.points,
        opponents=table.tally.opponents,
        byes=table.tally.byes,
    )


def _table(source: Replay | ReplayColumns, *, rows: bool = True) -> _Table:
    """The working columns and the order; ``rows=False`` leaves out what only the rows show (see ranking)."""
    replay = source if isinstance(source, ReplayColumns) else columns_of(source)
    ids = [player.id for player in replay.players]
    count = len(ids)
    swiss = [round_ for round_ in replay.rounds if round_.stage == "swiss"]
    tally = _tally(swiss, count)
    wins, byes, draws, opponents = tally.wins, tally.bye_count, tally.draws, tally.opponents

    # A late entry's missed Swiss rounds are match losses with no opponent: in Yu-Gi-Oh! they stay out of
    # MW% (no match against an opponent, like a bye); in Magic each is a round played for 0 points and a 0-2.
    losses, game_losses = tally.losses[:], tally.game_losses[:]
    missed = [0] * count
    swiss_numbers = [round_.number for round_ in swiss]
    for i, player in enumerate(replay.players):
        if player.joined_round > 1:
            missed[i] = sum(1 for number in swiss_numbers if number < player.joined_round)
            losses[i] += missed[i]
            game_losses[i] += 2 * missed[i]

    # Points are 3 a win or a bye and 1 a draw; rounds played are the opponents, the byes and the rounds
    # missed. Columns are combined by builtins (map over the lists), not a Python step per player.
    won = list(map(add, wins, byes))
    points = list(map(add, map(mul, won, repeat(3)), draws))
    met = list(map(len, opponents))
    rounds_played = list(map(add, map(add, met, byes), missed))

    # Exact percentages as integers over one common denominator per column, so means cost integer additions
    # and comparisons are exact; Fractions are built once per row at the end. Every MW% denominator and every
    # opponent count divides ``unit`` = lcm(1..rounds).
    swiss_rounds = max(rounds_played, default=0)
    unit = math.lcm(*range(1, swiss_rounds + 1))
    share = [unit // met[i] if met[i] else 0 for i in range(count)]

    def mean_over_opponents(values: list[int]) -> list[int]:
        # sum(values[o] / unit) / k == sum(values[o]) * (unit // k) / unit**2: one more factor ``unit``.
        return list(map(mul, map(sum, map(map, repeat(values.__getitem__), opponents)), share))

    names: tuple[str, ...]
    columns: tuple[list[int], ...]
    denominators: tuple[int, ...]
    numbers: list[int | None] = [None] * count
    if replay.game == "yugioh":
        names = ("omw", "oomw")
        mwp = list(map(mul, wins, share))  # over unit
        omw = mean_over_opponents(mwp)  # over unit**2
        oomw = mean_over_opponents(omw)  # over unit**3
        columns = (omw, oomw)
        denominators = (unit**2, unit**3)
        if rows:
            numbers = [
                _tiebreak_number_scaled(points[i], omw[i], unit**2, oomw[i], unit**3) for i in range(count)
            ]
    else:
        names = ("omw", "gw", "ogw")
        game_wins, game_draws = tally.game_wins, tally.game_draws
        floor = FLOORS[replay.tiebreak_floor]
        # MW% (match_win_percentage) over ``scale``, a multiple of both 3 * unit (every 3 x rounds played
        # divides it) and the floor's denominator (33/100: 100; 1/3: 3, already in 3 * unit), so the floor
        # is a whole number over it too and the comparison is exact.
        scale = math.lcm(3 * unit, floor.denominator)
        mw_floor = floor.numerator * (scale // floor.denominator)
        mwp = [
            max(points[i] * (scale // (3 * rounds_played[i])) if rounds_played[i] else 0, mw_floor)
            for i in range(count)
        ]
        # GW% (game_win_percentage) as a reduced fraction, floored (0 with no games, so the floor), over
        # one common denominator.
        gwp_exact = [
            _floored(
                3 * game_wins[i] + game_draws[i], 3 * (game_wins[i] + game_losses[i] + game_draws[i]), floor
            )
            for i in range(count)
        ]
        game_unit = math.lcm(*{denominator for _, denominator in gwp_exact})
        gwp = [
            numerator * (game_unit // denominator) for numerator, denominator in gwp_exact
        ]  # over game_unit
        columns = (mean_over_opponents(mwp), gwp, mean_over_opponents(gwp))
        denominators = (scale * unit, game_unit, game_unit * unit)
    scaled = list(zip(*columns, strict=True))

    # Best first: points, then each tiebreaker, all descending; players equal on all of them (full ties)
    # are then ordered by head-to-head and the coin flip.
    negated = [list(map(neg, column)) for column in (points, *columns)]
    keys = list(zip(*negated, strict=True))
    order = sorted(range(count), key=keys.__getitem__)
    ties = _full_ties(order, keys)
    flips = _flips(ids, None if rows else (i for start, end in ties for i in order[start:end]))
    if ties:
        head_to_head = _head_to_head(swiss, ids, [order[start:end] for start, end in ties])
        for start, end in ties:
            order[start:end] = sorted(order[start:end], key=lambda i: (-head_to_head[i], flips[i], ids[i]))
    return _Table(
        ids=ids,
        order=order,
        points=points,
        wins=won,
        losses=losses,
        draws=draws,
        names=names,
        scaled=scaled,
        denominators=denominators,
        numbers=numbers,
        flips=flips,
        tally=tally,
    )


def _tally(swiss: list[RoundColumns], count: int) -> _Tally:
    """What the Swiss matches add up to, in one pass over them (players by their index in the replay)."""
    wins = [0] * count
    bye_count = [0] * count
    losses = [0] * count
    draws = [0] * count
    game_wins = [0] * count
    game_losses = [0] * count
    game_draws = [0] * count
    opponents: list[list[int]] = [[] for _ in range(count)]
    byes: list[tuple[int, Match]] = []
    for round_ in swiss:
        sides_a = cast("list[int]", round_.a_index)  # every Swiss player is known (see columns_of)
        sides_b, results = round_.b_index, round_.results
        at_bye: list[int] = []  # who had a bye, in match order
        for a, b, result in zip(sides_a, sides_b, results, strict=True):
            if b is None or result == "bye":
                bye_count[a] += 1
                game_wins[a] += 2
                at_bye.append(a)
                continue
            if result == "a":
                wins[a] += 1
                losses[b] += 1
            elif result == "b":
                wins[b] += 1
                losses[a] += 1
            elif result == "draw":
                draws[a] += 1
                draws[b] += 1
            else:  # double_loss
                losses[a] += 1
                losses[b] += 1
            opponents[a].append(b)
            opponents[b].append(a)
        # The byes' matches, for pairing: each searched from the one before (a round has one or none).
        m = -1
        for a in at_bye:
            m = sides_a.index(a, m + 1)
            while not (sides_b[m] is None or results[m] == "bye"):
                m = sides_a.index(a, m + 1)
            match = Match(round_.tables[m], round_.a[m], round_.b[m], results[m], round_.games[m])
            byes.append((round_.number, match))
        if round_.games.count(None) == len(round_.games):  # no game tallies
            continue
        for a, b, result, games in zip(sides_a, sides_b, results, round_.games, strict=True):
            if games is None or b is None or result == "bye":
                continue
            game_wins[a] += games.a
            game_losses[a] += games.b
            game_wins[b] += games.b
            game_losses[b] += games.a
            game_draws[a] += games.draws
            game_draws[b] += games.draws
    return _Tally(
        wins=wins,
        bye_count=bye_count,
        losses=losses,
        draws=draws,
        game_wins=game_wins,
        game_losses=game_losses,
        game_draws=game_draws,
        opponents=opponents,
        byes=byes,
    )


def _floored(numerator: int, denominator: int, floor: Fraction) -> tuple[int, int]:
    """``numerator / denominator`` (0 over 0 is 0) floored at ``floor``, as a reduced (numerator,
    denominator): :func:`floored` in integers (a Fraction per player is slow on big events)."""
    if numerator * floor.denominator <= floor.numerator * denominator:  # at most the floor, or nothing
        return floor.numerator, floor.denominator
    divisor = math.gcd(numerator, denominator)
    return numerator // divisor, denominator // divisor


def _full_ties(order: list[int], keys: list[tuple[int, ...]]) -> list[tuple[int, int]]:
    """The runs of two or more players with equal ``keys`` in ``order``, as (start, end) positions."""
    ranked = list(map(keys.__getitem__, order))
    ties: list[tuple[int, int]] = []
    # Positions equal to the one before them, found by builtins; only those are walked.
    for position in compress(range(1, len(ranked)), map(eq, islice(ranked, 1, None), ranked)):
        if ties and ties[-1][1] == position:
            ties[-1] = (ties[-1][0], position + 1)
        else:
            ties.append((position - 1, position + 1))
    return ties


def _head_to_head(swiss: list[RoundColumns], ids: list[str], ties: list[list[int]]) -> dict[int, int]:
    """The match points each fully tied player earned in Swiss matches against the others tied with them."""
    group_of = {ids[i]: g for g, group in enumerate(ties) for i in group}
    earned = dict.fromkeys(group_of, 0)
    for round_ in swiss:
        # Only the matches whose side a is tied are walked (found by builtins): ties are usually few.
        groups = list(map(group_of.get, round_.a))
        for m in compress(range(len(groups)), map(is_not, groups, repeat(None))):
            a, b, result = round_.a[m], round_.b[m], round_.results[m]
            if result == "bye" or b is None or group_of.get(b) != groups[m]:
                continue
            if result == "a":
                earned[a] += 3
            elif result == "b":
                earned[b] += 3
            elif result == "draw":
                earned[a] += 1
                earned[b] += 1
    return {i: earned[ids[i]] for group in ties for i in group}


def _printed(value: int, denominator: int) -> float:
    """``value / denominator`` rounded half up to 4 decimals (as :func:`_round_half_up`, unreduced)."""
    return (2 * value * 10_000 + denominator) // (2 * denominator) / 10_000


def compute(replay: Mapping[str, Any] | Replay | ReplayColumns) -> dict[str, Any]:
    """The ``standings/1`` document for an ``event-replay/1`` document (or one already read).

    Raises :class:`tournaments.engine.replay.ReplayError` when the document is not a valid replay.
    """
    with cycle_collection_paused():
        return _compute(replay)


def _compute(replay: Mapping[str, Any] | Replay | ReplayColumns) -> dict[str, Any]:
    parsed = replay if isinstance(replay, (Replay, ReplayColumns)) else read_columns(replay)
    swiss = [round_.number for round_ in parsed.rounds if round_.stage == "swiss"]
    table = _table(parsed)
    dropped = {drop.player for drop in parsed.drops}
    ids, points, wins, losses, draws = table.ids, table.points, table.wins, table.losses, table.draws
    names, scaled, denominators = table.names, table.scaled, table.denominators
    numbers, flips = table.numbers, table.flips
    # The printed tiebreakers straight from the integer columns: the rows' Fractions are not needed here.
    standings: list[dict[str, Any]] = []
    for rank, i in enumerate(table.order, start=1):
        line: dict[str, Any] = {
            "rank": rank,
            "player": ids[i],
            "points": points[i],
            "record": {"wins": wins[i], "losses": losses[i], "draws": draws[i]},
            "tiebreakers": {
                name: _printed(value, denominator)
                for name, value, denominator in zip(names, scaled[i], denominators, strict=True)
            },
        }
        if numbers[i] is not None:
            # A string of 8 digits with its leading zeros ("06250500"), as the official software prints it
            # and players read it: as a number it would lose them in JSON, in a CSV and on the page.
            line["tiebreak_number"] = f"{numbers[i]:08d}"
        line["tiebreak_flip"] = flips[i]
        line["dropped"] = ids[i] in dropped
        standings.append(line)
    return {"format": FORMAT, "after_round": max(swiss, default=0), "standings": standings}
