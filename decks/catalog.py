"""The engine's ``CardCatalog`` backed by the database: card data in the dispute format's keys.

The engine asks one card at a time (``card_by_name``, ``card_by_id``), so a deck check of 60 names would be
60 queries; each instance therefore caches what it has looked up (misses too), and ``prefetch_names`` /
``prefetch_ids`` warm that cache in one query for a whole deck list before the engine runs. An instance is
meant to live for one request or one task: the cache is not invalidated when the catalog changes.

An alternate artwork's id answers with the card it prints (``catalog_id`` is the original printing's id), so
the engine's copy limit counts the two as one card.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from django.db.models import QuerySet

from decks.models import Card, CardPrinting
from rules.engine.catalog import CardData, normalize_name

YUGIOH_LEVEL_KEY = {"xyz": "rank", "link": "link"}


def card_data(card: Card, catalog_id: str | None) -> dict[str, Any]:
    """A card in the keys of the dispute format (``shared/spec/dispute-format.md``, "Card")."""
    data: dict[str, Any] = {"name": card.name, "game": card.game}
    if catalog_id is not None:
        data["catalog_id"] = catalog_id
    if card.game == "mtg":
        data["types"] = list(card.types)
        data["supertypes"] = list(card.supertypes)
        data["subtypes"] = list(card.subtypes)
        for key in ("power", "toughness"):
            value = getattr(card, key)
            if value.isdigit():
                data[key] = int(value)
        if card.text:
            data["text"] = card.text  # the deck check reads "A deck can have any number of cards named ..."
        return data

    data["kind"] = card.kind
    # Where the card was released (YGOPro's ``ot``): an OCG-only card is no card at a TCG event.
    data["ocg"] = card.ocg
    data["tcg"] = card.tcg
    if card.kind in ("spell", "trap"):
        data["icon"] = card.icon
        return data
    if card.frame:
        data["frame"] = card.frame
    data["tuner"] = card.tuner
    data["pendulum"] = card.pendulum
    if card.level is not None:
        data["level"] = card.level
    if card.rank is not None:
        data["rank"] = card.rank
    if card.link_rating is not None:
        data["link"] = card.link_rating
        data["link_arrows"] = card.link_arrow_names
    if card.pendulum and card.scale_left is not None:
        data["scale"] = card.scale_left  # both Scales are equal on every card printed so far
    if card.atk is not None:
        data["atk"] = card.atk
    if card.defense is not None and card.frame != "link":
        data["def"] = card.defense
    if card.attribute:
        data["attribute"] = card.attribute
    if card.monster_type:
        data["monster_type"] = card.monster_type
    return data


class DatabaseCatalog:
    """``rules.engine.CardCatalog`` over ``decks.models.Card``; ``game`` narrows it to one game's cards."""

    def __init__(self, game: str | None = None) -> None:
        self.game = game
        self._by_key: dict[str, CardData | None] = {}
        self._by_id: dict[str, CardData | None] = {}
        self._has_cards: bool | None = None

    def has_cards(self) -> bool:
        """Whether the catalog holds any card (of its game): until then it can vouch for no name."""
        if self._has_cards is None:
            self._has_cards = self._cards().exists()
        return self._has_cards

    def _cards(self) -> QuerySet[Card]:
        cards = Card.objects.all()
        return cards.filter(game=self.game) if self.game else cards

    def _printings(self) -> QuerySet[CardPrinting]:
        printings = CardPrinting.objects.select_related("card")
        return printings.filter(game=self.game) if self.game else printings

    def _canonical_ids(self, cards: Iterable[Card]) -> dict[int, str]:
        pks = [card.pk for card in cards]
        rows = CardPrinting.objects.filter(card__in=pks, canonical=True).values_list("card_id", "code")
        return dict(rows)

    def card_by_id(self, card_id: str) -> CardData | None:
        if card_id not in self._by_id:
            self.prefetch_ids([card_id])
        return self._by_id.get(card_id)

    def card_by_name(self, name: str) -> CardData | None:
        key = normalize_name(name)
        if key not in self._by_key:
            self.prefetch_names([name])
        return self._by_key.get(key)

    def prefetch_names(self, names: Iterable[str]) -> None:
        """Look up every name not yet cached in one query."""
        keys = {normalize_name(name) for name in names} - set(self._by_key)
        if not keys:
            return
        # Game order keeps the answer stable in the (theoretical) case of one name in both games.
        cards = list(self._cards().filter(name_key__in=keys).order_by("game", "pk"))
        codes = self._canonical_ids(cards)
        for key in keys:
            self._by_key[key] = None
        for card in reversed(cards):
            self._by_key[card.name_key] = card_data(card, codes.get(card.pk))

    def prefetch_ids(self, card_ids: Iterable[str]) -> None:
        """Look up every id not yet cached in one query (two when some are alternate artworks)."""
        wanted = {str(card_id) for card_id in card_ids} - set(self._by_id)
        if not wanted:
            return
        printings = list(self._printings().filter(code__in=wanted).order_by("game", "pk"))
        codes = self._canonical_ids(printing.card for printing in printings)
        for card_id in wanted:
            self._by_id[card_id] = None
        for printing in reversed(printings):
            data = card_data(printing.card, codes.get(printing.card_id))
            self._by_id[printing.code] = data
            self._by_key.setdefault(printing.card.name_key, data)

    def prefetch_dispute_names(self, document: object) -> None:
        """Look up, in one query, every card a dispute (or part of one) names: the ``name`` of its cards
        and deck entries, and the names its banlists and material specs list."""
        self.prefetch_names(dispute_card_names(document))

    def names(self) -> list[str]:
        """Every card name, for suggesting the closest ones to a name the catalog does not know."""
        return list(self._cards().order_by("name").values_list("name", flat=True))


NAME_LIST_KEYS = frozenset({"banlist", "names"})


def dispute_card_names(document: object) -> Iterator[str]:
    """Card names anywhere in a dispute: values of ``name`` keys, and strings listed under ``banlist`` or a
    material spec's ``names``. Iterative, so any document (already bounded in size) is read once."""
    stack: list[tuple[object, bool]] = [(document, False)]
    while stack:
        value, listed_names = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "name" and isinstance(item, str):
                    yield item
                else:
                    stack.append((item, listed_names or key in NAME_LIST_KEYS))
        elif isinstance(value, list):
            for item in value:
                if listed_names and isinstance(item, str):
                    yield item
                else:
                    stack.append((item, listed_names))
