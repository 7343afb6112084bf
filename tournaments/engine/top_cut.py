"""Top cut: single elimination seeded by the Swiss standings. Pure Python, no Django.

Seeds meet 1 vs N, 2 vs N-1, ... and the bracket is laid out so that, if the better seed always wins, 1 and 2
meet only in the final, 1 and 4 in the semi-final, and so on (the usual layout: for a top 8 the tables are
1-8, 4-5, 2-7, 3-6, and the winners of neighbouring tables meet next). The better seed is side ``a``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: neighbours meet in round 1, neighbouring pairs' winners next."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"a top cut is a power of two of at least 2 players, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round(seeded: Sequence[str]) -> list[tuple[str, str]]:
    """Round 1 of the top cut for players listed best seed first: (better seed, worse seed) per table."""
    order = bracket_order(len(seeded))
    return [(seeded[order[i] - 1], seeded[order[i + 1] - 1]) for i in range(0, len(order), 2)]


def next_round(winners: Sequence[str], seeds: Mapping[str, int]) -> list[tuple[str, str]]:
    """The next round from the previous round's winners in table order (tables 1 and 2's winners meet, ...),
    the better seed (smaller number in ``seeds``) as side ``a``."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError(f"a top cut round needs an even number of winners, not {len(winners)}")
    pairs = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
    return [(a, b) if seeds[a] < seeds[b] else (b, a) for a, b in pairs]


def bracket_size(players: int) -> int:
    """The smallest power of two (at least 2) that holds ``players``: a single-elimination bracket."""
    size = 2
    while size < players:
        size *= 2
    return size


def elimination_first_round(seeded: Sequence[str]) -> list[tuple[str, str | None]]:
    """Round 1 of a single-elimination bracket (no Swiss before it) for players listed best seed first, in
    bracket order, byes included as ``(player, None)``.

    A field that is not a power of two is padded with byes: the missing seeds are the worst ones, so the byes
    fall to the best seeds, one per table, spread over the bracket by :func:`bracket_order` (for 6 players in
    a bracket of 8, seeds 1 and 2, in opposite halves). As more than half the bracket is filled, every table
    has a player, every bye is in round 1 and nobody gets a second free round: round 2 is full.
    """
    size = bracket_size(len(seeded))
    order = bracket_order(size)
    field = len(seeded)
    return [
        (seeded[order[i] - 1], seeded[order[i + 1] - 1] if order[i + 1] <= field else None)
        for i in range(0, size, 2)
    ]
