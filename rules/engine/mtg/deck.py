"""Magic ``deck_check`` and ``side_swap`` (Comprehensive Rules 100.2-100.5; sideboards by tournament rules).

Constructed: a deck of at least sixty cards, at most four copies of a card except basic lands, a sideboard
of at most fifteen. Limited (sealed, draft): at least forty cards, any number of copies. Banned cards may
not be played and restricted ones only once (100.5). Between games cards move between deck and sideboard
in any numbers, not one for one, as long as nothing comes from outside them and the deck stays legal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from rules.engine.catalog import CardCatalog, normalize_name
from rules.engine.decklist import (
    Entry,
    canonical_key,
    copies,
    display_names,
    first_unregistered,
    parse_deck,
    section_count,
)
from rules.engine.errors import DisputeError
from rules.engine.jsonvalues import ActionFields, as_list
from rules.engine.mtg import passages
from rules.engine.ruling import Check, Fact, Ruling, Violation, incomplete_ruling, run_checks
from rules.engine.sentences import gettext_noop, say

SECTIONS = ("main", "side")
FORMATS = ("constructed", "limited")
MAIN_MIN = {"constructed": 60, "limited": 40}
SIDE_MAX = 15
COPIES = 4
# The basic lands are a closed set of names; a card with another name is a basic land only if the list or
# the catalog gives it the basic supertype.
BASIC_LAND_NAMES = frozenset(
    normalize_name(name)
    for basic in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
    for name in (basic, f"Snow-Covered {basic}")
)
Deck = Mapping[str, Sequence[Entry]]
# A card's own rules text lifting the four-copy limit for itself, as MTGJSON and Scryfall read it (Relentless
# Rats, Shadowborn Apostle, Persistent Petitioners...; Seven Dwarves and the Nazgûl say how many).
ANY_NUMBER_TEXT = re.compile(r"\ba deck can have any number of cards named\b", re.IGNORECASE)
UP_TO_TEXT = re.compile(r"\ba deck can have up to (?P<number>\w+) cards named\b", re.IGNORECASE)
NUMBER_WORDS = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def main_size(deck: Deck, game_format: str) -> Violation | None:
    """100.2 (constructed, at least sixty) and 100.3 (limited, at least forty); 100.4: no maximum."""
    count, minimum = section_count(deck["main"]), MAIN_MIN[game_format]
    if count >= minimum:
        return None
    rule = passages.CONSTRUCTED_DECK if game_format == "constructed" else passages.LIMITED_DECK
    return Violation(
        "mtg.deck.main_size",
        say(
            gettext_noop("The deck has %(count)s cards; it needs at least %(minimum)s."),
            count=count,
            minimum=minimum,
        ),
        rule,
    )


def side_size(deck: Deck, game_format: str) -> Violation | None:
    """Tournament rules: a constructed sideboard has at most fifteen cards (limited: the unused pool)."""
    count = section_count(deck["side"])
    if game_format == "limited" or count <= SIDE_MAX:
        return None
    return Violation(
        "mtg.deck.side_size",
        say(gettext_noop("The sideboard has %(count)s cards; at most 15 are allowed."), count=count),
        passages.SIDEBOARD_SIZE,
    )


def is_basic_land(entries: Sequence[Entry]) -> bool:
    """A basic land? By its supertypes where given, else by the basic land names."""
    for entry in entries:
        supertypes = as_list(entry.data.get("supertypes"))
        if supertypes is not None:
            return any(isinstance(s, str) and s.lower() == "basic" for s in supertypes)
    return bool(entries) and entries[0].key in BASIC_LAND_NAMES


NOT_A_MAGIC_CARD = {
    "main": gettext_noop(
        "%(entry)s (in the deck) is not a Magic card: the card catalog has no card of that name, so it "
        "cannot be played. Check its spelling."
    ),
    "side": gettext_noop(
        "%(entry)s (in the sideboard) is not a Magic card: the card catalog has no card of that name, so it "
        "cannot be played. Check its spelling."
    ),
}


def unknown_card(entry: Entry, section: str, catalog: CardCatalog | None) -> Violation | None:
    """100.2 (100.2a today): a deck holds Magic cards. With a catalog to ask, a name it does not know, given
    without the card's types, is no Magic card: a typo or an invented card. Without a catalog the dispute's
    names are taken as given (the spec's entries carry what the catalog would)."""
    if catalog is None or catalog.card_by_name(entry.name) is not None or "types" in entry.data:
        return None
    return Violation(
        "mtg.deck.unknown_card",
        say(NOT_A_MAGIC_CARD[section], entry=entry.name),
        passages.DECK_OF_MAGIC_CARDS,
        field=entry.path,
    )


def copies_its_text_allows(entries: Sequence[Entry]) -> int | None:
    """103.1 (the card over the rules): the copies a card's own text allows a deck, overriding 100.2's four.

    ``None`` for "any number", a number for "up to seven"; four for a card whose text says neither (or that
    no entry describes).
    """
    for entry in entries:
        text = entry.data.get("text")
        if not isinstance(text, str):
            continue
        if ANY_NUMBER_TEXT.search(text):
            return None
        up_to = UP_TO_TEXT.search(text)
        if up_to is not None:
            word = up_to["number"].lower()
            return int(word) if word.isdigit() else NUMBER_WORDS.get(word, COPIES)
    return COPIES


def too_many_copies(name: str, count: int, entries: Sequence[Entry], game_format: str) -> Violation | None:
    """100.2: at most four copies of a card in constructed play, except basic lands; 100.3: no cap; 103.1:
    a card whose text allows more (any number, up to seven) is held to its text."""
    if game_format == "limited" or count <= COPIES or is_basic_land(entries):
        return None
    allowed = copies_its_text_allows(entries)
    if allowed is None or count <= allowed:
        return None
    if allowed != COPIES:
        return Violation(
            "mtg.deck.copies",
            say(
                gettext_noop(
                    "%(name)s: %(count)s copies in the deck and sideboard; its text allows at most "
                    "%(allowed)s."
                ),
                name=name,
                count=count,
                allowed=allowed,
            ),
            passages.CARD_TEXT_COPIES,
            field=entries[0].path,
        )
    return Violation(
        "mtg.deck.copies",
        say(
            gettext_noop(
                "%(name)s: %(count)s copies in the deck and sideboard; at most 4 of a "
                "card other than a basic land."
            ),
            name=name,
            count=count,
        ),
        passages.CONSTRUCTED_DECK,
        field=entries[0].path,
    )


def tournament_limit(name: str, count: int, limit: int, field: str | None = None) -> Violation | None:
    """100.5: a banned card may not be played at all, a restricted card only once. ``field`` is the card's
    first entry."""
    if count <= limit:
        return None
    if limit == 0:
        return Violation(
            "mtg.deck.banned",
            say(gettext_noop("%(name)s is banned, and the deck has %(count)s."), name=name, count=count),
            passages.TOURNAMENT_LIMITS,
            field=field,
        )
    return Violation(
        "mtg.deck.restricted",
        say(
            gettext_noop("%(name)s is restricted to 1 copy, and the deck has %(count)s."),
            name=name,
            count=count,
        ),
        passages.TOURNAMENT_LIMITS,
        field=field,
    )


def read_limits(action: ActionFields, catalog: CardCatalog | None) -> dict[str, int]:
    """Card key → copies the banned and restricted lists allow."""
    banlist = action.mapping("banlist", required=False) or {}
    limits: dict[str, int] = {}
    for list_name, limit in (("restricted", 1), ("banned", 0)):
        names = as_list(banlist.get(list_name, []))
        if names is None or not all(isinstance(n, str) for n in names):
            raise DisputeError(
                f"action.banlist.{list_name}", say(gettext_noop("must be a list of card names"))
            )
        for name in names:
            limits[canonical_key(str(name), catalog)] = limit
    return limits


def entries_by_key(deck: Deck) -> dict[str, list[Entry]]:
    grouped: dict[str, list[Entry]] = {}
    for entries in deck.values():
        for entry in entries:
            grouped.setdefault(entry.key, []).append(entry)
    return grouped


def counts(deck: Deck) -> dict[str, int]:
    return {section: section_count(deck[section]) for section in SECTIONS}


def deck_checks(deck: Deck, game_format: str, limits: Mapping[str, int]) -> list[Check]:
    totals, names, grouped = copies(deck), display_names(deck), entries_by_key(deck)
    return [
        lambda: main_size(deck, game_format),
        lambda: side_size(deck, game_format),
        *(partial(too_many_copies, names[key], totals[key], grouped[key], game_format) for key in totals),
        *(
            partial(tournament_limit, names[key], totals[key], limits[key], grouped[key][0].path)
            for key in totals
            if key in limits
        ),
    ]


def beyond_four(deck: Deck) -> list[str]:
    """The cards other than basic lands of which a legal deck holds more than four (their text allows it)."""
    totals, names, grouped = copies(deck), display_names(deck), entries_by_key(deck)
    return [names[key] for key in totals if totals[key] > COPIES and not is_basic_land(grouped[key])]


def judge_mtg_deck_check(action: ActionFields, catalog: CardCatalog | None) -> Ruling:
    """``deck_check``: is this deck legal for the format; the outcome's ``deck`` has the counts either way."""
    deck = parse_deck(action.data.get("deck"), "action.deck", SECTIONS, catalog)
    game_format = action.choice("format", FORMATS, default="constructed")
    known: list[Check] = [
        partial(unknown_card, entry, section, catalog) for section in SECTIONS for entry in deck[section]
    ]
    verdict = run_checks([known + deck_checks(deck, game_format, read_limits(action, catalog))])
    summary = counts(deck)
    if verdict.violations:
        outcome: dict[str, Any] = {"deck": {"legal": False, "counts": summary}}
        return Ruling(legal=False, violations=tuple(verdict.violations), outcome=outcome)
    if verdict.gaps:
        return incomplete_ruling(verdict.gaps[0], passages.CONSTRUCTED_DECK)
    facts: tuple[Fact, ...]
    if game_format == "constructed":
        beyond = beyond_four(deck)
        copies_fact = (
            Fact(
                say(
                    gettext_noop(
                        "The deck has %(main)s cards (at least 60); besides basic lands, only cards whose "
                        "own text allows it have more than 4 copies: %(names)s."
                    ),
                    main=summary["main"],
                    names=", ".join(beyond),
                ),
                passages.CARD_TEXT_COPIES,
            )
            if beyond
            else Fact(
                say(
                    gettext_noop(
                        "The deck has %(main)s cards (at least 60) and no card other than a basic "
                        "land more than 4 times."
                    ),
                    main=summary["main"],
                ),
                passages.CONSTRUCTED_DECK,
            )
        )
        facts = (
            copies_fact,
            Fact(
                say(gettext_noop("The sideboard has %(side)s cards (at most 15)."), side=summary["side"]),
                passages.SIDEBOARD_SIZE,
            ),
        )
    else:
        facts = (
            Fact(
                say(gettext_noop("The deck has %(main)s cards (at least 40)."), main=summary["main"]),
                passages.LIMITED_DECK,
            ),
        )
    return Ruling(legal=True, outcome={"deck": {"legal": True, "counts": summary}}, facts=facts)


def not_registered(before: Deck, after: Deck) -> Violation | None:
    """Sideboarding only moves cards between the registered deck and sideboard: nothing comes from outside."""
    extra = first_unregistered(before, after)
    if extra is None:
        return None
    name, presented, registered = extra
    return Violation(
        "side.card_not_registered",
        say(
            gettext_noop(
                "%(name)s: %(presented)s presented but %(registered)s registered in the deck and sideboard."
            ),
            name=name,
            presented=presented,
            registered=registered,
        ),
        passages.SIDEBOARDING,
    )


def count_changed(before: Deck, after: Deck) -> Violation | None:
    """Cards move between deck and sideboard; together they keep their number of cards."""
    was = section_count(before["main"]) + section_count(before["side"])
    now = section_count(after["main"]) + section_count(after["side"])
    if was == now:
        return None
    return Violation(
        "side.count_changed",
        say(
            gettext_noop(
                "The deck and sideboard held %(was)s cards together and now hold %(now)s; "
                "sideboarding only moves cards."
            ),
            was=was,
            now=now,
        ),
        passages.SIDEBOARDING,
    )


def judge_mtg_side_swap(action: ActionFields, catalog: CardCatalog | None) -> Ruling:
    """``side_swap``: not one for one in Magic; what is presented must come from the registered cards and the
    deck must stay legal."""
    before = parse_deck(action.data.get("before"), "action.before", SECTIONS, catalog)
    after = parse_deck(action.data.get("after"), "action.after", SECTIONS, catalog)
    game_format = action.choice("format", FORMATS, default="constructed")
    verdict = run_checks(
        [
            [lambda: not_registered(before, after), lambda: count_changed(before, after)],
            deck_checks(after, game_format, read_limits(action, catalog)),
        ]
    )
    if verdict.violations:
        return Ruling(legal=False, violations=tuple(verdict.violations))
    if verdict.gaps:
        return incomplete_ruling(verdict.gaps[0], passages.SIDEBOARDING)
    summary = counts(after)
    fact = Fact(
        say(
            gettext_noop(
                "Cards moved between deck and sideboard; the deck now has %(main)s cards "
                "and the sideboard %(side)s, all from the registered list, and the deck "
                "is still legal."
            ),
            main=summary["main"],
            side=summary["side"],
        ),
        passages.SIDEBOARDING,
    )
    return Ruling(legal=True, outcome={"deck": {"legal": True, "counts": summary}}, facts=(fact,))
