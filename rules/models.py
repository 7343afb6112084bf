"""Rulings the judge engine gave, stored exactly as given so they can be shown again later."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from decks.models import Game


class Ruling(models.Model):
    """One dispute and the engine's ruling on it, with the engine version that decided it."""

    game = models.CharField(max_length=16, choices=Game.choices)
    action_type = models.CharField(max_length=40)
    dispute = models.JSONField()
    ruling = models.JSONField()
    legal = models.BooleanField(null=True, help_text="Empty when the reported state was incomplete.")
    engine_version = models.CharField(max_length=40)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="rulings"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Ruling {self.pk} ({self.game} {self.action_type})"
