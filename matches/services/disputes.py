"""Disputes at the table: players describe the game state, the engine rules, a judge confirms or overrules.

The ruling is the rules app's (``rules.services.ruling_create``); this module ties it to a match and a duel,
and, when a judge confirms a ruling that ends a duel (LP 0, a deck-out, Exodia, a draw), records that duel's
result the same way a judge's correction is recorded: with a ``ResultChange`` audit row, then
``match_settle`` so the match becomes final when the engine says it is over. Player A and B in the
dispute are always the match's ``player_a`` and ``player_b``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from accounts.users import AnyUser, display_name
from matches.models import Dispute, Duel, Match
from matches.selectors.matches import is_match_judge
from matches.services.access import MatchConflict, MatchOver, match_lock, require_judge
from matches.services.judging import duel_result_record, generated_note
from rules import engine
from rules import services as rules_services
from rules.engine.vocabulary import GAME_NAMES, end_reason
from rules.models import Ruling
from rules.words import problem_words


def duel_reason(game: str, engine_reason: str) -> str:
    """The ``Duel.Reason`` for the engine's ``reason`` a duel (game) ended, "" when none fits.

    The engine says which kind of ending it was (:func:`rules.engine.vocabulary.end_reason`); its kinds are
    ``Duel.Reason``'s values.
    """
    return Duel.Reason(kind).value if (kind := end_reason(game, engine_reason)) else ""


class DisputeAlreadyResolved(MatchConflict):
    """A judge already confirmed or overruled this dispute's ruling."""


class DisputeNotCalled(MatchConflict):
    """A draft: the players have not called a judge to it, so there is nothing to decide yet."""


class DuelNotRecordable(MatchConflict):
    """A confirmed ruling ends a duel, but that duel cannot take the result (missing, or already decided)."""


@transaction.atomic
def dispute_open(*, match_id: int, opened_by: User, summary: str) -> Dispute:
    """Take a disagreement at the table to the judges, without a ruling (the demo's hand-written dispute)."""
    match = match_lock(match_id)
    return Dispute.objects.create(match=match, opened_by=opened_by, summary=summary)


def may_open_dispute(match: Match, user: AnyUser) -> bool:
    """Players of the match and the event's judges and organizers may call the judge engine."""
    if not user.is_authenticated:
        return False
    return match.side_of(user.pk) is not None or is_match_judge(match, user)


def _require_player_or_judge(match: Match, user: User) -> bool:
    """True for a judge or organizer; a player of the match passes too (False); anyone else is refused."""
    if match.side_of(user.pk) is not None:
        return False
    require_judge(match, user)
    return True


def _duel_in_question(match: Match, duel_number: int | None) -> int | None:
    """The duel the dispute arose in: the one named (it must exist), else the duel being played, if any."""
    if duel_number is not None:
        if not match.duels.filter(number=duel_number).exists():
            numbers = list(match.duels.order_by("number").values_list("number", flat=True))
            values = {"number": duel_number, "numbers": ", ".join(map(str, numbers))}
            if numbers:
                message = gettext("This match has no duel %(number)s: its duels are %(numbers)s.") % values
            else:
                message = gettext("This match has no duel %(number)s: no duel has started yet.") % values
            raise ValidationError({"duel_number": [message]})
        return duel_number
    playing = match.duels.filter(result="").order_by("-number").first()
    return playing.number if playing is not None else None


def _wrong_game(game: str, dispute: Mapping[str, Any]) -> str:
    """A dispute described for the other game (pasted JSON names it by its code, so the codes are named)."""
    return gettext("This match is %(game)s: the dispute's game must be “%(code)s”, not “%(given)s”.") % {
        "game": GAME_NAMES.get(game, game),
        "code": game,
        "given": dispute.get("game"),
    }


def _validate_game(match: Match, dispute: Mapping[str, Any]) -> None:
    game = match.round.event.game
    if dispute.get("game") != game:
        raise ValidationError({"game": [_wrong_game(game, dispute)]})


