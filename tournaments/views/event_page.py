"""The event page as a whole: the round's pairings first, then the player's own deck list below them.

Shared by the event pages and the deck views, which re-render it (or its deck section) after a change."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from config.http import HtmxHttpRequest
from decks.models import Card
from decks.parsing import DeckProblem, parse_deck_text
from decks.selectors import (
    MAX_QUERY_LENGTH,
    MAX_SEARCH_RESULTS,
    cards_matching,
    deck_legality,
    search_sections,
    section_counts,
)
from matches.selectors import pairings_for_round
from tournaments import services
from tournaments.models import Event, Registration
from tournaments.selectors.deck_lists import deck_list_history
from tournaments.selectors.events import (
    current_round,
    entries_open,
    is_deck_staff,
    is_event_staff,
    is_organizer,
)
from tournaments.selectors.history import my_final_place
from tournaments.selectors.my_table import my_table
from tournaments.selectors.registrations import registrations_for
from tournaments.selectors.runs import my_run
from tournaments.views.deck_staff import section_label
from tournaments.views.pairings_rows import table_rows


def _event_page(
    request: HtmxHttpRequest,
    event: Event,
    *,
    problems: list[DeckProblem] | None = None,
    pasted: str = "",
    builder: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    round_ = current_round(event)
    name = request.GET.get("player", "").strip()[:80]
    pairings = pairings_for_round(round_, name) if round_ else []
    context: dict[str, object] = {
        "event": event,
        "round": round_,
        "pairings": pairings,
        "tables": table_rows(pairings),
        "player_query": name,
        "now": timezone.now(),
        "is_staff": is_event_staff(request.user, event),
        "is_organizer": is_organizer(request.user, event),
    }
    if request.htmx:
        return render(request, "tournaments/_pairings.html", context)
    context["my_table"] = my_table(request.user, event)
    context["my_final_place"] = my_final_place(request.user, event)
    context["my_run"] = my_run(request.user, event)
    context["entries_open"] = entries_open(event)
    context["registrations"] = registrations_for(event)
    context["is_deck_staff"] = is_deck_staff(request.user, event)
    context["my_deck"] = _my_deck(request, event, builder=builder)
    context["deck_problems"] = problems or []
    context["pasted"] = pasted
    return render(request, "tournaments/event_detail.html", context, status=status)


def event_url(event: Event) -> str:
    return reverse("event-detail", args=[event.slug])


def _my_deck(
    request: HtmxHttpRequest,
    event: Event,
    *,
    builder: dict[str, Any] | None = None,
    registered_now: bool = False,
) -> dict[str, Any] | None:
    """The "My deck" section of a registered player: their list, its legality, the lock, the history and
    the deck builder."""
    if not request.user.is_authenticated:
        return None
    registration = (
        Registration.objects.select_related("deck_list").filter(event=event, player=request.user).first()
    )
    if registration is None:
        return None
    deck_list = registration.deck_list
    return {
        "registration": registration,
        "deck_list": deck_list,
        "ruling": deck_legality(deck_list=deck_list, banlist=event.banlist) if deck_list else None,
        "counts": section_counts(deck_list) if deck_list else {},
        # A finished event's lists are history: nobody registers or replaces one any more.
        "over": event.status == Event.Status.FINISHED,
        "locked": services.deck_lists_locked(event) or event.status == Event.Status.FINISHED,
        "history": list(deck_list_history(registration)),
        "builder": builder or _builder_context(event),
        "registered_now": registered_now,
    }


def _builder_context(
    event: Event,
    *,
    text: str = "",
    query: str = "",
    problems: list[DeckProblem] | None = None,
    problem_title: str = "",
    open_: bool = False,
) -> dict[str, Any]:
    """What the deck builder shows: the list so far with its section counts, and the search's results."""
    parsed = parse_deck_text(text, game=event.game)
    query = query.strip()[:MAX_QUERY_LENGTH]
    return {
        "catalog_has_cards": Card.objects.filter(game=event.game).exists(),
        "text": text,
        "query": query,
        "results": list(cards_matching(event.game, query, MAX_SEARCH_RESULTS)) if query else [],
        "sections": search_sections(event.game),
        "counts": [
            # The section's name in the reader's words ("Principal 40 · Adicional 6"), as the list above it.
            (section_label(event.game, section), sum(entry.count for entry in entries))
            for section, entries in parsed.entries.items()
        ],
        "problems": problems or [],
        "problem_title": problem_title,
        "open": open_,
    }
