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
  and clamped to its digits: 33, 0.726, 0.677 -> 33726677.

Magic (``game: mtg``), after points, each percentage floored at 1/3 where the spec says so:

- MW% = match points / (3 x rounds played, byes included), floored at 1/3 when used for ``omw``.
- game-win % (GW%) = game points / (3 x games played), a game won 3 and a drawn game 1 (Magic Tournament
  Rules); a bye counts as a 2-0. ``gw`` is the player's own GW% floored at 1/3; ``ogw`` the mean of the
  opponents' GW%, each floored at 1/3. Matches without a ``games`` tally add no games.

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
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from tournaments.engine.replay import Replay, read_replay

FORMAT: Final = "standings/1"
_ZERO: Final = Fraction(0)
_FLOOR: Final = Fraction(1, 3)


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


def _ratio(numerator: int, denominator: int) -> Fraction:
    return Fraction(numerator, denominator) if denominator else _ZERO


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


def _flips(player_ids: list[str]) -> list[str]:
    base = hashlib.sha256("".join(f"{player_id}\n" for player_id in sorted(player_ids)).encode())
    flips = []
    for player_id in player_ids:
        digest = base.copy()
        digest.update(player_id.encode())
        flips.append(digest.hexdigest()[:16])
    return flips


@dataclass(frozen=True, slots=True)
class _Table:
    """The standings' working columns (indexed like ``ids``) and the ranked order, before rows are built."""

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
    disagree on who leads; it skips the exact Fractions the rows carry, which cost most of the time on big
    events.
    """
    table = _table(replay)
    return [(table.ids[i], table.points[i]) for i in table.order]


def _table(replay: Replay) -> _Table:
    ids = [player.id for player in replay.players]
    index = {player_id: i for i, player_id in enumerate(ids)}
    count = len(ids)
    points = [0] * count
    wins = [0] * count  # against opponents; byes are counted apart
    byes = [0] * count
    losses = [0] * count
    draws = [0] * count
    rounds_played = [0] * count
    game_wins = [0] * count
    game_losses = [0] * count
    game_draws = [0] * count
    # Each player's opponents, with the match points the player earned in that match (for head-to-head).
    opponents: list[list[tuple[int, int]]] = [[] for _ in range(count)]

    # A late entry's missed Swiss rounds are match losses with no opponent: in Yu-Gi-Oh! they stay out of
    # MW% (no match against an opponent, like a bye); in Magic each is a round played for 0 points and a 0-2.
    swiss_numbers = [round_.number for round_ in replay.rounds if round_.stage == "swiss"]
    for player in replay.players:
        if player.joined_round > 1:
            missed = sum(1 for number in swiss_numbers if number < player.joined_round)
            i = index[player.id]
            losses[i] += missed
            rounds_played[i] += missed
            game_losses[i] += 2 * missed

    for round_ in replay.rounds:
        if round_.stage != "swiss":
            continue
        for match in round_.matches:
            a = index[match.a]
            rounds_played[a] += 1
            if match.result == "bye" or match.b is None:
                byes[a] += 1
                points[a] += 3
                game_wins[a] += 2
                continue
            b = index[match.b]
            rounds_played[b] += 1
            earned_a = earned_b = 0
            if match.result == "a":
                wins[a] += 1
                losses[b] += 1
                earned_a = 3
            elif match.result == "b":
                wins[b] += 1
                losses[a] += 1
                earned_b = 3
            elif match.result == "draw":
                draws[a] += 1
                draws[b] += 1
                earned_a = earned_b = 1
            else:  # double_loss
                losses[a] += 1
                losses[b] += 1
            points[a] += earned_a
            points[b] += earned_b
            opponents[a].append((b, earned_a))
            opponents[b].append((a, earned_b))
            if match.games is not None:
                game_wins[a] += match.games.a
                game_losses[a] += match.games.b
                game_wins[b] += match.games.b
                game_losses[b] += match.games.a
                game_draws[a] += match.games.draws
                game_draws[b] += match.games.draws

    # Exact percentages as integers over one common denominator per column, so means cost integer additions
    # and comparisons are exact; Fractions are built once per row at the end. Every MW% denominator and every
    # opponent count divides ``unit`` = lcm(1..rounds).
    swiss_rounds = max(rounds_played, default=0)
    unit = math.lcm(*range(1, swiss_rounds + 1))
    share = [unit // len(opponents[i]) if opponents[i] else 0 for i in range(count)]

    def mean_over_opponents(values: list[int]) -> list[int]:
        # sum(values[o] / unit) / k == sum(values[o]) * (unit // k) / unit**2: one more factor ``unit``.
        return [sum(values[o] for o, _ in opponents[i]) * share[i] for i in range(count)]

    names: tuple[str, ...]
    scaled: list[tuple[int, ...]]
    denominators: tuple[int, ...]
    numbers: list[int | None] = [None] * count
    if replay.game == "yugioh":
        names = ("omw", "oomw")
        mwp = [wins[i] * share[i] for i in range(count)]  # over unit
        omw = mean_over_opponents(mwp)  # over unit**2
        oomw = mean_over_opponents(omw)  # over unit**3
        scaled = list(zip(omw, oomw, strict=True))
        denominators = (unit**2, unit**3)
        numbers = [
            _tiebreak_number_scaled(points[i], omw[i], unit**2, oomw[i], unit**3) for i in range(count)
        ]
    else:
        names = ("omw", "gw", "ogw")
        # MW% over 3 * unit, floored at 1/3 == unit / (3 * unit).
        mwp = [
            max(points[i] * (unit // rounds_played[i]) if rounds_played[i] else 0, unit) for i in range(count)
        ]
        gwp_exact = [
            max(
                _ratio(3 * game_wins[i] + game_draws[i], 3 * (game_wins[i] + game_losses[i] + game_draws[i])),
                _FLOOR,
            )
            for i in range(count)
        ]
        game_unit = math.lcm(*{value.denominator for value in gwp_exact})
        gwp = [value.numerator * (game_unit // value.denominator) for value in gwp_exact]  # over game_unit
        scaled = list(zip(mean_over_opponents(mwp), gwp, mean_over_opponents(gwp), strict=True))
        denominators = (3 * unit * unit, game_unit, game_unit * unit)

    flips = _flips(ids)
    order = sorted(
        range(count), key=lambda i: (-points[i], *(-value for value in scaled[i]), flips[i], ids[i])
    )
    order = _break_full_ties(order, points, scaled, opponents, flips, ids)
    return _Table(
        ids=ids,
        order=order,
        points=points,
        wins=[wins[i] + byes[i] for i in range(count)],
        losses=losses,
        draws=draws,
        names=names,
        scaled=scaled,
        denominators=denominators,
        numbers=numbers,
        flips=flips,
    )


def _break_full_ties(
    order: list[int],
    points: list[int],
    scaled: list[tuple[int, ...]],
    opponents: list[list[tuple[int, int]]],
    flips: list[str],
    ids: list[str],
) -> list[int]:
    """Reorder each run of fully tied players by head-to-head points, then coin flip (already the order)."""
    result: list[int] = []
    start = 0
    while start < len(order):
        end = start + 1
        key = (points[order[start]], scaled[order[start]])
        while end < len(order) and (points[order[end]], scaled[order[end]]) == key:
            end += 1
        group = order[start:end]
        if len(group) > 1:
            members = set(group)
            head_to_head = {i: sum(earned for o, earned in opponents[i] if o in members) for i in group}
            group.sort(key=lambda i: (-head_to_head[i], flips[i], ids[i]))
        result.extend(group)
        start = end
    return result


def _printed(value: Fraction) -> float:
    return _round_half_up(value, 10_000) / 10_000


def compute(replay: Mapping[str, Any] | Replay) -> dict[str, Any]:
    """The ``standings/1`` document for an ``event-replay/1`` document (or an already read :class:`Replay`).

    Raises :class:`tournaments.engine.replay.ReplayError` when the document is not a valid replay.
    """
    parsed = replay if isinstance(replay, Replay) else read_replay(replay)
    swiss = [round_.number for round_ in parsed.rounds if round_.stage == "swiss"]
    standings: list[dict[str, Any]] = []
    for row in standings_rows(parsed):
        line: dict[str, Any] = {
            "rank": row.rank,
            "player": row.player,
            "points": row.points,
            "record": {"wins": row.wins, "losses": row.losses, "draws": row.draws},
            "tiebreakers": {name: _printed(value) for name, value in row.tiebreakers},
        }
        if row.tiebreak_number is not None:
            line["tiebreak_number"] = row.tiebreak_number
        line["tiebreak_flip"] = row.tiebreak_flip
        line["dropped"] = row.dropped
        standings.append(line)
    return {"format": FORMAT, "after_round": max(swiss, default=0), "standings": standings}
