"""The organizer's downloads: the event replay (JSON, ``shared/spec/event-replay-format.md``), the standings
and the matches (CSV). Each is the same document the pages and ``manage.py standings`` compute from."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from tournaments.replay_export import event_replay, matches_csv, standings_csv
from tournaments.selectors.standings import standings_of
from tournaments.views.run import organizer_event


def _download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def event_export_replay(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = organizer_event(request, slug)
    body = json.dumps(event_replay(event), indent=2, ensure_ascii=False)
    return _download(body, "application/json", f"{event.slug}-replay.json")


@login_required
@require_GET
def event_export_standings(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = organizer_event(request, slug)
    standings = standings_of(event)
    body = standings_csv(standings["document"], standings["names"])
    return _download(body, "text/csv; charset=utf-8", f"{event.slug}-standings.csv")


@login_required
@require_GET
def event_export_matches(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = organizer_event(request, slug)
    return _download(matches_csv(event_replay(event)), "text/csv; charset=utf-8", f"{event.slug}-matches.csv")
