"""Deck lists as players paste them, and YGOPro ``.ydk`` files: text in, sections of (card name, count) out.

Pure Python, no database: names are checked against any ``rules.engine.CardCatalog`` (the database one in
the app, an in-memory one in tests). Every problem carries the line it was found on, and a name the catalog
does not know comes with the closest names it does know, so a player can fix a typo without asking a judge.

Pasted text::

    Main Deck:                      <- also "Main", "Main Deck (40)", "Deck"; "Extra", "Side", "Sideboard"
    3 Ash Blossom & Joyous Spring   <- also "3x Name" and "Name x3"
    # a comment                     <- "#" and "//" lines and blank lines are ignored
    SB: 2 Duress                    <- Magic: a Sideboard card wherever it stands

Lines before any heading belong to the Main Deck. Magic Arena's set and collector number after a name
("4 Lightning Bolt (M10) 146") are dropped.

Magic lists as the programs write them (``decks.deck_files`` writes both):

- MTGO ``.txt``: the main deck, one blank line, the sideboard, with no heading at all. A Magic list with no
  heading whose card lines fall in exactly two groups separated by blank lines is read so: the second group
  is the sideboard. A blank line in a list with headings is ignored, as it always was; a list in more than
  two groups is left to the reader (all main deck), since a player may group creatures, spells and lands.
- Arena: ``Deck`` and ``Sideboard`` headings; ``Commander`` cards belong to the deck; a ``Companion`` is a
  sideboard card (Arena lists it under ``Sideboard`` too, so it is added only if the sideboard lacks it);
  the ``About`` block (``Name My Deck``) names the list and holds no card.

``.ydk``: ``#main``, ``#extra`` and ``!side`` start the sections; every other line is one card's YGOPro id
(one line per copy); other ``#`` lines (``#created by ...``) are comments.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.engine.catalog import CardCatalog, normalize_name
from rules.engine.limits import DECK_ENTRIES
from rules.engine.vocabulary import DECK_SECTIONS

SECTIONS = DECK_SECTIONS  # the engine's, per game
SECTION_LABELS = {"main": _("Main Deck"), "extra": _("Extra Deck"), "side": _("Side Deck")}
# Each section's own sentences, whole (a section's name has a gender in Portuguese and Spanish).
TOO_MANY_ENTRIES = {
    "main": _("the Main Deck lists more than %(bound)d different cards; no %(game)s deck has that many"),
    "extra": _("the Extra Deck lists more than %(bound)d different cards; no %(game)s deck has that many"),
    "side": _("the Side Deck lists more than %(bound)d different cards; no %(game)s deck has that many"),
}
TOO_MANY_ENTRIES_MTG = {
    "main": _("the main deck lists more than %(bound)d different cards; no %(game)s deck has that many"),
    "side": _("the sideboard lists more than %(bound)d different cards; no %(game)s deck has that many"),
}
NO_SUCH_SECTION = {
    "main": _("a %(game)s deck has no Main Deck"),
    "extra": _("a %(game)s deck has no Extra Deck"),
    "side": _("a %(game)s deck has no Side Deck"),
}
MAX_COUNT = 99
MAX_LINES = 2000  # a deck list is at most a few hundred lines; more is not a deck list
MAX_SUGGESTIONS = 3
# Suggestions compare a name with every catalog name (a tenth of a second or two each for twenty thousand
# names), so only the first few unknown names of a list get them; the others are still listed, each on its
# line. A list is fixed a few names at a time anyway.
MAX_NAMES_WITH_SUGGESTIONS = 3
SIMILARITY_CUTOFF = 0.75
PREFIX_WEIGHT = 0.95  # a name matching only at its start ranks below an equally close whole name

HEADINGS = {
    "main": "main",
    "main deck": "main",
    "maindeck": "main",
    "deck": "main",
    "extra": "extra",
    "extra deck": "extra",
    "side": "side",
    "side deck": "side",
    "sideboard": "side",
}
# Arena's headings that Yu-Gi-Oh! lists do not have: where their cards go (``None``: no cards, skipped).
MTG_HEADINGS: dict[str, str | None] = {"commander": "main", "companion": "companion", "about": None}
HEADING_LINE = re.compile(r"^(?P<word>[a-z ]+?)\s*(?:\(\s*\d+\s*\))?\s*:?\s*(?:\d+)?$", re.IGNORECASE)
COUNT_FIRST = re.compile(r"^(?P<count>\d+)(?:\s*[xX])?\s+(?P<name>\S.*)$")
COUNT_LAST = re.compile(r"^(?P<name>\S.*?)\s+[xX]\s*(?P<count>\d+)$")
SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
ARENA_SET_SUFFIX = re.compile(r"\s+\([A-Za-z0-9]{2,6}\)(?:\s+\S+)?$")
YDK_ID = re.compile(r"^\d{1,10}$")


@dataclass(frozen=True)
class DeckProblem:
    """Something wrong on ``line`` (1-based; 0 for the list as a whole)."""

    line: int
    message: str
    suggestions: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = self.message
        if self.suggestions:
            names = [repr(name) for name in self.suggestions]
            if len(names) == 1:
                hint = gettext("Did you mean %(name)s?") % {"name": names[0]}
            else:
                hint = gettext("Did you mean %(names)s or %(last)s?") % {
                    "names": ", ".join(names[:-1]),
                    "last": names[-1],
                }
            text = gettext("%(problem)s %(hint)s") % {"problem": text, "hint": hint}
        if self.line:
            return gettext("line %(line)d: %(problem)s") % {"line": self.line, "problem": text}
        return text


@dataclass
class DeckEntry:
    name: str
    count: int
    line: int


@dataclass
class ParsedDeck:
    """A deck list: its sections in order, each a list of entries, and the problems found on the way."""

    game: str
    entries: dict[str, list[DeckEntry]]
    problems: list[DeckProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def sections(self) -> dict[str, list[tuple[str, int]]]:
        """Section -> [(card name, count)], each name once per section."""
        return {
            section: [(entry.name, entry.count) for entry in items] for section, items in self.entries.items()
        }

    def as_engine_deck(self) -> dict[str, list[dict[str, object]]]:
        """The ``deck`` of the engine's ``deck_check`` action."""
        return {
            section: [{"name": entry.name, "count": entry.count} for entry in items]
            for section, items in self.entries.items()
        }


