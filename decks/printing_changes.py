"""Which card printings (ids) an import adds, moves or leaves alone: one decision for both card importers.

``decks.card_import`` (whole files) and ``decks.card_import_streamed`` (MTGJSON AllPrintings in batches) both
end with the ids they want, each naming its card and whether it is the card's canonical id; this module
compares that with the rows already stored. The importers then write the rows in the order the
one-canonical-id-per-card constraint needs: ``others`` (rows moving away or stepping down) before
``gaining`` (rows becoming a canonical id), then ``create``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from decks.models import CardPrinting

Outcome = Literal["added", "updated", "unchanged"]


@dataclass
class PrintingChanges:
    create: list[CardPrinting] = field(default_factory=list)
    gaining: list[CardPrinting] = field(default_factory=list)  # existing rows becoming a card's canonical id
    others: list[CardPrinting] = field(default_factory=list)  # existing rows moving to another card
    outcomes: dict[str, Outcome] = field(default_factory=dict)  # each wanted id's outcome

    def gaining_cards(self) -> set[int]:
        """The cards getting a new canonical id (their old one, if not wanted, steps down)."""
        return {printing.card_id for printing in [*self.create, *self.gaining] if printing.canonical}


def printing_changes(
    *, game: str, wanted: Mapping[str, tuple[int, bool]], existing: Mapping[str, CardPrinting]
) -> PrintingChanges:
    """Compare ``wanted`` (id -> card pk, canonical) with the ``existing`` rows of those ids.

    Existing rows that change are changed in place (card and canonical), ready for ``bulk_update``.
    """
    changes = PrintingChanges()
    for code, (card_pk, canonical) in wanted.items():
        row = existing.get(code)
        if row is None:
            changes.create.append(CardPrinting(game=game, code=code, card_id=card_pk, canonical=canonical))
            changes.outcomes[code] = "added"
        elif row.card_id != card_pk or row.canonical != canonical:
            (changes.gaining if canonical else changes.others).append(row)
            row.card_id = card_pk
            row.canonical = canonical
            changes.outcomes[code] = "updated"
        else:
            changes.outcomes[code] = "unchanged"
    return changes
