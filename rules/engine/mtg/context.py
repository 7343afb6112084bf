"""What every Magic action handler receives: the parsed game, the action's fields, the revision."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.jsonvalues import ActionFields
from rules.engine.mtg.state import Game

REVISION_CLASSIC = "classic"
REVISION_CURRENT = "current"


@dataclass(frozen=True)
class Context:
    game: Game
    action: ActionFields
    revision: str = REVISION_CLASSIC
