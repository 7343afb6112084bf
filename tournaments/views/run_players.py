"""The dashboard's player forms: enter a player at the counter, check them in, award byes, keep a table,
drop, undo a drop. Each calls the registration service; see ``run_refusals`` for how they answer."""

from __future__ import annotations

from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import REFUSALS
from tournaments import services
from tournaments.forms import ByesForm, FixedTableForm, PlayerEntryForm, first_error
from tournaments.models import Registration
from tournaments.views.run import organizer_event
from tournaments.views.run_refusals import done, refused


@login_required
@require_POST
def run_enter(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Enter a player by username (an organizer's entry checks them in at once)."""
    event = organizer_event(request, slug)
    form = PlayerEntryForm(request.POST)
    if not form.is_valid():
        return refused(request, event, "enter", first_error(form), value=request.POST.get("username", ""))
    username = form.cleaned_data["username"]
    # The exact username first; another case only when it names one account ("bob" and "Bob" may exist).
    player = User.objects.filter(username=username).first()
    if player is None:
        same_letters = list(User.objects.filter(username__iexact=username)[:2])
        player = same_letters[0] if len(same_letters) == 1 else None
    if player is None:
        return refused(
            request,
            event,
            "enter",
            f"Nobody has the username “{username}”: check the spelling.",
            value=username,
        )
    try:
        services.registration_enter(event=event, player=player, by=cast(User, request.user))
    except REFUSALS as error:
        return refused(request, event, "enter", error, value=username)
    return done(request, event, f"{display_name(player)} is entered and checked in.")


def _registration(event_id: int, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event_id=event_id
    )


@login_required
@require_POST
def run_check_in(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    event = organizer_event(request, slug)
    registration = _registration(event.pk, registration_id)
    try:
        services.registration_check_in(event=event, player=registration.player, by=cast(User, request.user))
    except REFUSALS as error:
        return refused(request, event, "check-in", error, registration=registration.pk)
    return done(
        request, event, f"{display_name(registration.player)} is checked in.", f"player-{registration.pk}"
    )


@login_required
@require_POST
def run_byes(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    event = organizer_event(request, slug)
    registration = _registration(event.pk, registration_id)
    form = ByesForm(request.POST)
    raw = request.POST.get("byes", "")
    if not form.is_valid():
        return refused(request, event, "byes", first_error(form), registration=registration.pk, value=raw)
    byes = form.cleaned_data["byes"]
    try:
        services.registration_award_byes(registration=registration, byes=byes, by=cast(User, request.user))
    except ValidationError as error:
        return refused(request, event, "byes", error, registration=registration.pk, value=raw)
    return done(
        request, event, f"{display_name(registration.player)} has {byes} bye(s).", f"player-{registration.pk}"
    )


@login_required
@require_POST
def run_table(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Keep a table for a player; an empty box frees it."""
    event = organizer_event(request, slug)
    registration = _registration(event.pk, registration_id)
    form = FixedTableForm(request.POST)
    raw = request.POST.get("table", "").strip()
    if not form.is_valid():
        return refused(request, event, "table", first_error(form), registration=registration.pk, value=raw)
    table = form.cleaned_data["table"]
    try:
        services.registration_fix_table(registration=registration, table=table, by=cast(User, request.user))
    except ValidationError as error:
        return refused(request, event, "table", error, registration=registration.pk, value=raw)
    kept = (
        f"table {table} is kept for {display_name(registration.player)}"
        if table
        else f"{display_name(registration.player)} sits anywhere"
    )
    return done(request, event, kept[0].upper() + kept[1:] + ".", f"player-{registration.pk}")


@login_required
@require_POST
def run_drop(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    event = organizer_event(request, slug)
    registration = _registration(event.pk, registration_id)
    try:
        dropped = services.registration_drop(
            event=event, player=registration.player, by=cast(User, request.user)
        )
    except ValidationError as error:
        return refused(request, event, "drop", error, registration=registration.pk)
    return done(
        request,
        event,
        f"{display_name(registration.player)} is dropped after round {dropped.dropped_after_round}.",
        f"player-{registration.pk}",
    )


@login_required
@require_POST
def run_undo_drop(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    event = organizer_event(request, slug)
    registration = _registration(event.pk, registration_id)
    try:
        services.registration_undo_drop(registration=registration, by=cast(User, request.user))
    except services.DropNotUndoable as error:
        return refused(request, event, "undo-drop", error, registration=registration.pk)
    return done(
        request,
        event,
        f"{display_name(registration.player)} is back in the event and will be paired again.",
        f"player-{registration.pk}",
    )
