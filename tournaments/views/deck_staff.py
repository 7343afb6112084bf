"""Deck tools for an event's judges and organizers: every list with its legality, CSV, text and deck-file
(a zip of .ydk or MTGO files) exports, replacing a list with a reason, Side Deck checks and a round's deck
checks."""

from __future__ import annotations

import io
import zipfile
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext, ngettext, pgettext
from django.views.decorators.http import require_http_methods

from accounts.users import display_name
from config.http import HtmxHttpRequest
from config.spreadsheet import csv_document
from decks.deck_files import MTGO, YDK, safe_filename
from decks.models import DeckList
from decks.parsing import DeckProblem
from decks.selectors import (
    DeckFileUnwritable,
    deck_file,
    deck_legality,
    deck_list_parse,
    deck_sections,
    deck_text,
    section_counts,
    side_deck_check,
    ydk_passcodes,
)
from decks.services import DeckListInvalid
from matches.models import Match
from rules.engine.vocabulary import deck_sections as deck_sections_of
from tournaments import services
from tournaments.forms import (
    DeckCheckHandForm,
    DeckCheckRandomForm,
    DeckCheckRecordForm,
    DeckReplaceForm,
    SideCheckForm,
)
from tournaments.models import DeckCheck, DeckListChange, Event, Registration, Round
from tournaments.selectors.deck_checks import deck_checks_for_round
from tournaments.selectors.deck_lists import (
    DeckListRow,
    deck_list_history,
    event_deck_lists_visible_to,
    registrations_with_lists_visible_to,
)
from tournaments.selectors.events import current_round, event_for, is_deck_staff, staff_event_for
from tournaments.selectors.registrations import registrations_for


def _staff_event(request: HtmxHttpRequest, slug: str) -> Event:
    return staff_event_for(
        request.user,
        slug,
        deck_work=True,
        refusal=gettext(
            "Only the judges and organizers of this event who do not play in it may see its deck lists."
        ),
    )


def _player_name(registration: Registration) -> str:
    return display_name(registration.player)


def section_label(game: str, section: str) -> str:
    """A deck section as the game names it: Magic's side section is the sideboard."""
    if section == "side" and game == "mtg":
        return pgettext("deck section", "Sideboard")
    labels = {
        "main": pgettext("deck section", "Main"),
        "extra": pgettext("deck section", "Extra"),
        "side": pgettext("deck section", "Side"),
    }
    return labels.get(section, section)


def counts_shown(game: str, counts: dict[str, int]) -> list[tuple[str, int]]:
    """A list's card counts as the pages show them: main and side always, extra when the list has one."""
    return [
        (section_label(game, section), counts.get(section, 0))
        for section in ("main", "extra", "side")
        if section != "extra" or section in counts
    ]


