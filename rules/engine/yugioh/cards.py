"""Yu-Gi-Oh! cards as the dispute describes them, merged with the catalog, checked and frozen.

A field the dispute gives with a wrong type or an unknown value makes the state inconsistent and is reported
at once (``state.incomplete`` naming it). A field the dispute leaves out stays ``None``; a rule that needs it
calls :meth:`Card.need`, which reports it missing only when that rule actually runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from rules.engine.catalog import CardCatalog
from rules.engine.errors import StateIncomplete
from rules.engine.jsonvalues import as_card_id, as_choice, as_int, as_list, as_mapping, as_str
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.vocabulary import is_extra_deck_monster

T = TypeVar("T")

KINDS = ("monster", "spell", "trap", "token")
FRAMES = ("normal", "effect", "ritual", "fusion", "synchro", "xyz", "link")
POSITIONS = ("attack", "defense", "set")
ARROWS = ("top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right")
ICONS = ("normal", "quick-play", "continuous", "equip", "field", "ritual", "counter")
EFFECT_TYPES = ("ignition", "trigger", "flip", "quick")
ABILITIES = ("piercing", "direct_attack", "cannot_attack", "quick_effect", "cannot_normal_summon")
PLAYERS = ("A", "B")
MAX_MATERIAL_DEPTH = 2  # an Xyz Monster's materials' own materials: deeper nesting cannot occur in play


@dataclass(frozen=True)
class MaterialSpec:
    """What a Fusion, Synchro, Xyz or Link Monster's recipe asks for."""

    count: int | None = None
    minimum: int | None = None
    frame: str | None = None
    names: tuple[str, ...] = ()
    level: int | None = None


@dataclass(frozen=True)
class Card:
    """One card. ``path`` is where the dispute put it, so a missing field can be named exactly."""

    id: str
    path: str
    name: str | None = None
    kind: str | None = None
    frame: str | None = None
    tuner: bool = False
    pendulum: bool = False
    level: int | None = None
    rank: int | None = None
    link: int | None = None
    link_arrows: tuple[str, ...] = ()
    scale: int | None = None
    atk: int | None = None
    defense: int | None = None
    position: str | None = None
    placed_turn: int | None = None
    attacks: int = 0
    position_changed: bool = False
    properly_summoned: bool | None = None
    materials: tuple[Card, ...] = ()
    material_spec: MaterialSpec | None = None
    abilities: frozenset[str] = frozenset()
    extra_attacks: int = 0
    icon: str | None = None
    face_up: bool | None = None
    effect_type: str | None = None
    modifies_atk_def: bool = False
    equipped_to: str | None = None  # an Equip Card's monster (the id), for a card in a Spell & Trap Zone
    controller: str | None = None
    owner: str | None = None

    def need(self, value: T | None, key: str) -> T:
        """``value`` if the dispute gave it, else the state is incomplete: this card's ``key`` is missing."""
        if value is None:
            raise StateIncomplete(
                f"{self.path}.{key}", say(gettext_noop("card %(self)s has no %(key)s"), self=self.id, key=key)
            )
        return value

    @property
    def label(self) -> str:
        """How the explanation names the card: its name and id, or just the id."""
        return f"{self.name} ({self.id})" if self.name else f"card {self.id}"

    def described(self, detail: str) -> str:
        """The label with a detail inside the brackets: ``Dark Magician (b1, 2500 ATK)``."""
        return f"{self.name} ({self.id}, {detail})" if self.name else f"card {self.id} ({detail})"

    @property
    def is_monster(self) -> bool:
        return self.kind in ("monster", "token")

    @property
    def is_token(self) -> bool:
        return self.kind == "token"

    @property
    def is_extra_deck_monster(self) -> bool:
        return is_extra_deck_monster(self.kind, self.frame)

    @property
    def is_link(self) -> bool:
        return self.frame == "link"

    @property
    def face_down(self) -> bool:
        return self.position == "set"

    @property
    def attack_limit(self) -> int:
        """Attacks it may declare in a turn: 1, plus any extra attacks an effect grants."""
        return 1 + self.extra_attacks


def _inconsistent(path: str, key: str, message: Sentence) -> StateIncomplete:
    return StateIncomplete(f"{path}.{key}", message)


def _read_int(data: Mapping[str, Any], path: str, key: str, minimum: int = 0) -> int | None:
    if data.get(key) is None:
        return None
    value = as_int(data[key])
    if value is None or value < minimum:
        raise _inconsistent(
            path,
            key,
            say(
                gettext_noop("%(key)s must be a whole number of at least %(minimum)s"),
                key=key,
                minimum=minimum,
            ),
        )
    return value


def _read_bool(data: Mapping[str, Any], path: str, key: str) -> bool | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, bool):
        raise _inconsistent(path, key, say(gettext_noop("%(key)s must be true or false"), key=key))
    return value


def _read_choice(data: Mapping[str, Any], path: str, key: str, choices: tuple[str, ...]) -> str | None:
    if data.get(key) is None:
        return None
    value = as_choice(data[key], choices)
    if value is None:
        raise _inconsistent(
            path,
            key,
            say(gettext_noop("%(key)s must be one of %(choices)s"), key=key, choices=", ".join(choices)),
        )
    return value


def _read_card_id(data: Mapping[str, Any], path: str, key: str) -> str | None:
    if data.get(key) is None:
        return None
    value = as_card_id(data[key])
    if value is None:
        raise _inconsistent(path, key, say(gettext_noop("%(key)s must be a card id"), key=key))
    return value


def _read_player(data: Mapping[str, Any], path: str, key: str) -> str | None:
    value = _read_choice(data, path, key, ("a", "b"))
    return value.upper() if value else None


