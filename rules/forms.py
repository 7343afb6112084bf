"""The judge page's forms: build a Yu-Gi-Oh! dispute field by field, or paste one as JSON.

The builder only assembles the dispute document of ``shared/spec/dispute-format.md``; every rule is the
engine's. Empty fields are left out, so the engine applies the spec's defaults or says what is missing.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms

from config.json_input import JsonInputError, loads_checked
from rules.engine.vocabulary import BUILDER_ACTIONS, STARTING_LIFE, YUGIOH

PLAYERS = [("A", "A"), ("B", "B")]
PHASES = [
    ("draw", "Draw Phase"),
    ("standby", "Standby Phase"),
    ("main1", "Main Phase 1"),
    ("battle", "Battle Phase"),
    ("main2", "Main Phase 2"),
    ("end", "End Phase"),
]
STEPS = [
    ("", "—"),
    ("start", "Start Step"),
    ("battle", "Battle Step"),
    ("damage", "Damage Step"),
    ("damage_calculation", "Damage calculation"),
    ("end", "End Step"),
]
ZONES = [
    *[(f"m{i}", f"Monster Zone {i + 1}") for i in range(5)],
    ("emz0", "Extra Monster Zone (left)"),
    ("emz1", "Extra Monster Zone (right)"),
    *[(f"s{i}", f"Spell & Trap Zone {i + 1}") for i in range(5)],
    ("field", "Field Zone"),
    ("hand", "Hand"),
    ("graveyard", "Graveyard"),
    ("extra_deck", "Extra Deck"),
]
ACTIONS = list(BUILDER_ACTIONS[YUGIOH])
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


def _optional_choice(choices: list[tuple[str, str]], label: str) -> forms.ChoiceField:
    return forms.ChoiceField(choices=[("", "—"), *choices], required=False, label=label)


class DisputeJsonForm(forms.Form):
    dispute = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "code"}),
        label="Dispute (JSON)",
    )

    def clean_dispute(self) -> dict[str, Any]:
        text = self.cleaned_data["dispute"]
        try:
            document = loads_checked(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                f"Not JSON: {error.msg} at line {error.lineno}, column {error.colno}."
            ) from None
        except JsonInputError as error:
            # NUL, a lone surrogate, 1e400, deep nesting: named by path, like the API's 400.
            raise forms.ValidationError(str(error)) from None
        if not isinstance(document, dict):
            raise forms.ValidationError("A dispute is a JSON object: { ... }.")
        return document


class YugiohStateForm(forms.Form):
    revision = forms.ChoiceField(
        choices=[("2020", "Current rules (2020)"), ("v10", "Rulebook Version 10")], initial="2020"
    )
    turn = forms.IntegerField(min_value=1, initial=1)
    turn_player = forms.ChoiceField(choices=PLAYERS, label="Turn player")
    phase = forms.ChoiceField(choices=PHASES, initial="main1")
    step = forms.ChoiceField(choices=STEPS, required=False, label="Battle step")
    lp_a = forms.IntegerField(min_value=0, required=False, label="A's LP", initial=STARTING_LIFE[YUGIOH])
    lp_b = forms.IntegerField(min_value=0, required=False, label="B's LP", initial=STARTING_LIFE[YUGIOH])
    hand_a = forms.IntegerField(min_value=0, required=False, label="Cards in A's hand")
    hand_b = forms.IntegerField(min_value=0, required=False, label="Cards in B's hand")
    deck_a = forms.IntegerField(min_value=0, required=False, label="Cards in A's Deck")
    deck_b = forms.IntegerField(min_value=0, required=False, label="Cards in B's Deck")
    normal_summon_used_a = forms.BooleanField(
        required=False, label="A already Normal Summoned or Set this turn"
    )
    normal_summon_used_b = forms.BooleanField(
        required=False, label="B already Normal Summoned or Set this turn"
    )


class CardForm(forms.Form):
    """One card on the table. Its id (a1, b2, ...) is what the action refers to."""

    card_id = forms.SlugField(max_length=20, required=False, label="Id")
    player = forms.ChoiceField(choices=PLAYERS, required=False)
    zone = _optional_choice(ZONES, "Zone")
    name = forms.CharField(max_length=120, required=False)
    kind = _optional_choice(
        [("monster", "Monster"), ("spell", "Spell"), ("trap", "Trap"), ("token", "Token")], "Kind"
    )
    frame = _optional_choice(
        [(f, f.capitalize()) for f in ("normal", "effect", "ritual", "fusion", "synchro", "xyz", "link")],
        "Frame",
    )
    level = forms.IntegerField(min_value=0, max_value=13, required=False, label="Level / Rank / Link")
    atk = forms.IntegerField(min_value=0, required=False, label="ATK")
    defense = forms.IntegerField(min_value=0, required=False, label="DEF")
    position = _optional_choice(
        [("attack", "Attack"), ("defense", "Defense"), ("set", "Set (face-down)")], "Position"
    )
    icon = _optional_choice(
        [
            (i, i.replace("-", " ").capitalize())
            for i in ("normal", "quick-play", "continuous", "equip", "field", "ritual", "counter")
        ],
        "Spell/Trap icon",
    )
    face_up = forms.BooleanField(required=False, label="Face-up (Spell/Trap)")
    equipped_to = forms.SlugField(
        max_length=20,
        required=False,
        label="Equipped to (id)",
        help_text="For an Equip Card on the field: the monster it is equipped to.",
    )
    placed_turn = forms.IntegerField(min_value=1, required=False, label="Placed on turn")
    material_count = forms.IntegerField(
        min_value=1, required=False, label="Materials it needs", help_text="Fusion, Synchro, Xyz, Link"
    )
    material_level = forms.IntegerField(
        min_value=1,
        required=False,
        label="Materials' Level",
        help_text="Xyz: each material's Level. Ritual: the total Level the Ritual Spell asks for.",
    )
    attacks = forms.IntegerField(min_value=0, required=False, label="Attacks this turn")

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {})
        return not any(data.get(field) for field in ("card_id", "name", "zone", "atk", "level"))


CardFormSet = forms.formset_factory(CardForm, extra=6, max_num=30)


class YugiohActionForm(forms.Form):
    type = forms.ChoiceField(choices=ACTIONS, label="What is disputed")
    player = forms.ChoiceField(choices=PLAYERS, required=False, label="Acting player")
    card = forms.CharField(
        max_length=20,
        required=False,
        label="Card (id)",
        help_text="The attacker, the card Summoned or activated.",
    )
    target = forms.CharField(
        max_length=20,
        required=False,
        label="Target (id)",
        help_text="The monster attacked (empty for a direct attack), or the one an Equip Spell equips.",
    )
    ids = forms.CharField(
        max_length=200, required=False, label="Tributes / materials (ids)", help_text="Separated by commas."
    )
    method = _optional_choice(
        [(m, m.capitalize()) for m in ("fusion", "synchro", "xyz", "link", "ritual", "pendulum", "effect")],
        "Summon method",
    )
    zone = _optional_choice(ZONES[:7], "To zone")
    position = _optional_choice([("attack", "Attack"), ("defense", "Defense")], "Position")
    source = _optional_choice([("hand", "Hand"), ("field", "Field")], "Activated from")
    effect_type = _optional_choice(
        [(t, t.capitalize()) for t in ("ignition", "trigger", "flip", "quick")], "Effect type"
    )


def _card(form: CardForm, number: int) -> tuple[str, str, dict[str, Any]]:
    """Who holds the card, in which zone, and the card as the dispute format writes it."""
    data = form.cleaned_data
    player = data.get("player") or "A"
    card: dict[str, Any] = {"id": data.get("card_id") or f"{player.lower()}{number}"}
    copied = ("name", "kind", "frame", "position", "icon", "placed_turn", "attacks", "atk", "equipped_to")
    for field in copied:
        if data.get(field) not in (None, ""):
            card[field] = data[field]
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
    for number, form in enumerate(form for form in cards if not form.is_blank()):
        player, zone, card = _card(form, number + 1)
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
            dispute_action[key] = [part.strip() for part in (value or "").split(",") if part.strip()]
        elif form_field == "target" and a["type"] == "attack":
            dispute_action[key] = value or None  # null is a direct attack
        elif value:
            dispute_action[key] = value
    return {
        "format": "dispute/1",
        "game": "yugioh",
        "revision": s["revision"],
        "state": dispute_state,
        "action": dispute_action,
    }
