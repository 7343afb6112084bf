"""Every write to matches, their duels, reports and disputes. Each function owns its transaction.

Who chooses to play first next, whether a coin toss decides, and when the match is over are asked of the
rules engine (``match_result`` in ``shared/spec/dispute-format.md``) every time: this module records the
answers and never repeats the rules. Every write locks the match row first, so two players acting at once
are applied one after the other.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from matches.models import (
    CoinToss,
    Dispute,
    Duel,
    DuelReport,
    IdempotencyRecord,
    Match,
    MatchReport,
    MatchResult,
    Side,
    match_format_for_game,
)
from rules.engine import judge
from tournaments.models import Round


class MatchAlreadyFinal(Exception):
    """The match has a final result; only a judge may change it now."""


def match_create(*, round_: Round, table: int | None, player_a: User, player_b: User | None) -> Match:
    """Pair two players at a table (or give ``player_a`` a bye when ``player_b`` is None)."""
    if player_b is None:
        match, _ = Match.objects.get_or_create(
            round=round_,
            player_a=player_a,
            player_b=None,
            defaults={"table": None, "status": Match.Status.FINAL, "result": MatchResult.BYE},
        )
        return match
    match, _ = Match.objects.get_or_create(
        round=round_,
        table=table,
        defaults={
            "player_a": player_a,
            "player_b": player_b,
            "match_format": match_format_for_game(round_.event.game),
        },
    )
    return match


def _reports_agree(first: MatchReport, second: MatchReport) -> bool:
    return (first.result, first.games_a, first.games_b, first.games_drawn) == (
        second.result,
        second.games_a,
        second.games_b,
        second.games_drawn,
    )


@transaction.atomic
def match_report_result(
    *,
    match_id: int,
    player: User,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
) -> Match:
    """Record one player's report; two agreeing reports make the result final, two differing ones a dispute.

    The match row is locked first, so two players pressing "report" at the same moment are applied one
    after the other and the second sees the first's report.
    """
    match = Match.objects.select_for_update().get(pk=match_id)
    if player.pk not in (match.player_a_id, match.player_b_id):
        raise PermissionDenied("Only the two players of a match can report its result.")
    if match.status == Match.Status.FINAL:
        raise MatchAlreadyFinal(f"Match {match.pk} already has a final result.")
    MatchReport.objects.update_or_create(
        match=match,
        player=player,
        defaults={"result": result, "games_a": games_a, "games_b": games_b, "games_drawn": games_drawn},
    )
    reports = list(match.reports.all())
    if len(reports) == 2:
        if _reports_agree(*reports):
            match.status, match.result = Match.Status.FINAL, reports[0].result
        else:
            match.status, match.result = Match.Status.DISPUTED, ""
        match.save(update_fields=["status", "result"])
    return match


@transaction.atomic
def dispute_open(*, match_id: int, opened_by: User, summary: str) -> Dispute:
    """Take a disagreement at the table to the judges."""
    match = Match.objects.select_for_update().get(pk=match_id)
    return Dispute.objects.create(match=match, opened_by=opened_by, summary=summary)


# --- Duels, coin tosses and duel reports --------------------------------------------------------------


class DuelConflict(Exception):
    """The duel action clashes with the match's state (a 409): it is over, not your choice, already done."""


class MatchOver(DuelConflict):
    """The engine says the match is over (or it already has a final result): no more duels."""


class NotYourChoice(DuelConflict):
    """Someone other than the player the engine (or the coin) named tried to choose who plays first."""


class DuelAlreadyFinal(DuelConflict):
    """The duel already has an agreed result."""


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


def _ask_engine(match: Match, finished: list[Duel]) -> dict[str, Any]:
    ruling = judge(
        {
            "game": match.round.event.game,
            "action": {
                "type": "match_result",
                "duels": [duel.result for duel in finished],
                "match_format": match.match_format,
                "choosers": [duel.chooser for duel in finished],
            },
        }
    )
    outcome = ruling.get("outcome") or {}
    if "match" not in outcome:
        raise EngineAnswerMissing(ruling.get("explanation") or "The engine could not rule on these duels.")
    tally: dict[str, Any] = outcome["match"]
    return tally


def match_next_chooser(*, match: Match) -> DuelState:
    """Ask the engine about the finished duels: is the match over, and who chooses for the next duel.

    Reads only; the writing services call it after locking the match so that the answer cannot change
    under them. A duel still being played is ``playing`` and there is no next duel until it is final.
    """
    duels = list(match.duels.order_by("number"))
    finished = [duel for duel in duels if duel.result]
    playing = next((duel for duel in duels if not duel.result), None)
    tally = _ask_engine(match, finished)
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


def _lock(match_id: int) -> Match:
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .order_by("pk")
        .get(pk=match_id)
    )


def _side_of(match: Match, player: User) -> str:
    side = match.side_of(player.pk)
    if side is None:
        raise PermissionDenied("Only the two players of this match can do that.")
    return side


def _check_open(match: Match) -> None:
    if match.status == Match.Status.FINAL:
        raise MatchOver(f"Match {match.pk} already has a final result.")
    if match.status == Match.Status.DISPUTED:
        raise DuelConflict(f"Match {match.pk} is disputed: a judge decides before play goes on.")


