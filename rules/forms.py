"""The judge page's forms: build a Yu-Gi-Oh! dispute field by field, or paste one as JSON.

The builder only assembles the dispute document of ``shared/spec/dispute-format.md``; every rule is the
engine's. Empty fields are left out, so the engine applies the spec's defaults or says what is missing.

Players are named as the page knows them (a match's players, else "Player A" and "Player B"), and cards by
their row ("Card 2: Dark Magician"): the action picks its cards from the rows, and the builder gives each
card the id the dispute format needs (``a1`` for row 1 held by A, ``b2`` for row 2 held by B), so nobody
types an id.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, pgettext
from django.utils.translation import gettext_lazy as _

from config.json_input import JsonInputError, loads_checked
from rules.engine.vocabulary import STARTING_LIFE, YUGIOH
from rules.words import ACTION_LABELS

PLAYERS = [("A", "A"), ("B", "B")]  # replaced by the players' names when a form is made (player_choices)


def player_choices(names: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A and B as the page names them: the match's players, else "Player A" and "Player B"."""
    return [(player, str(names[player])) for player in ("A", "B")]


def set_choices(field: forms.Field, choices: list[tuple[str, str]]) -> None:
    """Give a choice field of a form instance its choices (the players' names, the card rows)."""
    cast(forms.ChoiceField, field).choices = choices


def card_row_heading(number: int, name: str = "") -> str:
    """A Yu-Gi-Oh! card row as the page heads it and the action lists it ("Card 2: Dark Magician")."""
    if name:
        return pgettext("Yu-Gi-Oh!", "Card %(number)s: %(name)s") % {"number": number, "name": name}
    return pgettext("Yu-Gi-Oh!", "Card %(number)s") % {"number": number}


def _numbered(text: str, number: int) -> str:
    """``text`` (marked with ``gettext_noop``) with its ``%(number)d``, translated when the page is drawn."""
    return gettext(text) % {"number": number}


numbered = lazy(_numbered, str)
MONSTER_ZONE = gettext_noop("Monster Zone %(number)d")
SPELL_TRAP_ZONE = gettext_noop("Spell & Trap Zone %(number)d")
PHASES = [
    ("draw", _("Draw Phase")),
    ("standby", _("Standby Phase")),
    ("main1", _("Main Phase 1")),
    ("battle", _("Battle Phase")),
    ("main2", _("Main Phase 2")),
    ("end", _("End Phase")),
]
STEPS = [
    ("", "—"),
    ("start", _("Start Step")),
    ("battle", _("Battle Step")),
    ("damage", _("Damage Step")),
    ("damage_calculation", _("Damage calculation")),
    ("end", _("End Step")),
]
ZONES = [
    *[(f"m{i}", numbered(MONSTER_ZONE, i + 1)) for i in range(5)],
    ("emz0", _("Extra Monster Zone (left)")),
    ("emz1", _("Extra Monster Zone (right)")),
    *[(f"s{i}", numbered(SPELL_TRAP_ZONE, i + 1)) for i in range(5)],
    ("field", _("Field Zone")),
    ("hand", _("Hand")),
    ("graveyard", _("Graveyard")),
    ("extra_deck", _("Extra Deck")),
]
ACTIONS = list(ACTION_LABELS[YUGIOH])
# Which builder fields each action takes, and the key each one has in the dispute's action.
ACTION_FIELDS: dict[str, dict[str, str]] = {
    "attack": {"player": "player", "card": "attacker", "target": "target"},
    "normal_summon": {"player": "player", "card": "card", "ids": "tributes", "position": "position"},
    "set_monster": {"player": "player", "card": "card", "ids": "tributes"},
    "flip_summon": {"player": "player", "card": "card"},
    "change_position": {"player": "player", "card": "card", "position": "to"},
    "special_summon": {
        "player": "player",
        "card": "card",
        "method": "method",
        "ids": "materials",
        "zone": "zone",
        "position": "position",
    },
    "activate": {
        "player": "player",
        "card": "card",
        "source": "from",
        "effect_type": "effect_type",
        "target": "target",
    },
    "resolve_chain": {},
    "draw": {"player": "player"},
    "end_turn": {"player": "player"},
    "check_state": {},
    "replay": {"player": "player"},
}


def _optional_choice(choices: list[tuple[str, Any]], label: Any) -> forms.ChoiceField:
    return forms.ChoiceField(choices=[("", "—"), *choices], required=False, label=label)


