"""Judging: a judge enters or corrects results at any time, and gives penalties; every change is audited.

Every result a judge writes (the match result, one duel, or the duels a game loss decides) leaves a
:class:`ResultChange` row with who, when, the before and after, and the judge's reason, so the players can
see a correction of their result and an organizer can trace it.

Choices written down here:

- Entering the same result again is logged again rather than refused: it is an explicit act (a judge
  confirming a result after a dispute), and a retried API call is covered by the Idempotency-Key.
- A game loss is a duel won by the opponent with reason "penalty": the duel being played if there is one,
  else a new duel record nobody chose for (chooser, choice and first player empty). The rules engine then
  decides whether the match is over and who chooses next (the loser of a duel chooses: the penalized
  player), exactly as for a duel the players reported.
- The match result a judge enters stands until the duels change again: a later duel correction or game
  loss asks the engine, which decides the match from its duels.
- A game or match loss on a match already over is refused (:class:`MatchOver`): the judge corrects the
  result with :func:`match_result_set` instead. A disqualification at a match that is over only drops the
  player from the event.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, override

from accounts.users import display_name
from matches.models import GENERATED_INFRACTIONS, Duel, Match, MatchResult, Penalty, ResultChange, Side
from matches.selectors import EngineAnswerMissing, duel_state
from matches.services.access import (
    MatchConflict,
    MatchOver,
    impossible_tally,
    match_lock,
    require_judge,
    require_winner_in_top_cut,
)
from matches.services.duels import match_finish, match_settle, validate_duel_result
from matches.services.reports import tally_possible
from rules.words import said

JUDGE_RESULTS = (MatchResult.A, MatchResult.B, MatchResult.DRAW, MatchResult.DOUBLE_LOSS)
MAX_GAMES = 9


def match_snapshot(match: Match) -> dict[str, Any]:
    """The match result as the audit log keeps it."""
    return {
        "status": match.status,
        "result": match.result,
        "games_a": match.games_a,
        "games_b": match.games_b,
        "games_drawn": match.games_drawn,
    }


def duel_snapshot(duel: Duel | None) -> dict[str, Any]:
    """One duel's result as the audit log keeps it; a duel that did not exist yet has none."""
    if duel is None:
        return {"result": "", "reason": ""}
    return {"result": duel.result, "reason": duel.reason}


def _require_note(note: str) -> str:
    note = note.strip()
    if not note:
        raise ValidationError({"note": [gettext("Say why: the players see the reason for every change.")]})
    return note


def _require_two_players(match: Match) -> None:
    # A bye has no opponent: there is no result to give to anyone (the database forbids one).
    if match.player_b_id is None:
        raise MatchConflict(gettext("A bye has no opponent and no result to change."))


def _reports_differ(reports: list[tuple[Any, ...]]) -> bool:
    return len(reports) == 2 and reports[0] != reports[1]


def _undispute_if_settled(match: Match) -> None:
    """A disputed match goes back to being played once no duel and no match report is left in disagreement."""
    if match.status != Match.Status.DISPUTED:
        return
    for duel in match.duels.filter(result=""):
        if _reports_differ([(report.result,) for report in duel.reports.all()]):
            return
    match_reports = [(r.result, r.games_a, r.games_b, r.games_drawn) for r in match.reports.all()]
    if _reports_differ(match_reports):
        return
    match.status = Match.Status.PLAYING
    match.save(update_fields=["status"])


def _settle(match: Match) -> None:
    """Ask the engine about the duels as they stand now; a record it cannot rule on is refused, not saved."""
    try:
        match_settle(match)
    except EngineAnswerMissing as missing:
        raise ValidationError(
            {
                "result": [
                    gettext("The duels would no longer make sense: %(reason)s Correct the later duels first.")
                    % {"reason": missing}
                ]
            }
        ) from missing
    _undispute_if_settled(match)


