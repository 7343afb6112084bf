"""What the store knows of a person who plays, beside Django's user row.

A walk-in entered at the counter gets a user with no usable password (nobody can sign in as them) and a
``Player`` with a claim code printed on their match slips. Claiming the record with that code gives it a
username and a password of the player's choosing, so the history already played stays theirs. Decision
record 0011 says why this is a profile beside ``auth.User`` rather than a custom user model.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="player"
    )
    official_id = models.CharField(
        _("official player id"),
        max_length=32,
        blank=True,
        default="",
        db_index=True,
        help_text=_("Konami CARD GAME ID, or the Wizards account name."),
    )
    claim_code = models.CharField(max_length=16, null=True, blank=True, unique=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    # The language the person chose with the switch (a code of settings.LANGUAGES); empty: none chosen, so
    # the browser's Accept-Language and the store's default decide. Checked by the switch's form, not by
    # choices here, so adding a language needs no migration.
    language = models.CharField(_("language"), max_length=8, blank=True, default="")

    class Meta:
        verbose_name = _("player")

    def __str__(self) -> str:
        return str(self.user)
