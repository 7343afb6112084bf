"""What every Yu-Gi-Oh! action handler receives: the parsed duel, the action's fields, the revision."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.catalog import CardCatalog
from rules.engine.jsonvalues import ActionFields
from rules.engine.yugioh.state import Duel

REVISION_2020 = "2020"
REVISION_V10 = "v10"


@dataclass(frozen=True)
class Context:
    duel: Duel
    action: ActionFields
    revision: str
    catalog: CardCatalog | None = None
