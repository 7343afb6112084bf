"""Next-round Swiss pairings from an event replay (pure Python, no Django).

``next_round(replay, seed)`` returns the spec's ``pairings/1`` document for the round after the last one in
the replay (the search and why it is exact: ``docs/decisions/0004-swiss-pairing.md``). Who is paired: the
players not dropped whose ``joined_round`` has come; a player with ``byes`` K gets a bye in rounds 1..K
without asking anything else (those byes are not "a bye" for rule 2 and never take the odd player's bye).
What makes pairings good, in the spec's order, and how each is reached here:

1. **No rematch while a rematch-free pairing exists**, decided exactly, never by a greedy top-down pass.
2. **No second bye while another eligible player has none**, and
3. **the bye to the lowest-ranked eligible player**: bye candidates in that order; the first whose absence
   leaves a rematch-free pairing of the others gets it (rule 1 outranks rules 2 and 3).
4. **As few players as possible paired outside their points group, to the nearest group**, read as Swiss
   systems read it: the number of pairs crossing each boundary between points groups is minimised from the
   top boundary down (lexicographically). ``_Brackets`` searches the floaters of each group (see its
   docstring): every boundary with an odd number of players above must be crossed once, and a side whose
   players cannot all pair among themselves must send its leftovers across, so a result meeting those
   bounds is optimal and is normally found on the first path; otherwise the search backtracks, exactly,
   within a budget (over it, it keeps its first rematch-free completion and says nothing of optimality).
5. **Within a group, opponents random (seeded):** a large bracket is shuffled and its rematches swapped
   away; a small one is matched exactly in a seeded shuffled order.

If the bracket search finds no rematch-free pairing with the first bye candidate, the whole-graph search
(Edmonds' blossom algorithm, ``_Matcher``) decides: it tries the bye candidates in order, and when no
rematch-free pairing exists at all it pairs with **the fewest rematches possible** (the largest
rematch-free matching, completed: no pairing has fewer), each player from the top taking the nearest
partner that keeps that minimum reachable (groups respected greedily there, not proven minimal).

Round 1 (no round played yet) is a seeded shuffle paired two by two; the odd player out gets the bye.

Ranks and points come from ``tournaments.engine.standings.ranking`` (the same computation as the standings),
so pairing and standings never disagree on who leads. Tables are numbered by standing: the pair holding the
best-ranked player is table 1, the better-ranked player of a pair is ``a``; a pair with a ``fixed_table``
player sits at that table (the better-ranked one's if both have one) and the other tables skip it; byes come
last (up-front byes, then the bye). The randomness is ``random.Random`` seeded with the seed and the round
number, so the same replay and seed always give the same pairings.

Cost: the bracket search is about linear in the players when it meets its bounds on the first path (each
group shuffled and repaired once); the whole-graph search is O(n^3) at worst and meant for small events.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import attrgetter, not_
from typing import Any

from tournaments.engine.collector import cycle_collection_paused
from tournaments.engine.replay import Player, Replay, ReplayColumns, ReplayError, read_columns
from tournaments.engine.standings import RankedHistory, ranked_history

# --------------------------------------------------------------------------------------------------------
# Maximum matching in a general graph (Edmonds' blossom algorithm, one augmenting path per search).
# --------------------------------------------------------------------------------------------------------


class _Matcher:
    """A matching over vertices ``0..n-1`` with an edge where ``compatible(i, j)``.

    ``order`` is the order in which a vertex's neighbours are scanned (a seeded shuffle gives random pairs).
    Vertices can be removed (``alive``); a removed vertex is never matched.
    """

    def __init__(self, n: int, compatible: Callable[[int, int], bool], order: Sequence[int]) -> None:
        self.n = n
        self.compatible = compatible
        self.order = list(order)
        self.mate = [-1] * n
        self.alive = [True] * n

    def _neighbours(self, v: int) -> Iterable[int]:
        alive, compatible = self.alive, self.compatible
        return (u for u in self.order if u != v and alive[u] and compatible(v, u))

    def augment(self, root: int) -> bool:
        """Find an augmenting path from the free vertex ``root`` and flip it; False when there is none.

        Once a search from a vertex fails, it keeps failing while the matching only grows by augmenting
        paths (a standard lemma), so callers try each free vertex once.
        """
        n, mate = self.n, self.mate
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for u in self._neighbours(v):
                if base[v] == base[u] or mate[v] == u:
                    continue
                if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                    b = lca(v, u)
                    blossom = [False] * n
                    mark(v, b, u, blossom)
                    mark(u, b, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = b
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[u] == -1:
                    parent[u] = v
                    if mate[u] == -1:
                        while u != -1:
                            pv = parent[u]
                            nxt = mate[pv]
                            mate[u], mate[pv] = pv, u
                            u = nxt
                        return True
                    used[mate[u]] = True
                    queue.append(mate[u])
        return False

    def grow(self, roots: Iterable[int]) -> None:
        """Augment from each free, alive root in turn: the matching covers the earliest roots it can."""
        for v in roots:
            if self.alive[v] and self.mate[v] == -1:
                self.augment(v)

    def free(self) -> list[int]:
        return [v for v in range(self.n) if self.alive[v] and self.mate[v] == -1]

    def remove(self, v: int) -> int:
        """Take ``v`` out; return its former partner (now free) or -1."""
        w = self.mate[v]
        if w != -1:
            self.mate[w] = -1
            self.mate[v] = -1
        self.alive[v] = False
        return w

    def try_fix(self, vertices: Sequence[int]) -> bool:
        """Remove ``vertices`` if the alive rest then has a maximum matching as big as before, else undo.

        With a perfect matching now (or one free vertex, for the bye), that says the rest stays perfect.
        """
        saved = (self.mate[:], self.alive[:])
        partners = [self.remove(v) for v in vertices]
        freed = [w for w in partners if w != -1 and self.alive[w]]
        for w in freed:
            if self.mate[w] == -1 and not self.augment(w):
                self.mate, self.alive = saved
                return False
        return True


# --------------------------------------------------------------------------------------------------------
# Pairing.
# --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairingHistory:
    """What pairing the next Swiss round reads from a replay (:func:`pairing_history`): the round's number,
    the standing with who met whom, the dropped players and, only when some player has a late entry, byes up
    front or a fixed seat, every player (``players`` is empty for the usual event).

    It depends on the replay alone, not on the seed: a server computes it once per version of the event's
    history and keeps it, and pairing or re-pairing with any seed then costs the search alone.
    """

    number: int
    played: bool  # a round has been played: round 1 is a draw instead
    ranked: RankedHistory
    dropped: frozenset[str]
    players: tuple[Player, ...]


def pairing_history(replay: Mapping[str, Any] | Replay | ReplayColumns) -> PairingHistory:
    """Read ``replay`` for :func:`pair_next_round`.

    Raises :class:`tournaments.engine.replay.ReplayError` (every problem located) for a document that is not a
    valid event replay, or one whose top cut has started (there is no next Swiss round).
    """
    with cycle_collection_paused():
        return _pairing_history(replay)


def _pairing_history(replay: Mapping[str, Any] | Replay | ReplayColumns) -> PairingHistory:
    parsed = replay if isinstance(replay, (Replay, ReplayColumns)) else read_columns(replay)
    if any(round_.stage == "top" for round_ in parsed.rounds):
        started = "the top cut has started: there is no next Swiss round"
        raise ReplayError([{"path": "rounds", "message": started}])
    players = parsed.players
    special = bool(players) and (
        max(map(_joined_round, players)) > 1 or any(map(_byes, players)) or any(map(_fixed_table, players))
    )
    return PairingHistory(
        number=max((round_.number for round_ in parsed.rounds), default=0) + 1,
        played=bool(parsed.rounds),
        ranked=ranked_history(parsed),
        dropped=frozenset(drop.player for drop in parsed.drops),
        players=players if special else (),
    )


def next_round(replay: Mapping[str, Any] | Replay | ReplayColumns, seed: int = 0) -> dict[str, Any]:
    """The next Swiss round's pairings for ``replay`` as a ``pairings/1`` document (see module docstring).

    Raises :class:`tournaments.engine.replay.ReplayError` (every problem located) for a document that is not a
    valid event replay, or one whose top cut has started (there is no next Swiss round).
    """
    with cycle_collection_paused():
        return pair_next_round(pairing_history(replay), seed)


def pair_next_round(pairing: PairingHistory, seed: int = 0) -> dict[str, Any]:
    """:func:`next_round` on a replay already read by :func:`pairing_history`."""
    with cycle_collection_paused():
        return _pair_next_round(pairing, seed)


def _pair_next_round(pairing: PairingHistory, seed: int) -> dict[str, Any]:
    number, history, players = pairing.number, pairing.ranked, pairing.players
    # Best first; dropped players stay in the standings, not in the pairing. Indexes are the replay's players.
    ids, dropped = history.ids, pairing.dropped
    ranked = list(map(ids.__getitem__, history.order))
    entered = list(compress(history.order, map(not_, map(dropped.__contains__, ranked))))
    if players:  # a late entry, byes up front or a fixed seat: each player is looked at
        entered = [i for i in entered if players[i].joined_round <= number]
        awarded = [ids[i] for i in entered if players[i].byes >= number]  # byes earned before the event
        paired = [i for i in entered if players[i].byes < number]
        fixed = {ids[i]: table for i in entered if (table := players[i].fixed_table) is not None}
    else:  # the usual event: everyone not dropped is paired (found by builtins, not a step per player)
        awarded, paired, fixed = [], entered, {}
    order = list(map(ids.__getitem__, paired))
    rng = random.Random(f"pairing:{seed}:{number}")  # noqa: S311 -- fairness, not secrecy

    if not pairing.played:
        shuffled = order[:]
        rng.shuffle(shuffled)
        pairs = [(shuffled[i], shuffled[i + 1]) for i in range(0, len(shuffled) - 1, 2)]
        bye = shuffled[-1] if len(shuffled) % 2 else None
        return _document(number, seed, pairs, bye, awarded, shuffled, fixed)

    # Who met whom, from the standings' opponents (every round is Swiss here): ``place`` maps a replay
    # index to its place in ``order``, -1 (never a candidate) for a player not paired now. Built by builtins
    # (map, deque) rather than a statement per player, and kept as lists: a player has met one opponent a
    # round, so a membership test scans a dozen entries, and building 4,096 sets cost more than all the
    # tests the search makes.
    place = [-1] * len(ids)
    deque(map(place.__setitem__, paired, range(len(paired))), maxlen=0)
    faced = map(map, repeat(place.__getitem__), map(history.opponents.__getitem__, paired))
    played: list[list[int]] = list(map(list, faced))
    index = dict(zip(order, range(len(order)), strict=True))
    had_bye = [False] * len(order)
    for number_of_round, match in history.byes:
        a = index.get(match.a)
        if match.b is None:
            up_front = players[paired[a]].byes if players and a is not None else 0
            if a is not None and number_of_round > up_front:  # up-front byes do not count
                had_bye[a] = True
            continue
        b = index.get(match.b)  # a match with an opponent and the result "bye" (a replay built in code)
        if a is not None and b is not None:
            played[a].append(b)
            played[b].append(a)
    level = list(map(history.points.__getitem__, paired))
    pair_indexes, bye_index = _pair(level, played, had_bye, rng)
    pairs = [(order[i], order[j]) for i, j in pair_indexes]
    bye = order[bye_index] if bye_index is not None else None
    return _document(number, seed, pairs, bye, awarded, order, fixed)


_joined_round, _byes, _fixed_table = attrgetter("joined_round"), attrgetter("byes"), attrgetter("fixed_table")


def _pair(
    level: list[int], played: list[list[int]], had_bye: list[bool], rng: random.Random
) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs and the bye for players ``0..n-1`` (best first; ``level`` their points), by the module's rules.

    The bye goes to the first candidate (rules 2 and 3) and the bracket search pairs the others; only if it
    finds no rematch-free pairing with that bye (or gives up on a pathological event) does the whole-graph
    search decide, which also handles unavoidable rematches.
    """
    n = len(level)
    # Bye order, rules 2 and 3: players without a bye first, each part lowest-ranked first.
    lowest_first, had = range(n - 1, -1, -1), had_bye[::-1]
    candidates = [*compress(lowest_first, map(not_, had)), *compress(lowest_first, had)]
    bye = candidates[0] if n % 2 else None
    others = list(range(n)) if bye is None else [*range(bye), *range(bye + 1, n)]
    found = _Brackets(others, level, played, rng).run()
    if found is not None:
        return found, bye
    return _exact(n, level, played, candidates, rng)


