"""Disputes at the table: players describe the game state, the engine rules, a judge confirms or overrules."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from matches.models import Dispute
from matches.services.access import match_lock


@transaction.atomic
def dispute_open(*, match_id: int, opened_by: User, summary: str) -> Dispute:
    """Take a disagreement at the table to the judges."""
    match = match_lock(match_id)
    return Dispute.objects.create(match=match, opened_by=opened_by, summary=summary)
