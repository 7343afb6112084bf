"""The standings page: Swiss standings with the game's tiebreakers and, once a top cut has been played, the
final places above them. Computed on every read from the event's closed rounds (``round_selectors``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import formats
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from tournaments.models import Event, Round
from tournaments.selectors.events import event_for, is_organizer
from tournaments.selectors.history import my_final_place
from tournaments.selectors.standings import (
    FinalPlace,
    StandingRow,
    event_standings,
    final_standings,
    reached_words,
)

# How players know the tiebreakers (the same abbreviations in every language the stores use); a key not
# listed here is shown under its own name. The legend under the table says each in words.
TIEBREAKER_LABELS = {"omw": "OMW%", "oomw": "OOMW%", "gw": "GW%", "ogw": "OGW%"}
TIEBREAKER_WORDS = {
    "omw": gettext_lazy("OMW%: the average match-win percentage of the player's opponents"),
    "oomw": gettext_lazy("OOMW%: the average OMW% of the player's opponents"),
    "gw": gettext_lazy("GW%: the player's game-win percentage"),
    "ogw": gettext_lazy("OGW%: the average game-win percentage of the player's opponents"),
}


@dataclass(frozen=True)
class StandingLine:
    row: StandingRow
    tiebreakers: list[str]


@dataclass(frozen=True)
class FinalLine:
    place: FinalPlace

    @property
    def reached(self) -> str:
        return reached_words(self.place.reached)


def percent(value: float) -> str:
    """A percentage as the reader's language writes it ("66.7%", "66,7%")."""
    return gettext("%(number)s%%") % {"number": formats.number_format(value * 100, decimal_pos=1)}


def standings_context(event: Event) -> dict[str, object]:
    # The Swiss standings: the top cut does not change them, so they are "after" the last Swiss round closed.
    closed = event.rounds.filter(status=Round.Status.FINISHED, stage=Round.Stage.SWISS)
    after_round = closed.order_by("-number").first()
    # Before a round is closed everyone has 0 points: a table of zeros would only look like a result.
    rows = event_standings(event) if after_round is not None else []
    keys = list(rows[0].tiebreakers) if rows else []
    top_cut_played = event.rounds.filter(stage=Round.Stage.TOP, status=Round.Status.FINISHED).exists()
    return {
        "event": event,
        "after_round": after_round,
        "tiebreaker_labels": [TIEBREAKER_LABELS.get(key, key) for key in keys],
        "tiebreaker_words": [TIEBREAKER_WORDS[key] for key in keys if key in TIEBREAKER_WORDS],
        "has_tiebreak_number": any(row.tiebreak_number is not None for row in rows),
        "lines": [StandingLine(row, [percent(row.tiebreakers[key]) for key in keys]) for row in rows],
        # Only the places the top cut decided: everyone else's place is their Swiss rank below.
        "final_places": [
            FinalLine(place) for place in final_standings(event, rows) if place.reached != "Swiss"
        ]
        if top_cut_played
        else [],
    }


@require_GET
def event_standings_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Standings after the last closed round; htmx polls the table alone."""
    event = event_for(request.user, slug)
    context = standings_context(event)
    if request.htmx:
        return render(request, "tournaments/_standings.html", context)
    context["can_run"] = is_organizer(request.user, event)
    context["my_final_place"] = my_final_place(request.user, event)
    return render(request, "tournaments/standings.html", context)
