"""Pages for matches: a player's own matches, one match with all its parts, the judges' queue.

The match page is assembled from sections, each with its own module and partial template (duels, side
decks, disputes, judging, time); a section's buttons post small forms that htmx swaps in place.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from accounts.users import display_name
from config.http import HtmxHttpRequest
from matches.models import Dispute, Match
from matches.selectors import judge_queue, match_for, matches_of_player
from matches.views.disputes import disputes_context
from matches.views.duels import duels_context
from matches.views.judging import judging_context
from matches.views.reports import reports_context
from matches.views.side_decks_section import SideDecksForm, side_decks_context
from matches.views.timing import time_context
from rules.narration import RulingInWords, ruling_in_words


@login_required
def my_matches(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "matches/my_matches.html", {"matches": matches_of_player(request.user)[:20]})


def match_sections(
    request: HtmxHttpRequest, match: Match, *, side_decks_form: SideDecksForm | None = None
) -> dict[str, Any]:
    """The context of every section of the match page (``side_decks_form``: a refused Side Deck post, shown
    again with its error)."""
    context: dict[str, Any] = {}
    if match.player_b_id:  # a bye has no duels, reports or Side Decks
        context.update(duels_context(request, match))
        context.update(reports_context(request, match))
        context.update(side_decks_context(request, match, side_decks_form))
    context.update(time_context(request, match))
    context.update(disputes_context(request, match))
    context.update(judging_context(request, match))
    return context


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
    match = match_for(match_id)
    context = {"match": match, **match_sections(request, match, side_decks_form=side_decks_form)}
    return render(request, "matches/match_detail.html", context, status=status)


@login_required
def judge_queue_page(request: HtmxHttpRequest) -> HttpResponse:
    """Open disputes and disputed results, oldest first; htmx refreshes the list every few seconds."""
    disputed, disputes = judge_queue(request.user)
    template = "matches/_judge_queue.html" if request.htmx else "matches/judge_queue.html"
    rows = [{"dispute": dispute, "words": _queued_words(dispute)} for dispute in disputes]
    return render(request, template, {"disputed": disputed, "disputes": rows})


def _queued_words(dispute: Dispute) -> RulingInWords | None:
    """The engine's ruling on a queued dispute in words, with the match's players' names."""
    if dispute.ruling is None:
        return None
    names = {"A": display_name(dispute.match.player_a), "B": display_name(dispute.match.player_b)}
    return ruling_in_words(dispute.ruling.dispute, dispute.ruling.ruling, names)
