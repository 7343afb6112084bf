"""A player's matches across events."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import F, Q, QuerySet

from matches.models import Match


def player_history(user: User) -> QuerySet[Match]:
    """Every match the user played, newest event first, for their own history page."""
    return (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user))
        .select_related("round__event", "player_a", "player_b")
        .order_by(
            "-round__event__starts_at", "round__event_id", "-round__number", F("table").asc(nulls_last=True)
        )
    )
