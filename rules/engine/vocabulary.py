"""The engine's words for the games, in one place: what the apps show, offer and store take them from here.

Deck sections, the Extra Deck frames, starting life, the actions each game's dispute builder offers and
how the engine says a duel (Magic: game) ended. Forms, views and services read these names instead of
typing them again, so a rule the engine changes cannot leave a page or a service behind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from rules.engine.catalog import normalize_name

YUGIOH: Final = "yugioh"
MTG: Final = "mtg"
GAMES: Final = (YUGIOH, MTG)
GAME_NAMES: Final[Mapping[str, str]] = {YUGIOH: "Yu-Gi-Oh!", MTG: "Magic: The Gathering"}

# A deck list's sections, in the order a list is written. Yu-Gi-Oh!: Main, Extra and Side Deck (Rulebook
# Version 10, "Deck Construction"); Magic: main deck and sideboard (Comprehensive Rules 100.4).
DECK_SECTIONS: Final[Mapping[str, tuple[str, ...]]] = {
    YUGIOH: ("main", "extra", "side"),
    MTG: ("main", "side"),
}

# Monsters of these frames start the duel in the Extra Deck, never in the Main Deck (Rulebook Version 10,
# "Extra Deck"; Pendulum Monsters with these frames too).
EXTRA_DECK_FRAMES: Final = ("fusion", "synchro", "xyz", "link")

# Each player's Life Points when a duel starts (Rulebook Version 10, "Life Points": 8000) and life when a
# Magic game starts (Comprehensive Rules 103.4: 20 in a two-player game).
STARTING_LIFE: Final[Mapping[str, int]] = {YUGIOH: 8000, MTG: 20}

# The actions the judge page's builder offers, with the words it offers them in. Every one is an action
# the engine judges from a game state; ``rules/tests/test_vocabulary.py`` holds the two lists together.
BUILDER_ACTIONS: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    YUGIOH: (
        ("attack", "Attack"),
        ("normal_summon", "Normal / Tribute Summon"),
        ("set_monster", "Set a monster"),
        ("flip_summon", "Flip Summon"),
        ("change_position", "Change battle position"),
        ("special_summon", "Special Summon"),
        ("activate", "Activate a card or effect"),
        ("resolve_chain", "Resolve the chain"),
        ("draw", "Draw"),
        ("end_turn", "End the turn"),
        ("check_state", "Is the duel over?"),
        ("replay", "Replay"),
    ),
    MTG: (
        ("combat_damage", "Combat damage"),
        ("declare_attackers", "Declare attackers"),
        ("declare_blockers", "Declare blockers"),
        ("cast", "Cast a spell"),
        ("play_land", "Play a land"),
        ("draw", "Draw"),
        ("cleanup", "Cleanup (hand size)"),
        ("state_check", "State-based actions: is the game over?"),
        ("mulligan", "Mulligan"),
        ("resolve_stack", "Priority and the stack: what resolves?"),
    ),
}

# How a duel (game) ended, in the engine's reason codes, grouped by what a result sheet records: life
# points (life) at 0, a draw from an empty Deck (library), or a card's own win condition (Exodia).
LIFE: Final = "lp"
DECK_OUT: Final = "deck_out"
CARD_EFFECT: Final = "card_effect"
END_REASONS: Final[Mapping[str, str]] = {
    "lp": LIFE,
    "life": LIFE,
    "simultaneous_lp": LIFE,
    "deck_out": DECK_OUT,
    "empty_library": DECK_OUT,
    "exodia": CARD_EFFECT,
}
# Both players losing at once: in Yu-Gi-Oh! only by drawing from empty Decks; in Magic by life, an empty
# library or one of each, which no single reason says (the ruling's explanation does).
SIMULTANEOUS_LOSS: Final = "simultaneous_loss"
SIMULTANEOUS_LOSS_REASON: Final[Mapping[str, str]] = {YUGIOH: DECK_OUT, MTG: ""}


def end_reason(game: str, reason: str) -> str:
    """What a result sheet records for the engine's ``reason`` a duel ended ("" when no one word fits)."""
    if reason == SIMULTANEOUS_LOSS:
        return SIMULTANEOUS_LOSS_REASON.get(game, "")
    return END_REASONS.get(reason, "")


