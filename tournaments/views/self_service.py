"""A player's own part of the event page: enter the event, check in at the venue with the event code, drop.

The forms sit on the event page; htmx swaps the section with the new state or the refusal under the field.
Without JavaScript a success goes back to the event page, and a refusal comes back on a small page with the
form and the message under the field.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message
from tournaments import services
from tournaments.forms import CheckInCodeForm, DropConfirmForm, first_error
from tournaments.models import Event, Registration
from tournaments.selectors.events import entries_open, event_for
from tournaments.views.run import FormError


def _answer(
    request: HtmxHttpRequest,
    event: Event,
    *,
    success: str = "",
    error: FormError | None = None,
    status: int = 400,
) -> HttpResponse:
    if not request.htmx and error is None:
        messages.success(request, success)
        return redirect("event-detail", slug=event.slug)
    context = {
        "event": event,
        "me": Registration.objects.filter(event=event, player=cast(User, request.user)).first(),
        "self_error": error,
        "self_success": success,
        "entries_open": entries_open(event),
    }
    if request.htmx:
        return render(request, "tournaments/_self_service.html", context)
    return render(request, "tournaments/self_service.html", context, status=status)


def _event(request: HtmxHttpRequest, slug: str) -> Event:
    return event_for(request.user, slug)


@login_required
@require_POST
def event_enter_me(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    user = cast(User, request.user)
    try:
        services.registration_enter(event=event, player=user, by=user)
    except REFUSALS as error:
        return _answer(request, event, error=FormError("enter", refusal_message(error)), status=409)
    return _answer(
        request, event, success=gettext("You are entered. Check in at the venue with the event code.")
    )


@login_required
@require_http_methods(["GET", "POST"])
def event_check_in_me(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Check in with the code shown at the venue; a wrong code is said under the field and changes nothing."""
    event = _event(request, slug)
    if request.method == "GET":
        return _answer(request, event, error=FormError("", ""), status=200)
    user = cast(User, request.user)
    form = CheckInCodeForm(request.POST)
    code = form.cleaned_data["code"] if form.is_valid() else ""
    try:
        registration = services.registration_check_in(event=event, player=user, by=user, code=code)
    except ValidationError as error:
        return _answer(request, event, error=FormError("check-in", refusal_message(error), value=code))
    except services.RegistrationClosed as error:
        return _answer(request, event, error=FormError("check-in", str(error), value=code), status=409)
    if registration.joined_round > 1:
        success = gettext(
            "You are checked in. You join in round %(round)s; the rounds before count as losses."
        ) % {"round": registration.joined_round}
    else:
        success = gettext("You are checked in.")
    return _answer(request, event, success=success)


@login_required
@require_POST
def event_drop_me(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    form = DropConfirmForm(request.POST)
    if not form.is_valid():
        return _answer(request, event, error=FormError("drop", first_error(form)))
    user = cast(User, request.user)
    try:
        registration = services.registration_drop(event=event, player=user, by=user)
    except ValidationError as error:
        return _answer(request, event, error=FormError("drop", refusal_message(error)))
    after = registration.dropped_after_round
    if after:
        success = gettext(
            "You have dropped after round %(round)s. Your results so far stay in the standings."
        ) % {"round": after}
    else:
        success = gettext("You have dropped before round 1. You will not be paired.")
    return _answer(request, event, success=success)
