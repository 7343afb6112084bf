"""``side_swap``: a Side Deck exchange between duels (Rulebook v10, Side Deck).

Cards move only between the registered Main/Extra Deck and the Side Deck: the Side Deck keeps exactly its
number of cards, no card appears that was not registered, and none disappears. The Main and Extra Deck
presented must still be legal sizes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rules.engine.catalog import CardCatalog
from rules.engine.decklist import Entry, copies, display_names, first_unregistered, parse_deck, section_count
from rules.engine.jsonvalues import ActionFields
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import Value, gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.deck import SECTIONS, counts, extra_size, main_size

Deck = Mapping[str, Sequence[Entry]]


def side_count_changed(before: Deck, after: Deck) -> Violation | None:
    """Rulebook v10: the Side Deck has exactly as many cards after the swap as before."""
    was, now = section_count(before["side"]), section_count(after["side"])
    if was == now:
        return None
    return Violation(
        "side.count_changed",
        say(
            gettext_noop(
                "The Side Deck had %(was)s cards and now has %(now)s; a swap must keep "
                "its count exactly the same."
            ),
            was=was,
            now=now,
        ),
        passages.SIDE_SWAP_COUNT,
    )


def not_registered(before: Deck, after: Deck) -> Violation | None:
    """Rulebook v10: only cards from the registered deck and Side Deck are swapped."""
    extra = first_unregistered(before, after)
    if extra is None:
        return None
    name, presented, registered = extra
    return Violation(
        "side.card_not_registered",
        say(
            gettext_noop("%(name)s: %(presented)s presented but %(registered)s registered for the match."),
            name=name,
            presented=presented,
            registered=registered,
        ),
        passages.SIDE_SWAP_CARDS,
    )


def card_missing(before: Deck, after: Deck) -> Violation | None:
    """Rulebook v10: a swap exchanges cards; none of the registered cards may disappear."""
    registered, presented = copies(before), copies(after)
    names = display_names(before)
    for key, count in registered.items():
        if presented.get(key, 0) < count:
            return Violation(
                "side.card_missing",
                say(
                    gettext_noop("%(card)s: %(registered)s registered but only %(presented)s presented."),
                    card=names[key],
                    registered=count,
                    presented=presented.get(key, 0),
                ),
                passages.SIDE_SWAP_CARDS,
            )
    return None


def moved(before: Deck, after: Deck, section: str) -> dict[str, int]:
    """Cards added to ``section`` by the swap (by name)."""
    was: Counter[str] = Counter()
    now: Counter[str] = Counter()
    for entry in before[section]:
        was[entry.name] += entry.count
    for entry in after[section]:
        now[entry.name] += entry.count
    return dict(now - was)


def judge_side_swap(action: ActionFields, catalog: CardCatalog | None) -> Ruling:
    """``side_swap``: legality of the exchange between the registered deck and the one presented now."""
    before = parse_deck(action.data.get("before"), "action.before", SECTIONS, catalog)
    after = parse_deck(action.data.get("after"), "action.after", SECTIONS, catalog)
    stages = [
        [
            lambda: side_count_changed(before, after),
            lambda: not_registered(before, after),
            lambda: card_missing(before, after),
        ],
        [lambda: main_size(after), lambda: extra_size(after)],
    ]

    def outcome() -> tuple[dict[str, object], list[Fact]]:
        into_deck = {**moved(before, after, "main"), **moved(before, after, "extra")}
        into_side = moved(before, after, "side")
        text = say(
            gettext_noop(
                "Sided in: %(sided_in)s; sided out: %(sided_out)s. The Side Deck keeps %(count)s cards."
            ),
            sided_in=_cards_or_nothing(into_deck),
            sided_out=_cards_or_nothing(into_side),
            count=section_count(after["side"]),
        )
        result = {
            "deck": {"legal": True, "counts": counts(after)},
            "sided_in": into_deck,
            "sided_out": into_side,
        }
        return result, [Fact(text, passages.SIDE_SWAP_COUNT)]

    return decide(stages, outcome, passages.SIDE_SWAP_COUNT)


def _cards_or_nothing(moved_cards: dict[str, int]) -> Value:
    """``Name x2, Other x1`` (names are data), or the word "nothing" as a sentence of its own."""
    if not moved_cards:
        return say(gettext_noop("nothing"))
    return ", ".join(f"{name} x{copies}" for name, copies in moved_cards.items())
