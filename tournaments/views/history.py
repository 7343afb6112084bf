"""A player's own match history across every event: what they played, against whom, and how it ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from accounts.users import display_name
from config.http import HtmxHttpRequest
from matches.models import Match, MatchResult
from tournaments.selectors.history import player_history


@dataclass(frozen=True)
class HistoryLine:
    match: Match
    opponent: str
    result: str  # from the player's side: Won, Lost, Draw, Bye, Double loss, or the match's status
    games: str  # the player's games first: "2-1", "1-1-1"


def history_line(match: Match, user_id: int) -> HistoryLine:
    """One match as the player sees it: their games first, the result in their words."""
    mine_a = match.player_a_id == user_id
    opponent = match.player_b if mine_a else match.player_a
    if match.player_b_id is None:
        return HistoryLine(match, "", "Bye", "")
    games = f"{match.games_a}-{match.games_b}" if mine_a else f"{match.games_b}-{match.games_a}"
    if match.games_drawn:
        games += f"-{match.games_drawn}"
    if match.status != Match.Status.FINAL:
        result = match.get_status_display()
    elif match.result in (MatchResult.A, MatchResult.B):
        result = "Won" if (match.result == MatchResult.A) == mine_a else "Lost"
    else:
        result = str(MatchResult(match.result).label)
    name = display_name(opponent)
    return HistoryLine(match, name, result, games if match.status == Match.Status.FINAL else "")


@login_required
@require_GET
def my_history(request: HtmxHttpRequest) -> HttpResponse:
    user = cast(User, request.user)
    lines = [history_line(match, user.pk) for match in player_history(user)]
    return render(request, "tournaments/history.html", {"lines": lines})
