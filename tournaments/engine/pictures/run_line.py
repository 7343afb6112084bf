"""A player's place after each Swiss round as a small line chart. Pure Python, no Django.

The first place is at the top (a better place is higher), one step to the right per round; every point is
labelled with its place, so the picture reads without its axis. Units are SVG user units.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

LEFT: Final = 44
RIGHT: Final = 20
TOP: Final = 24
BOTTOM: Final = 34
ROUND_STEP: Final = 80
PLOT_HEIGHT: Final = 140
MIN_STEPS: Final = 3  # a run of one or two rounds is drawn as wide as one of four


@dataclass(frozen=True, slots=True)
class RunPoint:
    round_number: int
    place: int
    x: int
    y: int

    @property
    def label_y(self) -> int:
        return self.y - 9


@dataclass(frozen=True, slots=True)
class Tick:
    at: int  # x for a round, y for a place
    label: int


@dataclass(frozen=True, slots=True)
class RunPicture:
    width: int
    height: int
    points: tuple[RunPoint, ...]
    line: str  # SVG polyline points
    rounds: tuple[Tick, ...]  # along the bottom
    places: tuple[Tick, ...]  # down the left: the first place and the last
    axis_y: int  # where the round numbers sit
    plot_bottom: int


def _y(place: int, players: int) -> int:
    if players <= 1:
        return TOP
    return TOP + round((place - 1) * PLOT_HEIGHT / (players - 1))


def run_line(places: Sequence[tuple[int, int]], players: int) -> RunPicture:
    """The chart for ``places`` ((round number, place after it), in round order) among ``players``."""
    if players < 1:
        raise ValueError("a run needs at least one player")
    for _, place in places:
        if not 1 <= place <= players:
            raise ValueError(f"a place is between 1 and {players}, not {place}")
    points = tuple(
        RunPoint(round_number=number, place=place, x=LEFT + index * ROUND_STEP, y=_y(place, players))
        for index, (number, place) in enumerate(places)
    )
    plot_bottom = TOP + PLOT_HEIGHT
    width = LEFT + max(len(points) - 1, MIN_STEPS) * ROUND_STEP + RIGHT
    return RunPicture(
        width=width,
        height=plot_bottom + BOTTOM,
        points=points,
        line=" ".join(f"{point.x},{point.y}" for point in points),
        rounds=tuple(Tick(at=point.x, label=point.round_number) for point in points),
        places=(Tick(at=_y(1, players), label=1), Tick(at=_y(players, players), label=players))
        if players > 1
        else (Tick(at=TOP, label=1),),
        axis_y=plot_bottom + 22,
        plot_bottom=plot_bottom,
    )