def _read_abilities(data: Mapping[str, Any], path: str) -> tuple[frozenset[str], int]:
    if data.get("abilities") is None:
        return frozenset(), 0
    items = as_list(data["abilities"])
    if items is None:
        raise _inconsistent(path, "abilities", say(gettext_noop("abilities must be a list")))
    abilities: set[str] = set()
    extra = 0
    for item in items:
        text = as_str(item)
        if text is None:
            raise _inconsistent(path, "abilities", say(gettext_noop("each ability must be a string")))
        text = text.lower()
        if text.startswith("extra_attacks:"):
            count = as_int(_to_number(text.split(":", 1)[1]))
            if count is None or count < 0:
                raise _inconsistent(
                    path, "abilities", say(gettext_noop("extra_attacks:N needs a whole number N"))
                )
            extra += count
        elif text in ABILITIES:
            abilities.add(text)
        else:
            raise _inconsistent(
                path, "abilities", say(gettext_noop("unknown ability %(ability)s"), ability=repr(text))
            )
    return frozenset(abilities), extra


def _to_number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() and len(text) < 10 else None


def _read_material_spec(data: Mapping[str, Any], path: str) -> MaterialSpec | None:
    if data.get("material_spec") is None:
        return None
    spec = as_mapping(data["material_spec"])
    where = f"{path}.material_spec"
    if spec is None:
        raise StateIncomplete(where, say(gettext_noop("material_spec must be an object")))
    names_raw = spec.get("names")
    names: list[str] = []
    if names_raw is not None:
        listed = as_list(names_raw)
        if listed is None or not all(isinstance(name, str) for name in listed):
            raise StateIncomplete(f"{where}.names", say(gettext_noop("names must be a list of card names")))
        names = [str(name) for name in listed]
    return MaterialSpec(
        count=_read_int(spec, where, "count", 1),
        minimum=_read_int(spec, where, "min", 1),
        frame=_read_choice(spec, where, "frame", (*FRAMES, "tuner", "token")),
        names=tuple(names),
        level=_read_int(spec, where, "level", 1),
    )


def merged_card_data(raw: Mapping[str, Any], catalog: CardCatalog | None) -> Mapping[str, Any]:
    """The catalog's data for the card's name, overridden by what the dispute says."""
    name = as_str(raw.get("name"))
    if catalog is None or name is None:
        return raw
    known = catalog.card_by_name(name)
    if known is None:
        return raw
    return {**known, **raw}


def parse_card(
    value: object,
    path: str,
    catalog: CardCatalog | None,
    *,
    zone_player: str | None = None,
    depth: int = 0,
) -> Card:
    """Read one card; ``zone_player`` is the player whose zones or piles hold it (its default controller)."""
    raw = as_mapping(value)
    if raw is None:
        raise StateIncomplete(path, say(gettext_noop("a card must be an object with an id")))
    card_id = as_card_id(raw.get("id"))
    if card_id is None:
        raise StateIncomplete(f"{path}.id", say(gettext_noop("every card needs an id")))
    data = merged_card_data(raw, catalog)
    kind = _read_choice(data, path, "kind", KINDS)
    frame = _read_choice(data, path, "frame", FRAMES)
    if kind is None and frame is not None:
        kind = "monster"  # only monsters have a frame: not a guess
    link_arrows: list[str] = []
    if data.get("link_arrows") is not None:
        arrows = as_list(data["link_arrows"])
        if arrows is None or any(as_choice(arrow, ARROWS) is None for arrow in arrows):
            raise _inconsistent(
                path,
                "link_arrows",
                say(
                    gettext_noop("link_arrows must list directions among %(arrows)s"),
                    arrows=", ".join(ARROWS),
                ),
            )
        link_arrows = [str(arrow).lower() for arrow in arrows]
    materials: list[Card] = []
    if data.get("materials") is not None and depth < MAX_MATERIAL_DEPTH:
        listed = as_list(data["materials"])
        if listed is None:
            raise _inconsistent(path, "materials", say(gettext_noop("materials must be a list of cards")))
        materials = [
            parse_card(item, f"{path}.materials[{i}]", catalog, zone_player=zone_player, depth=depth + 1)
            for i, item in enumerate(listed)
        ]
    abilities, extra_attacks = _read_abilities(data, path)
    controller = _read_player(data, path, "controller") or zone_player
    return Card(
        id=card_id,
        path=path,
        name=as_str(data.get("name")),
        kind=kind,
        frame=frame,
        tuner=bool(_read_bool(data, path, "tuner")),
        pendulum=bool(_read_bool(data, path, "pendulum")),
        level=_read_int(data, path, "level"),
        rank=_read_int(data, path, "rank"),
        link=_read_int(data, path, "link", 1),
        link_arrows=tuple(link_arrows),
        scale=_read_int(data, path, "scale"),
        atk=_read_int(data, path, "atk"),
        defense=_read_int(data, path, "def"),
        position=_read_choice(data, path, "position", POSITIONS),
        placed_turn=_read_int(data, path, "placed_turn", 1),
        attacks=_read_int(data, path, "attacks") or 0,
        position_changed=bool(_read_bool(data, path, "position_changed")),
        properly_summoned=_read_bool(data, path, "properly_summoned"),
        materials=tuple(materials),
        material_spec=_read_material_spec(data, path),
        abilities=abilities,
        extra_attacks=extra_attacks,
        icon=_read_choice(data, path, "icon", ICONS),
        face_up=_read_bool(data, path, "face_up"),
        effect_type=_read_choice(data, path, "effect_type", EFFECT_TYPES),
        modifies_atk_def=bool(_read_bool(data, path, "modifies_atk_def")),
        equipped_to=_read_card_id(data, path, "equipped_to"),
        controller=controller,
        owner=_read_player(data, path, "owner") or controller,
    )
