"""Every write to deck lists."""

from __future__ import annotations

from django.contrib.auth.models import User

from decks.models import DeckList


def deck_list_create(*, owner: User, game: str, name: str, text: str) -> DeckList:
    """Save a deck list under ``name``; saving the same name again keeps the first."""
    deck_list, _ = DeckList.objects.get_or_create(
        owner=owner, name=name, defaults={"game": game, "text": text}
    )
    return deck_list