@transaction.atomic
def match_coin_toss(*, match: Match, player: User | None = None) -> tuple[CoinToss, bool]:
    """Toss the coin for the next duel when the engine says a toss decides; returns the toss and if it is new.

    Idempotent: a toss already made for that duel is returned as it is, never tossed again. With
    ``player``, only a player of the match may toss. The coin is ``secrets.choice``, not a seeded generator.
    """
    locked = _lock(match.pk)
    if player is not None:
        _side_of(locked, player)
    state = match_next_chooser(match=locked)
    if state.over:
        raise MatchOver("The match is over: there is no duel left to toss for.")
    if state.playing is not None:
        raise DuelConflict(f"Duel {state.playing.number} is still being played.")
    assert state.next_duel is not None  # noqa: S101 - not over and nothing playing means a next duel
    if state.engine_choice != "coin_toss":
        raise DuelConflict(f"No toss for duel {state.next_duel}: player {state.engine_choice} chooses.")
    if state.toss is not None:
        return state.toss, False
    _check_open(locked)
    toss = CoinToss.objects.create(
        match=locked, duel_number=state.next_duel, winner=secrets.choice((Side.A, Side.B))
    )
    return toss, True


@transaction.atomic
def duel_start(*, match: Match, player: User, choice: str) -> Duel:
    """The chooser for the next duel chooses to play first or second, and the duel begins.

    Refused (:class:`DuelConflict`) when the match is over, a duel is still being played, a coin toss is
    still due, or ``player`` is not the one who chooses; :class:`PermissionDenied` for a stranger.
    """
    if choice not in Duel.Choice.values:
        raise ValidationError({"choice": [f"Choose one of: {', '.join(Duel.Choice.values)}."]})
    locked = _lock(match.pk)
    side = _side_of(locked, player)
    _check_open(locked)
    state = match_next_chooser(match=locked)
    if state.over:
        raise MatchOver("The match is over: no more duels.")
    if state.playing is not None:
        raise DuelConflict(f"Duel {state.playing.number} has already started.")
    assert state.next_duel is not None  # noqa: S101 - not over and nothing playing means a next duel
    if state.needs_toss:
        raise DuelConflict(f"Toss the coin first: a toss decides who chooses for duel {state.next_duel}.")
    if state.chooser != side:
        raise NotYourChoice(f"Player {state.chooser} chooses who plays first in duel {state.next_duel}.")
    other = Side.B if side == Side.A else Side.A
    return Duel.objects.create(
        match=locked,
        number=state.next_duel,
        chooser=side,
        choice=choice,
        first_player=side if choice == Duel.Choice.FIRST else other,
    )


def _validate_report(result: str, reason: str) -> None:
    errors: dict[str, list[str]] = {}
    if result not in Duel.Result.values:
        errors["result"] = [f"Report one of: {', '.join(Duel.Result.values)}."]
    if reason and reason not in Duel.Reason.values:
        errors["reason"] = [f"Leave it empty or give one of: {', '.join(Duel.Reason.values)}."]
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def duel_report(*, duel: Duel, player: User, result: str, reason: str = "") -> Duel:
    """One player reports a duel. Two agreeing results make it final; differing ones dispute the match.

    Until the opponent reports, a player may report again (their report is replaced). When the duel
    becomes final the engine is asked whether the match is over; if so the match gets its final result.
    An agreed result keeps the reason both gave, or none when they gave different reasons.
    """
    _validate_report(result, reason)
    match = _lock(duel.match_id)
    _side_of(match, player)
    duel = Duel.objects.get(pk=duel.pk)
    if duel.result:
        raise DuelAlreadyFinal(f"Duel {duel.number} already has a final result.")
    _check_open(match)
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
    state = match_next_chooser(match=match)
    if state.tally["over"]:
        match.status = Match.Status.FINAL
        match.result = (
            MatchResult.DRAW if state.tally["draw"] else MatchResult(str(state.tally["winner"]).lower())
        )
        match.save(update_fields=["status", "result"])
    return duel


# --- Idempotency-Key ----------------------------------------------------------------------------------


class IdempotencyKeyReused(Exception):
    """The Idempotency-Key was already used by this user for a different request."""


def request_fingerprint(*, method: str, path: str, body: Any) -> str:
    """What identifies a request for an Idempotency-Key: the same key with another request is refused."""
    canonical = json.dumps([method.upper(), path, body], sort_keys=True, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _stored(user: User, key: str, fingerprint: str) -> IdempotencyRecord:
    record = IdempotencyRecord.objects.get(user=user, key=key)
    if record.fingerprint != fingerprint:
        raise IdempotencyKeyReused(f"Idempotency-Key {key!r} was already used for another request.")
    return record


@transaction.atomic
def idempotent_call(
    *, user: User, key: str, fingerprint: str, produce: Callable[[], tuple[int, dict[str, Any]]]
) -> tuple[int, dict[str, Any], bool]:
    """Run ``produce`` once per (user, key); returns its status and body, and whether this is a replay.

    The record is inserted before the work, in the same transaction: a concurrent retry with the same key
    waits on the unique constraint until the first commits, then replays its response (on a rollback it
    goes ahead itself). Responses ``produce`` returns, errors included, are stored with the work.
    """
    try:
        with transaction.atomic():
            record = IdempotencyRecord.objects.create(
                user=user, key=key, fingerprint=fingerprint, status_code=0, response={}
            )
    except IntegrityError:
        stored = _stored(user, key, fingerprint)
        return stored.status_code, stored.response, True
    status_code, body = produce()
    record.status_code, record.response = status_code, body
    record.save(update_fields=["status_code", "response"])
    return status_code, body, False
