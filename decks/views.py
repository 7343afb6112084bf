"""Pages for organizers: upload a card file or banlist, and watch its import until the report is in; and
the card-name search players' deck builder asks as they type.

The import runs as a Celery task; the page polls a small fragment every second with htmx and stops polling
once the fragment shows the finished report (the fragment then carries no ``hx-trigger``).

A deck list downloads as the file other programs load (``deck_list_download``: .ydk, MTGO or Arena), for
whoever may read the list (``deck_lists_visible_to``: anyone else gets the 404 the API gives).

The search answers with a fragment meant for the inside of a form: each card comes with "Add to Main/Extra/
Side" submit buttons (``name="add"``, ``value="<section>:<card name>"``), so the form it lands in decides
where adding posts to (the deck builder on the event page) and this view needs to know nothing of events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET

from accounts.users import display_name
from config.http import HtmxHttpRequest
from decks import importers, services
from decks.forms import CardImportForm
from decks.import_words import (
    TALLY_KINDS,
    format_name,
    reason_words,
    tally_words,
    where_and_reason,
    where_words,
)
from decks.models import Card, CardImport, Game
from decks.selectors import (
    MAX_QUERY_LENGTH,
    MAX_SEARCH_RESULTS,
    DeckFile,
    DeckFileUnwritable,
    card_import_progress,
    card_imports_recent,
    cards_matching,
    deck_file,
    file_formats,
    search_sections,
)
from decks.uploads import ImportSizeLimit
from rules.words import said
from tournaments.selectors.deck_lists import deck_lists_visible_to
from tournaments.selectors.events import roles_of

View = Callable[..., HttpResponse]


def catalog_manager_required(view: View) -> View:
    """The card catalog is the store's: only event organizers and site staff may change it (403 otherwise)."""

    @login_required
    @wraps(view)
    def wrapper(request: HtmxHttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not (request.user.is_staff or roles_of(request.user).organizes):
            raise PermissionDenied(gettext("Only event organizers and staff may import cards."))
        return view(request, *args, **kwargs)

    return wrapper


@csrf_exempt  # checked by _card_import_form, once the upload's size limit is in place
@catalog_manager_required
def card_import_new(request: HtmxHttpRequest) -> HttpResponse:
    """GET shows the upload form and recent imports; POST queues the import and shows its progress.

    The upload is held to the import limit as it arrives (``decks.uploads``): the handler must be in place
    before anything reads the request's body, the CSRF check included, hence the check in the inner view.
    """
    limit = ImportSizeLimit(request)
    request.upload_handlers = [limit, *request.upload_handlers]
    return _card_import_form(request, limit)


@csrf_protect
def _card_import_form(request: HtmxHttpRequest, limit: ImportSizeLimit) -> HttpResponse:
    form = CardImportForm(request.POST or None, request.FILES or None)
    if limit.too_large:
        message = gettext("The file is over the import limit of %(limit)s bytes (64 MiB); nothing was kept.")
        # In place of "This field is required": the file was dropped as it came, and this says why.
        form.errors["file"] = form.error_class([message % {"limit": f"{importers.MAX_IMPORT_BYTES:,}"}])
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            card_import = services.card_import_queue(
                uploaded_by=cast(User, request.user),
                filename=upload.name or "upload",
                data=upload.read(),
                expect=form.cleaned_data["expect"] or "",
            )
        except services.CardImportError as error:
            form.add_error("file", where_and_reason(error.where, error.sentence.as_dict(), error.reason))
        else:
            return redirect("card-import-detail", import_id=card_import.pk)
    status = 400 if form.errors else 200
    return render(
        request, "decks/card_import_new.html", {"form": form, "imports": card_imports_recent()}, status=status
    )


def _progress_context(card_import: CardImport) -> dict[str, object]:
    report = dict(card_import.report or {})
    skips = report.get("skips")
    skips = skips if isinstance(skips, list) else []
    report["skips"] = [
        {
            **skip,
            "where": where_words(str(skip.get("where", ""))),
            "reason": reason_words(skip, str(skip.get("reason", ""))),
        }
        for skip in skips
        if isinstance(skip, Mapping)
    ]
    failure = report.get("failure")
    error = card_import.error
    if isinstance(failure, Mapping) and said(failure) is not None:
        error = where_and_reason(str(failure.get("where") or ""), failure, card_import.error)
    report["tallies"] = {what: tally_words(report, what) for what in TALLY_KINDS}
    if report.get("format"):
        report["format"] = format_name(str(report["format"]))
    if report.get("game"):
        # The report stores the games' codes ("yugioh, mtg"); a person reads their names.
        labels = dict(Game.choices)
        report["game"] = ", ".join(
            str(labels.get(code.strip(), code.strip())) for code in str(report["game"]).split(",")
        )
    return {
        "card_import": card_import,
        "progress": card_import_progress(card_import),
        "report": report,
        "error": error,
    }


@catalog_manager_required
def card_import_detail(request: HtmxHttpRequest, import_id: int) -> HttpResponse:
    services.card_import_refresh(card_import_id=import_id)  # the sweep's work for this import, if stuck
    card_import = get_object_or_404(CardImport.objects.defer("data"), pk=import_id)
    return render(request, "decks/card_import_detail.html", _progress_context(card_import))


@catalog_manager_required
def card_import_status(request: HtmxHttpRequest, import_id: int) -> HttpResponse:
    """The progress fragment htmx polls."""
    services.card_import_refresh(card_import_id=import_id)  # the sweep's work for this import, if stuck
    card_import = get_object_or_404(CardImport.objects.defer("data"), pk=import_id)
    return render(request, "decks/_card_import_progress.html", _progress_context(card_import))


@login_required
@require_GET
def card_search(request: HtmxHttpRequest) -> HttpResponse:
    """``?game=yugioh&q=ash``: up to ten cards of that game with "ash" in their names, as a fragment."""
    game = request.GET.get("game", "")
    if game not in Game.values:
        message = gettext("Unknown game; expected one of %(games)s.") % {"games": ", ".join(Game.values)}
        return HttpResponse(message, status=400)
    query = request.GET.get("q", "").strip()[:MAX_QUERY_LENGTH]
    cards = list(cards_matching(game, query, MAX_SEARCH_RESULTS)) if query else []
    return render(
        request,
        "decks/_card_search_results.html",
        {
            "cards": cards,
            "query": query,
            "sections": search_sections(game),
            "game_label": Game(game).label,
            "catalog_empty": bool(query) and not cards and not Card.objects.filter(game=game).exists(),
        },
    )


def file_response(deck_file_: DeckFile) -> HttpResponse:
    """A deck file as a download, its name (accents and all) in the header as browsers read it."""
    response = HttpResponse(deck_file_.text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, deck_file_.filename) or "attachment"
    return response


@login_required
@require_GET
def deck_list_download(request: HtmxHttpRequest, deck_list_id: int, file_format: str) -> HttpResponse:
    """A list the user may read, as a .ydk (Yu-Gi-Oh!) or an MTGO or Arena file (Magic); 404 otherwise.

    A .ydk needs every card's passcode: a list naming a card the catalog lacks is refused with its name (409),
    never written without it.
    """
    deck_list = get_object_or_404(deck_lists_visible_to(request.user), pk=deck_list_id)
    if file_format not in file_formats(deck_list.game):
        raise Http404(gettext("A list of this game is not written in that format."))
    try:
        written = deck_file(deck_list, file_format, created_by=display_name(deck_list.owner))
    except DeckFileUnwritable as error:
        title = gettext("This list cannot be written as a .ydk")
        return render(request, "error.html", {"title": title, "message": str(error)}, status=409)
    return file_response(written)