def _empty_sections(game: str) -> dict[str, list[DeckEntry]]:
    if game not in SECTIONS:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(SECTIONS)}")
    return {section: [] for section in SECTIONS[game]}


class _Sections:
    """Sections being filled, with each section's entries indexed by key, so adding a line is O(1)."""

    def __init__(self, game: str) -> None:
        self.entries = _empty_sections(game)
        self._index: dict[str, dict[str, DeckEntry]] = {section: {} for section in self.entries}

    def add(self, section: str, name: str, count: int, line: int, *, key: str | None = None) -> None:
        """Add copies to a section; the same card on two lines is one entry (counted where it first
        appeared). ``key`` defaults to the normalized name (a .ydk's entries are keyed by their id)."""
        key = normalize_name(name) if key is None else key
        entry = self._index[section].get(key)
        if entry is not None:
            entry.count += count
            return
        entry = DeckEntry(name=name, count=count, line=line)
        self._index[section][key] = entry
        self.entries[section].append(entry)


def too_many_entries(entries: dict[str, list[DeckEntry]], game: str) -> DeckProblem | None:
    """A section with more different cards than a player of ``game`` can have (``rules.engine.limits``)."""
    bound = DECK_ENTRIES.get(game, DECK_ENTRIES["mtg"])
    for section, items in entries.items():
        if len(items) > bound:
            sentences = TOO_MANY_ENTRIES_MTG if game == "mtg" else TOO_MANY_ENTRIES
            message = str(sentences[section]) % {"bound": bound, "game": game_label(game)}
            return DeckProblem(items[bound].line, message)
    return None


