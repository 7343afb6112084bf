"""Reads of deck lists (scoped to who may see them), their legality, banlists and card imports.

A deck list is private to its owner until it is registered for an event; then that event's organizers and
judges see it too (they check decks), and everyone does once the event publishes its lists. Which lists a
user may see is decided by ``tournaments.selectors.deck_lists.deck_lists_visible_to``: events know their
staff, and decks sit below events (docs/decisions/0011-layers.md).

Legality is never decided here: ``deck_legality`` and ``side_deck_check`` build the engine's ``deck_check``
and ``side_swap`` disputes and return its rulings unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from decks.catalog import DatabaseCatalog
from decks.deck_files import (
    ARENA,
    FORMATS_BY_GAME,
    MTGO,
    arena_text,
    mtgo_text,
    safe_filename,
    ydk_text,
)
from decks.models import Banlist, Card, CardImport, CardPrinting, DeckList, Game
from decks.parsing import (
    SECTIONS,
    DeckProblem,
    ParsedDeck,
    parse_deck_text,
    parse_ydk,
    resolve_names,
    resolve_ydk,
)
from rules.engine import judge
from rules.engine.catalog import normalize_name
from rules.words import deck_explanation, violation_sentence

DeckSections = dict[str, list[dict[str, Any]]]


def _catalog_names(catalog: DatabaseCatalog) -> Iterator[str]:
    """The catalog's names, read only when a name is unknown and suggestions are wanted."""
    yield from catalog.names()


def cards_matching(game: str, query: str, limit: int = 10) -> QuerySet[Card]:
    """Up to ``limit`` catalog cards of ``game`` whose name contains ``query`` (any case): names starting
    with it first, then alphabetically. An empty query matches nothing, not the whole catalog."""
    query = query.strip()
    if not query:
        return Card.objects.none()
    starts = Case(When(name__istartswith=query, then=Value(0)), default=Value(1), output_field=IntegerField())
    return (
        Card.objects.filter(game=game, name__icontains=query)
        .annotate(starts_later=starts)
        .order_by("starts_later", "name")[:limit]
    )


def deck_list_parse(
    *, game: str, text: str | None = None, ydk: str | None = None, catalog: DatabaseCatalog | None = None
) -> ParsedDeck:
    """Read pasted text or a ``.ydk`` file into sections; ``problems`` lists each bad line.

    The card catalog is optional: while it holds no card of ``game`` (a fresh install, the demo), pasted
    names are taken as written. Once it has cards, a name it does not know is a problem on its line with the
    closest names it knows. A ``.ydk`` names cards only by id, so it always needs the catalog.
    """
    if game not in SECTIONS:
        return ParsedDeck(
            game="yugioh",
            entries={section: [] for section in SECTIONS["yugioh"]},
            problems=[DeckProblem(0, f"unknown game {game!r}; expected one of {', '.join(SECTIONS)}")],
        )
    catalog = catalog or DatabaseCatalog(game)
    if (text is None) == (ydk is None):
        parsed = ParsedDeck(game=game, entries={section: [] for section in SECTIONS[game]})
        parsed.problems.append(DeckProblem(0, "give the list either as text or as a .ydk file"))
        return parsed
    if ydk is not None:
        if game != "yugioh":
            parsed = ParsedDeck(game=game, entries={section: [] for section in SECTIONS[game]})
            parsed.problems.append(DeckProblem(0, "a .ydk file is a Yu-Gi-Oh! deck list"))
            return parsed
        parsed = resolve_ydk(parse_ydk(ydk), catalog)
    else:
        parsed = parse_deck_text(text or "", game=game)
        if Card.objects.filter(game=game).exists():
            parsed = resolve_names(parsed, catalog, known_names=_catalog_names(catalog))
    if not parsed.problems and not any(parsed.entries.values()):
        parsed.problems.append(DeckProblem(0, "the list has no cards"))
    return parsed


def deck_sections(parsed: ParsedDeck) -> DeckSections:
    """A parsed list in the form ``DeckList.sections`` stores (and the engine's deck takes)."""
    return {
        section: [{"name": entry.name, "count": entry.count} for entry in entries]
        for section, entries in parsed.entries.items()
    }


def deck_text(sections: Mapping[str, list[dict[str, Any]]]) -> str:
    """Sections as pasted text, with headings: how a list read from a ``.ydk`` is shown and exported."""
    labels = {"main": "Main", "extra": "Extra", "side": "Side"}
    lines: list[str] = []
    for section, entries in sections.items():
        if not entries and section != "main":
            continue
        lines.append(labels.get(section, section.title()))
        lines.extend(f"{entry['count']} {entry['name']}" for entry in entries)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class DeckFile:
    """A deck list written as another program's file: its name and its text."""

    filename: str
    text: str