# --------------------------------------------------------------------------------------------------------
# The bracket search: who floats out of each points group, fewest first, exactly; pairs inside at random.
# --------------------------------------------------------------------------------------------------------

_EXACT_BRACKET = 48  # brackets up to this size are paired by exact matching, larger ones at random first
_SHUFFLE_TRIES = 3  # fresh shuffles of a large bracket before its exact matching is asked
_BUDGET = 2000  # bracket pairings tried before the search keeps its first completion (4x: it hands over)
_SUBSETS = 4000  # floater sets one bracket may offer before the search hands over


class _GiveUp(Exception):
    """The search went over its budget; the whole-graph search decides instead."""


class _Brackets:
    """Lexicographically fewest floaters, top group first, with no rematch; ``run`` returns the pairs.

    Bracket k is points group k plus ``S[k-1]``, the players floated down into it. The search picks
    ``S[k]``, the bracket's players paired below it: the rest of the bracket must pair among themselves with
    no rematch and without two floaters from above meeting (they would not have floated), and the groups
    below must take ``S[k]``. The players above boundary k pair among themselves except ``S[k]``, so
    ``len(S[k])`` has the parity of the number of players above: that parity is a lower bound at every
    boundary, and a result meeting it everywhere is optimal, which ends the search at once (the usual
    case: one search path, no backtracking). Otherwise the search is depth first over floater sets by
    size, each size only if no smaller one completes, the group's own lowest-ranked players before floaters
    from above (who would skip a group), with each (bracket, floaters) outcome remembered. Exhaustive
    within its budget, so the result is exact; over budget it gives up rather than guess.

    A bracket's inside pairs do not change what the groups below can do, so each is drawn once: seeded
    random pairs with rematches swapped away (large brackets), else exact matching in a seeded order.
    """

    def __init__(self, players: list[int], level: list[int], played: list[list[int]], rng: random.Random):
        # Runs of equal points, in order (players come best first).
        self.groups: list[list[int]] = [list(run) for _, run in itertools.groupby(players, level.__getitem__)]
        self.played, self.rng = played, rng
        self.bound = self._bounds()
        self.n = len(level)
        self.spent = 0
        self.memo: dict[
            tuple[int, tuple[int, ...]], tuple[tuple[int, ...], list[tuple[int, int]]] | None
        ] = {}

    def _bounds(self) -> list[int]:
        """A lower bound on the pairs crossing each boundary (the one below group k), for every k.

        At least the parity of the players above; and at least as many as the players on either side who
        cannot all pair among themselves without a rematch leave over (the deficiency of a maximum matching),
        counted near the top and the bottom of the standings, where small groups that have met make it bite.
        """
        count = len(self.groups)
        bound = []
        above = 0
        for group in self.groups:
            above += len(group)
            bound.append(above % 2)
        for ends in (range(count - 1), range(count - 1, 0, -1)):
            side: list[int] = []
            boundaries: list[int] = []
            sizes: list[int] = []
            for k in ends:
                if len(side) + len(self.groups[k]) > _EXACT_BRACKET:
                    break
                side.extend(self.groups[k])
                boundaries.append(k if ends.step == 1 else k - 1)
                sizes.append(len(side))
            for boundary, deficiency in zip(boundaries, self._deficiencies(side, sizes), strict=True):
                bound[boundary] = max(bound[boundary], deficiency)
        return bound

    def _deficiencies(self, players: list[int], sizes: list[int]) -> list[int]:
        """For each ``size``, how many of ``players[:size]`` a maximum rematch-free matching among them leaves
        unpaired.

        One matching grows with the prefix: each larger prefix starts from the smaller one's maximum matching,
        pairs its new players greedily, and augments from every vertex still free, once each, which reaches a
        maximum (the lemma in :meth:`_Matcher.augment`).
        """
        played = self.played

        def compatible(a: int, b: int) -> bool:
            return players[b] not in played[players[a]]

        matcher = _Matcher(len(players), compatible, range(len(players)))
        matcher.alive = [False] * len(players)
        mate = matcher.mate
        deficiencies = []
        start = 0
        for size in sizes:
            matcher.alive[:size] = repeat(True, size)
            # Players who never met pair at once, greedily; the search then only augments from those left
            # over (only the matching's size is read here, never its pairs).
            for a in range(start, size):
                if mate[a] == -1:
                    b = next((b for b in range(a + 1, size) if mate[b] == -1 and compatible(a, b)), -1)
                    if b != -1:
                        mate[a], mate[b] = b, a
            matcher.grow(range(size))
            deficiencies.append(len(matcher.free()))
            start = size
        return deficiencies

    def run(self) -> list[tuple[int, int]] | None:
        """The pairs, or None when no rematch-free pairing exists with these players (or over budget)."""
        if not self.groups:
            return []
        try:
            found = self._solve(0, ())
        except _GiveUp:
            return None
        return found[1] if found is not None else None

    def _solve(
        self, k: int, incoming: tuple[int, ...]
    ) -> tuple[tuple[int, ...], list[tuple[int, int]]] | None:
        """The fewest floater sizes from bracket k down given ``incoming``, and the pairs; None if none."""
        key = (k, incoming)
        if key in self.memo:
            return self.memo[key]
        group = self.groups[k]
        bracket = [*incoming, *group]
        last = k + 1 == len(self.groups)
        best: tuple[tuple[int, ...], list[tuple[int, int]]] | None = None
        preferred = group[::-1] + list(incoming[::-1])  # the group's lowest-ranked float first
        for size in range(len(bracket) % 2, 1 if last else len(bracket) + 1, 2):
            if math.comb(len(bracket), size) > _SUBSETS:
                raise _GiveUp
            for floats in itertools.combinations(preferred, size):
                drop = set(floats)
                inside = self._inside([i for i in bracket if i not in drop], set(incoming))
                if inside is None:
                    continue
                below: tuple[tuple[int, ...], list[tuple[int, int]]] | None = ((), [])
                if not last:
                    below = self._solve(k + 1, tuple(sorted(floats)))
                if below is None:
                    continue
                sizes = (size, *below[0])
                if best is None or sizes < best[0]:
                    best = (sizes, inside + below[1])
                if list(below[0]) == self.bound[k + 1 :] or self.spent > _BUDGET:
                    break  # the groups below meet their lower bound (nothing is better), or out of budget
            if best is not None:
                break  # a larger floater set here is worse than any completion found with this size
        self.memo[key] = best
        return best

    def _inside(self, stay: list[int], apart: set[int]) -> list[tuple[int, int]] | None:
        """A rematch-free pairing of ``stay`` in which no two of ``apart`` meet, or None when none exists."""
        self.spent += 1
        if self.spent > 4 * _BUDGET:
            raise _GiveUp
        played = self.played
        if len(stay) > _EXACT_BRACKET:
            quick = self._random_inside(stay, apart)
            if quick is not None:
                return quick
        # Exact matching on the bracket alone (local indices keep each search the bracket's size).
        size = len(stay)
        local = [(stay[a], stay[a] in apart) for a in range(size)]

        def compatible(a: int, b: int) -> bool:
            (i, i_apart), (j, j_apart) = local[a], local[b]
            return j not in played[i] and not (i_apart and j_apart)

        order = list(range(size))
        self.rng.shuffle(order)
        matcher = _Matcher(size, compatible, order)
        matcher.grow([*(a for a in range(size) if local[a][1]), *(a for a in range(size) if not local[a][1])])
        if matcher.free():
            return None
        return [(stay[a], stay[matcher.mate[a]]) for a in range(size) if matcher.mate[a] > a]

    def _random_inside(self, stay: list[int], apart: set[int]) -> list[tuple[int, int]] | None:
        """Seeded random pairs for a large bracket: floaters from above first, the rest shuffled, repaired."""
        played, rng = self.played, self.rng
        pairs: list[tuple[int, int]] = []
        rest = [i for i in stay if i not in apart]
        for floater in (i for i in stay if i in apart):
            partners = [j for j in rest if j not in played[floater]]
            if not partners:
                return None
            partner = partners[rng.randrange(len(partners))]
            pairs.append((floater, partner))
            rest.remove(partner)
        inside = _pair_group(rest, played, rng)
        return None if inside is None else pairs + inside


