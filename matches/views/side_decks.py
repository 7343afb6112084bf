"""The "Side Decks" section of the match page: Side Deck counts before duel 1, swaps between duels.

Its forms post to the views below, which call the same services as the API. htmx swaps the section in place,
errors included (htmx 2 does not swap a 4xx response, so the section comes back with a 200 and the error in
it); a plain form post is redirected to the page on success and, on bad input, gets the page back with a 400,
the error in the section and the lines the player typed kept.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from matches.forms import SideDeckCountForm, SideSwapForm
from matches.selectors import match_for
from matches.services.side_decks import side_deck_count_record, side_swap_record
from matches.views.pages import match_body, match_page
from matches.views.side_decks_section import SideDecksForm


def _done(request: HtmxHttpRequest, match_id: int, form: SideDecksForm | None = None) -> HttpResponse:
    """htmx gets the fresh section; a plain post goes back to the page (on bad input: the page, a 400)."""
    invalid = form is not None and bool(form.errors)
    if not request.htmx:
        if invalid and form is not None:
            return match_page(request, match_id, side_decks_form=form, status=400)
        if form is not None and form.error:
            messages.error(request, form.error)
        return redirect("match-detail", match_id=match_id)
    return match_body(request, match_id, side_decks_form=form)


def _refused(error: Exception, form: SideDecksForm) -> SideDecksForm:
    if isinstance(error, ValidationError):
        form.errors = list(error.messages)
    form.error = refusal_message(error)
    return form


@login_required
@require_POST
def match_side_deck_count(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = match_for(match_id)
    form = SideDecksForm(count=request.POST.get("count", "").strip())
    try:
        count = SideDeckCountForm(request.POST).arguments()["count"]
        side_deck_count_record(match_id=match.pk, player=cast(User, request.user), count=count)
    except REFUSALS as error:
        return _done(request, match_id, _refused(error, form))
    return _done(request, match_id)


@login_required
@require_POST
def match_side_swap(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = match_for(match_id)
    form = SideDecksForm(in_text=request.POST.get("in", ""), out_text=request.POST.get("out", ""))
    try:
        moves = SideSwapForm(request.POST).arguments()["moves"]
        side_swap_record(match_id=match.pk, player=cast(User, request.user), moves=moves)
    except REFUSALS as error:
        return _done(request, match_id, _refused(error, form))
    return _done(request, match_id)
