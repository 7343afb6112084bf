"""Where a match's duels stand, as the engine sees the finished ones: the tally, who chooses next, whether
the match is over. Asked of the rules engine every time (``match_result``), never worked out here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from matches.models import CoinToss, Duel, Match
from rules.engine import judge


class EngineAnswerMissing(Exception):
    """The engine did not rule on the match's duels (their record contradicts the rules): a judge looks."""


@dataclass(frozen=True)
class DuelState:
    """Where a match's duels stand, as the engine sees the finished ones.

    ``engine_choice`` is the engine's ``next_first_choice`` ("A", "B", "coin_toss" or None when the match
    is over); ``chooser`` is who chooses for ``next_duel`` once known (after a toss, its winner).
    """

    tally: dict[str, Any]
    over: bool
    engine_choice: str | None
    next_duel: int | None
    playing: Duel | None
    toss: CoinToss | None
    chooser: str | None
    duels: list[Duel] = field(default_factory=list)

    @property
    def needs_toss(self) -> bool:
        return self.next_duel is not None and self.engine_choice == "coin_toss" and self.toss is None


def match_tally(
    match: Match,
    results: list[str],
    *,
    choosers: list[str | None] | None = None,
    time_called: bool = False,
) -> dict[str, Any]:
    """The engine's ``outcome.match`` for these duel results (``time_called``: they are all there will be).

    A duel never played (a game loss given before it began) has no chooser: it goes to the engine as null.
    """
    action: dict[str, Any] = {
        "type": "match_result",
        "duels": results,
        "match_format": match.match_format,
        "time_called": time_called,
    }
    if choosers is not None:
        action["choosers"] = choosers
    ruling = judge({"game": match.round.event.game, "action": action})
    outcome = ruling.get("outcome") or {}
    if "match" not in outcome:
        raise EngineAnswerMissing(
            ruling.get("explanation") or gettext("The engine could not rule on these duels.")
        )
    tally: dict[str, Any] = outcome["match"]
    return tally


def finished_duels_tally(match: Match, finished: list[Duel], *, time_called: bool) -> dict[str, Any]:
    """The engine's tally of these finished duels, with who chose to play first in each."""
    results = [duel.result for duel in finished]
    choosers = [duel.chooser or None for duel in finished]
    return match_tally(match, results, choosers=choosers, time_called=time_called)


def duel_state(match: Match) -> DuelState:
    """Ask the engine about the finished duels: is the match over, and who chooses for the next duel.

    The writing services call it after locking the match, so that the answer cannot change under them. A
    duel still being played is ``playing`` and there is no next duel until it is final. Once time has been
    called and no duel is being played, the duels played are all there will be.
    """
    duels = list(match.duels.order_by("number"))
    finished = [duel for duel in duels if duel.result]
    playing = next((duel for duel in duels if not duel.result), None)
    time_called = match.time_called_at is not None and playing is None
    tally = finished_duels_tally(match, finished, time_called=time_called)
    over = bool(tally["over"]) or match.status == Match.Status.FINAL
    engine_choice = tally.get("next_first_choice")
    next_duel = None if over or playing is not None else len(duels) + 1
    toss = None
    chooser = None
    if next_duel is not None:
        if engine_choice == "coin_toss":
            toss = match.coin_tosses.filter(duel_number=next_duel).first()
            chooser = toss.winner if toss is not None else None
        else:
            chooser = engine_choice
    return DuelState(
        tally=tally,
        over=over,
        engine_choice=engine_choice,
        next_duel=next_duel,
        playing=playing,
        toss=toss,
        chooser=chooser,
        duels=duels,
    )
