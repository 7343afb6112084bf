"""Deck checks: the judges' business, read by the event's deck staff."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.users import AnyUser
from tournaments.models import DeckCheck, Round
from tournaments.selectors.events import events_deck_staffed_by


def deck_checks_visible_to(user: AnyUser) -> QuerySet[DeckCheck]:
    """Deck checks are the judges' business: the deck staff of the check's event see them (a judge who plays
    there is a player, :func:`events_deck_staffed_by`)."""
    return DeckCheck.objects.filter(
        round__event__in=events_deck_staffed_by(user).values("pk")
    ).select_related("round__event", "registration__player", "match", "deck_list", "chosen_by")


def deck_checks_for_round(round_: Round) -> QuerySet[DeckCheck]:
    return round_.deck_checks.select_related("registration__player", "match", "deck_list").order_by(
        "match__table", "pk"
    )