def _validate_open(match: Match, *, summary: str, dispute: Mapping[str, Any]) -> None:
    errors: dict[str, list[str]] = {}
    if not summary.strip():
        errors["summary"] = [gettext("Say in a sentence what you disagree on.")]
    game = match.round.event.game
    if not isinstance(dispute, Mapping):
        errors["dispute"] = [
            gettext('A dispute is a JSON object: {"game": ..., "state": ..., "action": ...}.')
        ]
    elif dispute.get("game") != game:
        errors["game"] = [_wrong_game(game, dispute)]
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def dispute_open_with_ruling(
    *,
    match_id: int,
    opened_by: User,
    summary: str,
    dispute: Mapping[str, Any],
    duel_number: int | None = None,
) -> Dispute:
    """Open a dispute and have the engine rule on it at once, so the players hear the rule at the table.

    ``opened_by`` is a player of the match or a judge/organizer of its event (``PermissionDenied``
    otherwise); players may not reopen a final match (:class:`MatchOver`: a judge corrects it). The dispute
    must be of the event's game. A dispute the engine cannot read is refused with a ValidationError naming
    each problem under ``"dispute"``, and nothing is stored. A retried request is recognised by the
    caller (the ``idempotency`` app), not here.
    """
    match = match_lock(match_id)
    is_judge = _require_player_or_judge(match, opened_by)
    if match.status == Match.Status.FINAL and not is_judge:
        raise MatchOver(gettext("This match already has a final result: ask a judge to look at it."))
    _validate_open(match, summary=summary, dispute=dispute)
    number = _duel_in_question(match, duel_number)
    try:
        ruling = rules_services.ruling_create(dispute=dispute, requested_by=opened_by)
    except engine.DisputeError as error:
        raise ValidationError(
            {
                "dispute": [
                    f"{problem['path']}: {problem_words(problem)['message']}" for problem in error.problems()
                ]
            }
        ) from error
    return Dispute.objects.create(
        match=match, opened_by=opened_by, summary=summary.strip(), ruling=ruling, duel_number=number
    )


class DisputeNotYours(MatchConflict):
    """Only the players at the table (and a judge who opened it) change a dispute's description."""


@dataclass(frozen=True)
class Description:
    """What the players described: their words, the situation form and its answers, and the dispute
    document built from them (None when they describe nothing: a bare judge call)."""

    summary: str = ""
    situation: str = ""
    answers: Mapping[str, Any] = field(default_factory=dict)
    dispute: Mapping[str, Any] | None = None
    duel_number: int | None = None


def _editable(match: Match, dispute_id: int, user: User) -> Dispute:
    dispute = (
        Dispute.objects.select_for_update(of=("self",))
        .select_related("ruling")
        .get(pk=dispute_id, match=match)
    )
    if dispute.status == Dispute.Status.RESOLVED:
        raise DisputeAlreadyResolved(
            gettext("This dispute was already confirmed: ask the judge to look again.")
            if dispute.decision == Dispute.Decision.CONFIRMED
            else gettext("This dispute was already overruled: ask the judge to look again.")
        )
    if match.side_of(user.pk) is None and dispute.opened_by_id != user.pk:
        raise DisputeNotYours(gettext("Only the players at the table change what they described."))
    return dispute


def _ruling_for(match: Match, described: Description, user: User) -> Ruling | None:
    if described.dispute is None:
        return None
    _validate_game(match, described.dispute)
    try:
        return rules_services.ruling_create(dispute=described.dispute, requested_by=user)
    except engine.DisputeError as error:
        raise ValidationError(
            {
                "dispute": [
                    f"{problem['path']}: {problem_words(problem)['message']}" for problem in error.problems()
                ]
            }
        ) from error


