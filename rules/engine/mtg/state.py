"""The reported Magic game state, parsed into frozen dataclasses with the format's defaults.

Unlike Yu-Gi-Oh!, the Magic state has few required fields: a combat damage dispute does not need the turn
number, a draw dispute does not need the battlefield. So ``turn``, ``active_player``, ``phase`` and ``step``
are kept optional here and asked for through accessors that raise :class:`StateIncomplete` naming the field
only when a rule needs them. Values that are given but malformed or contradictory are refused at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.errors import StateIncomplete, UnknownCardError
from rules.engine.jsonvalues import as_card_id, as_choice, as_int, as_list, as_mapping, as_str
from rules.engine.mtg import passages
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.vocabulary import MTG, STARTING_LIFE

PLAYERS = ("A", "B")
PHASES = ("beginning", "main1", "combat", "main2", "end")
MAIN_PHASES = ("main1", "main2")
STEPS = {
    "beginning": ("untap", "upkeep", "draw"),
    "combat": (
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "combat_damage",
        "end_of_combat",
    ),
    "end": ("end_of_turn", "cleanup"),
}
PHASE_NAMES = {
    "beginning": say(gettext_noop("the beginning phase")),
    "main1": say(gettext_noop("the first main phase")),
    "combat": say(gettext_noop("the combat phase")),
    "main2": say(gettext_noop("the second main phase")),
    "end": say(gettext_noop("the end phase")),
}
STEP_NAMES = {
    "untap": say(gettext_noop("the untap step")),
    "upkeep": say(gettext_noop("the upkeep step")),
    "draw": say(gettext_noop("the draw step")),
    "beginning_of_combat": say(gettext_noop("the beginning of combat step")),
    "declare_attackers": say(gettext_noop("the declare attackers step")),
    "declare_blockers": say(gettext_noop("the declare blockers step")),
    "combat_damage": say(gettext_noop("the combat damage step")),
    "end_of_combat": say(gettext_noop("the end of combat step")),
    "end_of_turn": say(gettext_noop("the end of turn step")),
    "cleanup": say(gettext_noop("the cleanup step")),
}
# Where a card is, "A's hand": a phrase per zone (the player's letter becomes their name on the pages).
ZONE_OF_PLAYER = {
    "battlefield": gettext_noop("%(player)s's battlefield"),
    "hand": gettext_noop("%(player)s's hand"),
    "graveyard": gettext_noop("%(player)s's graveyard"),
}
DEFAULT_LIFE = STARTING_LIFE[MTG]
DEFAULT_LIBRARY = 40
BATTLEFIELD, HAND, GRAVEYARD = "battlefield", "hand", "graveyard"


def other(player: str) -> str:
    return "B" if player == "A" else "A"


def step_name(step: str) -> Sentence:
    return STEP_NAMES[step]


def phase_and_step(phase: str, step: str | None) -> Sentence:
    """Where the game is: the phase, and its step if it has one ("the combat phase, the declare
    blockers step")."""
    if step is None:
        return PHASE_NAMES[phase]
    return say(gettext_noop("%(phase)s, %(step)s"), phase=PHASE_NAMES[phase], step=step_name(step))


def zone_of(card: Card) -> Sentence:
    """ "A's battlefield": the zone the card is in, and whose."""
    return say(ZONE_OF_PLAYER[card.zone], player=card.holder)


@dataclass(frozen=True)
class Card:
    """A card or permanent as reported; ``path`` is where it sits in the dispute, for incomplete rulings."""

    id: str
    path: str
    holder: str
    zone: str
    name: str | None = None
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    damage: int = 0
    tapped: bool = False
    attacking: bool = False
    abilities: tuple[str, ...] = ()
    entered_turn: int | None = None
    timestamp: int | None = None
    controller: str = "A"
    owner: str = "A"

    @property
    def label(self) -> str:
        """How an explanation names the card: its name and id, or the id alone."""
        return f"{self.name} ({self.id})" if self.name else f"card {self.id}"

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def is_land(self) -> bool:
        return "land" in self.types

    @property
    def is_legendary(self) -> bool:
        """Legendary permanents, and in this edition the creature subtype Legend (215.1, 215.2)."""
        return "legendary" in self.supertypes or "legend" in self.subtypes

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def need_power(self) -> int:
        if self.power is None:
            raise StateIncomplete(
                f"{self.path}.power",
                say(gettext_noop("%(self)s has no power"), self=self.label),
                passages.DAMAGE_EQUALS_POWER,
            )
        return self.power

    def need_toughness(self) -> int:
        if self.toughness is None:
            raise StateIncomplete(
                f"{self.path}.toughness",
                say(gettext_noop("%(self)s has no toughness"), self=self.label),
                passages.TOUGHNESS,
            )
        return self.toughness


@dataclass(frozen=True)
class Player:
    name: str
    life: int = DEFAULT_LIFE
    library: int = DEFAULT_LIBRARY
    hand_count: int = 0
    hand: tuple[Card, ...] | None = None  # None: the hand is only a number of unknown cards
    graveyard: tuple[Card, ...] = ()
    battlefield: tuple[Card, ...] = ()
    lands_played: int = 0


@dataclass(frozen=True)
class Game:
    """The reported game state; turn, active player, phase and step only where the dispute gives them.

    ``priority_given`` is the player the state says holds priority (the optional ``priority``); permanents
    declared as attackers carry ``attacking`` (both dispute format extensions, see the README).
    """

    players: Mapping[str, Player]
    turn_given: int | None = None
    active_given: str | None = None
    first_given: str | None = None
    phase_given: str | None = None
    step: str | None = None
    stack: int = 0
    stack_items: tuple[object, ...] = ()  # as reported, bottom first; ``rules.engine.mtg.stack`` reads them
    priority_given: str | None = None
    cards: Mapping[str, Card] = field(default_factory=dict)

    def player(self, name: str) -> Player:
        return self.players[name]

    @property
    def turn(self) -> int:
        if self.turn_given is None:
            raise StateIncomplete(
                "state.turn", say(gettext_noop("the turn number is not given")), passages.STATE_INCOMPLETE
            )
        return self.turn_given

    @property
    def active_player(self) -> str:
        if self.active_given is None:
            raise StateIncomplete(
                "state.active_player",
                say(gettext_noop("the active player is not given")),
                passages.STATE_INCOMPLETE,
            )
        return self.active_given

    @property
    def phase(self) -> str:
        if self.phase_given is None:
            raise StateIncomplete(
                "state.phase", say(gettext_noop("the phase is not given")), passages.TURN_STRUCTURE
            )
        return self.phase_given

    def need_step(self) -> str:
        """The step of a phase that has steps; a state in such a phase without one cannot be judged."""
        if self.step is None:
            raise StateIncomplete(
                "state.step",
                say(
                    gettext_noop("the state is in %(phase_names)s but does not say which step"),
                    phase_names=PHASE_NAMES[self.phase],
                ),
                passages.TURN_STRUCTURE,
            )
        return self.step

    @property
    def first_turn(self) -> bool:
        """Turn 1 is the first player's first turn (turns count both players' turns, from 1)."""
        return self.turn == 1

    def battlefield(self) -> list[Card]:
        """Every permanent in play, A's first, in the order reported."""
        return [card for p in PLAYERS for card in self.player(p).battlefield]

    def locate(self, card_id: str) -> Card | None:
        return self.cards.get(card_id)

    def find(self, card_id: str, field_path: str) -> Card:
        """The card ``card_id`` names; an id the state does not have is a 400 naming ``field_path``."""
        card = self.cards.get(card_id)
        if card is None:
            raise UnknownCardError(
                field_path,
                say(gettext_noop("no card with id %(card)s in the state"), card=repr(card_id)),
                card_id=card_id,
            )
        return card


def parse_state(raw: object) -> Game:
    """Parse the reported state; raise :class:`StateIncomplete` for anything missing or contradictory."""
    state = as_mapping(raw)
    if state is None:
        raise StateIncomplete("state", say(gettext_noop("must be an object")), passages.STATE_INCOMPLETE)
    turn = optional_int(state, "turn", "state.turn", minimum=1)
    active = optional_player(state, "active_player")
    first = optional_player(state, "first_player")
    priority = optional_player(state, "priority")
    if turn is not None and active is not None:
        expected_first = active if turn % 2 == 1 else other(active)
        if first is not None and first != expected_first:
            raise StateIncomplete(
                "state.first_player",
                say(
                    gettext_noop(
                        "%(first)s is said to play first, but on turn %(turn)s the active player "
                        "is %(active)s, so the first player is %(expected_first)s"
                    ),
                    first=first,
                    turn=turn,
                    active=active,
                    expected_first=expected_first,
                ),
                passages.STATE_INCOMPLETE,
            )
        first = expected_first
    phase = optional_choice(state, "phase", PHASES)
    step = optional_choice(state, "step", tuple(s for steps in STEPS.values() for s in steps))
    if step is not None and (phase is None or step not in STEPS.get(phase, ())):
        raise StateIncomplete(
            "state.step",
            say(
                gettext_noop("%(step)s is not a step of %(get)s"),
                step=step_name(step),
                get=PHASE_NAMES.get(phase or "", say(gettext_noop("the phase given"))),
            ),
            passages.TURN_STRUCTURE,
        )
    stack = as_list(state.get("stack", []))
    if stack is None:
        raise StateIncomplete(
            "state.stack", say(gettext_noop("must be a list of stack items")), passages.STATE_INCOMPLETE
        )
    players_raw = as_mapping(state.get("players"))
    if players_raw is None:
        raise StateIncomplete(
            "state.players", say(gettext_noop("both players A and B are required")), passages.STATE_INCOMPLETE
        )
    cards: dict[str, Card] = {}
    players = {p: parse_player(players_raw.get(p), p, cards) for p in PLAYERS}
    return Game(
        players=players,
        turn_given=turn,
        active_given=active,
        first_given=first,
        phase_given=phase,
        step=step,
        stack=len(stack),
        stack_items=tuple(stack),
        priority_given=priority,
        cards=cards,
    )


def optional_int(data: Mapping[str, Any], key: str, path: str, *, minimum: int = 0) -> int | None:
    if data.get(key) is None:
        return None
    value = as_int(data[key])
    if value is None or value < minimum:
        raise StateIncomplete(
            path,
            say(gettext_noop("must be a whole number of at least %(minimum)s"), minimum=minimum),
            passages.STATE_INCOMPLETE,
        )
    return value


def optional_player(data: Mapping[str, Any], key: str) -> str | None:
    if data.get(key) is None:
        return None
    chosen = as_choice(data[key], ("a", "b"))
    if chosen is None:
        raise StateIncomplete(
            f"state.{key}", say(gettext_noop('must be "A" or "B"')), passages.STATE_INCOMPLETE
        )
    return chosen.upper()


def optional_choice(data: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str | None:
    if data.get(key) is None:
        return None
    chosen = as_choice(data[key], choices)
    if chosen is None:
        raise StateIncomplete(
            f"state.{key}",
            say(gettext_noop("must be one of %(choices)s"), choices=", ".join(choices)),
            passages.TURN_STRUCTURE,
        )
    return chosen


def parse_player(raw: object, name: str, cards: dict[str, Card]) -> Player:
    path = f"state.players.{name}"
    data = as_mapping(raw)
    if data is None:
        raise StateIncomplete(
            path, say(gettext_noop("player %(name)s is required (an object, {} for all defaults)"), name=name)
        )
    life = as_int(data.get("life", DEFAULT_LIFE))
    if life is None:
        raise StateIncomplete(
            f"{path}.life", say(gettext_noop("must be a whole number")), passages.STATE_INCOMPLETE
        )
    library = optional_int(data, "library", f"{path}.library")
    lands_played = optional_int(data, "lands_played", f"{path}.lands_played")
    hand_raw = data.get("hand", 0)
    hand: tuple[Card, ...] | None = None
    if isinstance(hand_raw, list):
        hand = parse_cards(hand_raw, f"{path}.hand", name, HAND, cards)
        hand_count = len(hand)
    else:
        count = optional_int(data, "hand", f"{path}.hand")
        hand_count = count or 0
    return Player(
        name=name,
        life=life,
        library=DEFAULT_LIBRARY if library is None else library,
        hand_count=hand_count,
        hand=hand,
        graveyard=parse_cards(data.get("graveyard", []), f"{path}.graveyard", name, GRAVEYARD, cards),
        battlefield=parse_cards(data.get("battlefield", []), f"{path}.battlefield", name, BATTLEFIELD, cards),
        lands_played=lands_played or 0,
    )


def parse_cards(raw: object, path: str, holder: str, zone: str, cards: dict[str, Card]) -> tuple[Card, ...]:
    items = as_list(raw)
    if items is None:
        raise StateIncomplete(path, say(gettext_noop("must be a list of cards")), passages.STATE_INCOMPLETE)
    parsed = []
    for index, item in enumerate(items):
        card = parse_card(item, f"{path}[{index}]", holder, zone)
        if card.id in cards:
            raise StateIncomplete(
                f"{path}[{index}].id",
                say(gettext_noop("card id %(card)s is used twice"), card=repr(card.id)),
                passages.STATE_INCOMPLETE,
            )
        cards[card.id] = card
        parsed.append(card)
    return tuple(parsed)


def parse_card(raw: object, path: str, holder: str, zone: str) -> Card:
    """One card; ``controller`` and ``owner`` default to the player whose zone holds it."""
    data = as_mapping(raw)
    if data is None:
        raise StateIncomplete(
            path, say(gettext_noop("must be a card object with an id")), passages.STATE_INCOMPLETE
        )
    card_id = as_card_id(data.get("id"))
    if card_id is None:
        raise StateIncomplete(
            f"{path}.id", say(gettext_noop("every card needs an id")), passages.STATE_INCOMPLETE
        )
    tapped, attacking = flag(data, "tapped", path), flag(data, "attacking", path)
    damage = optional_int(data, "damage", f"{path}.damage")
    return Card(
        id=card_id,
        path=path,
        holder=holder,
        zone=zone,
        name=as_str(data.get("name")),
        types=words(data, "types", path),
        supertypes=words(data, "supertypes", path),
        subtypes=words(data, "subtypes", path),
        power=signed_int(data, "power", path),
        toughness=signed_int(data, "toughness", path),
        damage=damage or 0,
        tapped=tapped,
        attacking=attacking,
        abilities=words(data, "abilities", path),
        entered_turn=optional_int(data, "entered_turn", f"{path}.entered_turn", minimum=1),
        timestamp=signed_int(data, "timestamp", path),
        controller=optional_player_field(data, "controller", path) or holder,
        owner=optional_player_field(data, "owner", path) or holder,
    )


def flag(data: Mapping[str, Any], key: str, path: str) -> bool:
    """``tapped``, ``attacking``: true or false, false when not given."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise StateIncomplete(
            f"{path}.{key}", say(gettext_noop("must be true or false")), passages.STATE_INCOMPLETE
        )
    return value


def words(data: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    """Type, subtype or ability words, compared in lower case (``First Strike`` is ``first_strike``)."""
    items = as_list(data.get(key, []))
    if items is None or not all(isinstance(item, str) for item in items):
        raise StateIncomplete(
            f"{path}.{key}", say(gettext_noop("must be a list of words")), passages.STATE_INCOMPLETE
        )
    return tuple(item.strip().lower().replace(" ", "_").replace("-", "_") for item in items)


def signed_int(data: Mapping[str, Any], key: str, path: str) -> int | None:
    """Power, toughness and timestamps may be negative after effects; only whole numbers are accepted."""
    if data.get(key) is None:
        return None
    value = as_int(data[key])
    if value is None:
        raise StateIncomplete(
            f"{path}.{key}", say(gettext_noop("must be a whole number")), passages.STATE_INCOMPLETE
        )
    return value


def optional_player_field(data: Mapping[str, Any], key: str, path: str) -> str | None:
    if data.get(key) is None:
        return None
    chosen = as_choice(data[key], ("a", "b"))
    if chosen is None:
        raise StateIncomplete(
            f"{path}.{key}", say(gettext_noop('must be "A" or "B"')), passages.STATE_INCOMPLETE
        )
    return chosen.upper()


# The card types of the Comprehensive Rules (205.2a), each a word of its own on the pages.
CARD_TYPE_WORDS = {
    "artifact": say(gettext_noop("artifact")),
    "battle": say(gettext_noop("battle")),
    "creature": say(gettext_noop("creature")),
    "enchantment": say(gettext_noop("enchantment")),
    "instant": say(gettext_noop("instant")),
    "kindred": say(gettext_noop("kindred")),
    "land": say(gettext_noop("land")),
    "planeswalker": say(gettext_noop("planeswalker")),
    "sorcery": say(gettext_noop("sorcery")),
}


def types_in_words(card: Card) -> Sentence | str:
    """The card's types ("artifact, land"), each known type a word to translate; a type the rules do not
    list stays as the dispute gave it."""
    words: list[Sentence | str] = [CARD_TYPE_WORDS.get(t, t) for t in card.types]
    if not words:
        return say(gettext_noop("no type given"))
    listed = words[0]
    for word in words[1:]:
        listed = say(gettext_noop("%(one)s, %(other)s"), one=listed, other=word)
    return listed
