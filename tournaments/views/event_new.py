"""Creating an event: store staff (the ``tournaments.add_event`` permission) fill in its settings."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render

from config.http import HtmxHttpRequest
from tournaments import services
from tournaments.forms import EventForm


@login_required
@permission_required("tournaments.add_event", raise_exception=True)
def event_new(request: HtmxHttpRequest) -> HttpResponse:
    """The new-event form; the service's refusals are shown under their fields and nothing is created."""
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = services.event_create(
                organizer=request.user,  # type: ignore[arg-type]  # login_required
                name=data["name"],
                game=data["game"],
                starts_at=data["starts_at"],
                round_minutes=data["round_minutes"],  # None: the game's policy
                end_of_round=data["end_of_round"] or "",
                swiss_rounds=data["swiss_rounds"],
                top_cut=data["top_cut"],
                top_cut_untimed=data["top_cut_untimed"],
                structure=data["structure"],
                booster_draft_playoff=data["booster_draft_playoff"],
                byes_allowed=data["byes_allowed"],
                decklist_deadline=data["decklist_deadline"],
                banlist=data["banlist"],
                decklists_public=data["decklists_public"],
            )
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                form.add_error(field if field in form.fields else None, messages)
        else:
            return redirect("event-run", slug=event.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/event_new.html", {"form": form}, status=status)