SKIPPED = "skipped"  # a heading whose block holds no card (Arena's About)


def _heading(line: str, game: str = "yugioh") -> str | None:
    """The section a heading line starts, ``SKIPPED`` for a block of no cards, None for no heading."""
    match = HEADING_LINE.match(line)
    if match is None:
        return None
    word = " ".join(match["word"].lower().split())
    if game == "mtg" and word in MTG_HEADINGS:
        return MTG_HEADINGS[word] or SKIPPED
    return HEADINGS.get(word)


def mtgo_sideboard_start(lines: Sequence[str]) -> int | None:
    """The line number (1-based) where an MTGO ``.txt``'s sideboard starts, or None for another layout.

    MTGO writes the main deck, one blank line and the sideboard, with no heading: a list with no heading
    (nor ``SB:`` line) whose card lines form exactly two groups between blank lines. Comment lines neither
    start nor split a group.
    """
    groups: list[int] = []
    after_blank = True
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            after_blank = True
            continue
        if line.startswith(("#", "//")):
            continue
        if _heading(line, "mtg") is not None or SIDEBOARD_PREFIX.match(line):
            return None
        if after_blank:
            groups.append(number)
            after_blank = False
    return groups[1] if len(groups) == 2 else None


def card_line(line: str) -> tuple[str, int] | None:
    """A card line's name and count ("3 Dark Magician", "3x Dark Magician", "Dark Magician x3"), or None."""
    match = COUNT_FIRST.match(line) or COUNT_LAST.match(line)
    if match is None:
        return None
    return match["name"].strip(), int(match["count"])


def _too_long(lines: Sequence[str], game: str) -> ParsedDeck | None:
    if len(lines) <= MAX_LINES:
        return None
    message = gettext("the list has %(lines)d lines; a deck list has at most %(most)d")
    problem = DeckProblem(0, message % {"lines": len(lines), "most": MAX_LINES})
    return ParsedDeck(game=game, entries=_empty_sections(game), problems=[problem])


def parse_deck_text(text: str, *, game: str) -> ParsedDeck:
    """Read a pasted deck list (headings and ``COUNT Card Name`` lines). Names are not checked here."""
    sections = _Sections(game)
    deck = ParsedDeck(game=game, entries=sections.entries)
    lines = text.splitlines()
    too_long = _too_long(lines, game)
    if too_long is not None:
        return too_long
    section = "main"
    sideboard_start = mtgo_sideboard_start(lines) if game == "mtg" else None
    companions: list[DeckEntry] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if sideboard_start is not None and number == sideboard_start:
            section = "side"
        heading = _heading(line, game)
        if heading is not None:
            if heading not in deck.entries and heading not in (SKIPPED, "companion"):
                deck.problems.append(
                    DeckProblem(number, str(NO_SUCH_SECTION[heading]) % {"game": game_label(game)})
                )
            section = heading
            continue
        if section == SKIPPED:
            continue
        target = section
        if SIDEBOARD_PREFIX.match(line):
            line = SIDEBOARD_PREFIX.sub("", line)
            target = "side"
        card = card_line(line)
        if card is None:
            deck.problems.append(
                DeckProblem(
                    number,
                    gettext("expected 'COUNT Card Name' or a heading (Main, Extra, Side), not %(line)s")
                    % {"line": repr(line[:80])},
                )
            )
            continue
        name, count = card
        if game == "mtg":
            name = ARENA_SET_SUFFIX.sub("", name)
        if not 1 <= count <= MAX_COUNT:
            deck.problems.append(
                DeckProblem(
                    number,
                    gettext("%(count)d copies of %(name)s: a count runs from 1 to %(most)d")
                    % {"count": count, "name": repr(name), "most": MAX_COUNT},
                )
            )
            continue
        if not normalize_name(name):
            deck.problems.append(
                DeckProblem(number, gettext("%(name)s is not a card name") % {"name": repr(name)})
            )
            continue
        if target == "companion":
            companions.append(DeckEntry(name=name, count=count, line=number))
        elif target in deck.entries:
            sections.add(target, name, count, number)
    _add_companions(sections, companions)
    too_many = too_many_entries(deck.entries, game)
    if too_many is not None:  # nothing more is done with a list no deck can be: no card is looked up
        return ParsedDeck(game=game, entries=_empty_sections(game), problems=[too_many])
    return deck


