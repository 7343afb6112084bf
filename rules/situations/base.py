"""What every situation form shares: players named as the table names them, cards looked up by name.

A situation is one argument players actually have ("an attack and its damage", "a second land"): a small
Django form asking only what decides it, and a ``dispute()`` that turns its answers into the dispute document
of ``shared/spec/dispute-format.md``. The rules stay the engine's; a situation only fills in what the
argument itself implies (an attack happens in the Battle Step of the attacker's turn), and everything that
could change the ruling is a field the player sees, with its value on the screen.

Cards are asked for by name: a card "slot" is a name field with suggestions from the store's catalog plus
the numbers the rule needs (ATK, DEF, Level, power...). Picking a suggestion fills the numbers on the page
(``static/js/arbiter.js``); a name typed without numbers is looked up in the catalog when the form is
cleaned, so the ruling always sees the numbers the player saw. A card not in the catalog is described by
its numbers alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.engine.vocabulary import MTG, YUGIOH

CardLookup = Callable[[str], Mapping[str, Any] | None]
PLAYERS = ("A", "B")
# The standalone judge page does not know the players: it names them "Player A" and "Player B".
DEFAULT_NAMES: dict[str, Any] = {"A": _("Player A"), "B": _("Player B")}

# What the forms of both games say about a card, per game: Brazilian Yu-Gi-Oh! players say "card", Magic
# players "carta" (the message context is the game; English and Spanish read the same in both).
CARD_WORDS: dict[str, dict[str, Any]] = {
    YUGIOH: {
        "name": pgettext_lazy("Yu-Gi-Oh!", "Card name"),
        "kind": pgettext_lazy("Yu-Gi-Oh!", "Kind of card"),
        "kind_help": pgettext_lazy("Yu-Gi-Oh!", "Only for a card not in the card list."),
        "as_printed": pgettext_lazy("Yu-Gi-Oh!", "as the card says"),
        "unknown_kind": pgettext_lazy(
            "Yu-Gi-Oh!", "%(name)s is not in the card list: say which kind of card it is."
        ),
        "no_kind": pgettext_lazy("Yu-Gi-Oh!", "Needed: the card's name, or which kind of card it is."),
        "wrong_card": pgettext_lazy("Yu-Gi-Oh!", "%(name)s has no %(stat)s: is it the right card?"),
        "unknown_stat": pgettext_lazy("Yu-Gi-Oh!", "%(name)s is not in the card list: give its %(stat)s."),
        "no_stat": pgettext_lazy("Yu-Gi-Oh!", "Needed: the %(stat)s, or the card's name."),
    },
    MTG: {
        "name": pgettext_lazy("Magic", "Card name"),
        "kind": pgettext_lazy("Magic", "Kind of card"),
        "kind_help": pgettext_lazy("Magic", "Only for a card not in the card list."),
        "as_printed": pgettext_lazy("Magic", "as the card says"),
        "unknown_kind": pgettext_lazy(
            "Magic", "%(name)s is not in the card list: say which kind of card it is."
        ),
        "no_kind": pgettext_lazy("Magic", "Needed: the card's name, or which kind of card it is."),
        "wrong_card": pgettext_lazy("Magic", "%(name)s has no %(stat)s: is it the right card?"),
        "unknown_stat": pgettext_lazy("Magic", "%(name)s is not in the card list: give its %(stat)s."),
        "no_stat": pgettext_lazy("Magic", "Needed: the %(stat)s, or the card's name."),
    },
}


def other(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class CardSlot:
    """One card the situation asks about: ``prefix_name`` plus a number field for each stat in ``stats``.

    ``needs`` are the stats the ruling cannot do without: when neither the player nor the catalog gives
    one, the form names it as missing beside its field.
    """

    prefix: str
    legend: Any  # a lazily translated string
    stats: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    name_required: bool = False
    search_hint: Any = ""

    def field_name(self, stat: str) -> str:
        return f"{self.prefix}_{stat}"


# Each stat a slot may show: its label, the catalog key it is filled from and its bounds.
STAT_FIELDS: dict[str, tuple[Any, str, int]] = {
    "atk": (_("ATK"), "atk", 100_000),
    "def": (_("DEF"), "def", 100_000),
    "level": (_("Level"), "level", 13),
    "rank": (_("Rank"), "rank", 13),
    "link": (_("Link Rating"), "link", 8),
    "power": (_("Power"), "power", 1000),
    "toughness": (_("Toughness"), "toughness", 1000),
}
# A Yu-Gi-Oh! card's kind and icon in one choice ("trap:counter"), for Spell Speed and Set-card rules.
CARD_KINDS: list[tuple[str, Any]] = [
    ("", CARD_WORDS[YUGIOH]["as_printed"]),
    ("trap:normal", _("Normal Trap")),
    ("trap:continuous", _("Continuous Trap")),
    ("trap:counter", _("Counter Trap")),
    ("spell:quick-play", _("Quick-Play Spell")),
    ("spell:normal", _("Normal Spell")),
    ("spell:continuous", _("Continuous Spell")),
    ("spell:equip", _("Equip Spell")),
    ("spell:field", _("Field Spell")),
    ("monster:", _("a monster's effect")),
]


def kind_value(card: Mapping[str, Any]) -> str:
    """The ``CARD_KINDS`` value of a catalog card ("" when the catalog does not say)."""
    kind = card.get("kind")
    if kind in ("spell", "trap"):
        return f"{kind}:{card.get('icon') or 'normal'}"
    return "monster:" if kind == "monster" else ""


# A Magic card's kind (the card type its timing follows), for a card not in the card list. An artifact
# creature is cast as a creature is: every type but instant (and land) casts at sorcery speed.
MTG_CARD_TYPES: list[tuple[str, Any]] = [
    ("", CARD_WORDS[MTG]["as_printed"]),
    ("instant", _("Instant")),
    ("sorcery", _("Sorcery")),
    ("creature", _("Creature")),
    ("artifact", _("Artifact")),
    ("enchantment", _("Enchantment")),
    ("planeswalker", _("Planeswalker")),
    ("land", _("Land")),
]


def mtg_type_value(card: Mapping[str, Any]) -> str:
    """The ``MTG_CARD_TYPES`` value of a catalog card: its type that decides when it may be cast."""
    types = [str(t).lower() for t in card.get("types") or []]
    return next((value for value, _label in MTG_CARD_TYPES if value and value in types), "")


# The stats asked as a choice rather than a number: their choices and their value for a catalog card.
CHOICE_STATS: dict[str, tuple[list[tuple[str, Any]], Callable[[Mapping[str, Any]], str]]] = {
    "kind": (CARD_KINDS, kind_value),
    "type": (MTG_CARD_TYPES, mtg_type_value),
}


@dataclass
class Section:
    """What the template draws: a card slot's fieldset, a question answered by a choice, or a row of
    plain fields side by side."""

    slot: CardSlot | None
    fields: list[forms.BoundField] = field(default_factory=list)
    kind: str = "plain"  # "slot", "choice" or "plain"

    @property
    def name_field(self) -> forms.BoundField | None:
        return self.fields[0] if self.slot is not None else None

    @property
    def stat_fields(self) -> list[forms.BoundField]:
        return self.fields[1:] if self.slot is not None else []


class Situation(forms.Form):
    """Base of every situation form. Subclasses declare ``key``, ``title``, ``question``, ``slots``, their
    own fields (``player_field`` for who did it), and ``dispute()``."""

    game: ClassVar[str]
    key: ClassVar[str]
    title: ClassVar[Any]
    question: ClassVar[Any]
    slots: ClassVar[tuple[CardSlot, ...]] = ()
    # Fields shown after the card slots (the rest come first, in declaration order).
    after_cards: ClassVar[tuple[str, ...]] = ()
    # Fields drawn inside a card slot's fieldset after its numbers, by slot prefix (a creature's abilities).
    slot_extras: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        names: Mapping[str, str] | None = None,
        lookup: CardLookup | None = None,
        initial: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(data, initial=dict(initial or {}), prefix=None)
        self.names = dict(names) if names else {p: str(name) for p, name in DEFAULT_NAMES.items()}
        self.lookup = lookup
        words = CARD_WORDS[self.game]
        for slot in self.slots:
            self.fields[slot.field_name("name")] = forms.CharField(
                max_length=120,
                required=slot.name_required,
                label=words["name"],
                help_text=slot.search_hint,
            )
            for stat in slot.stats:
                if stat in CHOICE_STATS:
                    self.fields[slot.field_name(stat)] = forms.ChoiceField(
                        choices=CHOICE_STATS[stat][0],
                        required=False,
                        label=words["kind"],
                        help_text=words["kind_help"],
                    )
                    continue
                label, _key, top = STAT_FIELDS[stat]
                self.fields[slot.field_name(stat)] = forms.IntegerField(
                    min_value=0, max_value=top, required=False, label=label
                )
        for name, bound in self.fields.items():
            if isinstance(bound, forms.ChoiceField) and getattr(bound, "players", False):
                bound.choices = [(p, self.names[p]) for p in PLAYERS]
            if bound.required:
                bound.widget.attrs["required"] = "required"
                bound.needed = True  # type: ignore[attr-defined]  # the template marks it "needed"
            bound.widget.attrs.setdefault("data-situation-field", name)
        for slot in self.slots:
            for stat in slot.needs:
                # Needed unless the card list knows it: not "required" for the browser, since picking a
                # card fills it and a name the catalog knows is enough.
                self.fields[slot.field_name(stat)].widget.attrs["aria-required"] = "true"
                self.fields[slot.field_name(stat)].needed = True  # type: ignore[attr-defined]

    # --- how the page is laid out ------------------------------------------------------------------------

    def sections(self) -> list[Section]:
        slot_fields = {slot.field_name(s) for slot in self.slots for s in ("name", *slot.stats)}
        slot_fields |= {name for extras in self.slot_extras.values() for name in extras}
        before = [name for name in self.fields if name not in slot_fields and name not in self.after_cards]
        sections = self._plain_and_choices(before)
        sections += [
            Section(
                slot,
                [self[slot.field_name(s)] for s in ("name", *slot.stats)]
                + [self[name] for name in self.slot_extras.get(slot.prefix, ())],
                "slot",
            )
            for slot in self.slots
        ]
        return sections + self._plain_and_choices(list(self.after_cards))

    def _plain_and_choices(self, names: list[str]) -> list[Section]:
        """Each radio or tick-box question on its own; plain fields next to each other share one row."""
        sections: list[Section] = []
        for name in names:
            widget = self.fields[name].widget
            if isinstance(widget, forms.RadioSelect | forms.CheckboxSelectMultiple):
                sections.append(Section(None, [self[name]], "choice"))
            elif sections and sections[-1].kind == "plain":
                sections[-1].fields.append(self[name])
            else:
                sections.append(Section(None, [self[name]], "plain"))
        return sections

    def needed(self, slot: CardSlot, stat: str) -> bool:
        """Whether ``slot``'s ``stat`` decides this ruling (subclasses narrow it by their other answers)."""
        return stat in slot.needs

    # --- cleaning -------------------------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for slot in self.slots:
            self._fill_from_catalog(slot, cleaned)
        return cleaned

    def _fill_from_catalog(self, slot: CardSlot, cleaned: dict[str, Any]) -> None:
        name = (cleaned.get(slot.field_name("name")) or "").strip()
        known = self.lookup(name) if name and self.lookup is not None else None
        for stat in slot.stats:
            key = slot.field_name(stat)
            if stat in CHOICE_STATS:
                if not cleaned.get(key) and known is not None:
                    cleaned[key] = CHOICE_STATS[stat][1](known)
                if not cleaned.get(key) and self.needed(slot, stat) and key not in self.errors:
                    self.add_error(key, _missing_kind(self.game, name))
                continue
            if cleaned.get(key) is None and known is not None and known.get(STAT_FIELDS[stat][1]) is not None:
                cleaned[key] = known[STAT_FIELDS[stat][1]]
            if cleaned.get(key) is None and self.needed(slot, stat) and key not in self.errors:
                self.add_error(key, _missing_stat(self.game, name, STAT_FIELDS[stat][0], known is not None))

    def card(self, slot: CardSlot, card_id: str, **fields: Any) -> dict[str, Any]:
        """The slot's card in the dispute format: its id, name (when given), the numbers, then ``fields``."""
        data = self.cleaned_data
        card: dict[str, Any] = {"id": card_id}
        name = (data.get(slot.field_name("name")) or "").strip()
        if name:
            card["name"] = name
        for stat in slot.stats:
            value = data.get(slot.field_name(stat))
            if stat == "kind":
                if value:
                    kind, icon = value.split(":")
                    card["kind"] = kind
                    if icon:
                        card["icon"] = icon
            elif stat == "type":
                if value:
                    card["types"] = [value]
            elif value is not None:
                card[STAT_FIELDS[stat][1]] = value
        card.update(fields)
        return card

    def dispute(self) -> dict[str, Any]:  # pragma: no cover - every situation defines it
        raise NotImplementedError

    def card_names(self) -> dict[str, str]:
        """The card names the player gave, by the ids ``dispute()`` gives them (for the ruling in words)."""
        return {}


