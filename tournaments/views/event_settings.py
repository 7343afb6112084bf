"""An event's settings, changed by its organizers: every one until round 1 starts, the safe ones after.

The form checks shapes; ``event_settings_update`` decides what may change now and what the values may be, in
the same words as the API's ``PATCH /api/v1/events/{slug}/``. A setting round 1 has fixed is shown read-only
with the reason and has no field, so a browser's value for it is never sent to the service.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message, refusal_status
from tournaments import services
from tournaments.forms import EventSettingsForm
from tournaments.models import Event
from tournaments.selectors.events import SETTINGS_SAFE_AFTER_START, event_settings_locked
from tournaments.services.events import EVENT_SETTINGS
from tournaments.views.run import organizer_event


def _initial(event: Event) -> dict[str, Any]:
    initial: dict[str, Any] = {field: getattr(event, field) for field in EVENT_SETTINGS}
    for field in ("starts_at", "decklist_deadline"):
        if initial[field] is not None:
            initial[field] = timezone.localtime(initial[field])
    return initial


@login_required
@require_http_methods(["GET", "POST"])
def event_settings(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The settings form; a refusal comes back with the form, its message next to the field it names."""
    event = organizer_event(request, slug)
    started = event_settings_locked(event)
    locked = frozenset(EVENT_SETTINGS) - SETTINGS_SAFE_AFTER_START if started else frozenset()
    form = EventSettingsForm(
        request.POST if request.method == "POST" else None,
        initial=_initial(event),
        game=event.game,
        locked=locked,
    )
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            changes = {field: form.cleaned_data[field] for field in EVENT_SETTINGS if field in form.fields}
            try:
                event = services.event_settings_update(
                    event=event, by=cast(User, request.user), changes=changes
                )
            except REFUSALS as error:
                status = refusal_status(error)
                named = getattr(error, "error_dict", None) or {}
                field = getattr(error, "field", None)
                if named:
                    for name, field_errors in cast(Any, error).message_dict.items():
                        form.add_error(name if name in form.fields else None, field_errors)
                else:
                    form.add_error(field if field in form.fields else None, refusal_message(error))
            else:
                messages.success(
                    request, gettext("The settings of %(name)s are saved.") % {"name": event.name}
                )
                return redirect("event-run", slug=event.slug)
    return render(
        request,
        "tournaments/event_settings.html",
        {"event": event, "form": form, "started": started, "can_run": True},
        status=status,
    )