@login_required
def event_deck_lists(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every registration's list with the engine's verdict: for the event's judges and organizers, and
    read-only (no history, replacements or checks) for everyone once the event made its lists public."""
    event = event_for(request.user, slug)
    staff = is_deck_staff(request.user, event)
    rows = _deck_list_page_rows(event, event_deck_lists_visible_to(request.user, event), history=staff)
    return render(
        request,
        "tournaments/deck_lists.html",
        {"event": event, "rows": rows, "round": current_round(event), "is_deck_staff": staff},
    )


def _deck_list_page_rows(event: Event, lists: list[DeckListRow], *, history: bool) -> list[dict[str, Any]]:
    changes_of: dict[int, list[DeckListChange]] = {}
    changes = DeckListChange.objects.filter(registration__event=event).select_related(
        "changed_by", "new_deck_list"
    )
    for change in changes.order_by("-changed_at", "-pk") if history else ():
        changes_of.setdefault(change.registration_id, []).append(change)
    return [
        {
            "registration": row.registration,
            "player": _player_name(row.registration),
            "ruling": row.ruling,
            "legal": row.legal,
            "counts_shown": counts_shown(event.game, section_counts(row.registration.deck_list))
            if row.registration.deck_list
            else [],
            "history": changes_of.get(row.registration.pk, []),
        }
        for row in lists
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
                form.add_error("text", gettext("The list was not saved: fix the lines below."))
            except ValidationError as error:
                if hasattr(error, "error_dict"):
                    for field, field_errors in error.message_dict.items():
                        form.add_error(field if field in form.fields else None, field_errors)
                else:
                    form.add_error(None, error.messages)
            else:
                messages.success(
                    request,
                    gettext("%(name)s's deck list is replaced.") % {"name": _player_name(registration)},
                )
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
            "counts_shown": counts_shown(event.game, section_counts(deck_list)) if deck_list else [],
            "history": list(deck_list_history(registration)),
        },
        status=400 if form.errors else 200,
    )


@login_required
def event_deck_lists_csv(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """One row per card line: player, section, count, card."""
    event = _staff_event(request, slug)
    rows: list[list[object]] = [["player", "section", "count", "card"]]
    for registration in registrations_for(event):
        deck_list = registration.deck_list
        if deck_list is None:
            continue
        for section, entries in (deck_list.sections or {}).items():
            rows.extend(
                [_player_name(registration), section, entry["count"], entry["name"]] for entry in entries
            )
    response = HttpResponse(csv_document(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-decklists.csv"'
    return response


@login_required
def event_deck_lists_text(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every list as plain text under the player's name, ready to print."""
    event = _staff_event(request, slug)
    parts = [gettext("%(name)s: deck lists") % {"name": event.name} + "\n"]
    for registration in registrations_for(event):
        deck_list = registration.deck_list
        body = deck_text(deck_list.sections) if deck_list is not None else gettext("(no deck list)") + "\n"
        title = f"{_player_name(registration)}" + (f" - {deck_list.name_words}" if deck_list else "")
        parts.append(f"== {title} ==\n{body}")
    response = HttpResponse("\n".join(parts), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-decklists.txt"'
    return response


@login_required
def event_deck_lists_zip(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every registered list of the event as the file its game's programs load (.ydk for Yu-Gi-Oh!, MTGO
    .txt for Magic), one per player, in a zip: for the event's deck staff, the lists chosen by the query
    that decides who reads which list. A list the catalog cannot write refuses the zip, naming the player
    and the cards (409): a judge loading the decks must not miss one silently."""
    event = _staff_event(request, slug)
    file_format = MTGO if event.game == "mtg" else YDK
    visible = registrations_with_lists_visible_to(request.user).filter(event=event).values("pk")
    archive = io.BytesIO()
    used: set[str] = set()
    registrations = [
        registration
        for registration in registrations_for(event).filter(pk__in=visible).select_related("deck_list__owner")
        if registration.deck_list is not None
    ]
    # Every list's passcodes in one query, not one a list (an event of thousands of players).
    names = [
        str(entry["name"])
        for registration in registrations
        for entries in (cast(DeckList, registration.deck_list).sections or {}).values()
        for entry in entries
    ]
    passcodes = ydk_passcodes(names) if file_format == YDK else None
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        for registration in registrations:
            deck_list = cast(DeckList, registration.deck_list)
            player = _player_name(registration)
            try:
                written = deck_file(
                    deck_list, file_format, created_by=display_name(deck_list.owner), passcodes=passcodes
                )
            except DeckFileUnwritable as error:
                message = gettext("%(player)s: %(problem)s") % {"player": player, "problem": error}
                title = gettext("The lists cannot be written as .ydk files")
                return render(request, "error.html", {"title": title, "message": message}, status=409)
            name = safe_filename(f"{player} - {deck_list.name_words}", file_format)
            stem, dot, extension = name.rpartition(".")
            number = 1
            while name in used:  # two players of one name with lists of one name
                number += 1
                name = f"{stem} ({number}){dot}{extension}"
            used.add(name)
            bundle.writestr(name, written.text)
    response = HttpResponse(archive.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = (
        content_disposition_header(True, f"{event.slug}-decklists.zip") or "attachment"
    )
    return response


def _form_errors(form: forms.Form) -> list[str]:
    """A refused form's errors, each naming its field as the page labels it."""
    return [
        str(message)
        if field not in form.fields or not form.fields[field].label
        else gettext("%(field)s: %(message)s") % {"field": form.fields[field].label, "message": message}
        for field, messages_ in form.errors.items()
        for message in messages_
    ]


def _pick_random(request: HtmxHttpRequest, round_: Round, judge: User) -> list[str]:
    form = DeckCheckRandomForm(request.POST)
    if not form.is_valid():
        return _form_errors(form)
    picked = services.deck_check_pick_random(
        round_=round_,
        count=form.cleaned_data["count"],
        seed=form.cleaned_data["seed"].strip() or None,
        judge=judge,
    )
    seeds = {check.seed for check in picked}
    messages.success(
        request,
        ngettext(
            "Picked %(count)s player (seed %(seed)s).",
            "Picked %(count)s players (seed %(seed)s).",
            len(picked),
        )
        % {"count": len(picked), "seed": ", ".join(sorted(seeds))},
    )
    return []


def _pick_by_hand(request: HtmxHttpRequest, round_: Round, judge: User) -> list[str]:
    form = DeckCheckHandForm(request.POST)
    if not form.is_valid():
        return _form_errors(form)
    match = get_object_or_404(Match, round=round_, pk=form.cleaned_data["match"])
    services.deck_check_pick(match=match, judge=judge)
    messages.success(request, gettext("Deck check added at table %(table)s.") % {"table": match.table})
    return []


def _record_counts(request: HtmxHttpRequest, round_: Round, judge: User) -> list[str]:
    game = round_.event.game
    form = DeckCheckRecordForm(
        request.POST,
        sections=deck_sections_of(game),
        labels={section: section_label(game, section) for section in deck_sections_of(game)},
    )
    if not form.is_valid():
        return _form_errors(form)
    deck_check = get_object_or_404(DeckCheck, round=round_, pk=form.cleaned_data["deck_check"])
    recorded = services.deck_check_record(deck_check=deck_check, presented=form.presented(), judge=judge)
    player = display_name(recorded.registration.player)
    if recorded.mismatches:
        messages.error(request, gettext("%(name)s: the counts do not match the list.") % {"name": player})
    else:
        messages.success(request, gettext("%(name)s: the counts match the list.") % {"name": player})
    return []


# The page's three forms post to one address, each naming what it does.
DECK_CHECK_ACTIONS = {"random": _pick_random, "hand": _pick_by_hand, "record": _record_counts}


@login_required
@require_http_methods(["GET", "POST"])
def round_deck_checks(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """Pick deck checks at random (the seed is shown) or by hand, and record what each player presented."""
    event = _staff_event(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    sections = deck_sections_of(event.game)
    errors: list[str] = []
    if request.method == "POST":
        action = DECK_CHECK_ACTIONS.get(request.POST.get("action", ""))
        if action is None:
            errors.append(gettext("Choose what to do: pick at random, pick a match, or record counts."))
        else:
            try:
                errors = action(request, round_, cast(User, request.user))
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
                        "label": section_label(event.game, section),
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
        raise Http404(gettext("This player has not registered a deck list."))
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
            "registered_counts": counts_shown(event.game, section_counts(registration.deck_list)),
        },
        status=400 if problems else 200,
    )