def _missing_kind(game: str, name: str) -> str:
    words = CARD_WORDS[game]
    if name:
        return str(words["unknown_kind"]) % {"name": name}
    return str(words["no_kind"])


def _missing_stat(game: str, name: str, label: Any, in_catalog: bool) -> str:
    words = CARD_WORDS[game]
    if in_catalog:
        return str(words["wrong_card"]) % {"name": name, "stat": label}
    if name:
        return str(words["unknown_stat"]) % {"name": name, "stat": label}
    return str(words["no_stat"]) % {"stat": label}


class PlayerChoiceField(forms.ChoiceField):
    """A choice of player whose labels are the players' names (set by :class:`Situation`)."""

    players = True

    def __init__(self, *, label: Any, required: bool = True, **kwargs: Any) -> None:
        super().__init__(
            choices=[(p, DEFAULT_NAMES[p]) for p in PLAYERS],
            label=label,
            required=required,
            widget=forms.RadioSelect,
            **kwargs,
        )


def statement(label: Any, *, help_text: Any = "") -> forms.BooleanField:
    """A fact that is true or not, as a tick box whose label states it ("It is the first turn of the duel"):
    left unticked it is shown as not so, on the screen beside the ruling, never assumed out of sight."""
    return forms.BooleanField(required=False, label=label, help_text=help_text)