class DisputeJsonForm(forms.Form):
    dispute = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "code"}),
        label=_("Dispute (JSON)"),
    )

    def clean_dispute(self) -> dict[str, Any]:
        text = self.cleaned_data["dispute"]
        try:
            document = loads_checked(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                gettext("Not JSON: %(error)s at line %(line)d, column %(column)d.")
                % {"error": error.msg, "line": error.lineno, "column": error.colno}
            ) from None
        except JsonInputError as error:
            # NUL, a lone surrogate, 1e400, deep nesting: named by path, like the API's 400.
            raise forms.ValidationError(str(error)) from None
        if not isinstance(document, dict):
            raise forms.ValidationError(gettext("A dispute is a JSON object: { ... }."))
        return document


class YugiohStateForm(forms.Form):
    """The duel's turn, phase and each player's LP and counts, the players by their names."""

    revision = forms.ChoiceField(
        choices=[("2020", _("Current rules (2020)")), ("v10", _("Rulebook Version 10"))],
        initial="2020",
        label=_("Revision"),
    )
    turn = forms.IntegerField(min_value=1, initial=1, label=_("Turn"))
    turn_player = forms.ChoiceField(choices=PLAYERS, label=_("Turn player"))
    phase = forms.ChoiceField(choices=PHASES, initial="main1", label=_("Phase"))
    step = forms.ChoiceField(choices=STEPS, required=False, label=_("Battle step"))
    lp_a = forms.IntegerField(min_value=0, required=False, initial=STARTING_LIFE[YUGIOH])
    lp_b = forms.IntegerField(min_value=0, required=False, initial=STARTING_LIFE[YUGIOH])
    hand_a = forms.IntegerField(min_value=0, required=False)
    hand_b = forms.IntegerField(min_value=0, required=False)
    deck_a = forms.IntegerField(min_value=0, required=False)
    deck_b = forms.IntegerField(min_value=0, required=False)
    normal_summon_used_a = forms.BooleanField(required=False)
    normal_summon_used_b = forms.BooleanField(required=False)

    def __init__(self, *args: Any, names: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["turn_player"], player_choices(names))
        for player in ("A", "B"):
            values, p = {"player": names[player]}, player.lower()
            self.fields[f"lp_{p}"].label = gettext("%(player)s's LP") % values
            self.fields[f"hand_{p}"].label = gettext("Cards in %(player)s's hand") % values
            self.fields[f"deck_{p}"].label = gettext("Cards in %(player)s's Deck") % values
            self.fields[f"normal_summon_used_{p}"].label = (
                gettext("%(player)s already Normal Summoned or Set this turn") % values
            )


class CardForm(forms.Form):
    """One card on the table, row ``number`` of the list: the action and an Equip Card pick it by its row."""

    player = forms.ChoiceField(choices=PLAYERS, required=False, label=_("Player"))
    zone = _optional_choice(ZONES, _("Zone"))
    name = forms.CharField(max_length=120, required=False, label=_("Name"))
    kind = _optional_choice(
        [("monster", _("Monster")), ("spell", _("Spell")), ("trap", _("Trap")), ("token", _("Token"))],
        _("Kind"),
    )
    frame = _optional_choice(
        [
            ("normal", _("Normal")),
            ("effect", _("Effect")),
            ("ritual", _("Ritual")),
            ("fusion", _("Fusion")),
            ("synchro", _("Synchro")),
            ("xyz", _("Xyz")),
            ("link", _("Link")),
        ],
        _("Frame"),
    )
    level = forms.IntegerField(min_value=0, max_value=13, required=False, label=_("Level / Rank / Link"))
    atk = forms.IntegerField(min_value=0, required=False, label=_("ATK"))
    defense = forms.IntegerField(min_value=0, required=False, label=_("DEF"))
    position = _optional_choice(
        [("attack", _("Attack")), ("defense", _("Defense")), ("set", _("Set (face-down)"))], _("Position")
    )
    icon = _optional_choice(
        [
            ("normal", _("Normal")),
            ("quick-play", _("Quick-play")),
            ("continuous", _("Continuous")),
            ("equip", _("Equip")),
            ("field", _("Field")),
            ("ritual", _("Ritual")),
            ("counter", _("Counter")),
        ],
        _("Spell/Trap icon"),
    )
    face_up = forms.BooleanField(required=False, label=_("Face-up (Spell/Trap)"))
    equipped_to = forms.ChoiceField(
        choices=[("", "—")],  # the card rows (link_card_rows)
        required=False,
        label=_("Equipped to"),
        help_text=_("For an Equip Card on the field: the monster it is equipped to."),
    )
    placed_turn = forms.IntegerField(min_value=1, required=False, label=_("Placed on turn"))
    material_count = forms.IntegerField(
        min_value=1, required=False, label=_("Materials it needs"), help_text=_("Fusion, Synchro, Xyz, Link")
    )
    material_level = forms.IntegerField(
        min_value=1,
        required=False,
        label=_("Materials' Level"),
        help_text=_("Xyz: each material's Level. Ritual: the total Level the Ritual Spell asks for."),
    )
    attacks = forms.IntegerField(min_value=0, required=False, label=_("Attacks this turn"))

    def __init__(self, *args: Any, names: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["player"], player_choices(names))

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {})
        return not any(data.get(field) for field in ("name", "zone", "atk", "level"))

    def typed_name(self) -> str:
        """The name as typed in the page (bound) or prefilled, for the row's heading."""
        value = self["name"].value()
        return str(value).strip() if value else ""


