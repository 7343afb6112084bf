"""Where cards go when they leave the field: the Graveyard, unless a rule sends them elsewhere.

Tokens vanish (they exist only on the field), a Pendulum Monster Card goes face-up to its owner's Extra Deck,
and an Xyz Monster's attached materials go to the Graveyard with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.engine.ruling import Fact
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import Card


@dataclass
class Departures:
    """Cards leaving the field, sorted by where they end up."""

    graveyard: list[str] = field(default_factory=list)
    extra_deck: list[str] = field(default_factory=list)
    removed_tokens: list[str] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)

    def send(self, card: Card, *, on_field: bool = True) -> None:
        """``card`` leaves (the field, or the hand when ``on_field`` is false) for the Graveyard."""
        if card.is_token:
            self.removed_tokens.append(card.id)
            self.facts.append(
                Fact(
                    say(gettext_noop("%(card)s is a Token: it is simply removed."), card=card.label),
                    passages.TOKENS,
                )
            )
        elif on_field and card.pendulum and card.kind == "monster":
            self.extra_deck.append(card.id)
            self.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "%(card)s is a Pendulum Monster Card: it goes face-up to the Extra Deck "
                            "instead of the Graveyard."
                        ),
                        card=card.label,
                    ),
                    passages.PENDULUM_TO_EXTRA_DECK,
                )
            )
        else:
            self.graveyard.append(card.id)
        if on_field and card.materials:
            self.graveyard.extend(material.id for material in card.materials)
            self.facts.append(
                Fact(
                    say(
                        gettext_noop("Its Xyz Materials (%(items)s) go to the Graveyard with it."),
                        items=", ".join(m.id for m in card.materials),
                    ),
                    passages.XYZ_MATERIAL_LEAVES,
                )
            )

    def send_all(self, cards: Iterable[Card], *, on_field: bool = True) -> None:
        for card in cards:
            self.send(card, on_field=on_field)

    def outcome(self) -> dict[str, list[str]]:
        """The outcome keys: always ``sent_to_graveyard``; the other two only when they apply."""
        result = {"sent_to_graveyard": list(self.graveyard)}
        if self.extra_deck:
            result["sent_to_extra_deck"] = list(self.extra_deck)
        if self.removed_tokens:
            result["removed_tokens"] = list(self.removed_tokens)
        return result
