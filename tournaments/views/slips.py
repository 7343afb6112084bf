"""Printable match slips: one per table, for the players to fill in and sign when the result app is not
used (or as the paper record the judges keep). Organizers and judges print them.

Each slip names both players with their record going into the round, read once for the whole round
(:func:`records_before_round`), so a slip run of fifty tables costs the same few queries as one of four.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from accounts.models import Player
from accounts.selectors import players_of
from accounts.users import display_name
from config.http import HtmxHttpRequest
from matches.models import Match
from matches.selectors import pairings_for_round
from tournaments.models import Round
from tournaments.selectors.events import staff_event_for
from tournaments.selectors.standings import Record, records_before_round


@dataclass(frozen=True)
class SlipSeat:
    """One player's line on a slip: their name and record going into the round."""

    player: User
    name: str
    record: Record | None
    official_id: str = ""
    claim_code: str = ""  # a walk-in's, until they claim their record


@dataclass(frozen=True)
class Slip:
    """One table's slip: the match and its two seats, side A first."""

    match: Match
    seats: tuple[SlipSeat, SlipSeat]


def _seat(player: User, records: dict[int, Record], players: dict[int, Player]) -> SlipSeat:
    known = players.get(player.pk)
    return SlipSeat(
        player=player,
        name=display_name(player),
        record=records.get(player.pk),
        official_id=known.official_id if known else "",
        claim_code=known.claim_code or "" if known and known.claimed_at is None else "",
    )


@login_required
@require_GET
def round_slips(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = staff_event_for(
        request.user, slug, refusal=gettext("Only the event's organizers and judges print match slips.")
    )
    round_ = get_object_or_404(Round, event=event, number=number)
    records = records_before_round(round_)
    # A bye has no table and nothing to sign.
    tables = [match for match in pairings_for_round(round_) if match.player_b is not None]
    players = players_of(
        user for match in tables for user in (match.player_a_id, match.player_b_id) if user is not None
    )
    slips = [
        Slip(
            match=match,
            seats=(
                _seat(match.player_a, records, players),
                _seat(cast(User, match.player_b), records, players),
            ),
        )
        for match in tables
    ]
    context = {
        "event": event,
        "round": round_,
        "slips": slips,
        "claim_url": request.build_absolute_uri(reverse("claim")),
    }
    return render(request, "tournaments/slips.html", context)
