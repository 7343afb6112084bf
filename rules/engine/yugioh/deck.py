"""``deck_check``: Yu-Gi-Oh! deck construction (Rulebook v10, Things you need to Duel; 9.0, Banlist).

Main Deck 40 to 60 cards; Extra Deck up to 15 Fusion, Synchro, Xyz and Link Monsters; Side Deck up to 15 of
any cards; at most 3 copies of a card across all three, fewer for Limited (1) and Semi-Limited (2) cards, none
of a Forbidden one. In the Traditional Format Forbidden cards are treated as Limited. With a ``region``
(``"tcg"`` or ``"ocg"``, the event's card pool), a card not released there is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from rules.engine.catalog import CardCatalog
from rules.engine.decklist import Entry, canonical_key, copies, display_names, parse_deck, section_count
from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.jsonvalues import ActionFields, as_list, as_str
from rules.engine.ruling import Check, Fact, Ruling, Violation, incomplete_ruling, run_checks
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.vocabulary import is_extra_deck_monster
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import FRAMES, KINDS

SECTIONS = ("main", "extra", "side")
MAIN_MIN, MAIN_MAX, EXTRA_MAX, SIDE_MAX, COPIES = 40, 60, 15, 15, 3
FORMATS = ("advanced", "traditional")
REGIONS = ("tcg", "ocg")
RELEASED_FACTS = {
    "tcg": gettext_noop("Every card was released in the TCG."),
    "ocg": gettext_noop("Every card was released in the OCG."),
}
NOT_RELEASED = {
    "tcg": gettext_noop(
        "%(card)s was released only in the OCG (Asia), not in the TCG: it cannot be played at a TCG event."
    ),
    "ocg": gettext_noop(
        "%(card)s was released only in the TCG, not in the OCG (Asia): it cannot be played at an OCG event."
    ),
}
LIMITS = {"forbidden": 0, "limited": 1, "semi_limited": 2}
LIMIT_CODES = {0: "deck.forbidden", 1: "deck.limited", 2: "deck.semi_limited"}
EXTRA_DECK_MONSTERS = {
    "fusion": gettext_noop("%(card)s is a Fusion Monster: it belongs in the Extra Deck, not the Main Deck."),
    "synchro": gettext_noop(
        "%(card)s is a Synchro Monster: it belongs in the Extra Deck, not the Main Deck."
    ),
    "xyz": gettext_noop("%(card)s is an Xyz Monster: it belongs in the Extra Deck, not the Main Deck."),
    "link": gettext_noop("%(card)s is a Link Monster: it belongs in the Extra Deck, not the Main Deck."),
}


def main_size(deck: Mapping[str, Sequence[Entry]]) -> Violation | None:
    """Rulebook v10: the Main Deck is 40 to 60 cards."""
    count = section_count(deck["main"])
    if MAIN_MIN <= count <= MAIN_MAX:
        return None
    return Violation(
        "deck.main_size",
        say(gettext_noop("The Main Deck has %(count)s cards; it must have 40 to 60."), count=count),
        passages.DECK_MAIN_SIZE,
    )


def extra_size(deck: Mapping[str, Sequence[Entry]]) -> Violation | None:
    """Rulebook v10: up to 15 cards in the Extra Deck."""
    count = section_count(deck["extra"])
    if count <= EXTRA_MAX:
        return None
    return Violation(
        "deck.extra_size",
        say(gettext_noop("The Extra Deck has %(count)s cards; at most 15 are allowed."), count=count),
        passages.DECK_EXTRA_SIZE,
    )


def side_size(deck: Mapping[str, Sequence[Entry]]) -> Violation | None:
    """Rulebook v10: up to 15 cards in the Side Deck."""
    count = section_count(deck["side"])
    if count <= SIDE_MAX:
        return None
    return Violation(
        "deck.side_size",
        say(gettext_noop("The Side Deck has %(count)s cards; at most 15 are allowed."), count=count),
        passages.DECK_SIDE_SIZE,
    )


def wrong_deck(entry: Entry, section: str) -> Violation | None:
    """Rulebook v10: Fusion, Synchro, Xyz and Link Monsters go in the Extra Deck and nothing else does."""
    kind = entry.text("kind")
    if kind not in KINDS:
        raise StateIncomplete(
            f"{entry.path}.kind",
            say(gettext_noop("the catalog does not know %(entry)s: give its kind"), entry=repr(entry.name)),
            passages.DECK_EXTRA_CONTENTS,
        )
    frame = entry.text("frame")
    if kind == "monster" and frame not in FRAMES:
        raise StateIncomplete(
            f"{entry.path}.frame",
            say(gettext_noop("the catalog does not know %(entry)s: give its frame"), entry=repr(entry.name)),
            passages.DECK_EXTRA_CONTENTS,
        )
    extra_kind = is_extra_deck_monster(kind, frame)
    message: Sentence
    if section == "extra" and not extra_kind:
        message = say(
            gettext_noop(
                "%(card)s is in the Extra Deck, which holds only Fusion, Synchro, Xyz and Link Monsters."
            ),
            card=entry.name,
        )
    elif section == "main" and extra_kind:
        message = say(EXTRA_DECK_MONSTERS[frame or ""], card=entry.name)
    else:
        return None
    return Violation("deck.extra_deck_card", message, passages.DECK_EXTRA_CONTENTS)


def not_released(entry: Entry, region: str | None) -> Violation | None:
    """The event's card pool: a card the catalog (or the entry) says was not released in the event's region
    (YGOPro's ``ot`` flags, ``tcg`` and ``ocg``) cannot be played there. Without a region, or without the
    flag, nothing is said."""
    if region is None or entry.data.get(region) is not False:
        return None
    return Violation(
        "deck.not_released",
        say(NOT_RELEASED[region], card=entry.name),
        passages.CARD_POOL,
        field=entry.path,
    )


def over_limit(name: str, count: int, limit: int) -> Violation | None:
    """Rulebook v10 (3 copies) and 9.0 (Forbidden, Limited, Semi-Limited), counted across all three decks."""
    if count <= limit:
        return None
    if limit == COPIES:
        return Violation(
            "deck.copies",
            say(
                gettext_noop(
                    "%(name)s: %(count)s copies across the Main, Extra and Side Deck; at most "
                    "3 of a card (alternate artworks count as the same card)."
                ),
                name=name,
                count=count,
            ),
            passages.DECK_COPIES,
        )
    template = {
        0: gettext_noop("%(name)s is Forbidden: no copies are allowed, and the deck has %(count)s."),
        1: gettext_noop("%(name)s is Limited to 1 copy, and the deck has %(count)s."),
        2: gettext_noop("%(name)s is Semi-Limited to 2 copies, and the deck has %(count)s."),
    }[limit]
    return Violation(
        LIMIT_CODES[limit],
        say(template, name=name, count=count),
        passages.BANLIST,
    )


def read_banlist(action: ActionFields, catalog: CardCatalog | None, game_format: str) -> dict[str, int]:
    """Card key → copies allowed by the banlist (the Traditional Format treats Forbidden cards as Limited)."""
    banlist = action.mapping("banlist", required=False) or {}
    limits: dict[str, int] = {}
    for list_name, limit in LIMITS.items():
        names = as_list(banlist.get(list_name, []))
        if names is None or not all(isinstance(n, str) for n in names):
            raise DisputeError(
                f"action.banlist.{list_name}", say(gettext_noop("must be a list of card names"))
            )
        if game_format == "traditional" and limit == 0:
            limit = 1
        for name in names:
            key = canonical_key(str(as_str(name)), catalog)
            limits[key] = min(limit, limits.get(key, COPIES))
    return limits


def counts(deck: Mapping[str, Sequence[Entry]]) -> dict[str, int]:
    return {section: section_count(deck[section]) for section in SECTIONS}


def judge_deck_check(action: ActionFields, catalog: CardCatalog | None) -> Ruling:
    """``deck_check``: is this deck legal. The outcome's ``deck`` carries the counts either way."""
    deck = parse_deck(action.data.get("deck"), "action.deck", SECTIONS, catalog)
    game_format = action.choice("format", FORMATS, default="advanced")
    limits = read_banlist(action, catalog, game_format)
    region = action.optional_choice("region", REGIONS)
    totals = copies(deck)
    names = display_names(deck)
    placement: list[Check] = [
        partial(wrong_deck, entry, section) for section in ("main", "extra") for entry in deck[section]
    ]
    released: list[Check] = [
        partial(not_released, entry, region) for entries in deck.values() for entry in entries
    ]
    limit_checks: list[Check] = [
        partial(over_limit, names[key], totals[key], limits.get(key, COPIES)) for key in totals
    ]
    verdict = run_checks(
        [
            [
                lambda: main_size(deck),
                lambda: extra_size(deck),
                lambda: side_size(deck),
                *placement,
                *released,
                *limit_checks,
            ]
        ]
    )
    summary = counts(deck)
    if verdict.violations:
        outcome: dict[str, Any] = {"deck": {"legal": False, "counts": summary}}
        return Ruling(legal=False, violations=tuple(verdict.violations), outcome=outcome)
    if verdict.gaps:
        return incomplete_ruling(verdict.gaps[0], passages.DECK_EXTRA_CONTENTS)
    facts = [
        Fact(
            say(
                gettext_noop(
                    "Main Deck %(main)s cards (40 to 60), Extra Deck %(extra)s (up to 15), "
                    "Side Deck %(side)s (up to 15)."
                ),
                main=summary["main"],
                extra=summary["extra"],
                side=summary["side"],
            ),
            passages.DECK_MAIN_SIZE,
        ),
        Fact(
            say(
                gettext_noop(
                    "Every Extra Deck card is a Fusion, Synchro, Xyz or Link Monster, and "
                    "none is in the Main Deck."
                )
            ),
            passages.DECK_EXTRA_CONTENTS,
        ),
        Fact(
            # Only a deck checked against a banlist is said to respect one; without one, the limit is 3.
            say(gettext_noop("No card exceeds 3 copies or its Forbidden & Limited status."))
            if action.data.get("banlist") is not None
            else say(gettext_noop("No card exceeds 3 copies.")),
            passages.DECK_COPIES,
        ),
    ]
    if region is not None:
        facts.append(Fact(say(RELEASED_FACTS[region]), passages.CARD_POOL))
    return Ruling(legal=True, outcome={"deck": {"legal": True, "counts": summary}}, facts=tuple(facts))
