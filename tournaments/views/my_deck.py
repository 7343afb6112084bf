"""A player's deck list for an event: pasted, uploaded as a .ydk, or built from the catalog.

Every write goes through ``tournaments.services``, exactly as the API's; legality is the engine's ruling
(``decks.selectors.deck_legality``), shown with its own messages.

The deck builder keeps the list being built as text in a form, on the server's side of things: adding a card
posts the text with the card, and the text comes back rewritten by ``decks.parsing`` (so a card added twice
is one "2 Name" line). "Register this list" hands that text to ``registration_deck_submit_text``, the service
pasting uses, so the deadline, the parsing and the engine's verdict are the same whichever way a list came.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget

from config.http import HtmxHttpRequest
from decks.parsing import DeckProblem
from decks.selectors import (
    deck_text_with_card,
)
from decks.services import DeckListInvalid
from tournaments import services
from tournaments.forms import DeckBuilderForm, MyDeckForm
from tournaments.models import Event, Registration
from tournaments.selectors.events import event_for
from tournaments.views.event_page import _builder_context, _event_page, _my_deck, event_url


@login_required
@require_POST
def event_my_deck(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """A player registers a pasted list or an uploaded .ydk; problems come back on the event page."""
    event = event_for(request.user, slug)
    registration = get_object_or_404(Registration, event=event, player=request.user)
    if (refused := _refuse_when_over(request, event)) is not None:
        return refused
    form = MyDeckForm(request.POST, request.FILES)
    if not form.is_valid():
        problems = [DeckProblem(0, str(message)) for errors in form.errors.values() for message in errors]
        return _event_page(request, event, problems=problems, status=400)
    text, ydk = form.cleaned_data["text"], form.cleaned_data["ydk"]
    try:
        services.registration_deck_submit_text(
            registration=registration,
            by=cast(User, request.user),
            text=None if ydk is not None else text,
            ydk=ydk,
        )
    except DeckListInvalid as error:
        return _event_page(request, event, problems=error.problems, pasted=text, status=400)
    except services.DeckListLocked as error:
        messages.error(request, str(error))
        return _event_page(request, event, pasted=text, status=409)
    messages.success(request, gettext("Your deck list is registered."))
    return redirect(f"{event_url(event)}#my-deck")


def _refuse_when_over(request: HtmxHttpRequest, event: Event) -> HttpResponse | None:
    """A finished event's deck lists are history: a form left open on a phone is told so (409), not saved."""
    if event.status != Event.Status.FINISHED:
        return None
    if request.htmx:
        return _my_deck_section(request, event)
    messages.error(request, gettext("The event is over: its deck lists no longer change."))
    return _event_page(request, event, status=409)


def _builder_add(event: Event, text: str, add: str) -> tuple[str, list[DeckProblem]]:
    """The builder's text with one more copy of the card ``add`` names ("<section>:<card name>")."""
    section, _, name = add.partition(":")
    return deck_text_with_card(game=event.game, text=text, section=section, name=name)


@login_required
@require_POST
def event_deck_builder(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The deck builder's form: ``add`` puts a card searched in the catalog on the list being built;
    ``action=register`` registers that list exactly as a pasted one is.

    With htmx, adding answers with the builder alone and registering with the whole "My deck" section (htmx
    swaps 2xx answers only, so problems come back as a 200 there); without, each answer is the event page.
    """
    event = event_for(request.user, slug)
    registration = get_object_or_404(Registration, event=event, player=request.user)
    form = DeckBuilderForm(request.POST)
    form.is_valid()  # every field is optional text: the form only reads them
    text, query = form.cleaned_data["text"], form.cleaned_data["q"]
    problems: list[DeckProblem] = []
    problem_title = gettext("That card was not added:")
    if form.registers:
        problem_title = gettext("Your list was not registered:")
        if (refused := _refuse_when_over(request, event)) is not None:
            return refused
        if not text.strip():
            problems = [DeckProblem(0, gettext("add cards to your list first: search for them by name"))]
        else:
            try:
                services.registration_deck_submit_text(
                    registration=registration, by=cast(User, request.user), text=text
                )
            except DeckListInvalid as error:
                problems = error.problems
            except services.DeckListLocked as error:
                if request.htmx:
                    return _my_deck_section(request, event)
                messages.error(request, str(error))
                return _event_page(request, event, status=409)
            else:
                if request.htmx:
                    return _my_deck_section(request, event, registered_now=True)
                messages.success(request, gettext("Your deck list is registered."))
                return redirect(f"{event_url(event)}#my-deck")
    elif form.cleaned_data["add"]:
        text, problems = _builder_add(event, text, form.cleaned_data["add"])
    builder = _builder_context(
        event, text=text, query=query, problems=problems, problem_title=problem_title, open_=True
    )
    if request.htmx:
        return render(request, "tournaments/_deck_builder.html", {"event": event, "builder": builder})
    return _event_page(request, event, builder=builder, status=400 if problems else 200)


def _my_deck_section(request: HtmxHttpRequest, event: Event, *, registered_now: bool = False) -> HttpResponse:
    """The "My deck" section alone, swapped in place of the builder's whole section."""
    context = {"event": event, "my_deck": _my_deck(request, event, registered_now=registered_now)}
    response = render(request, "tournaments/_my_deck.html", context)
    return reswap(retarget(response, "#my-deck"), "outerHTML")
