"""The first answer to a POST sent with an idempotency key, kept so a retry gets it back instead of a redo."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class IdempotencyRecord(models.Model):
    """One (user, key): the request's fingerprint and the answer it got (status and JSON body)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=120)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the method, path and body.")
    status_code = models.PositiveSmallIntegerField()
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_record_unique_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.key}: {self.status_code}"
