"""Duels: the coin toss, who chooses to play first, each player's report, and the match's tally.

Who chooses next, whether a coin toss decides, and when the match is over are asked of the rules engine
(``match_result`` in ``shared/spec/dispute-format.md``) every time: this module records the answers and
never repeats the rules.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from matches.models import CoinToss, Duel, DuelReport, Match, MatchResult, Side
from matches.selectors import duel_state, finished_duels_tally
from matches.services.access import (
    MatchConflict,
    MatchOver,
    match_lock,
    match_update,
    player_side,
    require_judge,
    require_open,
    side_name,
)
from rules.engine.end_of_round import DOUBLE_LOSS, match_at_time


class NotYourChoice(MatchConflict):
    """Someone other than the player the engine (or the coin) named tried to choose who plays first."""


class DuelAlreadyFinal(MatchConflict):
    """The duel already has an agreed result."""


def match_result_from_tally(tally: dict[str, Any]) -> str:
    """The match result ("a", "b" or "draw") of an engine tally that is over."""
    return MatchResult.DRAW if tally["draw"] else MatchResult(str(tally["winner"]).lower())


def match_finish(match: Match, *, result: str, games: tuple[int, int, int]) -> None:
    """Give the (locked) match its final result and tally, and a new version (``match_update``)."""
    won_a, won_b, drawn = games
    match_update(
        match, status=Match.Status.FINAL, result=result, games_a=won_a, games_b=won_b, games_drawn=drawn
    )


def match_settle(match: Match) -> dict[str, Any]:
    """After a duel's result changed: make the (locked) match final if the engine says it is over.

    A match that was final on its duels and is no longer over (a judge corrected a duel) goes back to
    being played. Returns the engine's tally.
    """
    duels = list(match.duels.order_by("number"))
    finished = [duel for duel in duels if duel.result]
    playing = len(finished) < len(duels)
    time_called = match.time_called_at is not None
    tally = finished_duels_tally(match, finished, time_called=time_called and not playing)
    games = (int(tally["wins"]["A"]), int(tally["wins"]["B"]), int(tally["draws"]))
    if tally["over"]:
        match_finish(match, result=match_result_from_tally(tally), games=games)
    elif time_called and match_at_time(match.round.event.end_of_round, False)[0] == DOUBLE_LOSS:
        # The 2025 Yu-Gi-Oh! revision: a match still not won after time was called stays lost by both,
        # whatever a judge corrects in its duels.
        match_finish(match, result=MatchResult.DOUBLE_LOSS, games=games)
    elif match.status == Match.Status.FINAL and duels:
        match.status, match.result = Match.Status.PLAYING, ""
        match.games_a = match.games_b = match.games_drawn = 0
        match.save(update_fields=["status", "result", "games_a", "games_b", "games_drawn"])
    return tally


Coin = Callable[[], str]


def _mtg(match: Match) -> bool:
    """Magic says "game" where Yu-Gi-Oh! says "duel": each message has a sentence for each."""
    return bool(match.round.event.game == "mtg")


def fair_coin() -> str:
    """A or B, from the operating system's randomness (``secrets``), not a seeded generator."""
    return secrets.choice((Side.A, Side.B))


@transaction.atomic
def match_coin_toss(*, match_id: int, by: User, coin: Coin = fair_coin) -> tuple[CoinToss, bool]:
    """Toss the coin for the next duel when the engine says a toss decides; returns the toss and if it is new.

    A player of the match or one of the event's judges may toss. Idempotent: a toss already made for that
    duel is returned as it is, never tossed again. ``coin`` is :func:`fair_coin` but in tests, which pass
    the side it lands on.
    """
    locked = match_lock(match_id)
    if locked.side_of(by.pk) is None:
        require_judge(locked, by)
    state = duel_state(locked)
    if state.over:
        raise MatchOver(
            gettext("The match is over: there is no game left to toss for.")
            if _mtg(locked)
            else gettext("The match is over: there is no duel left to toss for.")
        )
    if state.playing is not None:
        raise MatchConflict(
            (
                gettext("Game %(number)s is still being played.")
                if _mtg(locked)
                else gettext("Duel %(number)s is still being played.")
            )
            % {"number": state.playing.number}
        )
    assert state.next_duel is not None  # noqa: S101 - not over and nothing playing means a next duel
    if state.engine_choice != "coin_toss":
        values = {"number": state.next_duel, "name": side_name(locked, state.engine_choice)}
        raise MatchConflict(
            (
                gettext("No toss for game %(number)s: %(name)s chooses.")
                if _mtg(locked)
                else gettext("No toss for duel %(number)s: %(name)s chooses.")
            )
            % values
        )
    if state.toss is not None:
        return state.toss, False
    require_open(locked)
    toss = CoinToss.objects.create(match=locked, duel_number=state.next_duel, winner=coin())
    return toss, True


