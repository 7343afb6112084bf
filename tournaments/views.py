"""Pages for events: the store's home page, an event's pairings, the organizer's overview, a player's deck
list (pasted, uploaded or built from the catalog), the judges' deck lists (with CSV and text exports, and a
page to replace a list) and a round's deck checks.

Every write goes through ``tournaments.services``, exactly as the API's; legality is the engine's ruling
(``decks.selectors.deck_legality``), shown with its own messages.

The deck builder keeps the list being built as text in a form, on the server's side of things: adding a card
posts the text with the card, and the text comes back rewritten by ``decks.parsing`` (so a card added twice
is one "2 Name" line). "Register this list" hands that text to ``registration_deck_submit_text``, the service
pasting uses, so the deadline, the parsing and the engine's verdict are the same whichever way a list came.
"""

from __future__ import annotations

import csv
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from config.http import HtmxHttpRequest
from decks.models import Card
from decks.parsing import SECTIONS, DeckProblem, parse_deck_text
from decks.selectors import (
    MAX_QUERY_LENGTH,
    MAX_SEARCH_RESULTS,
    cards_matching,
    deck_legality,
    deck_list_parse,
    deck_sections,
    deck_text,
    search_sections,
    section_counts,
    side_deck_check,
)
from decks.services import DeckListInvalid
from matches.models import Match
from matches.selectors import pairings_for_round
from tournaments import services
from tournaments.forms import MAX_DECK_TEXT, DeckReplaceForm, SideCheckForm
from tournaments.models import DeckCheck, DeckListChange, Event, EventRole, Registration, Round
from tournaments.selectors import (
    DECK_STAFF,
    current_round,
    deck_checks_for_round,
    deck_list_history,
    events_staffed_by,
    events_visible_to,
    is_event_staff,
    registrations_for,
)
from tournaments.selectors import (
    event_deck_lists as deck_list_rows,
)

MAX_YDK_BYTES = 64 * 1024  # a .ydk of a full deck is a few hundred bytes


def home(request: HtmxHttpRequest) -> HttpResponse:
    events = events_visible_to(request.user)
    return render(
        request,
        "tournaments/home.html",
        {
            "running": events.filter(status=Event.Status.RUNNING).order_by("starts_at"),
            "upcoming": events.filter(status=Event.Status.REGISTRATION).order_by("starts_at"),
            "finished": events.filter(status=Event.Status.FINISHED).order_by("-starts_at")[:10],
        },
    )


def event_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """An event's current round: pairings by table, searchable by player name (htmx swaps the table)."""
    event = get_object_or_404(events_visible_to(request.user), slug=slug)
    return _event_page(request, event)


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
    context: dict[str, object] = {
        "event": event,
        "round": round_,
        "pairings": pairings_for_round(round_, name) if round_ else [],
        "player_query": name,
        "now": timezone.now(),
        "is_staff": is_event_staff(request.user, event),
    }
    if request.htmx:
        return render(request, "tournaments/_pairings.html", context)
    context["registrations"] = registrations_for(event)
    context["is_deck_staff"] = is_event_staff(request.user, event, DECK_STAFF)
    context["my_deck"] = _my_deck(request, event, builder=builder)
    context["deck_problems"] = problems or []
    context["pasted"] = pasted
    return render(request, "tournaments/event_detail.html", context, status=status)


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
        "locked": services.deck_lists_locked(event),
        "history": list(deck_list_history(registration)),
        "builder": builder or _builder_context(event),
        "registered_now": registered_now,
    }


