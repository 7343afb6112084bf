"""Reads of stored rulings, scoped to who may see them."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from rules.models import Ruling
from tournaments.models import EventRole
from tournaments.selectors import AnyUser


def rulings_visible_to(user: AnyUser) -> QuerySet[Ruling]:
    """Whoever asked for a ruling sees it; so does anyone who judges or organizes at the store."""
    if not user.is_authenticated:
        return Ruling.objects.none()
    is_store_judge = user.is_staff or EventRole.objects.filter(user=user).exists()
    if is_store_judge:
        return Ruling.objects.all()
    return Ruling.objects.filter(Q(requested_by=user))