@transaction.atomic
def duel_start(*, match_id: int, player: User, choice: str) -> Duel:
    """The chooser for the next duel chooses to play first or second, and the duel begins.

    Refused (:class:`MatchConflict`) when the match is over, a duel is still being played, a coin toss is
    still due, or ``player`` is not the one who chooses; ``PermissionDenied`` for a stranger.
    """
    if choice not in Duel.Choice.values:
        raise ValidationError({"choice": [gettext("Choose to play first or second.")]})
    locked = match_lock(match_id)
    side = player_side(locked, player)
    require_open(locked)
    state = duel_state(locked)
    if state.over:
        raise MatchOver(
            gettext("The match is over: no more games.")
            if _mtg(locked)
            else gettext("The match is over: no more duels.")
        )
    if locked.time_called_at is not None:
        raise MatchConflict(
            gettext("Time has been called: no new game starts.")
            if _mtg(locked)
            else gettext("Time has been called: no new duel starts.")
        )
    if state.playing is not None:
        raise MatchConflict(
            (
                gettext("Game %(number)s has already started.")
                if _mtg(locked)
                else gettext("Duel %(number)s has already started.")
            )
            % {"number": state.playing.number}
        )
    assert state.next_duel is not None  # noqa: S101 - not over and nothing playing means a next duel
    if state.needs_toss:
        raise MatchConflict(
            (
                gettext("Toss the coin first: a toss decides who chooses to play or draw in game %(number)s.")
                if _mtg(locked)
                else gettext("Toss the coin first: a toss decides who chooses for duel %(number)s.")
            )
            % {"number": state.next_duel}
        )
    if state.chooser != side:
        values = {"number": state.next_duel, "name": side_name(locked, state.chooser)}
        raise NotYourChoice(
            (
                gettext("%(name)s chooses to play or draw in game %(number)s.")
                if _mtg(locked)
                else gettext("%(name)s chooses who plays first in duel %(number)s.")
            )
            % values
        )
    other = Side.B if side == Side.A else Side.A
    return Duel.objects.create(
        match=locked,
        number=state.next_duel,
        chooser=side,
        choice=choice,
        first_player=side if choice == Duel.Choice.FIRST else other,
    )


def validate_duel_result(result: str, reason: str) -> None:
    """A duel result is "A", "B" or "draw"; its reason one of :class:`Duel.Reason` or empty."""
    errors: dict[str, list[str]] = {}
    if result not in Duel.Result.values:
        errors["result"] = [gettext("Report who won, or a draw.")]
    if reason and reason not in Duel.Reason.values:
        errors["reason"] = [gettext("Choose how it ended from the list, or leave it empty.")]
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def duel_report(*, match_id: int, number: int, player: User, result: str, reason: str = "") -> Duel:
    """One player reports a duel. Two agreeing results make it final; differing ones dispute the match.

    Until the opponent reports, a player may report again (their report is replaced). When the duel
    becomes final the engine is asked whether the match is over; if so the match gets its final result.
    An agreed result keeps the reason both gave, or none when they gave different reasons.
    """
    validate_duel_result(result, reason)
    match = match_lock(match_id)
    player_side(match, player)
    duel = Duel.objects.get(match=match, number=number)
    if duel.result:
        raise DuelAlreadyFinal(
            (
                gettext("Game %(number)s already has a final result.")
                if _mtg(match)
                else gettext("Duel %(number)s already has a final result.")
            )
            % {"number": duel.number}
        )
    require_open(match)
    DuelReport.objects.update_or_create(
        duel=duel, player=player, defaults={"result": result, "reason": reason}
    )
    reports = list(duel.reports.all())
    if len(reports) < 2:
        return duel
    first, second = reports
    if first.result != second.result:
        match.status, match.result = Match.Status.DISPUTED, ""
        match.save(update_fields=["status", "result"])
        return duel
    duel.result = first.result
    duel.reason = first.reason if first.reason == second.reason else ""
    duel.finished_at = timezone.now()
    duel.save(update_fields=["result", "reason", "finished_at"])
    match_settle(match)
    return duel
