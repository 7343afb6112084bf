"""Pages for matches: a player's own matches, one match with all its parts, the judges' queue.

The match page is assembled from sections, each with its own module and partial template (duels, side
decks, disputes, judging, time), under the one thing the viewer has to do now (``matches.views.now``). All
of it below the title is one live fragment (``matches/_match_body.html``): the page polls it, and the
fragment answers "304 Not Modified" while the match's version is the one the page shows (an idle poll costs
one small query), else the whole body, so no section can go stale next to another. Every form of the page
posts with htmx and gets the whole body back, its error at the top.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth import SESSION_KEY
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from accounts.users import display_name
from config.http import HtmxHttpRequest
from matches.models import Dispute, Match
from matches.selectors import judge_queue, match_for, match_live_stamp, matches_of_player
from matches.views.disputes import dispute_summary, disputes_context
from matches.views.now import now_context, result_sentence
from matches.views.sections import (
    duel_report_sentence,
    duels_context,
    judging_context,
    reports_context,
    time_context,
)
from matches.views.side_decks_section import SideDecksForm, side_decks_context
from rules.narration import RulingInWords, ruling_in_words


@login_required
def my_matches(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "matches/my_matches.html", {"matches": matches_of_player(request.user)[:20]})


def match_sections(
    request: HtmxHttpRequest,
    match: Match,
    *,
    etag: str,
    side_decks_form: SideDecksForm | None = None,
    error: str = "",
) -> dict[str, Any]:
    """The context of every section of the match page and of its top (``etag``: the live fragment's, read
    before the match, so that a write in between makes the next poll fetch it again; ``side_decks_form``: a
    refused Side Deck post, shown again with what was typed; ``error``: why the viewer's last action was
    refused)."""
    context: dict[str, Any] = {"match": match}
    if match.player_b_id:  # a bye has no duels, reports or Side Decks
        context.update(duels_context(request, match))
        context.update(reports_context(request, match))
        context.update(side_decks_context(request, match, side_decks_form))
    context.update(time_context(request, match))
    context.update(disputes_context(request, match))
    context.update(judging_context(request, match))
    context.update(now_context(match, context))
    side_errors = side_decks_form.errors if side_decks_form is not None else []
    context["action_error"] = error or (side_decks_form.error if side_decks_form is not None else "")
    context["action_errors"] = side_errors
    context["live_etag"] = etag
    return context


def live_etag(request: HtmxHttpRequest, stamp: tuple[object, ...] | None) -> str:
    """The live fragment's ETag: the match's stamp, for this viewer (the fragment offers each person their
    own forms) in their language. The viewer is read from the session, not the user row: one query less."""
    viewer = request.session.get(SESSION_KEY, "")
    digest = hashlib.sha256(repr((stamp, viewer, get_language())).encode()).hexdigest()[:32]
    return f'"{digest}"'


def match_body(
    request: HtmxHttpRequest,
    match_id: int,
    *,
    error: str = "",
    side_decks_form: SideDecksForm | None = None,
) -> HttpResponse:
    """The live fragment alone, fresh: what every form of the page gets back after a post with htmx."""
    etag = live_etag(request, match_live_stamp(match_id))
    match = match_for(match_id)
    context = match_sections(request, match, etag=etag, side_decks_form=side_decks_form, error=error)
    response = render(request, "matches/_match_body.html", context)
    return _live_headers(response, context["live_etag"])


def _live_headers(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache, private"
    patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request"))
    return response


@require_GET
def match_live(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The match body, polled by every open match page. "304 Not Modified" when the page already shows this
    version (``If-None-Match``): one query for the stamp, no rendering."""
    stamp = match_live_stamp(match_id)
    if stamp is None:
        raise Http404
    etag = live_etag(request, stamp)
    known = [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]
    if etag in known or "*" in known:
        return _live_headers(HttpResponseNotModified(), etag)
    return match_body(request, match_id)


def match_detail(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    return match_page(request, match_id)


def match_page(
    request: HtmxHttpRequest,
    match_id: int,
    *,
    side_decks_form: SideDecksForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The whole match page; a form view that refuses a plain (non-htmx) post renders it with its error."""
    etag = live_etag(request, match_live_stamp(match_id))
    match = match_for(match_id)
    context = match_sections(request, match, etag=etag, side_decks_form=side_decks_form)
    return render(request, "matches/match_detail.html", context, status=status)


@login_required
def judge_queue_page(request: HtmxHttpRequest) -> HttpResponse:
    """Open disputes and disputed results, oldest first; htmx refreshes the list every few seconds."""
    disputed, disputes = judge_queue(request.user)
    template = "matches/_judge_queue.html" if request.htmx else "matches/judge_queue.html"
    rows = [
        {
            "dispute": dispute,
            "words": _queued_words(dispute),
            "summary": dispute_summary(dispute),
            "mtg": dispute.match.round.event.game == "mtg",
        }
        for dispute in disputes
    ]
    return render(
        request, template, {"disputed": [_disputed_row(match) for match in disputed], "disputes": rows}
    )


def _disputed_row(match: Match) -> dict[str, Any]:
    """A disputed result in the queue: what each player reported, in sentences with their names."""
    names = {"A": display_name(match.player_a), "B": display_name(match.player_b)}
    game = match.round.event.game
    reports = []
    for duel in match.duels.all():
        for report in duel.reports.all():
            values = {
                "number": duel.number,
                "sentence": duel_report_sentence(report, names, game),
            }
            if game == "mtg":
                reports.append(gettext("Game %(number)s: %(sentence)s") % values)
            else:
                reports.append(gettext("Duel %(number)s: %(sentence)s") % values)
    for match_report in match.reports.all():
        result = result_sentence(
            match, match_report.result, (match_report.games_a, match_report.games_b, match_report.games_drawn)
        )
        reports.append(
            gettext("Match: %(name)s reports: %(result)s")
            % {"name": display_name(match_report.player), "result": result}
        )
    return {"match": match, "names": names, "reports": reports}


def _queued_words(dispute: Dispute) -> RulingInWords | None:
    """The engine's ruling on a queued dispute in words, with the match's players' names."""
    if dispute.ruling is None:
        return None
    names = {"A": display_name(dispute.match.player_a), "B": display_name(dispute.match.player_b)}
    return ruling_in_words(dispute.ruling.dispute, dispute.ruling.ruling, names)