@login_required
@require_POST
def event_my_deck(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """A player registers a pasted list or an uploaded .ydk; problems come back on the event page."""
    event = get_object_or_404(events_visible_to(request.user), slug=slug)
    registration = get_object_or_404(Registration, event=event, player=request.user)
    text = request.POST.get("text", "")
    upload = request.FILES.get("ydk")
    ydk: str | None = None
    if upload is not None:
        if upload.size is not None and upload.size > MAX_YDK_BYTES:
            problem = DeckProblem(0, f"a .ydk file is a few hundred bytes; this one is {upload.size} bytes")
            return _event_page(request, event, problems=[problem], status=400)
        ydk = upload.read().decode("utf-8", errors="replace")
    elif not text.strip():
        problem = DeckProblem(0, "paste your list or choose a .ydk file")
        return _event_page(request, event, problems=[problem], status=400)
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
    messages.success(request, "Your deck list is registered.")
    return redirect(f"{event_url(event)}#my-deck")


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
            (section.title(), sum(entry.count for entry in entries))
            for section, entries in parsed.entries.items()
        ],
        "problems": problems or [],
        "problem_title": problem_title,
        "open": open_,
    }


def _builder_add(event: Event, text: str, add: str) -> tuple[str, list[DeckProblem]]:
    """The builder's text with one more copy of a catalog card (``add`` is "<section>:<card name>"), merged
    into its line if the card is already in that section; or the text unchanged and what stopped it."""
    section, _, name = add.partition(":")
    if section not in SECTIONS[event.game]:
        return text, [DeckProblem(0, f"a {event.get_game_display()} deck has no section {section!r}")]
    card = Card.objects.filter(game=event.game, name=name).first()
    if card is None:
        return text, [DeckProblem(0, f"the catalog has no card named {name!r}")]
    unreadable = parse_deck_text(text, game=event.game).problems
    if unreadable:
        # A line the player typed that does not read as a card: rewriting the text would drop it.
        return text, [DeckProblem(0, "fix these lines before adding more cards"), *unreadable]
    merged = parse_deck_text(f"{text}\n{section.title()}\n1 {card.name}\n", game=event.game)
    if merged.problems:
        return text, merged.problems
    return deck_text(merged.as_engine_deck()), []


