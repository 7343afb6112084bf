"""The dashboard's player forms: enter a player at the counter, check them in, award byes, keep a table,
drop, undo a drop. Each calls the registration service; see ``run_refusals`` for how they answer."""

from __future__ import annotations

from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts.selectors import players_matching
from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from tournaments import services
from tournaments.forms import ByesForm, CounterEntryForm, FixedTableForm, first_error
from tournaments.models import Event, Registration
from tournaments.selectors.registrations import registrations_for
from tournaments.views.run import FormError, organizer_event
from tournaments.views.run_refusals import done, refused


def _players_section(
    request: HtmxHttpRequest,
    event: Event,
    *,
    error: FormError | None = None,
    entered: str = "",
    status: int = 200,
) -> HttpResponse:
    """The players section alone, for htmx: the counter's form emptied and focused, the list updated."""
    context = {
        "event": event,
        "registrations": registrations_for(event),
        "error": error,
        "entered": entered,
        "entering": True,
    }
    return render(request, "tournaments/_run_players.html", context, status=status)


@login_required
@require_POST
def run_enter(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Enter a player at the counter, checked in at once: chosen from the search, or typed (a name,
    username or player id); a name that is nobody's is a walk-in, entered without an account."""
    event = organizer_event(request, slug)
    form = CounterEntryForm(request.POST)
    typed = request.POST.get("name", "")
    try:
        if not form.is_valid():
            raise ValidationError(first_error(form))
        chosen = form.cleaned_data["player"]
        registration = services.registration_enter_at_counter(
            event=event,
            by=cast(User, request.user),
            name=form.cleaned_data["name"],
            official_id=form.cleaned_data["official_id"],
            player=get_object_or_404(User, pk=chosen, is_active=True) if chosen else None,
        )
    except REFUSALS as error:
        if request.htmx:
            refusal = FormError("enter", refusal_message(error), value=typed)
            # htmx swaps 2xx answers only: the refusal is the section again, with the message under the field.
            return _players_section(request, event, error=refusal)
        return refused(request, event, "enter", error, value=typed)
    message = gettext("%(name)s is entered and checked in.") % {"name": display_name(registration.player)}
    if request.htmx:
        return _players_section(request, event, entered=message)
    return done(request, event, message, f"player-{registration.pk}")


@login_required
@require_GET
def run_search(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Players whose name, username or id holds what the organizer is typing, as buttons that enter them."""
    event = organizer_event(request, slug)
    typed = request.GET.get("name", "")[:150]
    found = players_matching(typed)
    entered = set(event.registrations.filter(player__in=found).values_list("player_id", flat=True))
    context = {"event": event, "found": found, "entered_ids": entered, "typed": " ".join(typed.split())}
    return render(request, "tournaments/_enter_suggestions.html", context)


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
        request,
        event,
        gettext("%(name)s is checked in.") % {"name": display_name(registration.player)},
        f"player-{registration.pk}",
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
        request,
        event,
        ngettext("%(name)s has %(byes)s bye.", "%(name)s has %(byes)s byes.", byes)
        % {"name": display_name(registration.player), "byes": byes},
        f"player-{registration.pk}",
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
    name = display_name(registration.player)
    kept = (
        gettext("Table %(table)s is kept for %(name)s.") % {"table": table, "name": name}
        if table
        else gettext("%(name)s sits anywhere.") % {"name": name}
    )
    return done(request, event, kept, f"player-{registration.pk}")


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
        gettext("%(name)s is dropped after round %(number)s.")
        % {"name": display_name(registration.player), "number": dropped.dropped_after_round},
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
        gettext("%(name)s is back in the event and will be paired again.")
        % {"name": display_name(registration.player)},
        f"player-{registration.pk}",
    )
