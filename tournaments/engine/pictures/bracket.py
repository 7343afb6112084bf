"""A single-elimination bracket laid out as boxes and lines. Pure Python, no Django.

The input is the bracket's rounds as far as they are paired (:class:`BracketMatch`, round 1 in bracket
order: the matches that meet next are neighbours, as ``tournaments.engine.top_cut`` pairs them). The rounds
not paired yet are filled in by :func:`filled_rounds` from the winners known so far (a winner goes on to the
next round's match at once; a side not known yet is empty), so the picture fills in as results arrive.

:func:`layout` places round 1's matches one under the other, each later match halfway between the two it is
fed by, one column per round, and the champion's box after the final. Units are SVG user units; names longer
than :data:`NAME_LENGTH` characters are shortened with an ellipsis (the table beside the picture has them
whole).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

A: Final = "a"
B: Final = "b"

NAME_LENGTH: Final = 22
BOX_WIDTH: Final = 220
SEAT_HEIGHT: Final = 28
MATCH_GAP: Final = 20
COLUMN_GAP: Final = 36
HEADING_HEIGHT: Final = 30
SEED_WIDTH: Final = 30
WINS_WIDTH: Final = 28


@dataclass(frozen=True, slots=True)
class Seat:
    """A player in the bracket: their seed (1 the best), name and (for the caller's use, e.g. a username)
    who they are."""

    seed: int
    name: str
    player: str = ""


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match: its sides (None: not known yet, or for ``b`` the bye), the duels or games each won (None
    until the match is final) and the winning side (None until it is decided)."""

    a: Seat | None
    b: Seat | None
    wins_a: int | None = None
    wins_b: int | None = None
    winner: str | None = None
    bye: bool = False
    table: int | None = None

    @property
    def winning_seat(self) -> Seat | None:
        if self.bye:
            return self.a
        return self.a if self.winner == A else self.b if self.winner == B else None


def rounds_for(size: int) -> int:
    """How many rounds a bracket of ``size`` (a power of two, at least 2) plays: 1 for 2, 3 for 8."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"a bracket is a power of two of at least 2 players, not {size}")
    return size.bit_length() - 1


def filled_rounds(size: int, played: Sequence[Sequence[BracketMatch]]) -> list[list[BracketMatch]]:
    """Every round of the bracket: the ``played`` (paired) rounds as given, then each later round from the
    winners known so far, the better seed as side ``a`` once both sides are known."""
    total = rounds_for(size)
    if len(played) > total:
        raise ValueError(f"a bracket of {size} plays {total} rounds, not {len(played)}")
    rounds = [list(round_) for round_ in played]
    if not rounds:
        rounds.append([BracketMatch(None, None) for _ in range(size // 2)])
    for index, round_ in enumerate(rounds):
        expected = size // 2 ** (index + 1)
        if len(round_) != expected:
            raise ValueError(
                f"round {index + 1} of a bracket of {size} has {expected} matches, not {len(round_)}"
            )
    while len(rounds) < total:
        before = rounds[-1]
        following = []
        for upper, lower in zip(before[0::2], before[1::2], strict=True):
            a, b = upper.winning_seat, lower.winning_seat
            if a is not None and b is not None and b.seed < a.seed:
                a, b = b, a
            following.append(BracketMatch(a, b))
        rounds.append(following)
    return rounds


def champion(rounds: Sequence[Sequence[BracketMatch]]) -> Seat | None:
    """The winner of the final, once it is decided."""
    return rounds[-1][0].winning_seat if rounds and len(rounds[-1]) == 1 else None


def short_name(name: str, length: int = NAME_LENGTH) -> str:
    """``name`` as the picture prints it: whole, or cut to ``length`` characters ending in an ellipsis."""
    return name if len(name) <= length else name[: length - 1].rstrip() + "\u2026"


@dataclass(frozen=True, slots=True)
class SeatBox:
    """One side of a match box: where it is and what it says."""

    x: int
    y: int
    seed: str  # "" while the side is not known
    name: str  # shortened; "" while not known
    wins: str  # "" until the match is final
    won: bool
    lost: bool
    bye: bool
    empty: bool

    @property
    def text_y(self) -> int:
        return self.y + SEAT_HEIGHT // 2 + 5

    @property
    def seed_x(self) -> int:
        return self.x + SEED_WIDTH // 2

    @property
    def name_x(self) -> int:
        return self.x + SEED_WIDTH + 6

    @property
    def wins_x(self) -> int:
        return self.x + BOX_WIDTH - WINS_WIDTH // 2


@dataclass(frozen=True, slots=True)
class MatchBox:
    round_index: int  # 0 for the bracket's first round
    x: int
    y: int
    a: SeatBox
    b: SeatBox
    decided: bool

    @property
    def width(self) -> int:
        return BOX_WIDTH

    @property
    def height(self) -> int:
        return 2 * SEAT_HEIGHT

    @property
    def middle_y(self) -> int:
        return self.y + SEAT_HEIGHT


@dataclass(frozen=True, slots=True)
class Heading:
    """A round's column heading: ``players`` is how many players the round starts with (8: "Top 8")."""

    x: int
    y: int
    players: int


@dataclass(frozen=True, slots=True)
class ChampionBox:
    x: int
    y: int
    width: int
    height: int
    seed: int | None
    name: str  # "" until the final is decided

    @property
    def text_y(self) -> int:
        return self.y + self.height // 2 + 6


@dataclass(frozen=True, slots=True)
class BracketPicture:
    width: int
    height: int
    headings: tuple[Heading, ...]
    matches: tuple[MatchBox, ...]
    lines: tuple[str, ...]  # SVG path data
    champion: ChampionBox


def _seat_box(x: int, y: int, seat: Seat | None, match: BracketMatch, side: str) -> SeatBox:
    wins = match.wins_a if side == A else match.wins_b
    bye = match.bye and side == B
    decided = match.winning_seat is not None and not match.bye
    return SeatBox(
        x=x,
        y=y,
        seed=str(seat.seed) if seat is not None else "",
        name=short_name(seat.name) if seat is not None else "",
        wins="" if wins is None or match.bye else str(wins),
        won=decided and match.winner == side,
        lost=decided and match.winner not in (None, side),
        bye=bye,
        empty=seat is None and not bye,
    )


def layout(rounds: Sequence[Sequence[BracketMatch]]) -> BracketPicture:
    """Boxes, connecting lines and headings for ``rounds`` (as :func:`filled_rounds` gives them)."""
    if not rounds or not rounds[0]:
        raise ValueError("a bracket needs at least one match")
    first = len(rounds[0])
    step = 2 * SEAT_HEIGHT + MATCH_GAP
    centres: list[list[int]] = [[HEADING_HEIGHT + k * step + SEAT_HEIGHT for k in range(first)]]
    for index in range(1, len(rounds)):
        before = centres[-1]
        centres.append([(before[2 * k] + before[2 * k + 1]) // 2 for k in range(len(rounds[index]))])
    boxes: list[MatchBox] = []
    lines: list[str] = []
    headings: list[Heading] = []
    for index, round_ in enumerate(rounds):
        x = index * (BOX_WIDTH + COLUMN_GAP)
        headings.append(Heading(x=x + BOX_WIDTH // 2, y=HEADING_HEIGHT - 10, players=len(round_) * 2))
        for k, match in enumerate(round_):
            top = centres[index][k] - SEAT_HEIGHT
            boxes.append(
                MatchBox(
                    round_index=index,
                    x=x,
                    y=top,
                    a=_seat_box(x, top, match.a, match, A),
                    b=_seat_box(x, top + SEAT_HEIGHT, match.b, match, B),
                    decided=match.winning_seat is not None,
                )
            )
            if index > 0:
                middle = x - COLUMN_GAP // 2
                for feeder in (centres[index - 1][2 * k], centres[index - 1][2 * k + 1]):
                    lines.append(f"M{x - COLUMN_GAP} {feeder}H{middle}V{centres[index][k]}H{x}")
    final_x = len(rounds) * (BOX_WIDTH + COLUMN_GAP)
    lines.append(f"M{final_x - COLUMN_GAP} {centres[-1][0]}H{final_x}")
    winner = champion(rounds)
    champion_box = ChampionBox(
        x=final_x,
        y=centres[-1][0] - SEAT_HEIGHT // 2 - 4,
        width=BOX_WIDTH,
        height=SEAT_HEIGHT + 8,
        seed=winner.seed if winner is not None else None,
        name=short_name(winner.name) if winner is not None else "",
    )
    headings.append(Heading(x=final_x + BOX_WIDTH // 2, y=HEADING_HEIGHT - 10, players=1))
    height = HEADING_HEIGHT + first * step - MATCH_GAP + 2
    return BracketPicture(
        width=final_x + BOX_WIDTH + 2,
        height=height,
        headings=tuple(headings),
        matches=tuple(boxes),
        lines=tuple(lines),
        champion=champion_box,
    )