CardFormSet = forms.formset_factory(CardForm, extra=6, max_num=30)


class YugiohActionForm(forms.Form):
    type = forms.ChoiceField(choices=ACTIONS, label=_("What is disputed"))
    player = forms.ChoiceField(choices=PLAYERS, required=False, label=_("Acting player"))
    card = forms.ChoiceField(
        choices=[("", "—")],  # the card rows (link_card_rows)
        required=False,
        label=_("The card"),
        help_text=_("The attacker, the card Summoned or activated."),
    )
    target = forms.ChoiceField(
        choices=[("", "—")],
        required=False,
        label=_("Target"),
        help_text=_("The monster attacked (empty for a direct attack), or the one an Equip Spell equips."),
    )
    ids = forms.MultipleChoiceField(
        choices=[],
        required=False,
        label=_("Tributes / materials"),
        widget=forms.CheckboxSelectMultiple(attrs={"class": "inline-check"}),
    )
    method = _optional_choice(
        [
            ("fusion", _("Fusion")),
            ("synchro", _("Synchro")),
            ("xyz", _("Xyz")),
            ("link", _("Link")),
            ("ritual", _("Ritual")),
            ("pendulum", _("Pendulum")),
            ("effect", _("Effect")),
        ],
        _("Summon method"),
    )
    zone = _optional_choice(ZONES[:7], _("To zone"))
    position = _optional_choice([("attack", _("Attack")), ("defense", _("Defense"))], _("Position"))
    source = _optional_choice([("hand", _("Hand")), ("field", _("Field"))], _("Activated from"))
    effect_type = _optional_choice(
        [("ignition", _("Ignition")), ("trigger", _("Trigger")), ("flip", _("Flip")), ("quick", _("Quick"))],
        _("Effect type"),
    )

    def __init__(self, *args: Any, names: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["player"], player_choices(names))


def link_card_rows(cards: Any, action: YugiohActionForm) -> None:
    """The rows of ``cards`` as the choices of every field that names a card: the action's card, target and
    Tributes or materials, and each row's "Equipped to"."""
    rows = [
        (str(number), card_row_heading(number, form.typed_name())) for number, form in enumerate(cards, 1)
    ]
    for name in ("card", "target"):
        set_choices(action.fields[name], [("", "—"), *rows])
    set_choices(action.fields["ids"], rows)
    for form in cards:
        set_choices(form.fields["equipped_to"], [("", "—"), *rows])
    # Their choices are renamed with the rows as names are typed (static/js/arbiter.js).
    for field in [action.fields["card"], action.fields["target"], action.fields["ids"]]:
        field.widget.attrs["data-card-rows"] = ""
    for form in cards:
        form.fields["equipped_to"].widget.attrs["data-card-rows"] = ""