def _add_companions(sections: _Sections, companions: list[DeckEntry]) -> None:
    """A companion starts the game in the sideboard: Arena lists it under ``Companion`` and again under
    ``Sideboard``, so it is one sideboard card, added only when the sideboard does not already hold it."""
    side = {normalize_name(entry.name) for entry in sections.entries.get("side", [])}
    for entry in companions:
        if normalize_name(entry.name) not in side:
            sections.add("side", entry.name, entry.count, entry.line)


def game_label(game: str) -> str:
    return {"yugioh": "Yu-Gi-Oh!", "mtg": "Magic"}.get(game, game)


@dataclass
class ParsedYdk:
    """A ``.ydk`` file: per section, YGOPro ids with their copies and the line each first appeared on."""

    entries: dict[str, list[DeckEntry]]
    problems: list[DeckProblem] = field(default_factory=list)


YDK_HEADERS = {"#main": "main", "#extra": "extra", "!side": "side"}


def parse_ydk(text: str) -> ParsedYdk:
    """Read a ``.ydk`` file; ``DeckEntry.name`` holds the card id until :func:`resolve_ydk` names it."""
    sections = _Sections("yugioh")
    ydk = ParsedYdk(entries=sections.entries)
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        ydk.problems.append(
            DeckProblem(
                0,
                gettext("the file has %(lines)d lines; a .ydk has at most %(most)d")
                % {"lines": len(lines), "most": MAX_LINES},
            )
        )
        return ydk
    section: str | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        header = YDK_HEADERS.get(line.lower())
        if header is not None:
            section = header
            continue
        if line.startswith("#"):
            continue
        if line.startswith("!"):
            ydk.problems.append(
                DeckProblem(
                    number,
                    gettext("unknown section %(line)s; expected #main, #extra or !side")
                    % {"line": repr(line)},
                )
            )
            continue
        if not YDK_ID.match(line):
            ydk.problems.append(
                DeckProblem(
                    number, gettext("expected a card id (digits), not %(line)s") % {"line": repr(line[:40])}
                )
            )
            continue
        if section is None:
            ydk.problems.append(
                DeckProblem(number, gettext("a card id before any #main, #extra or !side line"))
            )
            continue
        card_id = str(int(line))  # "0089631139" and "89631139" are the same card
        sections.add(section, card_id, 1, number, key=card_id)
    too_many = too_many_entries(ydk.entries, "yugioh")
    if too_many is not None:
        return ParsedYdk(entries=_empty_sections("yugioh"), problems=[too_many])
    return ydk


def suggestion_index(known_names: Iterable[str]) -> dict[str, str]:
    """Normalized name -> catalog name, built once for all the names a list needs suggestions for."""
    by_key: dict[str, str] = {}
    for known in known_names:
        by_key.setdefault(normalize_name(known), known)
    return by_key