def _write(match: Match, user: User, dispute_id: int | None, described: Description, status: str) -> Dispute:
    """Create the dispute, or change the same one: a fixed description asks the engine again."""
    is_judge = _require_player_or_judge(match, user)
    if match.status == Match.Status.FINAL and not is_judge:
        raise MatchOver(gettext("This match already has a final result: ask a judge to look at it."))
    dispute = _editable(match, dispute_id, user) if dispute_id is not None else None
    number = _duel_in_question(match, described.duel_number)
    ruling = _ruling_for(match, described, user)
    if dispute is None:
        dispute = Dispute(match=match, opened_by=user, status=status)
    elif dispute.status == Dispute.Status.OPEN:
        status = Dispute.Status.OPEN  # a judge already called stays called
    if ruling is not None or dispute.pk is None:
        # A complete description replaces the last one; a half-filled form never wipes a ruling the
        # table already has (a judge call from it only calls the judge).
        dispute.situation, dispute.description = described.situation, dict(described.answers)
        dispute.ruling = ruling
    dispute.summary = described.summary.strip() or dispute.summary
    dispute.duel_number, dispute.status = number, status
    if status == Dispute.Status.OPEN and dispute.called_at is None:
        dispute.called_at = timezone.now()
    dispute.save()
    return dispute


@transaction.atomic
def dispute_draft_save(
    *, match_id: int, user: User, described: Description, dispute_id: int | None = None
) -> Dispute:
    """Ask the engine about what the players described, as a draft only they see; with ``dispute_id``, the
    same dispute asked again after a fix. Nothing reaches the judges' queue (see ``dispute_call_judge``).

    Raises ``ValidationError`` for a description the engine cannot read (nothing stored),
    ``DisputeAlreadyResolved`` once a judge decided it, ``DisputeNotYours`` for a judge changing the
    players' description.
    """
    return _write(match_lock(match_id), user, dispute_id, described, Dispute.Status.DRAFT)


@transaction.atomic
def dispute_call_judge(
    *, match_id: int, user: User, described: Description | None = None, dispute_id: int | None = None
) -> Dispute:
    """Call a judge: a draft goes to the judges' queue (changed first when ``described`` is given), or a
    new dispute is opened with whatever was described, nothing at all included: a judge call is a judge
    call. Calling again is harmless: the dispute stays called once."""
    match = match_lock(match_id)
    if described is not None:
        return _write(match, user, dispute_id, described, Dispute.Status.OPEN)
    if dispute_id is None:
        return _write(match, user, None, Description(), Dispute.Status.OPEN)
    _require_player_or_judge(match, user)
    dispute = _editable(match, dispute_id, user)
    if dispute.status == Dispute.Status.DRAFT:
        dispute.status, dispute.called_at = Dispute.Status.OPEN, timezone.now()
        dispute.save(update_fields=["status", "called_at"])
    return dispute


