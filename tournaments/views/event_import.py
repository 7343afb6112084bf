"""Importing an event from its replay on a page: store staff upload the file, follow the import's progress
(a background task, like the card data page's) and then go to the event.

The replay is checked when it is uploaded, so a bad file is refused at once with its problems, each
located by its path; only a good one is queued.
"""

from __future__ import annotations

import json
from typing import cast

from django import forms
from django.contrib.auth.decorators import login_required, permission_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.http import HtmxHttpRequest
from config.json_input import JsonInputError, loads_checked
from rules.words import problem_words
from tournaments import services
from tournaments.engine.replay import ReplayError
from tournaments.models import EventImport
from tournaments.selectors.imports import event_import_progress, event_imports_visible_to, failure_words
from tournaments.services.replay_import import MAX_IMPORT_BYTES


class EventImportForm(forms.Form):
    name = forms.CharField(max_length=200, label=_("Event name"))
    slug = forms.SlugField(max_length=80, required=False, label=_("Address (optional)"))
    replay = forms.FileField(label=_("Event replay (JSON)"))

    def clean_replay(self) -> object:
        upload = self.cleaned_data["replay"]
        if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
            raise ValidationError(
                gettext("The file is over %(megabytes)s MB: not an event replay.")
                % {"megabytes": MAX_IMPORT_BYTES // (1024 * 1024)}
            )
        try:
            return loads_checked(upload.read().decode("utf-8"))
        except UnicodeDecodeError:
            raise ValidationError(gettext("The file is not UTF-8 text.")) from None
        except json.JSONDecodeError as error:
            raise ValidationError(
                gettext("The file is not JSON: %(error)s at line %(line)s, column %(column)s.")
                % {"error": error.msg, "line": error.lineno, "column": error.colno}
            ) from None
        except JsonInputError as error:
            raise ValidationError(str(error)) from None


@login_required
@permission_required("tournaments.add_event", raise_exception=True)
def event_import_new(request: HtmxHttpRequest) -> HttpResponse:
    """GET: the upload form and your recent imports; POST: check the replay, queue it, show its progress."""
    form = EventImportForm(request.POST or None, request.FILES or None)
    problems: list[dict[str, str]] = []
    if request.method == "POST" and form.is_valid():
        try:
            job = services.event_import_queue(
                document=form.cleaned_data["replay"],
                name=form.cleaned_data["name"],
                requested_by=cast(User, request.user),
                slug=form.cleaned_data["slug"],
            )
        except ReplayError as error:
            problems = [problem_words(problem) for problem in error.problems]
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                form.add_error(field if field in form.fields else None, messages)
        else:
            return redirect("event-import-detail", import_id=job.pk)
    context = {"form": form, "problems": problems, "imports": event_imports_visible_to(request.user)[:10]}
    return render(request, "tournaments/event_import_new.html", context, status=400 if form.is_bound else 200)


def _context(job: EventImport) -> dict[str, object]:
    return {"job": job, "progress": event_import_progress(job), "error": failure_words(job)}


def _followed(request: HtmxHttpRequest, import_id: int) -> EventImport:
    """The job, after the sweep's work for it if it is stuck (sent again, or failed with the reason)."""
    visible = event_imports_visible_to(request.user)
    get_object_or_404(visible, pk=import_id)
    services.event_import_refresh(event_import_id=import_id)
    return get_object_or_404(visible, pk=import_id)


@login_required
def event_import_detail(request: HtmxHttpRequest, import_id: int) -> HttpResponse:
    job = _followed(request, import_id)
    return render(request, "tournaments/event_import_detail.html", _context(job))


@login_required
def event_import_status(request: HtmxHttpRequest, import_id: int) -> HttpResponse:
    """The progress fragment htmx polls."""
    job = _followed(request, import_id)
    return render(request, "tournaments/_event_import_progress.html", _context(job))
