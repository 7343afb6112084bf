"""An event's judges and organizers, kept by its organizers: add someone by name or username, remove them."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.selectors import players_named
from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.refusals import REFUSALS, refusal_message, refusal_status
from tournaments import services
from tournaments.forms import StaffAddForm, first_error
from tournaments.models import Event, EventRole
from tournaments.views.run import organizer_event


def _page(
    request: HtmxHttpRequest, event: Event, form: StaffAddForm, error: str = "", status: int = 200
) -> HttpResponse:
    staff = (
        EventRole.objects.filter(event=event)
        .select_related("user")
        .order_by("role", "user__first_name", "user__username")
    )
    context = {"event": event, "staff": staff, "form": form, "error": error, "can_run": True}
    return render(request, "tournaments/staff.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def event_staff(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The event's staff; POST adds a judge or an organizer."""
    event = organizer_event(request, slug)
    if request.method == "GET":
        return _page(request, event, StaffAddForm())
    form = StaffAddForm(request.POST)
    if not form.is_valid():
        return _page(request, event, form, first_error(form), status=400)
    typed = " ".join(form.cleaned_data["person"].split())
    named = players_named(typed)
    if len(named) != 1:
        message = (
            gettext("Several people are called “%(name)s”: type their username.")
            if named
            else gettext(
                "Nobody with an account is called “%(name)s”: they sign up first, then you add them."
            )
        ) % {"name": typed}
        return _page(request, event, form, message, status=400)
    person = named[0]
    try:
        services.event_staff_add(
            event=event, user=person, role=form.cleaned_data["role"], by=cast(User, request.user)
        )
    except REFUSALS as error:
        return _page(request, event, form, refusal_message(error), status=refusal_status(error))
    added = (
        gettext("%(name)s is an organizer of %(event)s.")
        if form.cleaned_data["role"] == EventRole.Role.ORGANIZER
        else gettext("%(name)s is a judge of %(event)s.")
    )
    messages.success(request, added % {"name": display_name(person), "event": event.name})
    return redirect("event-staff", slug=event.slug)


@login_required
@require_POST
def event_staff_remove(request: HtmxHttpRequest, slug: str, role_id: int) -> HttpResponse:
    event = organizer_event(request, slug)
    event_role = get_object_or_404(EventRole.objects.select_related("user"), pk=role_id, event=event)
    try:
        services.event_staff_remove(event_role=event_role, by=cast(User, request.user))
    except REFUSALS as error:
        return _page(request, event, StaffAddForm(), refusal_message(error), status=refusal_status(error))
    removed = (
        gettext("%(name)s is no longer an organizer of %(event)s.")
        if event_role.role == EventRole.Role.ORGANIZER
        else gettext("%(name)s is no longer a judge of %(event)s.")
    )
    messages.success(request, removed % {"name": display_name(event_role.user), "event": event.name})
    return redirect("event-staff", slug=event.slug)
