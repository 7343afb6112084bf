"""The reported Yu-Gi-Oh! game state, parsed into frozen dataclasses with the format's defaults.

Required fields (``turn``, ``turn_player``, ``phase``, ``players`` with both players) and every value the
dispute gives are checked here; anything missing or contradictory is a :class:`StateIncomplete` naming the
field. Each card is indexed by id with its :class:`Place`, so rules ask "where is this card?" once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.catalog import CardCatalog
from rules.engine.errors import StateIncomplete, UnknownCardError
from rules.engine.jsonvalues import as_card_id, as_choice, as_int, as_list, as_mapping
from rules.engine.sentences import gettext_noop, say
from rules.engine.vocabulary import STARTING_LIFE, YUGIOH
from rules.engine.yugioh.cards import PLAYERS, Card, parse_card

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
MAIN_PHASES = ("main1", "main2")
STEPS = ("start", "battle", "damage", "damage_calculation", "end")
PHASE_NAMES = {
    "draw": say(gettext_noop("the Draw Phase")),
    "standby": say(gettext_noop("the Standby Phase")),
    "main1": say(gettext_noop("Main Phase 1")),
    "battle": say(gettext_noop("the Battle Phase")),
    "main2": say(gettext_noop("Main Phase 2")),
    "end": say(gettext_noop("the End Phase")),
}
DEFAULT_LP = STARTING_LIFE[YUGIOH]
DEFAULT_DECK = 30
ZONES = 5

# Areas a card can be in. Field areas are the ones whose cards are "on the field".
HAND, EXTRA_DECK, GRAVEYARD, BANISHED = "hand", "extra_deck", "graveyard", "banished"
MONSTER_ZONE, SPELL_TRAP_ZONE, FIELD_ZONE, EXTRA_MONSTER_ZONE = (
    "monster_zone",
    "spell_trap_zone",
    "field_zone",
    "extra_monster_zone",
)
MATERIAL = "material"
FIELD_AREAS = (MONSTER_ZONE, SPELL_TRAP_ZONE, FIELD_ZONE, EXTRA_MONSTER_ZONE)


def other(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class Place:
    """Where a card is: whose side or pile (for Extra Monster Zones, its controller), which area and zone."""

    player: str
    area: str
    index: int | None = None
    holder: str | None = None  # the Xyz Monster a material is attached to

    @property
    def on_field(self) -> bool:
        return self.area in FIELD_AREAS

    @property
    def zone(self) -> str | None:
        """The zone name the action uses: ``m0``..``m4`` or ``emz0``/``emz1``."""
        if self.area == MONSTER_ZONE:
            return f"m{self.index}"
        if self.area == EXTRA_MONSTER_ZONE:
            return f"emz{self.index}"
        return None


@dataclass(frozen=True)
class Player:
    name: str
    lp: int = DEFAULT_LP
    deck: int = DEFAULT_DECK
    hand: tuple[Card, ...] | None = None  # None: the hand is only a number of unknown cards
    hand_count: int = 0
    extra_deck: tuple[Card, ...] = ()
    extra_count: int = 0
    graveyard: tuple[Card, ...] = ()
    banished: tuple[Card, ...] = ()
    monster_zones: tuple[Card | None, ...] = (None,) * ZONES
    spell_trap_zones: tuple[Card | None, ...] = (None,) * ZONES
    field_zone: Card | None = None
    normal_summon_used: bool = False
    pendulum_summon_used: bool = False


@dataclass(frozen=True)
class Effect:
    """One of the simple chain effects the judge can apply on resolution."""

    kind: str  # destroy, destroy_all, damage, gain, draw, modify
    targets: tuple[str, ...] = ()
    scope: str | None = None
    player: str | None = None
    amount: int = 0
    atk: int = 0
    defense: int = 0


@dataclass(frozen=True)
class ChainLink:
    number: int
    card: Card
    player: str
    spell_speed: int | None
    negates: int | None
    effect: Effect | None
    path: str


@dataclass(frozen=True)
class PendingAttack:
    attacker: str
    target: str | None
    # Per player, the monsters they controlled when the attack was declared: a count, or the ids themselves
    # (which let the judge see a monster replaced by another: the count alone cannot).
    at_declaration: Mapping[str, int | frozenset[str]] | None


@dataclass(frozen=True)
class Duel:
    """The whole reported duel state."""

    turn: int
    turn_player: str
    first_player: str
    phase: str
    step: str | None
    players: Mapping[str, Player]
    extra_monster_zones: tuple[Card | None, Card | None] = (None, None)
    chain: tuple[ChainLink, ...] = ()
    pending_attack: PendingAttack | None = None
    priority: str | None = None
    places: Mapping[str, tuple[Card, Place]] = field(default_factory=dict)

    def player(self, name: str) -> Player:
        return self.players[name]

    def locate(self, card_id: str) -> tuple[Card, Place] | None:
        return self.places.get(card_id)

    def find(self, card_id: str, field_name: str) -> tuple[Card, Place]:
        """The card an action names; an id the state does not hold is the caller's error (HTTP 400)."""
        found = self.places.get(card_id)
        if found is None:
            raise UnknownCardError(
                field_name,
                say(gettext_noop("no card with id %(card)s in the state"), card=repr(card_id)),
                card_id=card_id,
            )
        return found

    def monsters_on_field(self, player: str) -> list[tuple[Card, Place]]:
        """The monsters ``player`` controls: Main Monster Zones, then the Extra Monster Zones."""
        found: list[tuple[Card, Place]] = []
        for index, card in enumerate(self.players[player].monster_zones):
            if card is not None:
                found.append((card, Place(player, MONSTER_ZONE, index)))
        for index, card in enumerate(self.extra_monster_zones):
            if card is not None and card.controller == player:
                found.append((card, Place(player, EXTRA_MONSTER_ZONE, index)))
        return found

    def spells_traps_on_field(self, player: str) -> list[tuple[Card, Place]]:
        found: list[tuple[Card, Place]] = []
        state = self.players[player]
        for index, card in enumerate(state.spell_trap_zones):
            if card is not None:
                found.append((card, Place(player, SPELL_TRAP_ZONE, index)))
        if state.field_zone is not None:
            found.append((state.field_zone, Place(player, FIELD_ZONE)))
        return found

    @property
    def first_turn(self) -> bool:
        return self.turn == 1