def card_row_errors(cards: Any, action: YugiohActionForm) -> bool:
    """Whether every card the (valid) forms name is a row that describes one; each that is not is named at
    its field ("Card 3 is empty: describe it, or pick another card.")."""
    described = {number for number, form in enumerate(cards, 1) if not form.is_blank()}

    def empty(value: str) -> str:
        return gettext("Card %(number)s is empty: describe it above, or pick another card.") % {
            "number": value
        }

    ok = True
    for name in ("card", "target"):
        value = action.cleaned_data.get(name)
        if value and int(value) not in described:
            action.add_error(name, empty(value))
            ok = False
    for value in action.cleaned_data.get("ids") or []:
        if int(value) not in described:
            action.add_error("ids", empty(value))
            ok = False
    for form in cards:
        value = form.cleaned_data.get("equipped_to")
        if value and int(value) not in described:
            form.add_error("equipped_to", empty(value))
            ok = False
    return ok


def row_ids(cards: Any) -> dict[str, str]:
    """Each row's number ("2") and its card's id in the dispute: its holder's letter and the row (b2)."""
    return {
        str(number): f"{(form.cleaned_data.get('player') or 'A').lower()}{number}"
        for number, form in enumerate(cards, 1)
    }


def _card(form: CardForm, number: int, ids: Mapping[str, str]) -> tuple[str, str, dict[str, Any]]:
    """Who holds the card, in which zone, and the card as the dispute format writes it."""
    data = form.cleaned_data
    player = data.get("player") or "A"
    card: dict[str, Any] = {"id": ids[str(number)]}
    copied = ("name", "kind", "frame", "position", "icon", "placed_turn", "attacks", "atk")
    for field in copied:
        if data.get(field) not in (None, ""):
            card[field] = data[field]
    if data.get("equipped_to"):
        card["equipped_to"] = ids[data["equipped_to"]]
    if data.get("defense") is not None and data.get("frame") != "link":
        card["def"] = data["defense"]
    if data.get("level") is not None:
        card[{"xyz": "rank", "link": "link"}.get(data.get("frame") or "", "level")] = data["level"]
    recipe = {
        key: data[field]
        for field, key in (("material_count", "count"), ("material_level", "level"))
        if data.get(field) is not None
    }
    if recipe:
        card["material_spec"] = recipe
    if data.get("kind") in ("spell", "trap"):
        card["face_up"] = bool(data.get("face_up"))
    return player, data.get("zone") or "hand", card


def build_yugioh_dispute(state: YugiohStateForm, cards: Any, action: YugiohActionForm) -> dict[str, Any]:
    """The dispute the three forms describe (they must be valid)."""
    s = state.cleaned_data
    players: dict[str, dict[str, Any]] = {}
    for player in ("A", "B"):
        side: dict[str, Any] = {}
        for key in ("lp", "hand", "deck"):
            value = s.get(f"{key}_{player.lower()}")
            if value is not None:
                side[key] = value
        if s.get(f"normal_summon_used_{player.lower()}"):
            side["normal_summon_used"] = True
        players[player] = side
    extra_monster_zones: list[Any] = [None, None]
    ids = row_ids(cards)
    for number, form in enumerate(cards, 1):
        if form.is_blank():
            continue
        player, zone, card = _card(form, number, ids)
        side = players[player]
        if zone.startswith("emz"):
            card["controller"] = player
            extra_monster_zones[int(zone[-1])] = card
        elif zone[0] in "ms" and zone[1:].isdigit():
            key = "monster_zones" if zone[0] == "m" else "spell_trap_zones"
            side.setdefault(key, [None] * 5)[int(zone[1:])] = card
        elif zone == "field":
            side["field_zone"] = card
        else:
            existing = side.get(zone)
            side[zone] = [*(existing if isinstance(existing, list) else []), card]
    dispute_state: dict[str, Any] = {
        "turn": s["turn"],
        "turn_player": s["turn_player"],
        "phase": s["phase"],
        "players": players,
    }
    if s.get("step"):
        dispute_state["step"] = s["step"]
    if any(extra_monster_zones):
        dispute_state["extra_monster_zones"] = extra_monster_zones
    a = action.cleaned_data
    dispute_action: dict[str, Any] = {"type": a["type"]}
    for form_field, key in ACTION_FIELDS[a["type"]].items():
        value = a.get(form_field)
        if form_field == "ids":
            dispute_action[key] = [ids[row] for row in value or []]
        elif form_field in ("card", "target"):
            if value:
                dispute_action[key] = ids[value]
            elif form_field == "target" and a["type"] == "attack":
                dispute_action[key] = None  # null is a direct attack
        elif value:
            dispute_action[key] = value
    return {
        "format": "dispute/1",
        "game": "yugioh",
        "revision": s["revision"],
        "state": dispute_state,
        "action": dispute_action,
    }
