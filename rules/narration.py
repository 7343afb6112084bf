"""A ruling in words: what a player at the table reads, with names instead of codes, ids and letters.

``ruling_in_words(dispute, ruling, names)`` turns the engine's ruling (``rules.engine``; dispute format,
section "Ruling") into sentences: the verdict, what happens (built from the structured ``outcome``, never
by parsing the explanation), the engine's explanation with card ids and player letters replaced, the
problems (violations; for ``state.incomplete`` the missing field in words) and the rulebook passages. The
codes and the raw outcome stay in ``details``, for judges. Every sentence goes through ``gettext``.

An outcome key this module has no words for is left out of the words (a judge still sees it in the
details), so a key a newer engine adds degrades to silence, never to raw data.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.utils.translation import gettext, gettext_noop, ngettext, npgettext, pgettext

from rules.engine.vocabulary import STARTING_LIFE
from rules.words import deck_explanation, explanation_words, said

PLAYERS = ("A", "B")
INCOMPLETE = "state.incomplete"


class Passage(NamedTuple):
    """A rulebook passage: where it is, the words quoted from it (``""`` when none), what it says (in the
    reader's language) and, as the engine wrote it, ``english`` (which names the rule: ``rules.passages``
    finds the parallel passages by it)."""

    reference: str
    quote: str
    summary: str
    language: str
    english: str = ""


@dataclass(frozen=True)
class RulingInWords:
    """The ruling as a player reads it; ``details`` is for judges (codes, raw outcome, raw rules)."""

    headline: str
    verdict: str  # the CSS suffix: "legal", "illegal" or "unknown"
    what_happens: tuple[str, ...]
    explanation: str
    problems: tuple[str, ...]
    passages: tuple[Passage, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def explanation_adds(self) -> bool:
        """Whether the explanation says more than the problems (an illegal ruling's often repeats them)."""
        return bool(self.explanation) and self.explanation not in self.problems

    @property
    def first_sentence(self) -> str:
        """What a list shows next to the headline: the first problem, else the first thing that happens."""
        return next(iter(self.problems or self.what_happens or (self.explanation,)), "")


def ruling_in_words(
    dispute: Mapping[str, Any], ruling: Mapping[str, Any], names: Mapping[str, str] | None = None
) -> RulingInWords:
    """The ruling of ``dispute`` in words; ``names`` maps "A"/"B" to the players' names."""
    table = Table.of(dispute, names)
    legal = ruling.get("legal")
    violations = [v for v in _list(ruling.get("violations")) if isinstance(v, Mapping)]
    return RulingInWords(
        headline=headline(legal, _mapping(ruling.get("outcome")), table),
        verdict="unknown" if legal is None else "legal" if legal else "illegal",
        what_happens=tuple(what_happens(_mapping(ruling.get("outcome")), table)),
        explanation=explanation(ruling, table),
        problems=tuple(problem(violation, table) for violation in violations),
        passages=tuple(passages(ruling)),
        details=judges_details(ruling, violations),
    )


def explanation(ruling: Mapping[str, Any], table: Table) -> str:
    """What the judge says, in the reader's language: each of the engine's sentences said from its
    template (``rules.words.said``) with names for card ids and player letters. A ruling stored before
    the engine gave its templates: a deck check from its counts, else the engine's English with names."""
    violations = [v for v in _list(ruling.get("violations")) if isinstance(v, Mapping)]
    gaps = [v for v in violations if v.get("code") == INCOMPLETE]
    translated = _incomplete(gaps[0], table) if gaps else explanation_words(ruling, table.words)
    if translated is None and table.action.get("type") == "deck_check":
        translated = deck_explanation(ruling, table.game)
    return translated if translated is not None else table.words(str(ruling.get("explanation") or ""))


def _incomplete(violation: Mapping[str, Any], table: Table) -> str:
    """An incomplete ruling's explanation without the field's path (the problem asks for the field)."""
    reason = _mapping(violation.get("values")).get("reason")
    words = said(reason, table.words) if isinstance(reason, Mapping) else None
    if words is None:
        return table.words(str(violation.get("message") or ""))
    return gettext("The reported state cannot settle this: %(reason)s. A judge does not guess.") % {
        "reason": words
    }


STATE_QUESTIONS = frozenset({"check_state", "state_check"})


def headline(legal: object, outcome: Mapping[str, Any], table: Table) -> str:
    """The ruling in a few words: who won when the duel (game) ended, else whether the move is allowed.

    "Allowed" above "Yugi cannot draw: he loses the duel" would read as the opposite of the ruling, so a
    ruling that ends the duel leads with its end; a question whether it ended leads with the answer.
    """
    if legal is None:
        return gettext("The judge needs more to decide")
    result = _mapping(outcome.get("duel") or outcome.get("game"))
    magic = table.game == "mtg"
    if legal and result.get("over"):
        winner = str(result.get("winner") or "")
        if result.get("draw") or winner not in PLAYERS:
            return gettext("The game is a draw") if magic else gettext("The duel is a draw")
        values = {"winner": table.name(winner)}
        return (
            gettext("%(winner)s wins the game") if magic else gettext("%(winner)s wins the duel")
        ) % values
    if legal and result and table.action.get("type") in STATE_QUESTIONS:
        return gettext("The game goes on") if magic else gettext("The duel goes on")
    return gettext("Legal") if legal else gettext("Not legal")


def judges_details(ruling: Mapping[str, Any], violations: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What only judges need: each code with the engine's message, the raw outcome, the raw rules."""
    outcome = ruling.get("outcome")
    return {
        "codes": [
            {
                "code": str(v.get("code", "")),
                "message": str(v.get("message", "")),
                "rule": v.get("rule") or "",
            }
            for v in violations
        ],
        "outcome": json.dumps(outcome, indent=2, ensure_ascii=False) if outcome else "",
        "rules": [str(rule) for rule in _list(ruling.get("rules"))],
        "explanation": str(ruling.get("explanation") or ""),
    }


# --- The table: who the players are and what each card id stands for ------------------------------------


@dataclass(frozen=True)
class Card:
    """A card of the dispute: its id, name (``""`` when not given), controller and where it is."""

    id: str
    name: str
    controller: str  # "A", "B" or "" when the dispute does not say
    area: str  # "monster_zones", "hand", "battlefield", "chain", ...
    index: int | None
    data: Mapping[str, Any]


@dataclass(frozen=True)
class Table:
    """The players' names, the game and the cards of one dispute, by id."""

    game: str
    names: Mapping[str, str]
    cards: Mapping[str, Card]
    labels: Mapping[str, str]
    dispute: Mapping[str, Any]

    @classmethod
    def of(cls, dispute: Mapping[str, Any], names: Mapping[str, str] | None) -> Table:
        named = {p: (names or {}).get(p) or gettext("Player %(letter)s") % {"letter": p} for p in PLAYERS}
        game = str(dispute.get("game") or "yugioh")
        cards = {card.id: card for card in _with_materials(find_cards(dispute))}
        return cls(game, named, cards, card_labels(cards.values(), named, game), dispute)

    @property
    def state(self) -> Mapping[str, Any]:
        return _mapping(self.dispute.get("state"))

    @property
    def action(self) -> Mapping[str, Any]:
        return _mapping(self.dispute.get("action"))

    def name(self, player: object) -> str:
        """The player's name ("A" or "B", any case); anything else as given."""
        letter = str(player or "").upper()
        return self.names.get(letter, str(player or ""))

    def card(self, card_id: object) -> str:
        """How a sentence names a card: its label, or the id when the dispute does not describe it."""
        return self.labels.get(str(card_id), str(card_id))

    def cards_in_words(self, ids: Iterable[object]) -> str:
        return join([self.card(card_id) for card_id in ids])

    def words(self, text: str) -> str:
        """The engine's ``text`` with card ids and player letters replaced by labels and names."""
        return rewrite(text, self)


def find_cards(dispute: Mapping[str, Any]) -> Iterator[Card]:
    """Every card the dispute's state describes, with its controller and place."""
    state = _mapping(dispute.get("state"))
    for player, data in _mapping(state.get("players")).items():
        for area, value in _mapping(data).items():
            for index, item in _cards_in(value):
                yield _card(item, str(player).upper(), area, index)
    for index, item in _cards_in(state.get("extra_monster_zones")):
        yield _card(item, str(item.get("controller") or "").upper(), "extra_monster_zones", index)
    for index, item in _cards_in(state.get("stack")):
        yield _card(item, str(item.get("controller") or item.get("player") or "").upper(), "stack", index)


def _cards_in(value: object) -> Iterator[tuple[int | None, Mapping[str, Any]]]:
    if isinstance(value, Mapping) and isinstance(value.get("id"), str):
        yield None, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, Mapping) and isinstance(item.get("id"), str):
                yield index, item


def _card(item: Mapping[str, Any], controller: str, area: str, index: int | None) -> Card:
    owner = controller if controller in PLAYERS else ""
    return Card(str(item["id"]), str(item.get("name") or ""), owner, area, index, item)


def _with_materials(cards: Iterable[Card]) -> Iterator[Card]:
    """The cards and the Xyz Materials attached to them (the materials a card lists, with ids)."""
    for card in cards:
        yield card
        for index, item in _cards_in(card.data.get("materials")):
            yield _card(item, card.controller, "materials", index)


def card_labels(cards: Iterable[Card], names: Mapping[str, str], game: str) -> dict[str, str]:
    """Each card's label; unnamed cards that would read alike get where they are added."""
    cards = list(cards)
    short = {card.id: card_label(card, names, game, precise=False) for card in cards}
    alike = Counter(short.values())
    labels = {
        card.id: short[card.id] if alike[short[card.id]] == 1 else card_label(card, names, game, precise=True)
        for card in cards
    }
    alike, seen = Counter(labels.values()), Counter[str]()
    for card_id, label in labels.items():
        if alike[label] > 1:
            seen[label] += 1
            labels[card_id] = gettext("%(card)s (#%(number)d)") % {"card": label, "number": seen[label]}
    return labels


def card_label(card: Card, names: Mapping[str, str], game: str, *, precise: bool) -> str:
    """ "Dark Magician (Yugi)"; a card without a name by where it is: "Kaiba's face-down monster"."""
    player = names.get(card.controller, "")
    if card.name:
        return (
            gettext("%(card)s (%(player)s)") % {"card": card.name, "player": player} if player else card.name
        )
    place = unnamed_card(card, game, precise=precise)
    if not player:
        return gettext("the %(place)s") % {"place": place}
    return gettext("%(player)s's %(place)s") % {"player": player, "place": place}


def unnamed_card(card: Card, game: str, *, precise: bool) -> str:
    """What an unnamed card is, by its place: "face-down monster", "card in hand", "creature"."""
    number = (card.index or 0) + 1
    face_down = card.data.get("position") == "set" or bool(card.data.get("face_down"))
    if card.area == "monster_zones":
        if face_down:
            where = gettext("face-down monster in Monster Zone %(number)d") % {"number": number}
            return where if precise else gettext("face-down monster")
        return gettext("monster in Monster Zone %(number)d") % {"number": number}
    if card.area == "spell_trap_zones":
        if face_down and not precise:
            return gettext("Set card")
        return gettext("card in Spell & Trap Zone %(number)d") % {"number": number}
    if card.area == "extra_monster_zones":
        return gettext("monster in the Extra Monster Zone (%(side)s)") % {"side": emz_side(card.index or 0)}
    if card.area == "battlefield":
        return _permanent(card, number if precise else None)
    return _pile_card(card.area, game)


def _permanent(card: Card, number: int | None) -> str:
    types = [str(kind).lower() for kind in _list(card.data.get("types"))]
    kind = gettext("creature") if "creature" in types else gettext("land") if "land" in types else None
    kind = kind or gettext("permanent")
    if number is None:
        return kind
    return gettext("%(kind)s number %(number)d on the battlefield") % {"kind": kind, "number": number}


def _pile_card(area: str, game: str) -> str:
    graveyard = gettext("card in the graveyard") if game == "mtg" else gettext("card in the Graveyard")
    piles = {
        "hand": pgettext("Magic", "card in hand") if game == "mtg" else pgettext("Yu-Gi-Oh!", "card in hand"),
        "graveyard": graveyard,
        "banished": gettext("banished card"),
        "extra_deck": gettext("card in the Extra Deck"),
        "field_zone": gettext("card in the Field Zone"),
        "stack": gettext("spell on the stack"),
        "materials": gettext("Xyz Material"),
    }
    return piles.get(area, pgettext("Magic", "card") if game == "mtg" else pgettext("Yu-Gi-Oh!", "card"))


def emz_side(index: int) -> str:
    return gettext("left") if index == 0 else gettext("right")


# --- Rewriting the engine's sentences ---------------------------------------------------------------------

# A word after "A" that shows the letter is the player, not the article: the engine writes "A takes",
# "A has", "A chooses", "A 1 win(s)", "player A is", "both players A and B", "belongs to A, so".
PLAYER_VERBS = (
    "takes|has|had|chooses|choose|wins|win|won|loses|lost|discards|draws|drew|draw|cannot|can|may|must|"
    "plays|played|is|was|does|did|controls|controlled|keeps|attacks|attacked|holds|Pendulum Summons|"
    "activates|casts|and|or|goes|reached|reaches|would|needs"
)
A_IS_PLAYER = re.compile(rf"'s\b|\s*(?:[,.;:)\]]|$)| \d| (?:{PLAYER_VERBS})\b")
PLAYER_LETTER = re.compile(r"(?<![\w.'\-/\[])([AB])(?![\w\-])")
FIELD_NOTE = re.compile(r"\s*\(field [\w.\[\]]+\)")
ZONE_TOKEN = re.compile(r"(?<![\w.])(m[0-4]|emz[01])(?![\w])")
MARK = "\x00"


def rewrite(text: str, table: Table) -> str:
    """Card ids to labels, player letters to names, zone codes to words; field paths are dropped."""
    text = FIELD_NOTE.sub("", text)
    marks: list[str] = []

    def mark(words: str) -> str:
        marks.append(words)
        return f"{MARK}{len(marks) - 1}{MARK}"

    for card in sorted(table.cards.values(), key=lambda c: -len(c.id)):
        text = _rewrite_card(text, card, table, mark)
    text = PLAYER_LETTER.sub(lambda m: _player(m, table, mark), text)
    text = ZONE_TOKEN.sub(lambda m: mark(zone_words(m.group(1))), text)
    return re.sub(f"{MARK}(\\d+){MARK}", lambda m: marks[int(m.group(1))], text)


def _rewrite_card(text: str, card: Card, table: Table, mark: Callable[[str], str]) -> str:
    token = re.escape(card.id)
    whole = rf"(?<![\w.\-]){token}(?![\w\-])"
    label = mark(table.card(card.id))
    if card.name:
        # "Gaia The Fierce Knight (a1, 2300 ATK)" -> "Gaia The Fierce Knight (Yugi, 2300 ATK)"
        owner = table.names.get(card.controller)

        def named(found: re.Match[str]) -> str:
            if owner:
                return f"{mark(card.name)} ({mark(owner)}{found.group(1)}"
            return mark(card.name) + ("" if found.group(1) == ")" else " (")

        text = re.sub(rf"{re.escape(card.name)} \({whole}(, |\))", named, text)
    # "Card b1 (1300 ATK) attacks card a1 (1200 DEF)": the label says what the card is.
    text = re.sub(rf"\b[Cc]ard {whole}(?: \({whole}\))?", label, text)
    if re.search(r"\d", card.id):
        return re.sub(whole, label, text)
    # An id that could be a word ("x") is replaced only where the engine names a card with it.
    return re.sub(rf"(?<=[(' ]){whole}(?=[,)'])", label, text)


def _player(match: re.Match[str], table: Table, mark: Callable[[str], str]) -> str:
    letter = match.group(1)
    rest = match.string[match.end() :]
    if letter == "A" and not A_IS_PLAYER.match(rest):
        return letter
    return mark(table.name(letter))


def zone_words(zone: str) -> str:
    """ "m0" -> "Main Monster Zone 1"; "emz1" -> "the Extra Monster Zone (right)"."""
    if zone.startswith("emz") and zone[3:].isdigit():
        return gettext("the Extra Monster Zone (%(side)s)") % {"side": emz_side(int(zone[3:]))}
    if zone.startswith("m") and zone[1:].isdigit():
        return gettext("Main Monster Zone %(number)d") % {"number": int(zone[1:]) + 1}
    return zone


# --- Problems ----------------------------------------------------------------------------------------------


INCOMPLETE_MESSAGE = re.compile(r"cannot settle this: (?P<reason>.*) \(field (?P<path>[\w.\[\]]+)\)")
# A reason that only says the field is missing or malformed: the words asking for it say it all.
MISSING_ONLY = re.compile(
    r"^(?:must be |[\w ]+ must be |the state has no |the turn number is not given|card \S+ has no \w+$|"
    r"player \w is missing|.* needs the game state$|.* is required\b|list the ids of )"
)


def problem(violation: Mapping[str, Any], table: Table) -> str:
    """A violation as a sentence: said from its template (``rules.words.said``) with names for ids and
    letters, else (stored without one) the engine's message in names; a missing field as what to say."""
    message = str(violation.get("message") or "")
    found = INCOMPLETE_MESSAGE.search(message) if violation.get("code") == INCOMPLETE else None
    asked = missing_field(found["path"], table) if found else None
    if found is None or asked is None:
        if violation.get("code") == INCOMPLETE:
            return _incomplete(violation, table)
        translated = said(violation, table.words)
        return translated if translated is not None else table.words(message)
    if MISSING_ONLY.match(found["reason"]):
        return asked + "."
    # A conflict ("turn 3 belongs to A, so the first player is A, not B") says why the field is asked for.
    reason = _mapping(violation.get("values")).get("reason")
    reason_words = said(reason, table.words) if isinstance(reason, Mapping) else None
    if reason_words is None:
        reason_words = table.words(found["reason"])
    return gettext("%(ask)s: %(reason)s.") % {"ask": asked, "reason": reason_words}


def missing_field(path: str, table: Table) -> str | None:
    """What to add to the description for the field ``path`` the engine names, or None without words."""
    parts = [part for part in re.split(r"[.\[\]]+", path) if part]
    if parts[:2] == ["state", "players"] and len(parts) >= 3:
        return _player_field(parts[2].upper(), parts[3:], path, table)
    if parts[:2] == ["state", "chain"] and len(parts) >= 3 and parts[2].isdigit():
        what = FIELD_WORDS.get(parts[3]) if len(parts) > 3 else None
        values = {"number": int(parts[2]) + 1}
        if what is None:
            return gettext("Describe Chain Link %(number)d") % values
        return gettext("Say the %(what)s of Chain Link %(number)d") % {**values, "what": what}
    return _state_field(parts, table)


def _state_field(parts: Sequence[str], table: Table) -> str | None:
    step = (
        gettext("Say which step it is")
        if table.game == "mtg"
        else gettext("Say which step of the Battle Phase it is")
    )
    asks = {
        "state": gettext("Describe the game state"),
        "state.turn": gettext("Say the turn number"),
        "state.turn_player": gettext("Say whose turn it is"),
        "state.active_player": gettext("Say whose turn it is"),
        "state.first_player": gettext("Say who played first"),
        "state.phase": gettext("Say which phase it is"),
        "state.step": step,
        "state.players": gettext("Describe both players"),
        "state.chain": gettext("List the Chain, Chain Link 1 first"),
        "state.stack": gettext("List what is on the stack"),
        "state.extra_monster_zones": gettext("Describe the two Extra Monster Zones (empty ones too)"),
        "state.pending_attack": gettext("Describe the attack being replayed"),
        "state.pending_attack.attacker": gettext("Say which monster attacked"),
        "state.pending_attack.target": gettext("Say which monster was attacked"),
    }
    found = asks.get(".".join(parts))
    if found is None and parts[:3] == ["state", "pending_attack", "monsters_at_declaration"]:
        player = table.name(parts[3]) if len(parts) > 3 else ""
        found = gettext("List the monsters %(player)s controlled when the attack was declared") % {
            "player": player or gettext("each player")
        }
    return found


PLAYER_FIELDS = {
    "lp": gettext_noop("Say %(player)s's LP"),
    "life": gettext_noop("Say %(player)s's life total"),
    "deck": gettext_noop("Say how many cards are in %(player)s's Deck"),
    "library": gettext_noop("Say how many cards are in %(player)s's library"),
    "hand": gettext_noop("Say what is in %(player)s's hand"),
    "graveyard": gettext_noop("List %(player)s's Graveyard"),
    "banished": gettext_noop("List %(player)s's banished cards"),
    "extra_deck": gettext_noop("Say what is in %(player)s's Extra Deck"),
    "monster_zones": gettext_noop("Describe %(player)s's five Monster Zones (empty ones too)"),
    "spell_trap_zones": gettext_noop("Describe %(player)s's five Spell & Trap Zones (empty ones too)"),
    "field_zone": gettext_noop("Describe %(player)s's Field Zone"),
    "battlefield": gettext_noop("List %(player)s's permanents on the battlefield"),
    "normal_summon_used": gettext_noop("Say whether %(player)s has Normal Summoned or Set this turn"),
    "pendulum_summon_used": gettext_noop("Say whether %(player)s has Pendulum Summoned this turn"),
    "lands_played": gettext_noop("Say how many lands %(player)s has played this turn"),
}

FIELD_WORDS = {
    "atk": gettext_noop("ATK"),
    "def": gettext_noop("DEF"),
    "level": gettext_noop("Level"),
    "rank": gettext_noop("Rank"),
    "link": gettext_noop("Link Rating"),
    "power": gettext_noop("power"),
    "toughness": gettext_noop("toughness"),
    "position": gettext_noop("battle position"),
    "name": gettext_noop("name"),
    "kind": gettext_noop("kind (monster, spell or trap)"),
    "frame": gettext_noop("frame (Normal, Effect, Fusion...)"),
    "types": gettext_noop("card types"),
    "abilities": gettext_noop("abilities"),
    "effect_type": gettext_noop("effect type"),
    "controller": gettext_noop("controller"),
    "spell_speed": gettext_noop("Spell Speed"),
    "card": gettext_noop("card"),
    "player": gettext_noop("player who activated it"),
    "id": gettext_noop("id"),
    "material_spec": gettext_noop("materials"),
    "scale": gettext_noop("Pendulum Scale"),
    "damage": gettext_noop("damage marked on it"),
}


FIELD_QUESTIONS = {
    "properly_summoned": gettext_noop("Say whether %(card)s was properly Summoned"),
    "tapped": gettext_noop("Say whether %(card)s is tapped"),
    "face_down": gettext_noop("Say whether %(card)s is face-down"),
    "placed_turn": gettext_noop("Say on which turn %(card)s was placed on the field"),
    "entered_turn": gettext_noop("Say on which turn %(card)s came into play"),
    "timestamp": gettext_noop("Say when %(card)s came into play (its timestamp)"),
}


def _player_field(player: str, rest: Sequence[str], path: str, table: Table) -> str | None:
    values = {"player": table.name(player)}
    if not rest:
        return gettext("Describe %(player)s's side of the game") % values
    if len(rest) == 1:
        ask = PLAYER_FIELDS.get(rest[0])
        return gettext(ask) % values if ask else None
    card = _card_at(player, rest[0], rest[1], table) if rest[1].isdigit() else None
    what = FIELD_WORDS.get(rest[2]) if len(rest) > 2 else None
    if card is None:
        return None
    question = FIELD_QUESTIONS.get(rest[2]) if len(rest) > 2 else None
    if question:
        return gettext(question) % {"card": card}
    if what is None:
        return gettext("Describe %(card)s") % {"card": card}
    return gettext("Say the %(what)s of %(card)s") % {"what": gettext(what), "card": card}


def _card_at(player: str, area: str, index: str, table: Table) -> str | None:
    """The label of the card at that place of the state, or where it is when it has no id."""
    for card in table.cards.values():
        if (card.controller, card.area, card.index) == (player, area, int(index)):
            return table.card(card.id)
    place = Card("", "", player, area, int(index), {})
    return card_label(place, table.names, table.game, precise=True)


# --- What happens, from the outcome ---------------------------------------------------------------------

Sentences = list[str]


def what_happens(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """The outcome's keys in words, in the order a player would tell it; unknown keys are left out."""
    sentences: Sentences = []
    for handler in OUTCOME_WORDS:
        try:
            sentences.extend(handler(outcome, table))
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            # A key whose shape changed on a newer engine: its words are left out, the judges' panel has it.
            continue
    return sentences


def _life_word(table: Table) -> tuple[str, str]:
    return ("life", "life") if table.game == "mtg" else ("lp", "LP")


def life_before(player: str, table: Table) -> int | None:
    """The player's LP (life) in the reported state, the game's starting total when not given."""
    key, _ = _life_word(table)
    data = _mapping(_mapping(table.state.get("players")).get(player))
    value = data.get(key, STARTING_LIFE.get(table.game))
    return value if isinstance(value, int) else None


def damage_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """ "Kaiba takes 200 battle damage: 4000 → 3800 LP"; LP alone (a state check) as the totals."""
    key, unit = _life_word(table)
    damage, after = _mapping(outcome.get("damage")), _mapping(outcome.get(key))
    if "damage" not in outcome:
        return _totals(after, table) if after else []
    sentences = [_took(p, int(damage[p]), after.get(p), unit, table) for p in PLAYERS if damage.get(p)]
    if not sentences and table.action.get("type") in ("attack", "combat_damage"):
        kind = gettext("combat damage") if table.game == "mtg" else gettext("battle damage")
        sentences.append(gettext("No one takes %(kind)s.") % {"kind": kind})
    return sentences


def _took(player: str, amount: int, after: object, unit: str, table: Table) -> str:
    values: dict[str, Any] = {"player": table.name(player), "amount": amount, "unit": unit}
    kind = table.action.get("type")
    if kind == "attack" and table.game != "mtg":
        sentence = gettext("%(player)s takes %(amount)s battle damage") % values
    elif kind in ("attack", "combat_damage"):
        sentence = gettext("%(player)s takes %(amount)s combat damage") % values
    else:
        sentence = gettext("%(player)s takes %(amount)s damage") % values
    before = life_before(player, table)
    if isinstance(after, int) and before is not None:
        return gettext("%(sentence)s: %(before)s → %(after)s %(unit)s.") % {
            **values,
            "sentence": sentence,
            "before": before,
            "after": after,
        }
    return sentence + "."


def _totals(after: Mapping[str, Any], table: Table) -> Sentences:
    """The LP (life) totals when nothing dealt damage: "LP now: Yugi 8000, Kaiba 0."."""
    parts = [
        gettext("%(player)s %(total)s") % {"player": table.name(p), "total": after[p]}
        for p in PLAYERS
        if p in after
    ]
    values = {"totals": ", ".join(parts)}
    if table.game == "mtg":
        return [gettext("Life totals now: %(totals)s.") % values]
    return [gettext("LP now: %(totals)s.") % values]


Phrase = Callable[[int], str]


def cards_sentence(ids: object, phrase: Phrase, table: Table) -> Sentences:
    """``phrase`` (an ``ngettext`` by the number of cards) about the cards ``ids``, or nothing."""
    ids = _list(ids)
    if not ids:
        return []
    return [phrase(len(ids)) % {"cards": table.cards_in_words(ids)}]


def card_moves(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """Flipped, destroyed, sent to the Graveyard or the Extra Deck, Tokens removed, damage removed."""
    destroyed, sent = _list(outcome.get("destroyed")), _list(outcome.get("sent_to_graveyard"))
    both = [card for card in destroyed if card in sent]
    lists = {
        **outcome,
        "destroyed": [card for card in destroyed if card not in both],
        "destroyed_to_graveyard": both,
        "sent_to_graveyard": [card for card in sent if card not in both],
    }
    moves: dict[str, Phrase] = {
        "flipped": lambda n: ngettext("%(cards)s is flipped face-up.", "%(cards)s are flipped face-up.", n),
        "destroyed": lambda n: ngettext("%(cards)s is destroyed.", "%(cards)s are destroyed.", n),
        "destroyed_to_graveyard": (
            (
                lambda n: ngettext(
                    "%(cards)s is destroyed and goes to the graveyard.",
                    "%(cards)s are destroyed and go to the graveyard.",
                    n,
                )
            )
            if table.game == "mtg"
            else (
                lambda n: ngettext(
                    "%(cards)s is destroyed and goes to the Graveyard.",
                    "%(cards)s are destroyed and go to the Graveyard.",
                    n,
                )
            )
        ),
        "sent_to_graveyard": (
            (lambda n: ngettext("%(cards)s goes to the graveyard.", "%(cards)s go to the graveyard.", n))
            if table.game == "mtg"
            else (lambda n: ngettext("%(cards)s goes to the Graveyard.", "%(cards)s go to the Graveyard.", n))
        ),
        "sent_to_extra_deck": lambda n: ngettext(
            "%(cards)s goes back to the Extra Deck.", "%(cards)s go back to the Extra Deck.", n
        ),
        "removed_tokens": lambda n: ngettext(
            "%(cards)s is a Token: it leaves the field and is gone.",
            "%(cards)s are Tokens: they leave the field and are gone.",
            n,
        ),
        "damage_removed": lambda n: ngettext(
            "The damage marked on %(cards)s is removed.", "The damage marked on %(cards)s is removed.", n
        ),
    }
    return [
        sentence
        for key, phrase in moves.items()
        for sentence in cards_sentence(lists.get(key), phrase, table)
    ]


POSITION_WORDS = {
    "attack": gettext_noop("face-up Attack Position"),
    "defense": gettext_noop("face-up Defense Position"),
    "set": gettext_noop("face-down Defense Position"),
}


def summon_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """Who is Summoned, to which zone and in which position; materials attached; the zones to choose from."""
    summoned = _list(outcome.get("summoned"))
    subject = table.cards_in_words(summoned) if summoned else _acting_card(table)
    sentences: Sentences = []
    if summoned or outcome.get("zone") or outcome.get("zones"):
        sentences.append(_summoned(subject, outcome, len(summoned) or 1))
    elif outcome.get("position") in POSITION_WORDS:
        sentences.append(_placed(subject, str(outcome["position"]), table))
    if _list(outcome.get("attached_materials")):
        sentences.append(
            gettext("%(cards)s become its Xyz Materials.")
            % {"cards": table.cards_in_words(outcome["attached_materials"])}
        )
    if _list(outcome.get("legal_zones")):
        zones = join([zone_words(str(z)) for z in outcome["legal_zones"]], gettext("or"))
        sentences.append(gettext("It may go to %(zones)s.") % {"zones": zones})
    return sentences


def _placed(subject: str, position: str, table: Table) -> str:
    """ "Summoned Skull (Yugi) is Summoned in face-up Attack Position" (Set, Flip Summoned, changed to)."""
    values = {"card": subject, "position": gettext(POSITION_WORDS[position])}
    kind = table.action.get("type")
    if kind == "set_monster":
        return gettext("%(card)s is Set in %(position)s.") % values
    if kind == "flip_summon":
        return gettext("%(card)s is Flip Summoned in %(position)s.") % values
    if kind == "change_position":
        return gettext("%(card)s changes to %(position)s.") % values
    if str(kind).endswith("summon"):
        return gettext("%(card)s is Summoned in %(position)s.") % values
    return gettext("%(card)s is in %(position)s.") % values


def _summoned(subject: str, outcome: Mapping[str, Any], count: int) -> str:
    zones = [str(z) for z in _list(outcome.get("zones"))] or (
        [str(outcome["zone"])] if outcome.get("zone") else []
    )
    values = {"cards": subject, "zones": join([zone_words(z) for z in zones])}
    if zones:
        sentence = ngettext(
            "%(cards)s is Summoned to %(zones)s", "%(cards)s are Summoned to %(zones)s", count
        )
    else:
        sentence = ngettext("%(cards)s is Summoned", "%(cards)s are Summoned", count)
    sentence %= values
    position = POSITION_WORDS.get(str(outcome.get("position")))
    if position:
        return gettext("%(sentence)s in %(position)s.") % {
            "sentence": sentence,
            "position": gettext(position),
        }
    return sentence + "."


def _acting_card(table: Table) -> str:
    action = table.action
    card = action.get("card") or action.get("attacker") or action.get("monster")
    if isinstance(card, Mapping):
        card = card.get("id")
    return table.card(card) if card else gettext("The monster")


def chain_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """The Chain Link an activation becomes, the order the Chain resolves in, what is negated."""
    sentences: Sentences = []
    if isinstance(outcome.get("chain_link"), int):
        values = {"number": outcome["chain_link"], "speed": outcome.get("spell_speed")}
        if isinstance(values["speed"], int):
            sentences.append(gettext("It becomes Chain Link %(number)d, Spell Speed %(speed)d.") % values)
        else:
            sentences.append(gettext("It becomes Chain Link %(number)d.") % values)
    order = [_link(number, table) for number in _list(outcome.get("resolution_order"))]
    if order:
        sentences.append(
            gettext("The Chain resolves in this order: %(links)s.") % {"links": ", then ".join(order)}
        )
    negated = [_link(number, table) for number in _list(outcome.get("negated"))]
    if negated:
        sentences.append(
            ngettext("%(links)s is negated.", "%(links)s are negated.", len(negated))
            % {"links": join(negated)}
        )
    return sentences


def _link(number: object, table: Table) -> str:
    """ "Chain Link 2 (Mirror Force (Kaiba))", from the Chain in the state."""
    links = _list(table.state.get("chain"))
    words = gettext("Chain Link %(number)s") % {"number": number}
    if isinstance(number, int) and 0 < number <= len(links):
        card = _mapping(links[number - 1]).get("card")
        if card:
            return gettext("%(link)s (%(card)s)") % {"link": words, "card": table.card(card)}
    return words


def turn_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """Drawing, discarding, the next turn, cards drawn by an effect, changed ATK/DEF."""
    player = table.name(table.action.get("player"))
    sentences: Sentences = []
    if isinstance(outcome.get("drew"), bool):
        sentences.append(_drew(outcome, player, table))
    if isinstance(outcome.get("discard"), int):
        count = outcome["discard"]
        if count:
            sentences.append(
                ngettext("%(player)s discards %(count)d card.", "%(player)s discards %(count)d cards.", count)
                % {"player": player, "count": count}
            )
        else:
            sentences.append(gettext("%(player)s does not discard.") % {"player": player})
    for who, count in _mapping(outcome.get("cards_drawn")).items():
        if count:
            sentences.append(
                ngettext("%(player)s draws %(count)d card.", "%(player)s draws %(count)d cards.", count)
                % {"player": table.name(who), "count": count}
            )
    sentences.extend(_modified(_mapping(outcome.get("modified")), table))
    next_turn = _mapping(outcome.get("next_turn"))
    if next_turn.get("turn"):
        sentences.append(
            gettext("Turn %(turn)s is %(player)s's turn.")
            % {"turn": next_turn["turn"], "player": table.name(next_turn.get("turn_player"))}
        )
    return sentences


def _drew(outcome: Mapping[str, Any], player: str, table: Table) -> str:
    pile = gettext("library") if table.game == "mtg" else gettext("Deck")
    left = outcome.get("library", outcome.get("deck"))
    if not outcome["drew"]:
        return gettext("%(player)s cannot draw: the %(pile)s is empty.") % {"player": player, "pile": pile}
    if isinstance(left, int):
        values = {"player": player, "left": left, "pile": pile}
        if table.game == "mtg":
            return (
                npgettext(
                    "Magic",
                    "%(player)s draws 1 card; %(left)d card is left in the %(pile)s.",
                    "%(player)s draws 1 card; %(left)d cards are left in the %(pile)s.",
                    left,
                )
                % values
            )
        return (
            npgettext(
                "Yu-Gi-Oh!",
                "%(player)s draws 1 card; %(left)d card is left in the %(pile)s.",
                "%(player)s draws 1 card; %(left)d cards are left in the %(pile)s.",
                left,
            )
            % values
        )
    if table.game == "mtg":
        return pgettext("Magic", "%(player)s draws 1 card.") % {"player": player}
    return pgettext("Yu-Gi-Oh!", "%(player)s draws 1 card.") % {"player": player}


def _modified(modified: Mapping[str, Any], table: Table) -> Sentences:
    sentences = []
    for card_id, stats in modified.items():
        values = [f"{value} {FIELD_WORDS.get(stat, stat)}" for stat, value in _mapping(stats).items()]
        if values:
            sentences.append(
                gettext("%(card)s now has %(stats)s.") % {"card": table.card(card_id), "stats": join(values)}
            )
    return sentences


def replay_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """A replay: whether the attacker may attack again or pick a new target, and if it has attacked."""
    replay = _mapping(outcome.get("replay"))
    if not replay:
        return []
    attack = _mapping(table.state.get("pending_attack"))
    values = {
        "player": table.name(table.action.get("player")),
        "card": table.card(attack["attacker"])
        if attack.get("attacker")
        else gettext("the attacking monster"),
    }
    sentences = []
    if replay.get("may_attack_again"):
        sentences.append(gettext("%(player)s may attack again with %(card)s.") % values)
    else:
        sentences.append(gettext("%(player)s may not attack again with %(card)s.") % values)
    if replay.get("may_choose_new_target"):
        sentences.append(
            gettext("%(player)s may choose a new target, or attack directly if allowed.") % values
        )
    if replay.get("attacker_has_attacked"):
        sentences.append(
            gettext("If %(player)s attacks with another monster or stops attacking, %(card)s has attacked.")
            % values
        )
    return sentences


REASONS = {
    "lp": gettext_noop("%(loser)s's LP reached 0"),
    "deck_out": gettext_noop("%(loser)s had to draw from an empty Deck"),
    "exodia": gettext_noop("%(winner)s holds all five pieces of Exodia"),
    "simultaneous_lp": gettext_noop("both players' LP reached 0 at the same time"),
    "life": gettext_noop("%(loser)s's life total reached 0"),
    "empty_library": gettext_noop("%(loser)s had to draw from an empty library"),
    "simultaneous_loss": gettext_noop("both players lost at the same time"),
}


def end_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """ "Yugi wins the duel: Kaiba's LP reached 0"; a draw; or that the duel (game) goes on."""
    result = _mapping(outcome.get("duel") or outcome.get("game"))
    if not result:
        return []
    magic = table.game == "mtg"
    if not result.get("over"):
        return [gettext("The game goes on.") if magic else gettext("The duel goes on.")]
    winner = str(result.get("winner") or "")
    values = {
        "winner": table.name(winner),
        "loser": table.name(_other(winner)) if winner in PLAYERS else "",
    }
    reason = REASONS.get(str(result.get("reason")))
    because = gettext(reason) % values if reason else ""
    if result.get("draw") or winner not in PLAYERS:
        sentence = gettext("The game is a draw") if magic else gettext("The duel is a draw")
    else:
        sentence = (
            gettext("%(winner)s wins the game") if magic else gettext("%(winner)s wins the duel")
        ) % values
    return [
        gettext("%(sentence)s: %(because)s.") % {"sentence": sentence, "because": because}
        if because
        else f"{sentence}."
    ]


def match_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """ "Yugi wins the match 2-1"; a drawn match; or the tally so far and who chooses who goes first."""
    match = _mapping(outcome.get("match"))
    if not match:
        return []
    wins = _mapping(match.get("wins"))
    draws = match.get("draws") or 0
    winner = str(match.get("winner") or "")
    tally = _tally(wins.get(winner, 0), wins.get(_other(winner), 0), draws)
    if match.get("over") and winner in PLAYERS:
        sentences = [
            gettext("%(winner)s wins the match %(tally)s.") % {"winner": table.name(winner), "tally": tally}
        ]
    elif match.get("over"):
        sentences = [
            gettext("The match is a draw (%(tally)s).")
            % {"tally": _tally(wins.get("A", 0), wins.get("B", 0), draws)}
        ]
    else:
        sentences = [_match_goes_on(wins, draws, table)]
    return sentences + _next_first(match.get("next_first_choice"), table)


def _tally(first: object, second: object, draws: object) -> str:
    if draws:
        return gettext("%(first)s-%(second)s-%(draws)s") % {"first": first, "second": second, "draws": draws}
    return gettext("%(first)s-%(second)s") % {"first": first, "second": second}


def _match_goes_on(wins: Mapping[str, Any], draws: object, table: Table) -> str:
    values = {
        "a": table.name("A"),
        "b": table.name("B"),
        "a_wins": wins.get("A", 0),
        "b_wins": wins.get("B", 0),
        "draws": draws,
    }
    if draws:
        return (
            ngettext(
                "The match goes on: %(a)s %(a_wins)s, %(b)s %(b_wins)s, %(draws)s draw.",
                "The match goes on: %(a)s %(a_wins)s, %(b)s %(b_wins)s, %(draws)s draws.",
                int(draws) if isinstance(draws, int) else 2,
            )
            % values
        )
    return gettext("The match goes on: %(a)s %(a_wins)s, %(b)s %(b_wins)s.") % values


def _next_first(choice: object, table: Table) -> Sentences:
    if choice in PLAYERS:
        return [gettext("%(player)s chooses who goes first next.") % {"player": table.name(choice)}]
    if choice == "coin_toss":
        return [gettext("A coin toss decides who goes first next.")]
    return []


def deck_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """A deck check's counts (the Main, Extra and Side Deck); the cards sided in and out."""
    deck = outcome.get("deck")
    sentences: Sentences = []
    if isinstance(deck, Mapping):
        counts = _mapping(deck.get("counts"))
        parts = [
            _deck_count(key, int(counts[key]), table.game)
            for key in DECK_WORDS
            if isinstance(counts.get(key), int)
        ]
        if parts:
            sentences.append(gettext("The deck has %(parts)s.") % {"parts": join(parts)})
    for key, text in (
        ("sided_in", gettext_noop("Sided in: %(cards)s.")),
        ("sided_out", gettext_noop("Sided out: %(cards)s.")),
    ):
        cards = _mapping(outcome.get(key))
        if cards:
            listed = join(
                [
                    gettext("%(card)s x%(count)s") % {"card": name, "count": count}
                    for name, count in cards.items()
                ]
            )
            sentences.append(gettext(text) % {"cards": listed})
    return sentences


DECK_WORDS = ("main", "extra", "side")


def _deck_count(section: str, count: int, game: str) -> str:
    """ "40 cards in the Main Deck": one whole phrase per section (its name has a gender in Portuguese and
    Spanish); Magic says deck and sideboard."""
    if game == "mtg" and section == "main":
        return ngettext("%(count)d card in the deck", "%(count)d cards in the deck", count) % {"count": count}
    if game == "mtg" and section == "side":
        return ngettext("%(count)d card in the sideboard", "%(count)d cards in the sideboard", count) % {
            "count": count
        }
    if section == "main":
        return ngettext("%(count)d card in the Main Deck", "%(count)d cards in the Main Deck", count) % {
            "count": count
        }
    if section == "extra":
        return ngettext("%(count)d card in the Extra Deck", "%(count)d cards in the Extra Deck", count) % {
            "count": count
        }
    return ngettext("%(count)d card in the Side Deck", "%(count)d cards in the Side Deck", count) % {
        "count": count
    }


def magic_words(outcome: Mapping[str, Any], table: Table) -> Sentences:
    """Magic: attackers tapped, damage dealt to creatures, the legend rule, casting speed, lands played."""
    sentences: Sentences = []
    phrases: dict[str, Phrase] = {
        "attackers": lambda n: ngettext("%(cards)s attacks.", "%(cards)s attack.", n),
        "tapped": lambda n: ngettext("%(cards)s becomes tapped.", "%(cards)s become tapped.", n),
    }
    for key, phrase in phrases.items():
        sentences.extend(cards_sentence(outcome.get(key), phrase, table))
    for card_id, amount in _mapping(outcome.get("creature_damage")).items():
        sentences.append(
            gettext("%(card)s is dealt %(amount)s damage.") % {"card": table.card(card_id), "amount": amount}
        )
    sentences.extend(_legend_rule(_list(outcome.get("legend_rule")), table))
    sentences.extend(_casting(outcome, table))
    return sentences


def _legend_rule(choices: Sequence[object], table: Table) -> Sentences:
    sentences = []
    for choice in choices:
        choice = _mapping(choice)
        values = {
            "player": table.name(choice.get("controller")),
            "cards": join([table.card(c) for c in _list(choice.get("keep_one_of"))], gettext("or")),
        }
        sentences.append(
            gettext("Legend rule: %(player)s keeps one of %(cards)s; the others go to the graveyard.")
            % values
        )
    return sentences


def _casting(outcome: Mapping[str, Any], table: Table) -> Sentences:
    player = table.name(table.action.get("player"))
    sentences = []
    if outcome.get("speed") in ("instant", "sorcery"):
        speed = gettext("instant") if outcome["speed"] == "instant" else gettext("sorcery")
        sentences.append(
            gettext("%(player)s casts it at %(speed)s speed.") % {"player": player, "speed": speed}
        )
    if isinstance(outcome.get("stack"), int):
        count = outcome["stack"]
        sentences.append(
            ngettext("%(count)d spell is on the stack.", "%(count)d spells are on the stack.", count)
            % {"count": count}
        )
    if isinstance(outcome.get("lands_played"), int):
        count = outcome["lands_played"]
        sentences.append(
            ngettext(
                "%(player)s has played %(count)d land this turn.",
                "%(player)s has played %(count)d lands this turn.",
                count,
            )
            % {"player": player, "count": count}
        )
    return sentences


OUTCOME_WORDS: tuple[Callable[[Mapping[str, Any], Table], Sentences], ...] = (
    summon_words,
    chain_words,
    replay_words,
    magic_words,
    damage_words,
    card_moves,
    turn_words,
    deck_words,
    end_words,
    match_words,
)

# The outcome keys the words above cover (a test checks the engine emits no other).
OUTCOME_KEYS = frozenset(
    {
        "summoned", "zone", "zones", "position", "attached_materials", "legal_zones",
        "chain_link", "spell_speed", "resolution_order", "negated",
        "replay",
        "attackers", "tapped", "creature_damage", "legend_rule", "speed", "stack", "lands_played",
        "damage", "lp", "life",
        "flipped", "destroyed", "sent_to_graveyard", "sent_to_extra_deck", "removed_tokens", "damage_removed",
        "drew", "deck", "library", "discard", "cards_drawn", "modified", "next_turn",
        "sided_in", "sided_out",
        "duel", "game", "match",
    }
)  # fmt: skip


# --- The rulebook --------------------------------------------------------------------------------------


def passages(ruling: Mapping[str, Any]) -> Iterator[Passage]:
    """Each passage relied on: where it is, the original words when the citation has them, what it says."""
    citations = [c for c in _list(ruling.get("citations")) if isinstance(c, Mapping)]
    if citations:
        yield from (_cited(citation) for citation in citations)
        return
    for rule in _list(ruling.get("rules")):
        reference, _, summary = str(rule).partition(": ")
        yield Passage(reference, "", gettext(summary) if summary else "", "", summary)


def _cited(citation: Mapping[str, Any]) -> Passage:
    page = str(citation.get("page") or "")
    pages = (gettext("pp. %(pages)s") if "-" in page else gettext("p. %(pages)s")) % {"pages": page}
    parts = [str(citation.get(key) or "") for key in ("document", "section")] + ([pages] if page else [])
    return Passage(
        reference=", ".join(part for part in parts if part),
        quote=str(citation.get("quote") or ""),
        # The paraphrase is the engine's (a ``gettext_noop`` template); the quote is the book's, as written.
        summary=gettext(passage) if (passage := str(citation.get("passage") or "")) else "",
        language=str(citation.get("language") or ""),
        english=passage,
    )


# --- Small helpers -------------------------------------------------------------------------------------


def join(items: Sequence[str], word: str | None = None) -> str:
    """ "a, b and c" (``word`` instead of "and")."""
    items = [item for item in items if item]
    word = word or gettext("and")
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def _other(player: str) -> str:
    return "B" if player == "A" else "A"


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []
