"""What each section of the match page shows to one viewer: the duels, the result, the time and the judging.

Kept apart from the sections' form views so that the page (``matches.views.pages``), which assembles the
sections, and the form views, which answer with the whole page body, do not import each other.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from accounts.users import display_name
from config.http import HtmxHttpRequest
from idempotency.pages import new_form_key
from matches.models import Duel, DuelReport, Match, MatchResult, Penalty, TimeExtension
from matches.selectors import DuelState, EngineAnswerMissing, duel_state
from matches.selectors.matches import is_match_judge
from matches.services.access import top_cut_needs_a_winner
from matches.services.judging import JUDGE_RESULTS
from matches.services.timing import match_time_due
from matches.views.now import (
    duel_result_sentence,
    reason_choices,
    reason_label,
    result_sentence,
    snapshot_result,
)
from rules.engine.end_of_round import extra_turns
from rules.words import procedure_steps_in_words
from tournaments.models import EndOfRound, Round


def duels_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    """What the "Duels" section shows: the engine's tally, whose choice it is, each duel and its reports."""
    names = {"A": display_name(match.player_a), "B": display_name(match.player_b)}
    game = match.round.event.game
    try:
        state: DuelState | None = duel_state(match)
    except EngineAnswerMissing as missing:
        state, error = None, error or gettext("The duels need a judge: %(reason)s") % {"reason": missing}
    rows = []
    for duel in match.duels.order_by("number").prefetch_related("reports__player"):
        reports = list(duel.reports.all())
        rows.append(
            {
                "duel": duel,
                "chooser_name": names.get(duel.chooser, ""),
                "first_name": names.get(duel.first_player, ""),
                "winner_name": names.get(duel.result, ""),
                "reason": reason_label(game, duel.reason),
                "reports": [
                    {
                        "report": report,
                        "name": display_name(report.player),
                        "winner_name": names.get(report.result, ""),
                        "sentence": duel_report_sentence(report, names, game),
                    }
                    for report in reports
                ],
                "mine": next((r for r in reports if r.player_id == request.user.pk), None),
            }
        )
    return {
        "match": match,
        "duel_state": state,
        "duel_rows": rows,
        "duel_error": error,
        "names": names,
        "next_chooser_name": names.get(state.chooser or "", "") if state else "",
        "my_side": match.side_of(request.user.pk) if request.user.is_authenticated else None,
        # A judge at the table may toss for the players (e.g. a phone with a flat battery).
        "can_toss_as_judge": is_match_judge(match, request.user),
        "reasons": reason_choices(game),
    }


def duel_report_sentence(report: DuelReport, names: dict[str, str], game: str) -> str:
    """ "Seto Kaiba reports: Seto Kaiba won (Life points)", "Yugi Muto reports: a draw"."""
    values = {
        "name": display_name(report.player),
        "winner": names.get(report.result, ""),
        "how": reason_label(game, report.reason),
    }
    if report.result == Duel.Result.DRAW:
        if report.reason:
            return gettext("%(name)s reports: a draw (%(how)s)") % values
        return gettext("%(name)s reports: a draw") % values
    if report.reason:
        return gettext("%(name)s reports: %(winner)s won (%(how)s)") % values
    return gettext("%(name)s reports: %(winner)s won") % values


def reports_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    recorded = [duel.result for duel in match.duels.exclude(result="")]
    reports = list(match.reports.select_related("player"))
    mine = next((r for r in reports if r.player_id == request.user.pk), None)
    return {
        "match": match,
        "match_reports": [
            {
                "report": r,
                "name": display_name(r.player),
                "sentence": gettext("%(name)s reports: %(result)s")
                % {
                    "name": display_name(r.player),
                    "result": result_sentence(match, r.result, (r.games_a, r.games_b, r.games_drawn)),
                },
            }
            for r in reports
        ],
        "my_report": mine,
        "report_error": error,
        "report_prefill": {
            "games_a": mine.games_a if mine else recorded.count("A"),
            "games_b": mine.games_b if mine else recorded.count("B"),
            "games_drawn": mine.games_drawn if mine else recorded.count("draw"),
        },
        "can_report": match.side_of(request.user.pk) is not None and match.status != Match.Status.FINAL,
        "report_names": {"a": display_name(match.player_a), "b": display_name(match.player_b)},
        # The page offers what the service takes: no draw in the top cut, and says why.
        "report_winner_needed": top_cut_needs_a_winner() if match.round.stage == Round.Stage.TOP else "",
    }


def _match_words(match: Match, snapshot: dict[str, Any]) -> str:
    """A match result in the audit log: "Yugi Muto wins 2-0 (final)"."""
    status = str(Match.Status(snapshot.get("status", Match.Status.PLAYING)).label).lower()
    if not snapshot.get("result"):
        return gettext("no result (%(status)s)") % {"status": status}
    return gettext("%(result)s (%(status)s)") % {"result": snapshot_result(match, snapshot), "status": status}


def judging_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    """What the "Judging" section shows: the forms, the penalties and the audit log, to the event's judges
    and organizers only (a player reads each correction and penalty as one sentence in the Result part)."""
    user = request.user
    is_judge = is_match_judge(match, user)
    if not is_judge:
        return {"judging_visible": False}
    mtg = match.round.event.game == "mtg"
    names = {"A": display_name(match.player_a), "B": display_name(match.player_b)}
    top_cut = match.round.stage == Round.Stage.TOP
    audit = [
        {
            "change": change,
            "judge": display_name(change.changed_by),
            "what": (
                (gettext("Game %(number)s") if mtg else gettext("Duel %(number)s"))
                % {"number": change.duel_number}
                if change.duel_number
                else gettext("Match result")
            ),
            "before": (
                duel_result_sentence(match, change.before)
                if change.duel_number
                else _match_words(match, change.before)
            ),
            "after": (
                duel_result_sentence(match, change.after)
                if change.duel_number
                else _match_words(match, change.after)
            ),
        }
        for change in match.result_changes.select_related("changed_by")
    ]
    penalties = [
        {"penalty": penalty, "player": display_name(penalty.player), "judge": display_name(penalty.issued_by)}
        for penalty in match.penalties.select_related("player", "issued_by")
    ]
    return {
        "judging_visible": True,
        "judging_is_judge": is_judge,
        "judging_error": error,
        "judging_names": names,
        "judging_audit": audit,
        "judging_penalties": penalties,
        "judging_duels": list(match.duels.order_by("number")) if is_judge else [],
        "judging_results": [
            (value, MatchResult(value).label)
            for value in JUDGE_RESULTS
            if not top_cut or value in (MatchResult.A, MatchResult.B)
        ],
        "judging_winner_needed": top_cut_needs_a_winner() if top_cut else "",
        "judging_duel_results": Duel.Result.choices,
        "judging_reasons": reason_choices(match.round.event.game),
        "judging_kinds": Penalty.Kind.choices,
        "match": match,
        "form_key": new_form_key(),
    }


def time_context(request: HtmxHttpRequest, match: Match, error: str = "") -> dict[str, Any]:
    """What the "Time" section shows: the round's end, extensions, the time due, and the procedure at time."""
    event = match.round.event
    extensions = list(match.time_extensions.select_related("granted_by").order_by("granted_at", "pk"))
    is_judge = is_match_judge(match, request.user)
    my_side = match.side_of(request.user.pk) if request.user.is_authenticated else None
    playing = match.duels.filter(result="").order_by("number").first()
    can_finish = (
        match.time_called_at is not None
        and match.status != Match.Status.FINAL
        and playing is not None
        and event.end_of_round != EndOfRound.YGO_DOUBLE_LOSS
        and (is_judge or (my_side is not None and match.status == Match.Status.PLAYING))
    )
    return {
        "match": match,
        "form_key": new_form_key(),
        "time_error": error,
        "time_extensions": [
            {"extension": extension, "judge_name": display_name(extension.granted_by)}
            for extension in extensions
        ],
        "time_extra_minutes": sum(extension.minutes for extension in extensions),
        "time_due": match_time_due(match),
        "time_procedure": event.end_of_round,
        "time_procedure_label": event.get_end_of_round_display(),
        "time_steps": procedure_steps_in_words(event.end_of_round),
        "time_playing": playing,
        "time_can_finish": can_finish,
        "time_is_judge": is_judge,
        "time_reasons": TimeExtension.Reason.choices,
        "time_extra_turns": extra_turns(event.end_of_round),
        # "Call time for the round" is confirmed on a second step (a link here, then the form).
        "time_confirm_round": is_judge and request.GET.get("confirm") == "round-time",
    }