def duel_result_record(
    match: Match,
    duel: Duel,
    *,
    judge: User,
    result: str,
    reason: str,
    note: str,
    note_sentence: dict[str, Any] | None = None,
    before: dict[str, Any] | None = None,
    details: dict[str, Any] | None = None,
) -> Duel:
    """Give a duel of the (locked) match a result a judge decided, and let the engine re-decide the match.

    Every way a judge decides a duel goes through here (a correction, a game loss, a confirmed ruling, an
    unfinished duel at time), so each one is audited alike: the ``ResultChange`` row keeps ``before`` (the
    duel as it was, by default) and the result after, with ``details`` such as the LP totals at time.
    """
    before = duel_snapshot(duel) if before is None else before
    duel.result, duel.reason = result, reason
    duel.finished_at = duel.finished_at or timezone.now()
    duel.save(update_fields=["result", "reason", "finished_at"])
    _settle(match)
    ResultChange.objects.create(
        match=match,
        duel_number=duel.number,
        changed_by=judge,
        before=before,
        after={**duel_snapshot(duel), **(details or {})},
        note=note,
        note_sentence=note_sentence,
    )
    return duel


def generated_note(template: str, **values: Any) -> tuple[str, dict[str, Any]]:
    """A note Arbiter writes itself on a result change: the English kept in ``note`` and the sentence
    (template and values, a value may be a nested sentence) each reader reads in their language."""
    sentence = {"template": template, "values": values}
    with override("en"):
        english = said(sentence)
    if english is None:  # a template and values that do not fit: a programming error, caught by the tests
        raise ValueError(f"the note {template!r} does not fit its values {sorted(values)}")
    return english, sentence


@transaction.atomic
def match_result_set(
    *,
    match_id: int,
    judge: User,
    result: str,
    games_a: int = 0,
    games_b: int = 0,
    games_drawn: int = 0,
    note: str,
) -> Match:
    """A judge enters or corrects the match result, at any time: playing, disputed or already final.

    The tally must be one the rules engine can end with that result (a double loss takes any counts).
    The match becomes final with it; the change is written to the audit log with the judge's reason.
    """
    match = match_lock(match_id)
    require_judge(match, judge)
    _require_two_players(match)
    note = _require_note(note)
    if result not in JUDGE_RESULTS:
        raise ValidationError({"result": [gettext("Choose the result from the list.")]})
    require_winner_in_top_cut(match, result)
    games = (games_a, games_b, games_drawn)
    if any(count < 0 or count > MAX_GAMES for count in games):
        raise ValidationError(
            {
                "games_a": [
                    gettext("Counts of duels are whole numbers from 0 to %(max)s.") % {"max": MAX_GAMES}
                ]
            }
        )
    if result != MatchResult.DOUBLE_LOSS and not tally_possible(match, result=result, games=games):
        raise ValidationError({"games_a": [impossible_tally(match, result=result, games=games)]})
    before = match_snapshot(match)
    match_finish(match, result=result, games=games)
    ResultChange.objects.create(
        match=match, duel_number=None, changed_by=judge, before=before, after=match_snapshot(match), note=note
    )
    return match


@transaction.atomic
def duel_result_set(
    *, match_id: int, number: int, judge: User, result: str, reason: str = "", note: str
) -> Duel:
    """A judge sets or corrects one duel's result (settling differing reports, or fixing a final one).

    The engine then re-decides the match: final if over, back to being played if a correction reopened it
    (or if this settled the only disagreement of a disputed match).
    """
    match = match_lock(match_id)
    require_judge(match, judge)
    _require_two_players(match)
    note = _require_note(note)
    validate_duel_result(result, reason)
    duel = match.duels.filter(number=number).first()
    if duel is None:
        raise ValidationError(
            {
                "number": [
                    (
                        gettext("Game %(number)s has not started: there is no result to set.")
                        if match.round.event.game == "mtg"
                        else gettext("Duel %(number)s has not started: there is no result to set.")
                    )
                    % {"number": number}
                ]
            }
        )
    return duel_result_record(match, duel, judge=judge, result=result, reason=reason, note=note)