class DeckFileUnwritable(Exception):
    """The list names cards the catalog has no passcode for: a ``.ydk`` cannot carry them."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        super().__init__(
            gettext(
                "The card catalog has no passcode for %(names)s, so the list cannot be written as a .ydk: "
                "its card data needs updating (an organizer imports it on the Card data page)."
            )
            % {"names": ", ".join(names)}
        )


def file_formats(game: str) -> tuple[str, ...]:
    """The files a list of ``game`` can be downloaded as."""
    return FORMATS_BY_GAME.get(game, ())


def ydk_passcodes(names: list[str]) -> dict[str, str]:
    """Card name -> the passcode of its original printing (the catalog's canonical printing), in one query.

    Names are matched as the engine matches them (case, accents and punctuation aside); an alternate
    artwork's name is the card's own, so it answers with the original's passcode.
    """
    keys = {name: normalize_name(name) for name in names}
    by_key = dict(
        CardPrinting.objects.filter(
            game=Game.YUGIOH, canonical=True, card__name_key__in=set(keys.values())
        ).values_list("card__name_key", "code")
    )
    return {name: by_key[key] for name, key in keys.items() if key in by_key}


def deck_file(
    deck_list: DeckList, file_format: str, *, created_by: str, passcodes: Mapping[str, str] | None = None
) -> DeckFile:
    """``deck_list`` as a ``file_format`` file (one of :func:`file_formats` of its game).

    ``passcodes``: :func:`ydk_passcodes` of these names already read (an event's zip reads every list's at
    once), else read here. Raises ``ValueError`` for a format the list's game has none of, and
    :class:`DeckFileUnwritable` for a ``.ydk`` of a list whose cards the catalog does not all know (the file
    would silently lack them).
    """
    if file_format not in file_formats(deck_list.game):
        raise ValueError(f"a {deck_list.game} list is not written as {file_format}")
    sections = deck_list.sections or {}
    filename = safe_filename(deck_list.name_words, file_format)
    if file_format == MTGO:
        return DeckFile(filename, mtgo_text(sections))
    if file_format == ARENA:
        return DeckFile(filename, arena_text(sections))
    # A .ydk: every card needs its passcode.
    names = [str(entry["name"]) for entries in sections.values() for entry in entries]
    passcodes = passcodes if passcodes is not None else ydk_passcodes(names)
    missing = list(dict.fromkeys(name for name in names if name not in passcodes))
    if missing:
        raise DeckFileUnwritable(missing)
    return DeckFile(filename, ydk_text(sections, passcodes, created_by=created_by))


def section_counts(deck_list: DeckList) -> dict[str, int]:
    """Cards per section of the list as registered: what a deck check compares presented counts with."""
    sections = deck_list.sections or {}
    return {
        section: sum(int(entry.get("count", 0)) for entry in sections.get(section, []))
        for section in SECTIONS.get(deck_list.game, ("main", "extra", "side"))
    }


# What a list was not checked against: a label for its badge, and the sentence saying why.
UNCHECKED_BANLIST = {
    "yugioh": (_("Not checked against a Forbidden & Limited list"), _("the event has none chosen.")),
    "mtg": (_("Not checked against a format's banned list"), _("the event has none chosen.")),
}
UNCHECKED_NAMES = (
    _("Card names not checked"),
    _("the card catalog has no %(game)s cards yet (an organizer imports them on the Card data page)."),
)


REGION_IN_NAME = re.compile(r"\b(?P<region>TCG|OCG)\b", re.IGNORECASE)


def card_pool_region(banlist: Banlist | None) -> str:
    """The Yu-Gi-Oh! region an event plays in, ``"tcg"`` or ``"ocg"``: what its Forbidden & Limited list's
    name says ("2018.09 TCG", as YGOPro's lflist.conf names them), else the store's setting
    ``YUGIOH_REGION`` (``ARBITER_YUGIOH_REGION``, TCG unless the store says otherwise)."""
    found = (
        REGION_IN_NAME.search(banlist.name) if banlist is not None and banlist.game == Game.YUGIOH else None
    )
    if found is not None:
        return found["region"].lower()
    return str(settings.YUGIOH_REGION)


def deck_legality(
    *,
    deck_list: DeckList,
    banlist: Banlist | None = None,
    catalog: DatabaseCatalog | None = None,
    limits: Mapping[str, list[str]] | None = None,
) -> dict[str, Any]:
    """The engine's ``deck_check`` ruling for ``deck_list`` under ``banlist`` (if any), and what it was not
    checked against.

    ``legal`` is true, false, or null when the engine lacks something it needs (it then says what). Per-card
    messages are the ruling's ``violations``; one about an entry of the list also carries the ``line`` of
    the list's text it stands on. A banlist of another game is ignored.

    What the engine was not asked is said, never taken as legal: without a banlist of the list's game, or
    while the catalog holds no card of it (so no name can be vouched for), ``unchecked`` says so in a
    sentence and a ruling the engine found legal is ``legal: null`` instead. A ruling of illegal stands.

    A page checking many lists under one banlist passes one ``catalog`` and the banlist's ``limits`` (from
    :func:`banlist_limits`), so neither is read again for every list.
    """
    game = deck_list.game
    action: dict[str, Any] = {"type": "deck_check", "deck": _engine_deck(game, deck_list.sections)}
    if game == Game.YUGIOH:
        action["region"] = card_pool_region(banlist)
    unchecked: list[tuple[Any, Any]] = []
    if banlist is not None and banlist.game == game:
        action["banlist"] = dict(limits) if limits is not None else banlist_limits(banlist)
    else:
        unchecked.append(UNCHECKED_BANLIST.get(game, UNCHECKED_BANLIST["yugioh"]))
    catalog = catalog if catalog is not None else DatabaseCatalog(game)
    engine_catalog: DatabaseCatalog | None = catalog
    if not catalog.has_cards():
        # An empty catalog knows no name: asked, the engine would find every card unknown. Names unchecked.
        engine_catalog = None
        label, why = UNCHECKED_NAMES
        unchecked.append((label, str(why) % {"game": Game(game).label if game in Game.values else game}))
    else:
        catalog.prefetch_dispute_names(action)  # one query for the list and the banlist, not one per name
    ruling = judge({"game": game, "action": action}, engine_catalog)
    _add_lines(ruling, deck_list)
    in_words(ruling, game)
    ruling["unchecked"] = [
        gettext("%(label)s: %(why)s") % {"label": label, "why": why} for label, why in unchecked
    ]
    ruling["unchecked_label"] = str(unchecked[0][0]) if unchecked else ""
    if unchecked and ruling.get("legal") is True:
        ruling["legal"] = None
    return ruling


def in_words(ruling: dict[str, Any], game: str) -> None:
    """The ruling's violations and explanation in the reader's language (``rules.words``), where it has
    words for them; the engine's English is kept as ``engine_message`` and ``engine_explanation``."""
    for violation in ruling.get("violations", []):
        sentence = violation_sentence(violation, game)
        if sentence is not None:
            violation["engine_message"] = violation.get("message", "")
            violation["message"] = sentence
    explanation = deck_explanation(ruling, game)
    if explanation is not None:
        ruling["engine_explanation"] = ruling.get("explanation", "")
        ruling["explanation"] = explanation


ENTRY_FIELD = re.compile(r"^action\.deck\.(?P<section>[a-z]+)\[(?P<index>\d+)\]")


def _add_lines(ruling: dict[str, Any], deck_list: DeckList) -> None:
    """The line of the list's text each violation about an entry stands on (entries are stored in the order
    of the text, so the text read again gives each entry's line)."""
    entries: dict[str, list[Any]] | None = None
    for violation in ruling.get("violations", []):
        where = ENTRY_FIELD.match(str(violation.get("field") or ""))
        if where is None:
            continue
        if entries is None:
            entries = parse_deck_text(deck_list.text, game=deck_list.game).entries
        section = entries.get(where["section"], [])
        index = int(where["index"])
        if index < len(section):
            violation["line"] = section[index].line


def side_deck_check(*, registered: DeckList, presented: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's ``side_swap`` ruling: ``presented`` sections against the list as registered.

    ``presented`` comes from a person and is passed on as given; a malformed one makes the engine raise
    ``rules.engine.DisputeError`` naming the bad field.
    """
    action = {
        "type": "side_swap",
        "before": _engine_deck(registered.game, registered.sections),
        "after": dict(presented),
    }
    catalog = DatabaseCatalog(registered.game)
    catalog.prefetch_dispute_names(action)  # one query for every name, not one per entry
    ruling = judge({"game": registered.game, "action": action}, catalog)
    for violation in ruling.get("violations", []):
        sentence = violation_sentence(violation, registered.game)
        if sentence is not None:
            violation["engine_message"] = violation.get("message", "")
            violation["message"] = sentence
    return ruling


def _engine_deck(game: str, sections: Mapping[str, Any] | None) -> DeckSections:
    stored = sections or {}
    return {section: list(stored.get(section, [])) for section in SECTIONS.get(game, ("main",))}


def banlist_limits(banlist: Banlist) -> dict[str, list[str]]:
    """A banlist as the engine's ``deck_check`` takes it: status -> card names (Yu-Gi-Oh! or Magic keys)."""
    limits: dict[str, list[str]] = {}
    for status, name in banlist.entries.order_by("status", "card__name").values_list("status", "card__name"):
        limits.setdefault(status, []).append(name)
    return limits


def banlist_in_effect(*, game: str, on: date, name_contains: str = "") -> Banlist | None:
    """The latest banlist of ``game`` in effect on ``on`` (optionally one whose name contains e.g. "TCG")."""
    banlists = Banlist.objects.filter(game=game, effective__lte=on)
    if name_contains:
        banlists = banlists.filter(name__icontains=name_contains)
    return banlists.order_by("-effective", "name").first()


def progress_cache_key(card_import_id: int) -> str:
    """Where a running import's progress is kept: the cache, shared by the workers and the web server."""
    return f"decks:card-import:{card_import_id}:progress"


@dataclass(frozen=True)
class ImportProgress:
    """How far a card import is: rows written of the total, and the state the page shows."""

    status: str
    done: int
    total: int
    unit: str = "rows"  # or "file": done and total are kibibytes of a streamed file (the page says a percent)

    @property
    def percent(self) -> int:
        if self.status == CardImport.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    @property
    def finished(self) -> bool:
        return self.status in (CardImport.Status.DONE, CardImport.Status.FAILED)


def card_import_progress(card_import: CardImport) -> ImportProgress:
    """The row says queued, done or failed; while running, the worker's progress is in the cache, and every
    few seconds on the row."""
    if card_import.status == CardImport.Status.RUNNING:
        try:
            cached = cache.get(progress_cache_key(card_import.pk))
        except Exception:  # Redis is down: the row's progress, written by the import's heartbeat, will do
            cached = None
        if isinstance(cached, tuple | list) and len(cached) in (2, 3):
            unit = str(cached[2]) if len(cached) == 3 else "rows"
            return ImportProgress(
                status=card_import.status, done=int(cached[0]), total=int(cached[1]), unit=unit
            )
    return ImportProgress(
        status=card_import.status,
        done=card_import.rows_done,
        total=card_import.rows_total,
        unit=card_import.progress_unit,
    )


def card_imports_recent(limit: int = 20) -> QuerySet[CardImport]:
    return (
        CardImport.objects.select_related("uploaded_by").defer("data").order_by("-created_at", "-pk")[:limit]
    )


MAX_SEARCH_RESULTS = 10
MAX_QUERY_LENGTH = 80  # longer than any card name


# The deck builder's buttons, whole (a section's name has a gender in Portuguese and Spanish); Magic says
# sideboard.
ADD_BUTTONS = {"main": _("Add to Main"), "extra": _("Add to Extra"), "side": _("Add to Side")}
ADD_BUTTONS_MTG = {"main": _("Add to Main"), "side": _("Add to Sideboard")}


def search_sections(game: str) -> list[tuple[str, str]]:
    """The sections a card can be added to in ``game``, with their buttons: ("main", "Add to Main")..."""
    buttons = ADD_BUTTONS_MTG if game == "mtg" else ADD_BUTTONS
    return [(section, str(buttons[section])) for section in SECTIONS.get(game, ())]


def deck_text_with_card(*, game: str, text: str, section: str, name: str) -> tuple[str, list[DeckProblem]]:
    """``text`` with one more copy of the catalog card ``name`` in ``section``, merged into its line if the
    card is already there; or ``text`` unchanged and the problems that stopped it.

    The deck builder keeps the list as text, so a card added twice must become one "2 Name" line, and a line
    the player typed that does not read as a card must stop the add rather than be dropped by the rewrite.
    """
    if section not in SECTIONS.get(game, ()):
        message = gettext("a %(game)s deck has no section %(section)s")
        return text, [DeckProblem(0, message % {"game": Game(game).label, "section": repr(section)})]
    card = Card.objects.filter(game=game, name=name).first()
    if card is None:
        return text, [
            DeckProblem(0, gettext("the catalog has no card named %(name)s") % {"name": repr(name)})
        ]
    unreadable = parse_deck_text(text, game=game).problems
    if unreadable:
        return text, [DeckProblem(0, gettext("fix these lines before adding more cards")), *unreadable]
    merged = parse_deck_text(f"{text}\n{section.title()}\n1 {card.name}\n", game=game)
    if merged.problems:
        return text, merged.problems
    return deck_text(merged.as_engine_deck()), []