def finished_duel(ruling: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ruling's ``outcome.duel`` (Magic: ``outcome.game``) when it says the duel is over, else None."""
    outcome = ruling.get("outcome") or {}
    if not isinstance(outcome, Mapping):
        return None
    ended = outcome.get("duel", outcome.get("game"))
    if isinstance(ended, Mapping) and ended.get("over") is True:
        return dict(ended)
    return None


def _record_duel(match: Match, dispute: Dispute, ended: Mapping[str, Any], judge: User, note: str) -> None:
    """Give the dispute's duel the result the confirmed ruling says, audited like any judge's correction."""
    if dispute.duel_number is None:
        raise DuelNotRecordable(
            gettext(
                "The ruling ends a duel, but the dispute names no duel:"
                " start the duel, or overrule with a note."
            )
        )
    duel = Duel.objects.select_for_update().filter(match=match, number=dispute.duel_number).first()
    if duel is None:
        raise DuelNotRecordable(
            gettext("The ruling ends duel %(number)s, which this match does not have.")
            % {"number": dispute.duel_number}
        )
    result = Duel.Result.DRAW if ended.get("draw") else ended.get("winner")
    if result not in (Duel.Result.A, Duel.Result.B, Duel.Result.DRAW):
        raise DuelNotRecordable(gettext("The ruling says the duel is over but names no winner and no draw."))
    if duel.result == result:
        return  # the players already recorded what the ruling says: confirming it changes nothing
    if match.status == Match.Status.FINAL:
        raise MatchOver(
            gettext(
                "This match already has a final result, so the ruling cannot record duel %(number)s: correct"
                " the match result instead, or overrule with a note."
            )
            % {"number": dispute.duel_number}
        )
    if duel.result:
        raise DuelNotRecordable(
            gettext("Duel %(number)s already has a result: correct it from the judging section instead.")
            % {"number": duel.number}
        )
    duel_result_record(
        match,
        duel,
        judge=judge,
        result=str(result),
        reason=duel_reason(match.round.event.game, str(ended.get("reason") or "")),
        **_confirmed_note(note),
    )


def _confirmed_note(note: str) -> dict[str, Any]:
    """The audit note of a duel a confirmed ruling decided, with the judge's own words if any."""
    if note:
        english, sentence = generated_note(
            gettext_noop("The judge confirmed the ruling: %(note)s"), note=note
        )
    else:
        english, sentence = generated_note(gettext_noop("The judge confirmed the ruling."))
    return {"note": english, "note_sentence": sentence}


class RulingChanged(MatchConflict):
    """The players fixed their description after the judge read the ruling: the judge reads it again."""


@transaction.atomic
def dispute_resolve(
    *, dispute_id: int, judge: User, decision: str, note: str = "", ruling_id: int | None = None
) -> Dispute:
    """A judge of the event confirms or overrules the engine's ruling; the engine never has the last word.

    Overruling needs the judge's reason (``note``). Confirming a ruling whose outcome ends a duel records
    that duel's result (see the module docstring); a resolved dispute cannot be resolved again
    (:class:`DisputeAlreadyResolved`). ``ruling_id`` is the ruling the judge read: when the players have
    asked again since, the decision is refused (:class:`RulingChanged`), so no judge confirms a ruling they
    did not see.
    """
    if decision not in Dispute.Decision.values:
        raise ValidationError({"decision": [gettext("Confirm or overrule the ruling.")]})
    note = note.strip()
    if decision == Dispute.Decision.OVERRULED and not note:
        raise ValidationError(
            {"note": [gettext("Say why you overrule the engine's ruling: the players read it.")]}
        )
    match_id = Dispute.objects.values_list("match_id", flat=True).get(pk=dispute_id)
    match = match_lock(match_id)
    require_judge(match, judge)
    dispute = Dispute.objects.select_for_update(of=("self",)).select_related("ruling").get(pk=dispute_id)
    if ruling_id is not None and dispute.ruling_id != ruling_id:
        raise RulingChanged(
            gettext(
                "The players changed what they described after you read the ruling: "
                "read the new ruling, then decide."
            )
        )
    if dispute.status == Dispute.Status.DRAFT:
        raise DisputeNotCalled(
            gettext("Nobody called a judge to this dispute yet: the players are still describing it.")
        )
    if dispute.status == Dispute.Status.RESOLVED:
        values = {"name": display_name(dispute.resolved_by)}
        raise DisputeAlreadyResolved(
            gettext("This dispute was already confirmed by %(name)s.") % values
            if dispute.decision == Dispute.Decision.CONFIRMED
            else gettext("This dispute was already overruled by %(name)s.") % values
        )
    if decision == Dispute.Decision.CONFIRMED and dispute.ruling is not None:
        ended = finished_duel(dispute.ruling.ruling)
        if ended is not None:
            _record_duel(match, dispute, ended, judge, note)
    dispute.status = Dispute.Status.RESOLVED
    dispute.decision, dispute.decision_note = decision, note
    dispute.resolved_by, dispute.resolved_at = judge, timezone.now()
    dispute.save(update_fields=["status", "decision", "decision_note", "resolved_by", "resolved_at"])
    return dispute


def _problems_in_words(error: engine.DisputeError) -> list[str]:
    """What is wrong with a dispute, each problem at its field, in the reader's language."""
    return [f"{problem['path']}: {problem_words(problem)['message']}" for problem in error.problems()]