def _pair_group(
    members: list[int], played: list[list[int]], rng: random.Random
) -> list[tuple[int, int]] | None:
    """A seeded random rematch-free pairing of ``members`` (even), or None if swaps cannot repair one."""
    if not members:
        return []
    for _ in range(_SHUFFLE_TRIES):
        order = members[:]
        rng.shuffle(order)
        pairs = [[order[i], order[i + 1]] for i in range(0, len(order), 2)]
        if _repair(pairs, played, rng):
            return [(a, b) for a, b in pairs]
    return None


def _repair(pairs: list[list[int]], played: list[list[int]], rng: random.Random) -> bool:
    """Swap partners between a rematch pair and another pair until none is left; False if one is stuck."""
    count = len(pairs)
    for k in range(count):
        a, b = pairs[k]
        if b not in played[a]:
            continue
        start = rng.randrange(count)
        for step in range(count):
            m = (start + step) % count
            if m == k:
                continue
            c, d = pairs[m]
            if c not in played[a] and d not in played[b] and (m > k or d not in played[c]):
                pairs[k], pairs[m] = [a, c], [b, d]
                break
            if d not in played[a] and c not in played[b]:
                pairs[k], pairs[m] = [a, d], [b, c]
                break
        else:
            return False
    return all(b not in played[a] for a, b in pairs)


