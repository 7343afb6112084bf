"""The organizer's dashboard for running an event on the night: the plan, the event code, the players and
the round controls, with the round's progress polled live.

The forms post to ``run_players`` and ``run_rounds``; a refused action comes back to this page with the
service's own message next to the form that was refused (and a 400 or 409), a successful one redirects here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.db.models import F
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from accounts.users import display_name
from config.http import HtmxHttpRequest
from idempotency.pages import new_form_key
from matches.models import Match
from rules.engine.end_of_round import extra_turns
from rules.words import procedure_steps_in_words
from tournaments.engine.event_structure import table_title
from tournaments.models import Event, Round
from tournaments.selectors.events import event_for
from tournaments.selectors.registrations import registrations_for
from tournaments.selectors.rounds import round_progress, unpaired_players
from tournaments.services import event_plan, next_stage
from tournaments.services.registrations import require_organizer
from tournaments.views.round_clock import live_round, round_clock


@dataclass(frozen=True)
class FormError:
    """A refusal to show next to the form it came from: ``form`` names it, ``registration`` its player row."""

    form: str
    message: str
    registration: int | None = None
    value: str = ""


def organizer_event(request: HtmxHttpRequest, slug: str) -> Event:
    """The event, if the user organizes it (404 if there is none, 403 if they do not organize it)."""
    event = event_for(request.user, slug)
    # Refused before anything is read: the dashboard and the exports show every player's details.
    require_organizer(request.user, event, "open this page")
    return event


def progress_context(event: Event, round_: Round | None) -> dict[str, object]:
    """The live part: the round's clock and counts, and the matches the organizer is waiting for."""
    return {
        "event": event,
        "round": round_,
        "clock": round_clock(round_),
        "progress": round_progress(round_) if round_ is not None else None,
        "waiting": list(
            round_.matches.exclude(status=Match.Status.FINAL).select_related(
                "player_a", "player_b", "round__event"
            )
        )
        if round_ is not None and round_.status == Round.Status.IN_PROGRESS
        else [],
        "form_key": new_form_key(),
    }


def _plan(event: Event) -> dict[str, object]:
    plan = event_plan(event)
    return {
        "single_elimination": plan.single_elimination,
        "elimination_rounds": plan.elimination_rounds,
        "players": plan.players,
        # Byes count toward attendance in Magic: "7 players, counted as 9 with their byes".
        "attendance": plan.attendance,
        "swiss_rounds": plan.swiss_rounds,
        "top_cut": plan.top_cut,
        # Fixed when round 1 is paired; until then the structure table decides from the players checked in.
        "structure_from_attendance": not event.structure,
        "rounds_from_attendance": event.swiss_rounds is None,
        # The document's title, a proper name the page shows as published ("Source: Yu-Gi-Oh! TCG ...").
        "structure_title": table_title(event.structure_table),
        "top_cut_from_attendance": event.top_cut is None,
    }


def _pairings_before_start(event: Event, latest: Round | None) -> dict[str, object]:
    """A paired round not started: its tables, and each seated player as a choice for a swap."""
    if latest is None or latest.status != Round.Status.PAIRED:
        return {"preview": [], "seats": []}
    # Byes (no table) after the tables, as on the pairings page.
    tables = F("table").asc(nulls_last=True)
    matches = list(latest.matches.select_related("player_a", "player_b").order_by(tables, "pk"))
    registration_of = dict(event.registrations.values_list("player_id", "pk"))
    seats = [
        (
            registration_of[player.pk],
            gettext("Table %(table)s: %(name)s") % {"table": match.table, "name": display_name(player)},
        )
        for match in matches
        if match.player_b is not None
        for player in (match.player_a, match.player_b)
    ]
    return {"preview": matches, "seats": seats}


def run_page(
    request: HtmxHttpRequest,
    event: Event,
    error: FormError | None = None,
    status: int = 200,
    *,
    confirm_call_time: bool = False,
) -> HttpResponse:
    round_ = live_round(event)
    context = progress_context(event, round_)
    if request.htmx and request.method == "GET":
        return render(request, "tournaments/_run_progress.html", context)
    latest = event.rounds.order_by("-number").first()
    unpaired = (
        list(unpaired_players(latest)) if latest is not None and latest.status == Round.Status.PAIRED else []
    )
    context |= {
        "plan": _plan(event),
        "registrations": registrations_for(event),
        "latest": latest,
        "can_pair": event.status != Event.Status.FINISHED
        and (latest is None or latest.status == Round.Status.FINISHED),
        "next_number": latest.number + 1 if latest is not None else 1,
        "unpaired": unpaired,
        "unpaired_names": ", ".join(display_name(registration.player) for registration in unpaired),
        "error": error,
        "can_run": True,
        "next_stage": next_stage(event) if event.status != Event.Status.FINISHED else None,
        **_pairings_before_start(event, latest),
        # Calling time is confirmed first (tournaments.views.run_clock): the link asks, this shows the step.
        "confirm_call_time": confirm_call_time or request.GET.get("confirm") == "call-time",
        "call_time_steps": procedure_steps_in_words(event.end_of_round),
        "call_time_extra_turns": extra_turns(event.end_of_round),
        "clock_form_key": new_form_key(),
    }
    if error is not None and error.form == "swap" and error.value:
        # A rematch to confirm: the two players chosen, for the "Swap anyway" button.
        context["swap_first"], _, context["swap_second"] = error.value.partition(":")
    return render(request, "tournaments/run.html", context, status=status)


@login_required
@require_GET
def event_run(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The dashboard; htmx polls its progress section alone."""
    return run_page(request, organizer_event(request, slug))
