"""Deck lists as players submit them. The card catalog and legality checks come with the decks issue."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class DeckList(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_lists")
    game = models.CharField(max_length=16, choices=[("yugioh", "Yu-Gi-Oh!"), ("mtg", "Magic: The Gathering")])
    name = models.CharField(max_length=120)
    text = models.TextField(help_text="The list as the player wrote it: '3 Card Name' lines under headings.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["owner", "name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="deck_list_name_unique_per_owner"),
        ]

    def __str__(self) -> str:
        return self.name
