"""Judging a dispute and keeping the ruling. The decision itself is the engine's, never made here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User

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


def ruling_create(*, dispute: Mapping[str, Any], requested_by: User | None) -> Ruling:
    """Judge ``dispute`` and store it with its ruling.

    Raises ``engine.DisputeError`` for a dispute that breaks the format (nothing stored). A retried request
    is the caller's to recognise (the ``Idempotency-Key`` of the API, the form key of the pages: the
    ``idempotency`` app), not this service's.
    """
    decided = judge_with_catalog(dispute)
    return Ruling.objects.create(
        game=str(dispute.get("game", "")),
        action_type=str(dict(dispute.get("action") or {}).get("type", "")),
        dispute=dict(dispute),
        ruling=decided,
        legal=decided.get("legal"),
        engine_version=ENGINE_VERSION,
        requested_by=requested_by,
    )