def _game_loss(match: Match, *, loser: str, judge: User, note: tuple[str, dict[str, Any]]) -> int:
    """Give ``loser``'s opponent the duel being played, or a new never-played duel; returns its number."""
    state = duel_state(match)
    if state.over:
        raise MatchOver(gettext("The match is over: correct its result instead of giving a game loss."))
    winner = Side.B if loser == Side.A else Side.A
    duel = state.playing
    before = duel_snapshot(duel)
    if duel is None:
        # Nobody chose for a duel never played: the models allow exactly this shape for a penalty.
        duel = Duel.objects.create(
            match=match,
            number=len(state.duels) + 1,
            chooser="",
            choice="",
            first_player="",
            result=winner,
            reason=Duel.Reason.PENALTY,
        )
    duel_result_record(
        match,
        duel,
        judge=judge,
        result=winner,
        reason=Duel.Reason.PENALTY,
        note=note[0],
        note_sentence=note[1],
        before=before,
    )
    return duel.number


def _penalty_note(*, kind: str, player: User, infraction: str, note: str) -> tuple[str, dict[str, Any]]:
    """The audit note of a duel a penalty decided, e.g. "Game loss for Seto Kaiba: Marked cards"."""
    with override("en"):
        penalty = str(Penalty.Kind(kind).label)  # the English label is its catalogue entry
    values: dict[str, Any] = {
        "penalty": {"template": penalty, "values": {}},
        "player": display_name(player),
        # Arbiter's own infraction (a no-show) reads in the reader's language; a judge's as typed.
        "infraction": {"template": infraction, "values": {}}
        if infraction in GENERATED_INFRACTIONS
        else infraction,
    }
    if note:
        return generated_note(
            gettext_noop("%(penalty)s for %(player)s: %(infraction)s (%(note)s)"), **values, note=note
        )
    return generated_note(gettext_noop("%(penalty)s for %(player)s: %(infraction)s"), **values)


@transaction.atomic
def penalty_issue(
    *, match_id: int, judge: User, player: User, kind: str, infraction: str, note: str = ""
) -> Penalty:
    """A judge penalizes a player of the match: warning, game loss, match loss or disqualification.

    A game loss and a match loss change the duels through the same engine path as reported duels; a match
    loss gives game losses until the engine says the match is over. A disqualification is a match loss
    (when the match is not over); dropping the player from the event is the event's part, done with it by
    ``tournaments.services.drops.penalty_issue_at_event``, which is what the pages and the API call.
    """
    match = match_lock(match_id)
    require_judge(match, judge)
    if kind not in Penalty.Kind.values:
        raise ValidationError({"kind": [gettext("Choose the penalty from the list.")]})
    infraction = infraction.strip()
    if not infraction:
        raise ValidationError({"infraction": [gettext('Say what happened, e.g. "Marked cards".')]})
    if len(infraction) > 200:
        raise ValidationError(
            {"infraction": [gettext("Keep it to 200 characters; put details in the note.")]}
        )
    side = match.side_of(player.pk)
    if side is None:
        raise ValidationError(
            {"player": [gettext("%(name)s is not a player of this match.") % {"name": display_name(player)}]}
        )
    changes = kind != Penalty.Kind.WARNING
    over = match.status == Match.Status.FINAL or duel_state(match).over
    if kind == Penalty.Kind.DISQUALIFICATION and over:
        changes = False  # the match stands as it is; the player is still dropped below
    if changes:
        _require_two_players(match)
    audit_note = _penalty_note(kind=kind, player=player, infraction=infraction, note=note.strip())
    duel_number = None
    if changes and kind == Penalty.Kind.GAME_LOSS:
        duel_number = _game_loss(match, loser=side, judge=judge, note=audit_note)
    elif changes:
        if over:
            raise MatchOver(gettext("The match is over: correct its result instead of giving a match loss."))
        # At most three duels decide any match; each game loss is one more win for the opponent.
        for _ in range(3):
            if duel_state(match).over:
                break
            _game_loss(match, loser=side, judge=judge, note=audit_note)
    return Penalty.objects.create(
        match=match,
        player=player,
        kind=kind,
        infraction=infraction,
        note=note.strip(),
        duel_number=duel_number,
        issued_by=judge,
    )