class _Parser:
    """Reads one state; collects every card into ``places`` and rejects duplicate ids."""

    def __init__(self, catalog: CardCatalog | None) -> None:
        self.catalog = catalog
        self.places: dict[str, tuple[Card, Place]] = {}

    def card(self, value: object, path: str, place: Place) -> Card:
        card = parse_card(value, path, self.catalog, zone_player=place.player)
        self.index(card, place)
        return card

    def index(self, card: Card, place: Place) -> None:
        if card.id in self.places:
            raise StateIncomplete(
                f"{card.path}.id",
                say(gettext_noop("card id %(card)s is used twice; ids must be unique"), card=repr(card.id)),
            )
        self.places[card.id] = (card, place)
        for material in card.materials:
            self.index(material, Place(place.player, MATERIAL, holder=card.id))

    def pile(self, data: Mapping[str, Any], path: str, key: str, player: str) -> tuple[Card, ...]:
        if data.get(key) is None:
            return ()
        items = as_list(data[key])
        if items is None:
            raise StateIncomplete(
                f"{path}.{key}", say(gettext_noop("%(key)s must be a list of cards"), key=key)
            )
        return tuple(
            self.card(item, f"{path}.{key}[{i}]", Place(player, key)) for i, item in enumerate(items)
        )

    def counted_pile(
        self, data: Mapping[str, Any], path: str, key: str, player: str
    ) -> tuple[tuple[Card, ...] | None, int]:
        """``hand`` and ``extra_deck`` are either a number of unknown cards or a list of cards."""
        value = data.get(key)
        if value is None:
            return None, 0
        count = as_int(value)
        if count is not None:
            if count < 0:
                raise StateIncomplete(
                    f"{path}.{key}", say(gettext_noop("%(key)s cannot be negative"), key=key)
                )
            return None, count
        cards = self.pile(data, path, key, player)
        return cards, len(cards)

    def zones(
        self, data: Mapping[str, Any], path: str, key: str, player: str, area: str
    ) -> tuple[Card | None, ...]:
        if data.get(key) is None:
            return (None,) * ZONES
        items = as_list(data[key])
        if items is None or len(items) != ZONES:
            raise StateIncomplete(
                f"{path}.{key}",
                say(
                    gettext_noop("%(key)s must list exactly %(zones)s zones (null for empty)"),
                    key=key,
                    zones=ZONES,
                ),
            )
        zones: list[Card | None] = []
        for index, item in enumerate(items):
            if item is None:
                zones.append(None)
                continue
            card = self.card(item, f"{path}.{key}[{index}]", Place(player, area, index))
            if card.controller != player:
                raise StateIncomplete(
                    f"{card.path}.controller",
                    say(
                        gettext_noop("a card in %(player)s's zones is controlled by %(player)s"),
                        player=player,
                    ),
                )
            if area == MONSTER_ZONE and card.kind is not None and not card.is_monster:
                raise StateIncomplete(
                    f"{card.path}.kind", say(gettext_noop("only monsters occupy Monster Zones"))
                )
            zones.append(card)
        return tuple(zones)

    def player(self, value: object, name: str) -> Player:
        path = f"state.players.{name}"
        data = as_mapping(value)
        if data is None:
            raise StateIncomplete(
                path, say(gettext_noop("player %(name)s is missing from the state"), name=name)
            )
        hand, hand_count = self.counted_pile(data, path, HAND, name)
        extra, extra_count = self.counted_pile(data, path, EXTRA_DECK, name)
        field_card = None
        if data.get("field_zone") is not None:
            field_card = self.card(data["field_zone"], f"{path}.field_zone", Place(name, FIELD_ZONE))
        return Player(
            name=name,
            lp=_count(data, path, "lp", DEFAULT_LP),
            deck=_count(data, path, "deck", DEFAULT_DECK),
            hand=hand,
            hand_count=hand_count,
            extra_deck=extra or (),
            extra_count=extra_count,
            graveyard=self.pile(data, path, GRAVEYARD, name),
            banished=self.pile(data, path, BANISHED, name),
            monster_zones=self.zones(data, path, "monster_zones", name, MONSTER_ZONE),
            spell_trap_zones=self.zones(data, path, "spell_trap_zones", name, SPELL_TRAP_ZONE),
            field_zone=field_card,
            normal_summon_used=_flag(data, path, "normal_summon_used"),
            pendulum_summon_used=_flag(data, path, "pendulum_summon_used"),
        )

    def extra_monster_zones(self, value: object) -> tuple[Card | None, Card | None]:
        if value is None:
            return (None, None)
        items = as_list(value)
        if items is None or len(items) != 2:
            raise StateIncomplete(
                "state.extra_monster_zones", say(gettext_noop("extra_monster_zones must list the 2 zones"))
            )
        zones: list[Card | None] = []
        for index, item in enumerate(items):
            if item is None:
                zones.append(None)
                continue
            path = f"state.extra_monster_zones[{index}]"
            raw = as_mapping(item)
            controller = as_choice(raw.get("controller"), ("a", "b")) if raw is not None else None
            if controller is None:
                raise StateIncomplete(
                    f"{path}.controller",
                    say(gettext_noop("a card in an Extra Monster Zone must name its controller")),
                )
            card = self.card(item, path, Place(controller.upper(), EXTRA_MONSTER_ZONE, index))
            if card.kind is not None and not card.is_monster:
                raise StateIncomplete(
                    f"{path}.kind", say(gettext_noop("only monsters occupy the Extra Monster Zones"))
                )
            zones.append(card)
        return (zones[0], zones[1])


