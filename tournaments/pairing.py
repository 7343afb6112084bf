"""Next-round Swiss pairings from an event replay (pure Python, no Django).

``next_round(replay, seed)`` returns the spec's ``pairings/1`` document for the round after the last one in
the replay. What makes pairings good, in the spec's order, and how each is reached here:

1. **No rematch while a rematch-free pairing exists.** This is decided exactly, never by a greedy top-down
   pass: the players who may meet form a graph (an edge per pair that has not met) and Edmonds' blossom
   algorithm (augmenting paths in a general graph) says whether it has a perfect matching. Every later
   choice is made only if the players still to pair keep a perfect matching.
2. **No second bye while another eligible player has none**, and
3. **the bye to the lowest-ranked eligible player**: bye candidates are tried lowest-ranked first among the
   players without a bye, then among those with one; the first whose absence leaves a rematch-free perfect
   matching of the others gets the bye (rule 1 outranks rules 2 and 3).
4. **As few players as possible paired outside their points group, to the nearest group.** Points groups are
   paired top-down (the Dutch system's way): a bracket is the group plus the players floated down into it.
   Inside the bracket a maximum matching is grown by augmenting paths, the floaters first (so a floated
   player is paired in the next group whenever any maximum matching allows it) and then the group from its
   best-ranked player down (so the ones left to float are the lowest-ranked). If the players left over
   and the groups below then have no rematch-free perfect matching, the bracket falls back to pairing its
   players one by one, each with the first partner (same group, then the nearest group below) that keeps a
   perfect matching of the rest: always complete, but in that rare case not proven minimal in floaters.
   The count is minimised bracket by bracket from the top (how Swiss systems read "as few as possible").
5. **Within a group, opponents random (seeded):** augmenting paths scan candidates in a seeded shuffled
   order, so the pairs inside a group are a seeded random perfect matching, not an order by tiebreakers.

Round 1 (no round played yet) is a seeded shuffle paired two by two; the odd player out gets the bye.
If no rematch-free pairing exists at all, rematches are allowed; each bracket then first pairs without
rematches and only then with them, which keeps rematches few but does not prove their number minimal.

Ranks and points come from ``tournaments.standings`` (the replay is read and checked by
``tournaments.replay``), so pairing and standings never disagree on who leads. Tables are numbered by
standing: the pair holding the best-ranked player is table 1, the better-ranked player of a pair is ``a``,
and the bye comes last with the next table number (as in the spec's example). The randomness is
``random.Random`` seeded with the seed and the round number, so the same replay and seed always give the
same pairings.

Complexity: one augmenting-path search is O(n²) at worst (n players, with the blossom bookkeeping), and
there are O(n) of them per bracket check, so O(n³) at worst; in a real event almost every search ends at its
first free neighbour, so the work is close to O(n²) (scanning the candidate list), not O(n⁴).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tournaments.replay import Replay, ReplayError, read_replay
from tournaments.standings import standings_rows

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


def next_round(replay: Mapping[str, Any] | Replay, seed: int = 0) -> dict[str, Any]:
    """The next Swiss round's pairings for ``replay`` as a ``pairings/1`` document (see module docstring).

    Raises :class:`tournaments.replay.ReplayError` (every problem located) for a document that is not a
    valid event replay, or one whose top cut has started (there is no next Swiss round).
    """
    parsed = replay if isinstance(replay, Replay) else read_replay(replay)
    if any(round_.stage == "top" for round_ in parsed.rounds):
        started = "the top cut has started: there is no next Swiss round"
        raise ReplayError([{"path": "rounds", "message": started}])
    number = max((round_.number for round_ in parsed.rounds), default=0) + 1
    rows = standings_rows(parsed)  # best first; a dropped player stays in the standings, not in the pairing
    points = {row.player: row.points for row in rows}
    ranking = [row.player for row in rows if not row.dropped]
    rng = random.Random(f"pairing:{seed}:{number}")  # noqa: S311 -- fairness, not secrecy

    if not parsed.rounds:
        shuffled = ranking[:]
        rng.shuffle(shuffled)
        pairs = [(shuffled[i], shuffled[i + 1]) for i in range(0, len(shuffled) - 1, 2)]
        bye = shuffled[-1] if len(shuffled) % 2 else None
        return _document(number, seed, pairs, bye, ranking=None)

    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    for round_ in parsed.rounds:
        for match in round_.matches:
            if match.b is None:
                byes.add(match.a)
            else:
                met.add(frozenset((match.a, match.b)))
    pairs, bye = _pair(ranking, points, met, byes, rng)
    return _document(number, seed, pairs, bye, ranking=ranking)


def _pair(
    ranking: list[str],
    points: dict[str, int],
    met: set[frozenset[str]],
    byes: set[str],
    rng: random.Random,
) -> tuple[list[tuple[str, str]], str | None]:
    """Pairs and the bye for the players in ``ranking`` (best first), by the rules in the module docstring."""
    n = len(ranking)
    index = {pid: i for i, pid in enumerate(ranking)}
    played: list[set[int]] = [set() for _ in range(n)]
    for pair in met:
        a, b = tuple(pair)
        if a in index and b in index:
            played[index[a]].add(index[b])
            played[index[b]].add(index[a])

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
        candidates = sorted(range(n), key=lambda i: (ranking[i] in byes, -i))
        for i in candidates if rematch_free else []:
            if whole.try_fix([i]):
                bye = i
                break
        if bye is None:  # no rematch-free pairing at all: rules 2 and 3 alone
            bye = candidates[0]
            rematch_free = False
    players = [i for i in range(n) if i != bye]

    def anyone(i: int, j: int) -> bool:
        return i != j

    groups: dict[int, list[int]] = {}
    for i in players:
        groups.setdefault(points[ranking[i]], []).append(i)
    levels = sorted(groups, reverse=True)
    level_of = {i: points[ranking[i]] for i in players}

    pairs: list[tuple[int, int]] = []
    taken = [False] * n
    floaters: list[int] = []
    for k, level in enumerate(levels):
        group = [i for i in groups[level] if not taken[i]]
        bracket = floaters + group  # floaters first (best-ranked first), then the group by rank
        lower = [i for lv in levels[k + 1 :] for i in groups[lv] if not taken[i]]
        members = set(bracket)
        inside = _Matcher(n, fresh, [i for i in shuffled if i in members])
        inside.alive = [i in members for i in range(n)]
        inside.grow(bracket)
        if not rematch_free:
            inside.compatible = anyone
            inside.grow(bracket)
        left = inside.free()
        if rematch_free and not _perfect(n, fresh, shuffled, left + lower):
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
        raise AssertionError(f"unpaired players: {[ranking[i] for i in floaters]}")
    return [(ranking[i], ranking[j]) for i, j in pairs], ranking[bye] if bye is not None else None


def _perfect(n: int, compatible: Callable[[int, int], bool], order: list[int], vertices: list[int]) -> bool:
    """Whether ``vertices`` have a perfect matching (the bracket's leftovers first, as they are hardest)."""
    members = set(vertices)
    matcher = _Matcher(n, compatible, [i for i in order if i in members])
    matcher.alive = [i in members for i in range(n)]
    matcher.grow(vertices)
    return not matcher.free()


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
    number: int, seed: int, pairs: list[tuple[str, str]], bye: str | None, ranking: list[str] | None
) -> dict[str, Any]:
    """The ``pairings/1`` document: tables by standing (or in drawn order in round 1), the bye last."""
    if ranking is not None:
        position = {pid: i for i, pid in enumerate(ranking)}
        ordered = [(a, b) if position[a] < position[b] else (b, a) for a, b in pairs]
        pairs = sorted(ordered, key=lambda pair: position[pair[0]])
    matches: list[dict[str, Any]] = [{"table": t, "a": a, "b": b} for t, (a, b) in enumerate(pairs, start=1)]
    if bye is not None:
        matches.append({"table": len(matches) + 1, "a": bye, "b": None})
    return {"format": "pairings/1", "round": number, "seed": seed, "matches": matches}
