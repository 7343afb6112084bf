"""Judging a dispute and keeping the ruling. The decision itself is the engine's, never made here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from decks.catalog import DatabaseCatalog
from rules import engine
from rules.engine.version import ENGINE_VERSION
from rules.models import Ruling


def judge_with_catalog(dispute: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's ruling, with the card catalog of the dispute's game for cards named without their stats.

    Raises ``engine.DisputeError`` for a dispute that breaks the format.
    """
    game = dispute.get("game")
    catalog = DatabaseCatalog(game) if game in ("yugioh", "mtg") else None
    if catalog is not None:
        # One query for every card the dispute names (the engine asks one card at a time). The names are
        # bounded: the API's body limit, and the engine refuses a state larger than its game.
        catalog.prefetch_dispute_names(dispute)
    return engine.judge(dispute, catalog)


class IdempotencyKeyReused(Exception):
    """The Idempotency-Key was already used by this user for a different dispute."""


def _replay(*, requested_by: User, idempotency_key: str, dispute: Mapping[str, Any]) -> Ruling | None:
    existing = Ruling.objects.filter(requested_by=requested_by, idempotency_key=idempotency_key).first()
    if existing is not None and existing.dispute != dispute:
        raise IdempotencyKeyReused(
            f"Idempotency-Key {idempotency_key!r} was already used for another dispute "
            f"(ruling {existing.pk})."
        )
    return existing


def ruling_create(
    *, dispute: Mapping[str, Any], requested_by: User | None, idempotency_key: str = ""
) -> tuple[Ruling, bool]:
    """Judge ``dispute`` and store it with its ruling; returns the ruling and whether it is new.

    With an ``idempotency_key``, a retried request returns the ruling stored the first time instead of a
    second record; two concurrent first tries meet at the unique constraint and the loser returns the
    winner's ruling. Raises ``engine.DisputeError`` for a dispute that breaks the format (nothing stored).
    """
    if idempotency_key and requested_by is not None:
        existing = _replay(requested_by=requested_by, idempotency_key=idempotency_key, dispute=dispute)
        if existing is not None:
            return existing, False
    decided = judge_with_catalog(dispute)
    try:
        with transaction.atomic():
            ruling = Ruling.objects.create(
                game=str(dispute.get("game", "")),
                action_type=str(dict(dispute.get("action") or {}).get("type", "")),
                dispute=dict(dispute),
                ruling=decided,
                legal=decided.get("legal"),
                engine_version=ENGINE_VERSION,
                requested_by=requested_by,
                idempotency_key=idempotency_key if requested_by is not None else "",
            )
    except IntegrityError:
        if not idempotency_key or requested_by is None:
            raise
        existing = _replay(requested_by=requested_by, idempotency_key=idempotency_key, dispute=dispute)
        if existing is None:
            raise
        return existing, False
    return ruling, True