def deck_sections(game: str) -> tuple[str, ...]:
    """The sections of a ``game`` deck list; an unknown game has none."""
    return DECK_SECTIONS.get(game, ())


def is_extra_deck_monster(kind: str | None, frame: str | None) -> bool:
    """Does a card of this kind and frame belong in the Extra Deck?"""
    return kind == "monster" and frame in EXTRA_DECK_FRAMES


Entries = list[dict[str, Any]]


def _take(entries: Entries, key: str, count: int) -> int:
    """Remove up to ``count`` copies of the card ``key`` from ``entries``; returns how many were there."""
    taken = 0
    for entry in entries:
        if taken == count:
            break
        if normalize_name(str(entry["name"])) == key:
            step = min(int(entry["count"]), count - taken)
            entry["count"] = int(entry["count"]) - step
            taken += step
    entries[:] = [entry for entry in entries if int(entry["count"]) > 0]
    return taken


def _put(entries: Entries, name: str, count: int) -> None:
    key = normalize_name(name)
    for entry in entries:
        if normalize_name(str(entry["name"])) == key:
            entry["count"] = int(entry["count"]) + count
            return
    entries.append({"name": name, "count": count})


def _spelling(sections: Mapping[str, Entries], key: str, fallback: str) -> str:
    """The registered list's spelling of a card, so the presented deck reads like the registered one."""
    for entries in sections.values():
        for entry in entries:
            if normalize_name(str(entry["name"])) == key:
                return str(entry["name"])
    return fallback


def deck_after_swap(
    *,
    game: str,
    registered: Mapping[str, Sequence[Mapping[str, Any]]],
    moves: Mapping[str, Sequence[Mapping[str, Any]]],
    extra_deck_names: Iterable[str] = (),
) -> tuple[dict[str, Entries], list[str]]:
    """The deck a player presents after a side swap, worked out from their registered list, and the moves
    that could not be made (each naming its card).

    "out" cards leave the Main (or Extra) Deck for the Side Deck; "in" cards leave the Side Deck for the Main
    Deck, or the Extra Deck when the card is an Extra Deck card: registered in the Extra Deck, or named in
    ``extra_deck_names`` (the catalog's Fusion, Synchro, Xyz and Link Monsters: Rulebook Version 10, "Extra
    Deck"). Magic has a deck and a sideboard only. Moving more copies than are there is left to the engine's
    ``side_swap`` ruling, which says how many were registered.
    """
    sections: dict[str, Entries] = {
        section: [dict(entry) for entry in registered.get(section, [])] for section in deck_sections(game)
    }
    extra_keys = {normalize_name(str(entry["name"])) for entry in sections.get("extra", [])}
    extra_keys |= {normalize_name(name) for name in extra_deck_names}
    problems: list[str] = []
    for card in moves.get("out", []):
        key = normalize_name(str(card["name"]))
        name = _spelling(sections, key, str(card["name"]))
        count = int(card["count"])
        taken = _take(sections["main"], key, count)
        if "extra" in sections:
            taken += _take(sections["extra"], key, count - taken)
        if not taken:
            problems.append(f"{card['name']} (out) is not in your registered Main or Extra Deck.")
            continue
        _put(sections["side"], name, count)
    for card in moves.get("in", []):
        key = normalize_name(str(card["name"]))
        name = _spelling(sections, key, str(card["name"]))
        count = int(card["count"])
        if not _take(sections["side"], key, count):
            problems.append(f"{card['name']} (in) is not in your registered Side Deck.")
            continue
        to_extra = "extra" in sections and key in extra_keys
        _put(sections["extra" if to_extra else "main"], name, count)
    return sections, problems