def _count(data: Mapping[str, Any], path: str, key: str, default: int) -> int:
    if data.get(key) is None:
        return default
    value = as_int(data[key])
    if value is None or value < 0:
        raise StateIncomplete(
            f"{path}.{key}", say(gettext_noop("%(key)s must be a whole number, 0 or more"), key=key)
        )
    return value


def _flag(data: Mapping[str, Any], path: str, key: str) -> bool:
    value = data.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise StateIncomplete(f"{path}.{key}", say(gettext_noop("%(key)s must be true or false"), key=key))
    return value


def _required_choice(data: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    if data.get(key) is None:
        raise StateIncomplete(f"state.{key}", say(gettext_noop("the state has no %(key)s"), key=key))
    value = as_choice(data[key], tuple(c.lower() for c in choices))
    if value is None:
        raise StateIncomplete(
            f"state.{key}",
            say(gettext_noop("%(key)s must be one of %(choices)s"), key=key, choices=", ".join(choices)),
        )
    return value


def _parse_effect(value: object, path: str) -> Effect | None:
    if value is None:
        return None
    data = as_mapping(value)
    if data is None or len(data) != 1:
        raise StateIncomplete(
            path, say(gettext_noop("effect must be an object with exactly one of the simple effects"))
        )
    kind, body = next(iter(data.items()))
    where = f"{path}.{kind}"
    if kind == "destroy":
        ids = as_list(body)
        targets = [as_card_id(item) for item in ids] if ids is not None else None
        if targets is None or any(target is None for target in targets):
            raise StateIncomplete(where, say(gettext_noop("destroy must list card ids")))
        return Effect("destroy", targets=tuple(t for t in targets if t is not None))
    if kind == "destroy_all":
        scope = as_choice(body, ("spell_trap", "monsters"))
        if scope is None:
            raise StateIncomplete(where, say(gettext_noop('destroy_all must be "spell_trap" or "monsters"')))
        return Effect("destroy_all", scope=scope)
    detail = as_mapping(body)
    if detail is None:
        raise StateIncomplete(where, say(gettext_noop("%(kind)s must be an object"), kind=kind))
    if kind in ("damage", "gain", "draw"):
        player = as_choice(detail.get("player"), ("a", "b"))
        amount = as_int(detail.get("count" if kind == "draw" else "amount"))
        if player is None or amount is None or amount < 0:
            raise StateIncomplete(
                where,
                say(
                    gettext_noop("%(kind)s needs a player and a whole %(value)s"),
                    kind=kind,
                    value="count" if kind == "draw" else "amount",
                ),
            )
        return Effect(kind, player=player.upper(), amount=amount)
    if kind == "modify":
        card_id = as_card_id(detail.get("card"))
        atk, defense = as_int(detail.get("atk", 0)), as_int(detail.get("def", 0))
        if card_id is None or atk is None or defense is None:
            raise StateIncomplete(
                where, say(gettext_noop("modify needs a card id and whole atk/def changes"))
            )
        return Effect("modify", targets=(card_id,), atk=atk, defense=defense)
    raise StateIncomplete(path, say(gettext_noop("unknown effect %(kind)s"), kind=repr(kind)))


def _parse_chain(value: object, parser: _Parser) -> tuple[ChainLink, ...]:
    if value is None:
        return ()
    items = as_list(value)
    if items is None:
        raise StateIncomplete("state.chain", say(gettext_noop("chain must be a list of Chain Links")))
    links: list[ChainLink] = []
    for index, item in enumerate(items):
        path = f"state.chain[{index}]"
        data = as_mapping(item)
        if data is None:
            raise StateIncomplete(path, say(gettext_noop("a Chain Link must be an object")))
        card_id = as_card_id(data.get("card"))
        if card_id is None or card_id not in parser.places:
            raise StateIncomplete(
                f"{path}.card", say(gettext_noop("a Chain Link must name a card described in the state"))
            )
        player = as_choice(data.get("player"), ("a", "b"))
        if player is None:
            raise StateIncomplete(
                f"{path}.player", say(gettext_noop("a Chain Link must name the player who activated it"))
            )
        speed = None
        if data.get("spell_speed") is not None:
            speed = as_int(data["spell_speed"])
            if speed not in (1, 2, 3):
                raise StateIncomplete(
                    f"{path}.spell_speed", say(gettext_noop("spell_speed must be 1, 2 or 3"))
                )
        negates = None
        if data.get("negates") is not None:
            negates = as_int(data["negates"])
            if negates is None or not 1 <= negates <= index:
                raise StateIncomplete(
                    f"{path}.negates",
                    say(gettext_noop("negates must be the number of an earlier Chain Link")),
                )
        links.append(
            ChainLink(
                number=index + 1,
                card=parser.places[card_id][0],
                player=player.upper(),
                spell_speed=speed,
                negates=negates,
                effect=_parse_effect(data.get("effect"), f"{path}.effect"),
                path=path,
            )
        )
    return tuple(links)


def _parse_pending_attack(value: object, parser: _Parser) -> PendingAttack | None:
    if value is None:
        return None
    data = as_mapping(value)
    path = "state.pending_attack"
    if data is None:
        raise StateIncomplete(path, say(gettext_noop("pending_attack must be an object or null")))
    attacker = as_card_id(data.get("attacker"))
    if attacker is None or attacker not in parser.places:
        raise StateIncomplete(
            f"{path}.attacker",
            say(gettext_noop("the pending attack must name an attacker described in the state")),
        )
    target = as_card_id(data.get("target")) if data.get("target") is not None else None
    if data.get("target") is not None and (target is None or target not in parser.places):
        raise StateIncomplete(
            f"{path}.target",
            say(gettext_noop("the pending attack's target must be a card in the state, or null")),
        )
    counts: dict[str, int | frozenset[str]] | None = None
    if data.get("monsters_at_declaration") is not None:
        counts = _monsters_at_declaration(data["monsters_at_declaration"], f"{path}.monsters_at_declaration")
    return PendingAttack(attacker=attacker, target=target, at_declaration=counts)


def _monsters_at_declaration(value: object, path: str) -> dict[str, int | frozenset[str]]:
    """Each player's monsters when the attack was declared: a count (``{"B": 2}``) or their ids
    (``{"B": ["b1", "b2"]}``), as the dispute format allows."""
    raw = as_mapping(value)
    hint = say(
        gettext_noop('give each player\'s monster count or their ids, e.g. {"A": 1, "B": ["b1", "b2"]}')
    )
    if raw is None:
        raise StateIncomplete(path, hint)
    declared: dict[str, int | frozenset[str]] = {}
    for player in PLAYERS:
        if player not in raw:
            continue
        entry = raw[player]
        if isinstance(entry, list):
            ids = [as_card_id(item) for item in entry]
            if any(item is None for item in ids):
                raise StateIncomplete(
                    f"{path}.{player}", say(gettext_noop('list the ids of the monsters, e.g. ["b1", "b2"]'))
                )
            declared[player] = frozenset(item for item in ids if item is not None)
            continue
        count = as_int(entry)
        if count is None or count < 0:
            raise StateIncomplete(f"{path}.{player}", hint)
        declared[player] = count
    return declared


def parse_state(value: object, catalog: CardCatalog | None) -> Duel:
    """Read a Yu-Gi-Oh! state; raise :class:`StateIncomplete` naming the first missing or bad field."""
    data = as_mapping(value)
    if data is None:
        raise StateIncomplete("state", say(gettext_noop("the dispute has no game state")))
    if data.get("turn") is None:
        raise StateIncomplete("state.turn", say(gettext_noop("the state has no turn number")))
    turn = as_int(data["turn"])
    if turn is None or turn < 1:
        raise StateIncomplete("state.turn", say(gettext_noop("turn must be a whole number from 1")))
    turn_player = _required_choice(data, "turn_player", PLAYERS).upper()
    # The first player takes the odd turns, so turn and turn player decide it; a stated one must agree.
    expected_first = turn_player if turn % 2 == 1 else other(turn_player)
    first_player = expected_first
    if data.get("first_player") is not None:
        first_player = _required_choice(data, "first_player", PLAYERS).upper()
        if first_player != expected_first:
            raise StateIncomplete(
                "state.first_player",
                say(
                    gettext_noop(
                        "turn %(turn)s belongs to %(turn_player)s, so the first player (who takes "
                        "the odd turns) is %(expected_first)s, not %(first_player)s"
                    ),
                    turn=turn,
                    turn_player=turn_player,
                    expected_first=expected_first,
                    first_player=first_player,
                ),
            )
    phase = _required_choice(data, "phase", PHASES)
    step = None
    if data.get("step") is not None:
        step = _required_choice(data, "step", STEPS)
        if phase != "battle":
            raise StateIncomplete(
                "state.step", say(gettext_noop("only the Battle Phase has steps; step must be null"))
            )
    players_raw = as_mapping(data.get("players"))
    if players_raw is None:
        raise StateIncomplete("state.players", say(gettext_noop("the state has no players")))
    parser = _Parser(catalog)
    players = {name: parser.player(players_raw.get(name), name) for name in PLAYERS}
    emz = parser.extra_monster_zones(data.get("extra_monster_zones"))
    priority = None
    if data.get("priority") is not None:
        priority = _required_choice(data, "priority", PLAYERS).upper()
    return Duel(
        turn=turn,
        turn_player=turn_player,
        first_player=first_player,
        phase=phase,
        step=step,
        players=players,
        extra_monster_zones=emz,
        chain=_parse_chain(data.get("chain"), parser),
        pending_attack=_parse_pending_attack(data.get("pending_attack"), parser),
        priority=priority,
        places=dict(parser.places),
    )