# --------------------------------------------------------------------------------------------------------
# Exact search (blossom matching), for what the fast path cannot prove.
# --------------------------------------------------------------------------------------------------------


def _exact(
    n: int, level: list[int], played: list[list[int]], candidates: list[int], rng: random.Random
) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs and bye by exact matching: rematch-free when possible, else with the fewest rematches."""

    def fresh(i: int, j: int) -> bool:
        return i != j and j not in played[i]

    shuffled = list(range(n))
    rng.shuffle(shuffled)
    whole = _Matcher(n, fresh, shuffled)
    whole.grow(range(n))
    free = whole.free()
    rematch_free = len(free) == n % 2

    bye: int | None = None
    if n % 2:
        for i in candidates if rematch_free else []:
            if whole.try_fix([i]):
                bye = i
                break
        if bye is None:  # rematches cannot be avoided: the bye that needs the fewest, in bye order
            bye = _fewest_rematch_bye(n, fresh, shuffled, candidates, whole)
            rematch_free = False
    players = [i for i in range(n) if i != bye]
    if not rematch_free:
        return _fewest_rematches(n, players, level, played, rng), bye

    groups: dict[int, list[int]] = {}
    for i in players:
        groups.setdefault(level[i], []).append(i)
    levels = sorted(groups, reverse=True)
    level_of = {i: level[i] for i in players}

    if n % 2 and bye != candidates[0]:  # not the bye the bracket search was first asked with
        searched = _Brackets(players, level, played, rng).run()
        if searched is not None:
            return searched, bye

    # The bracket search gave up (over budget): bracket by bracket, each kept completable.
    pairs: list[tuple[int, int]] = []
    taken = [False] * n
    floaters: list[int] = []
    for k, lv in enumerate(levels):
        group = [i for i in groups[lv] if not taken[i]]
        bracket = floaters + group  # floaters first (best-ranked first), then the group by rank
        lower = [i for low in levels[k + 1 :] for i in groups[low] if not taken[i]]
        members = set(bracket)
        inside = _Matcher(n, fresh, [i for i in shuffled if i in members])
        inside.alive = [i in members for i in range(n)]
        inside.grow(bracket)
        left = inside.free()
        if not _perfect(n, fresh, shuffled, left + lower):
            # The maximum matching left the wrong players over (or took partners the groups below need):
            # pair one by one, each time keeping a perfect matching of the rest.
            chosen = _fallback(n, fresh, shuffled, bracket, lower, level_of, levels, rng)
            for i, j in chosen:
                taken[i] = taken[j] = True
                pairs.append((i, j))
            floaters = []
            continue
        for i in bracket:
            j = inside.mate[i]
            if j > i:
                pairs.append((i, j))
                taken[i] = taken[j] = True
        floaters = sorted(left)
    if floaters:  # only when rematch_free was wrong, which cannot happen; kept as a guard
        raise AssertionError(f"unpaired players: {floaters}")
    return pairs, bye


def _fewest_rematch_bye(
    n: int, fresh: Callable[[int, int], bool], order: list[int], candidates: list[int], whole: _Matcher
) -> int:
    """The first bye candidate (in bye order) that needs the fewest rematches for the others.

    Leaving one player out lowers the largest rematch-free matching by at most one, so a candidate that keeps
    it reaches the minimum; if none does, every candidate needs the same number and the first one is taken.
    """
    for i in candidates:
        if (
            _largest(n, fresh, order, [j for j in range(n) if j != i])
            == sum(1 for v in whole.mate if v != -1) // 2
        ):
            return i
    return candidates[0]


def _largest(n: int, compatible: Callable[[int, int], bool], order: list[int], vertices: list[int]) -> int:
    """The size of a maximum matching of ``vertices`` under ``compatible``."""
    members = set(vertices)
    matcher = _Matcher(n, compatible, [i for i in order if i in members])
    matcher.alive = [i in members for i in range(n)]
    matcher.grow(vertices)
    return (len(vertices) - len(matcher.free())) // 2


def _fewest_rematches(
    n: int, players: list[int], level: list[int], played: list[list[int]], rng: random.Random
) -> list[tuple[int, int]]:
    """Pairs with the fewest rematches possible, then points groups respected top-down as far as that allows.

    Any perfect pairing's fresh pairs form a rematch-free matching, and a maximum one completed by pairing
    the rest arbitrarily has no more rematches, so the minimum is ``pairs - largest fresh matching``. Each
    player from the top takes the nearest partner (own group first, fresh before a rematch) that keeps
    that minimum reachable for the players left.
    """

    def fresh(i: int, j: int) -> bool:
        return i != j and j not in played[i]

    order = list(range(n))
    rng.shuffle(order)
    left = sorted(players)
    budget = len(left) // 2 - _largest(n, fresh, order, left)
    levels = sorted({level[i] for i in players}, reverse=True)
    pairs: list[tuple[int, int]] = []
    while left:
        i = left[0]
        rest = left[1:]
        rng.shuffle(rest)
        rest.sort(key=lambda j: (levels.index(level[j]), j in played[i]))
        for j in rest:
            cost = 1 if j in played[i] else 0
            others = [v for v in left if v not in (i, j)]
            need = len(others) // 2 - _largest(n, fresh, order, others)
            if cost + need <= budget:
                budget -= cost
                pairs.append((i, j))
                left = others
                break
        else:  # pragma: no cover -- some partner is on an optimal pairing
            raise AssertionError("no partner keeps the fewest rematches")
    return pairs


def _perfect(n: int, compatible: Callable[[int, int], bool], order: list[int], vertices: list[int]) -> bool:
    """Whether ``vertices`` have a perfect matching (the bracket's leftovers first, as they are hardest)."""
    return _largest(n, compatible, order, vertices) * 2 == len(vertices)


def _fallback(
    n: int,
    compatible: Callable[[int, int], bool],
    order: list[int],
    bracket: list[int],
    lower: list[int],
    level_of: dict[int, int],
    levels: list[int],
    rng: random.Random,
) -> list[tuple[int, int]]:
    """Pair each bracket player in turn with the nearest partner that keeps a perfect matching of the rest."""
    members = set(bracket) | set(lower)
    oracle = _Matcher(n, compatible, [i for i in order if i in members])
    oracle.alive = [i in members for i in range(n)]
    oracle.grow(sorted(members))
    pairs: list[tuple[int, int]] = []
    for i in bracket:
        if not oracle.alive[i]:
            continue
        same = [j for j in bracket if j != i and oracle.alive[j]]
        rng.shuffle(same)
        below = [j for j in lower if oracle.alive[j]]
        rng.shuffle(below)
        below.sort(key=lambda j: levels.index(level_of[j]))
        for j in same + below:
            if compatible(i, j) and oracle.try_fix([i, j]):
                pairs.append((min(i, j), max(i, j)))
                break
        else:  # pragma: no cover -- the rest had a perfect matching, so some partner keeps one
            raise AssertionError("no partner keeps the pairing complete")
    return pairs


def _document(
    number: int,
    seed: int,
    pairs: list[tuple[str, str]],
    bye: str | None,
    awarded: list[str],
    ranking: list[str],
    fixed: dict[str, int],
) -> dict[str, Any]:
    """The ``pairings/1`` document: tables by ``ranking`` (the standing, or the draw in round 1), byes last.

    A pair with a fixed-seat player sits at that table (the better-ranked one's if both have one); the other
    pairs take the free table numbers in order, then the up-front byes and the bye take the next ones.
    """
    position = dict(zip(ranking, range(len(ranking)), strict=True))
    ordered = [(a, b) if position[a] < position[b] else (b, a) for a, b in pairs]
    ordered.sort(key=lambda pair: position[pair[0]])
    rows: list[tuple[str, str | None]] = [*ordered, *((pid, None) for pid in awarded)]
    if bye is not None:
        rows.append((bye, None))
    if not fixed:  # the usual event: the rows take tables 1, 2, ... in order
        matches = [{"table": table, "a": a, "b": b} for table, (a, b) in enumerate(rows, start=1)]
        return {"format": "pairings/1", "round": number, "seed": seed, "matches": matches}
    seats: dict[tuple[str, str | None], int] = {}
    for a, b in ordered:
        table = fixed.get(a, fixed.get(b))
        if table is not None:
            seats[(a, b)] = table
    used = set(seats.values())
    table = 0
    for row in rows:
        if row in seats:
            continue
        table += 1
        while table in used:
            table += 1
        seats[row] = table
    if used:  # without fixed seats in play the rows took their tables in order already
        rows.sort(key=lambda row: seats[row])
    matches = [{"table": seats[row], "a": row[0], "b": row[1]} for row in rows]
    return {"format": "pairings/1", "round": number, "seed": seed, "matches": matches}