def suggest_names(
    name: str, known_names: Iterable[str] | dict[str, str], *, limit: int = MAX_SUGGESTIONS
) -> list[str]:
    """The catalog names closest to ``name``: those containing it first, then the most similar spellings.

    Similarity is ``difflib``'s ratio over normalized names, against the whole name and against its start
    (a misspelt short form, "Ash Blosom", is close to the start of "Ash Blossom & Joyous Spring"). It needs
    no database extension (trigram indexes are PostgreSQL only) and, with difflib's quick upper bounds
    ruling most names out early, takes well under a second for the twenty thousand names of a catalog.
    """
    key = normalize_name(name)
    if not key:
        return []
    by_key = known_names if isinstance(known_names, dict) else suggestion_index(known_names)
    containing = sorted((k for k in by_key if key in k), key=lambda k: (len(k), k))
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(key)  # difflib caches the second sequence: the query, compared with every name
    scored: list[tuple[float, str]] = []
    for candidate in by_key:
        best = 0.0
        for text, weight in ((candidate, 1.0), (candidate[: len(key) + 2], PREFIX_WEIGHT)):
            matcher.set_seq1(text)
            if matcher.real_quick_ratio() * weight < SIMILARITY_CUTOFF:
                continue
            if matcher.quick_ratio() * weight < SIMILARITY_CUTOFF:
                continue
            best = max(best, matcher.ratio() * weight)
        if best >= SIMILARITY_CUTOFF:
            scored.append((best, candidate))
    similar = [candidate for _, candidate in sorted(scored, key=lambda item: (-item[0], item[1]))]
    ordered = list(dict.fromkeys([*containing[:limit], *similar]))
    return [by_key[k] for k in ordered[:limit]]


def _prefetch(catalog: CardCatalog, method: str, values: Iterable[str]) -> None:
    """Warm a catalog that looks many cards up at once (``DatabaseCatalog``): one query, not one per card."""
    prefetch = getattr(catalog, method, None)
    if callable(prefetch):
        prefetch(values)


def resolve_names(deck: ParsedDeck, catalog: CardCatalog, *, known_names: Iterable[str] = ()) -> ParsedDeck:
    """The deck with each name as the catalog spells it; an unknown name is a problem with suggestions.

    Two spellings of one card (or an alternate artwork's name) in a section become one entry.
    """
    names = [entry.name for items in deck.entries.values() for entry in items]
    _prefetch(catalog, "prefetch_names", names)
    sections = _Sections(deck.game)
    resolved = ParsedDeck(game=deck.game, entries=sections.entries, problems=list(deck.problems))
    unknown: list[DeckEntry] = []
    for section, items in deck.entries.items():
        for entry in items:
            data = catalog.card_by_name(entry.name)
            if data is None or not isinstance(data.get("name"), str):
                unknown.append(entry)
                continue
            sections.add(section, str(data["name"]), entry.count, entry.line)
    if unknown:
        index = suggestion_index(known_names)
        for number, entry in enumerate(unknown):
            suggestions = suggest_names(entry.name, index) if number < MAX_NAMES_WITH_SUGGESTIONS else []
            resolved.problems.append(
                DeckProblem(
                    entry.line,
                    gettext("the catalog has no card named %(name)s") % {"name": repr(entry.name)},
                    tuple(suggestions),
                )
            )
    resolved.problems.sort(key=lambda problem: problem.line)
    return resolved


def resolve_ydk(ydk: ParsedYdk, catalog: CardCatalog) -> ParsedDeck:
    """The ``.ydk`` deck with card names; an id the catalog does not know is a problem on its line.

    Alternate artworks resolve to the card they print, so they share one entry (and one copy limit).
    """
    ids = [entry.name for items in ydk.entries.values() for entry in items]
    _prefetch(catalog, "prefetch_ids", ids)
    sections = _Sections("yugioh")
    deck = ParsedDeck(game="yugioh", entries=sections.entries, problems=list(ydk.problems))
    for section, items in ydk.entries.items():
        for entry in items:
            data = catalog.card_by_id(entry.name)
            if data is None or not isinstance(data.get("name"), str):
                deck.problems.append(
                    DeckProblem(
                        entry.line,
                        gettext(
                            "the card catalog has no card with the passcode %(id)s: its card data needs "
                            "updating (an organizer imports it on the Card data page)"
                        )
                        % {"id": entry.name},
                    )
                )
                continue
            sections.add(section, str(data["name"]), entry.count, entry.line)
    deck.problems.sort(key=lambda problem: problem.line)
    return deck