@login_required
@require_POST
def event_deck_builder(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The deck builder's form: ``add`` puts a card searched in the catalog on the list being built;
    ``action=register`` registers that list exactly as a pasted one is.

    With htmx, adding answers with the builder alone and registering with the whole "My deck" section (htmx
    swaps 2xx answers only, so problems come back as a 200 there); without, each answer is the event page.
    """
    event = get_object_or_404(events_visible_to(request.user), slug=slug)
    registration = get_object_or_404(Registration, event=event, player=request.user)
    text = request.POST.get("text", "")[:MAX_DECK_TEXT]
    query = request.POST.get("q", "")
    problems: list[DeckProblem] = []
    problem_title = "That card was not added:"
    if request.POST.get("action") == "register":
        problem_title = "Your list was not registered:"
        if not text.strip():
            problems = [DeckProblem(0, "add cards to your list first: search for them by name")]
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
                messages.success(request, "Your deck list is registered.")
                return redirect(f"{event_url(event)}#my-deck")
    elif request.POST.get("add"):
        text, problems = _builder_add(event, text, request.POST["add"])
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


def event_url(event: Event) -> str:
    return reverse("event-detail", args=[event.slug])


def _staff_event(request: HtmxHttpRequest, slug: str) -> Event:
    event = get_object_or_404(events_visible_to(request.user), slug=slug)
    if not is_event_staff(request.user, event, DECK_STAFF):
        raise PermissionDenied("Only the judges and organizers of this event may see its deck lists.")
    return event


def _player_name(registration: Registration) -> str:
    player = registration.player
    return player.get_full_name() or player.get_username()


@login_required
def event_deck_lists(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every registration's list with the engine's verdict: for the event's judges and organizers."""
    event = _staff_event(request, slug)
    rows = _deck_list_page_rows(event)
    return render(
        request,
        "tournaments/deck_lists.html",
        {"event": event, "rows": rows, "round": current_round(event)},
    )


def _deck_list_page_rows(event: Event) -> list[dict[str, Any]]:
    history: dict[int, list[DeckListChange]] = {}
    changes = DeckListChange.objects.filter(registration__event=event).select_related(
        "changed_by", "new_deck_list"
    )
    for change in changes.order_by("-changed_at", "-pk"):
        history.setdefault(change.registration_id, []).append(change)
    return [
        {
            "registration": row.registration,
            "player": _player_name(row.registration),
            "ruling": row.ruling,
            "legal": row.legal,
            "counts": section_counts(row.registration.deck_list) if row.registration.deck_list else {},
            "history": history.get(row.registration.pk, []),
        }
        for row in deck_list_rows(event)
    ]


@login_required
@require_http_methods(["GET", "POST"])
def event_deck_replace(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """A judge or organizer replaces a player's list with a corrected one and says why (for the history)."""
    event = _staff_event(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "deck_list"), event=event, pk=registration_id
    )
    deck_list = registration.deck_list
    problems: list[DeckProblem] = []
    if request.method == "POST":
        form = DeckReplaceForm(request.POST)
        if form.is_valid():
            try:
                services.registration_deck_replace(
                    registration=registration,
                    judge=cast(User, request.user),
                    reason=form.cleaned_data["reason"],
                    text=form.cleaned_data["text"],
                )
            except DeckListInvalid as error:
                problems = error.problems
                form.add_error("text", "The list was not saved: fix the lines below.")
            except ValidationError as error:
                if hasattr(error, "error_dict"):
                    for field, field_errors in error.message_dict.items():
                        form.add_error(field if field in form.fields else None, field_errors)
                else:
                    form.add_error(None, error.messages)
            else:
                messages.success(request, f"{_player_name(registration)}'s deck list is replaced.")
                lists_url = reverse("event-deck-lists", args=[event.slug])
                return redirect(f"{lists_url}#registration-{registration.pk}")
    else:
        form = DeckReplaceForm(initial={"text": deck_list.text if deck_list else ""})
    return render(
        request,
        "tournaments/deck_replace.html",
        {
            "event": event,
            "registration": registration,
            "player": _player_name(registration),
            "form": form,
            "problems": problems,
            "ruling": deck_legality(deck_list=deck_list, banlist=event.banlist) if deck_list else None,
            "counts": section_counts(deck_list) if deck_list else {},
            "history": list(deck_list_history(registration)),
        },
        status=400 if form.errors else 200,
    )


@login_required
def event_deck_lists_csv(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """One row per card line: player, section, count, card."""
    event = _staff_event(request, slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-decklists.csv"'
    writer = csv.writer(response)
    writer.writerow(["player", "section", "count", "card"])
    for registration in registrations_for(event):
        deck_list = registration.deck_list
        if deck_list is None:
            continue
        for section, entries in (deck_list.sections or {}).items():
            for entry in entries:
                writer.writerow([_player_name(registration), section, entry["count"], entry["name"]])
    return response


@login_required
def event_deck_lists_text(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every list as plain text under the player's name, ready to print."""
    event = _staff_event(request, slug)
    parts = [f"{event.name}: deck lists\n"]
    for registration in registrations_for(event):
        deck_list = registration.deck_list
        body = deck_text(deck_list.sections) if deck_list is not None else "(no deck list)\n"
        title = f"{_player_name(registration)}" + (f" - {deck_list.name}" if deck_list else "")
        parts.append(f"== {title} ==\n{body}")
    response = HttpResponse("\n".join(parts), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-decklists.txt"'
    return response


def _int_field(value: str | None, name: str, *, minimum: int = 0) -> int:
    try:
        number = int(value or "")
    except ValueError:
        raise ValidationError({name: ["Enter a whole number."]}) from None
    if number < minimum:
        raise ValidationError({name: [f"Enter {minimum} or more."]})
    return number


@login_required
@require_http_methods(["GET", "POST"])
def round_deck_checks(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """Pick deck checks at random (the seed is shown) or by hand, and record what each player presented."""
    event = _staff_event(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    judge = cast(User, request.user)
    sections = ("main", "extra", "side") if event.game == "yugioh" else ("main", "side")
    errors: list[str] = []
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "random":
                count = _int_field(request.POST.get("count"), "count", minimum=1)
                seed = request.POST.get("seed", "").strip()[:64] or None
                picked = services.deck_check_pick_random(round_=round_, count=count, seed=seed, judge=judge)
                seeds = {check.seed for check in picked}
                messages.success(request, f"Picked {len(picked)} players (seed {', '.join(sorted(seeds))}).")
            elif action == "hand":
                match_id = _int_field(request.POST.get("match"), "match", minimum=1)
                match = get_object_or_404(Match, round=round_, pk=match_id)
                services.deck_check_pick(match=match, judge=judge)
                messages.success(request, f"Deck check added at table {match.table}.")
            elif action == "record":
                check_id = _int_field(request.POST.get("deck_check"), "deck_check", minimum=1)
                deck_check = get_object_or_404(DeckCheck, round=round_, pk=check_id)
                presented = {
                    section: _int_field(request.POST.get(section), section)
                    for section in sections
                    if request.POST.get(section, "").strip() != ""
                }
                recorded = services.deck_check_record(deck_check=deck_check, presented=presented, judge=judge)
                if recorded.mismatches:
                    messages.error(
                        request, f"{recorded.registration.player}: the counts do not match the list."
                    )
                else:
                    messages.success(request, f"{recorded.registration.player}: the counts match the list.")
            else:
                errors.append("Choose what to do: pick at random, pick a match, or record counts.")
        except ValidationError as error:
            errors.extend(error.messages)
        except services.DeckCheckConflict as error:
            errors.append(str(error))
        if not errors:
            return redirect("round-deck-checks", slug=event.slug, number=round_.number)
    rows = []
    for check in deck_checks_for_round(round_):
        compared = check.deck_list or check.registration.deck_list
        registered = section_counts(compared) if compared else {}
        mismatched = {mismatch["section"] for mismatch in check.mismatches}
        rows.append(
            {
                "check": check,
                "sections": [
                    {
                        "name": section,
                        "registered": registered.get(section),
                        "presented": (check.presented or {}).get(section),
                        "mismatch": section in mismatched,
                    }
                    for section in sections
                ],
            }
        )
    return render(
        request,
        "tournaments/deck_checks.html",
        {
            "event": event,
            "round": round_,
            "rows": rows,
            "matches": Match.objects.filter(round=round_, player_b__isnull=False)
            .select_related("player_a", "player_b")
            .order_by("table"),
            "errors": errors,
            "sections": sections,
        },
        status=400 if errors else 200,
    )


@login_required
def organize(request: HtmxHttpRequest) -> HttpResponse:
    """The events the user organizes, with their registrations at a glance."""
    events = events_staffed_by(request.user, (EventRole.Role.ORGANIZER,)).order_by("-starts_at")
    rows = [{"event": event, "registrations": registrations_for(event)} for event in events]
    return render(request, "tournaments/organize.html", {"rows": rows})


@login_required
@require_http_methods(["GET", "POST"])
def event_side_check(request: HtmxHttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Between duels, a judge holds the deck a player presents against the list they registered.

    The verdict is the engine's ``side_swap`` ruling (counts kept, only registered cards, decks still legal);
    nothing is stored here: the match page records a swap on its duel.
    """
    event = _staff_event(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "deck_list"), event=event, pk=registration_id
    )
    if registration.deck_list is None:
        raise Http404("This player has not registered a deck list.")
    ruling: dict[str, Any] | None = None
    problems: list[DeckProblem] = []
    form = SideCheckForm(request.POST or None, initial={"text": registration.deck_list.text})
    if request.method == "POST" and form.is_valid():
        parsed = deck_list_parse(game=event.game, text=form.cleaned_data["text"])
        if parsed.ok:
            ruling = side_deck_check(registered=registration.deck_list, presented=deck_sections(parsed))
        else:
            problems = parsed.problems
    return render(
        request,
        "tournaments/side_check.html",
        {
            "event": event,
            "registration": registration,
            "player": _player_name(registration),
            "form": form,
            "problems": problems,
            "ruling": ruling,
            "registered_counts": section_counts(registration.deck_list),
        },
        status=400 if problems else 200,
    )
