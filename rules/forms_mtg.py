"""The judge page's Magic: The Gathering builder: a game state, its permanents and stack, and the action.

Like the Yu-Gi-Oh! builder in ``rules.forms`` it only assembles the dispute document of
``shared/spec/dispute-format.md`` (sections "Magic: The Gathering state" and "Magic actions"); every rule is
the engine's. Empty fields are left out, so the engine applies the spec's defaults or says what is missing.

Combat is typed as text, one attacker per line, because a judge at a laptop types ``b1: a1, a2 | a1=2, a2=1``
faster than they fill a nested formset; the syntax lives in :func:`parse_combat` and its help text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules.engine.vocabulary import MTG, STARTING_LIFE
from rules.forms import player_choices, set_choices
from rules.words import ACTION_LABELS

PLAYERS = [("A", "A"), ("B", "B")]  # replaced by the players' names when a form is made (player_choices)
PHASES = [
    ("beginning", _("Beginning phase")),
    ("main1", _("Precombat main phase")),
    ("combat", _("Combat phase")),
    ("main2", _("Postcombat main phase")),
    ("end", _("Ending phase")),
]
STEPS = [
    ("", "—"),
    ("untap", _("Untap (beginning)")),
    ("upkeep", _("Upkeep (beginning)")),
    ("draw", _("Draw (beginning)")),
    ("beginning_of_combat", _("Beginning of combat")),
    ("declare_attackers", _("Declare attackers")),
    ("declare_blockers", _("Declare blockers")),
    ("combat_damage", _("Combat damage")),
    ("end_of_combat", _("End of combat")),
    ("end_of_turn", _("End step")),
    ("cleanup", _("Cleanup")),
]
TYPES = [
    ("creature", _("Creature")),
    ("land", _("Land")),
    ("artifact", _("Artifact")),
    ("enchantment", _("Enchantment")),
    ("instant", _("Instant")),
    ("sorcery", _("Sorcery")),
    ("planeswalker", _("Planeswalker")),
]
SUPERTYPES = [("legendary", _("Legendary")), ("basic", _("Basic"))]
ABILITIES = [
    ("first_strike", _("First strike")),
    ("flying", _("Flying")),
    ("trample", _("Trample")),
    ("haste", _("Haste")),
    ("reach", _("Reach")),
    ("shadow", _("Shadow")),
]
ACTIONS = list(ACTION_LABELS[MTG])
# Which builder fields each action sends (spec, "Magic actions"); "combat" becomes the "attackers" list.
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "combat_damage": ("combat",),
    "declare_attackers": ("player", "attackers"),
    "declare_blockers": ("player", "blocks"),
    "cast": ("player", "card"),
    "play_land": ("player", "card"),
    "draw": ("player",),
    "cleanup": ("player",),
    "state_check": (),
    "mulligan": ("player", "mulligans_taken", "hand_size"),
    "resolve_stack": ("sequence",),
}
COMBAT_HELP = _(
    "One attacker per line: attacker: blockers | damage assignment, e.g. “b1: a1, a2 | a1=2, a2=1”. "
    "An unblocked attacker is just “b1”; “| ...” may be left out, and the ruling asks for it if the "
    "rules need the players' choice."
)
BLOCKS_HELP = _(
    "One attacker per line: attacker: the creatures blocking it, e.g. “a1: b1, b2”. Leave it empty if no "
    "creature blocks. Tick “Attacking” on each attacking creature above."
)
SEQUENCE_HELP = _(
    "What the players did, in order, one per line: “A pass”, “B cast b2” or “B activate Prodigal Sorcerer” "
    "(a card's id or name). Leave it empty to ask in which order the stack resolves if both keep passing."
)
SEQUENCE_WORDS = ("pass", "cast", "activate")
# The tick boxes stay small and inline instead of taking the full width of a text input.
CHECK_ATTRS = {"class": "inline-check"}


def _optional_int(label: Any, **kwargs: Any) -> forms.IntegerField:
    return forms.IntegerField(min_value=0, required=False, label=label, **kwargs)


def _ids(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def parse_combat(text: str) -> list[dict[str, Any]]:
    """The ``attackers`` of a ``combat_damage`` action from the builder's text, one attacker per line.

    Raises ``forms.ValidationError`` naming the line at fault, so the judge can fix it in place.
    """
    attackers: list[dict[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        head, _, assignment_text = line.partition("|")
        attacker, _, blockers_text = head.partition(":")
        attacker = attacker.strip()
        if not attacker or " " in attacker:
            raise forms.ValidationError(
                gettext("Line %(number)d: start with the attacker's id, e.g. “b1: a1”.") % {"number": number}
            )
        entry: dict[str, Any] = {"attacker": attacker, "blockers": _ids(blockers_text)}
        assignment: dict[str, int] = {}
        for part in _ids(assignment_text):
            target, equals, amount = part.partition("=")
            if not equals or not target.strip() or not amount.strip().isdecimal():
                raise forms.ValidationError(
                    gettext("Line %(number)d: write each damage assignment as id=amount, e.g. “a1=2”.")
                    % {"number": number}
                )
            assignment[target.strip()] = int(amount)
        if assignment:
            entry["assignment"] = assignment
        attackers.append(entry)
    return attackers


def parse_blocks(text: str) -> list[dict[str, str]]:
    """The ``blocks`` of a ``declare_blockers`` action from the builder's text, one attacker per line."""
    blocks: list[dict[str, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        attacker, colon, blockers = line.partition(":")
        attacker = attacker.strip()
        if not colon or not attacker or " " in attacker or not _ids(blockers):
            raise forms.ValidationError(
                gettext(
                    "Line %(number)d: write the attacker's id, a colon and its blockers, e.g. “a1: b1, b2”."
                )
                % {"number": number}
            )
        blocks += [{"blocker": blocker, "attacker": attacker} for blocker in _ids(blockers)]
    return blocks


def parse_sequence(text: str) -> list[dict[str, str]]:
    """The ``sequence`` of a ``resolve_stack`` action from the builder's text, one event per line."""
    events: list[dict[str, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split(maxsplit=2)
        if not words:
            continue
        player, does = (words[0].upper(), words[1].lower()) if len(words) > 1 else ("", "")
        card = words[2].strip() if len(words) > 2 else ""
        if player not in ("A", "B") or does not in SEQUENCE_WORDS or (does == "pass") == bool(card):
            raise forms.ValidationError(
                gettext("Line %(number)d: write the player and what they did, e.g. “A pass” or “B cast b2”.")
                % {"number": number}
            )
        events.append({"player": player, "does": does, **({"card": card} if card else {})})
    return events


class MtgStateForm(forms.Form):
    revision = forms.ChoiceField(
        choices=[("", _("Classic (default)")), ("classic", _("Classic")), ("current", _("Current rules"))],
        required=False,
        label=_("Revision"),
        help_text=_("Current: today's legend rule (each player keeps one legend of a name) and mulligan."),
    )
    turn = forms.IntegerField(min_value=1, initial=1, label=_("Turn"))
    active_player = forms.ChoiceField(choices=PLAYERS, label=_("Active player"))
    first_player = forms.ChoiceField(choices=[("", "—"), *PLAYERS], required=False, label=_("Played first"))
    phase = forms.ChoiceField(choices=PHASES, initial="main1", label=_("Phase"))
    step = forms.ChoiceField(choices=STEPS, required=False, label=_("Step"))
    priority = forms.ChoiceField(
        choices=[("", "—"), *PLAYERS],
        required=False,
        label=_("Has priority"),
        help_text=_("Who may act now."),
    )
    life_a = forms.IntegerField(required=False, initial=STARTING_LIFE[MTG])
    life_b = forms.IntegerField(required=False, initial=STARTING_LIFE[MTG])
    library_a = _optional_int("")
    library_b = _optional_int("")
    hand_a = _optional_int("", help_text=_("Or list the cards below (the list replaces this count)."))
    hand_b = _optional_int("", help_text=_("Or list the cards below (the list replaces this count)."))
    lands_played_a = _optional_int("")
    lands_played_b = _optional_int("")

    def __init__(self, *args: Any, names: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = player_choices(names)
        set_choices(self.fields["active_player"], players)
        for name in ("first_player", "priority"):
            set_choices(self.fields[name], [("", "—"), *players])
        for player in ("A", "B"):
            values, p = {"player": names[player]}, player.lower()
            self.fields[f"life_{p}"].label = gettext("%(player)s's life") % values
            self.fields[f"library_{p}"].label = gettext("Cards in %(player)s's library") % values
            self.fields[f"hand_{p}"].label = pgettext("Magic", "Cards in %(player)s's hand") % values
            self.fields[f"lands_played_{p}"].label = gettext("Lands %(player)s played this turn") % values


class MtgCardForm(forms.Form):
    """One card that matters, row ``number`` of the list. Its id, what the action and the combat lines name,
    is its controller's letter and its row (b2: row 2, controlled by B) unless one is typed in Id."""

    card_id = forms.SlugField(
        max_length=20,
        required=False,
        label=_("Id"),
        help_text=_("Empty: its controller's letter and its row (b2)."),
    )
    name = forms.CharField(max_length=120, required=False, label=_("Name"))
    controller = forms.ChoiceField(choices=PLAYERS, required=False, label=_("Controller"))
    location = forms.ChoiceField(
        choices=[("battlefield", _("Battlefield")), ("hand", _("Hand"))], required=False, label=_("Where")
    )
    power = _optional_int(_("Power"))
    toughness = _optional_int(_("Toughness"))
    damage = _optional_int(_("Damage marked"))
    entered_turn = forms.IntegerField(min_value=1, required=False, label=_("Entered on turn"))
    subtypes = forms.CharField(
        max_length=120, required=False, label=_("Subtypes"), help_text=_("Separated by commas, e.g. “Wall”.")
    )
    tapped = forms.BooleanField(required=False, label=_("Tapped"))
    attacking = forms.BooleanField(
        required=False, label=_("Attacking")
    )  # declared as an attacker (BLOCKS_HELP says so)
    types = forms.MultipleChoiceField(
        choices=TYPES,
        required=False,
        label=_("Types"),
        widget=forms.CheckboxSelectMultiple(attrs=CHECK_ATTRS),
    )
    supertypes = forms.MultipleChoiceField(
        choices=SUPERTYPES,
        required=False,
        label=_("Supertypes"),
        widget=forms.CheckboxSelectMultiple(attrs=CHECK_ATTRS),
    )
    abilities = forms.MultipleChoiceField(
        choices=ABILITIES,
        required=False,
        label=_("Abilities"),
        widget=forms.CheckboxSelectMultiple(attrs=CHECK_ATTRS),
    )

    def __init__(self, *args: Any, names: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["controller"], player_choices(names))

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {})
        return not any(data.get(field) for field in ("card_id", "name", "types", "power", "toughness"))

    def typed_name(self) -> str:
        value = self["name"].value()
        return str(value).strip() if value else ""


MtgCardFormSet = forms.formset_factory(MtgCardForm, extra=6, max_num=40)


class StackItemForm(forms.Form):
    """One object on the stack; the first row is the bottom of the stack."""

    card = forms.CharField(max_length=120, required=False, label=_("Card (id or name)"))
    player = forms.ChoiceField(choices=[("", "—"), *PLAYERS], required=False, label=_("Player"))
    kind = forms.ChoiceField(
        choices=[
            ("", "—"),
            ("spell", pgettext_lazy("Magic: a spell on the stack", "Spell")),
            ("ability", _("Ability")),
        ],
        required=False,
        label=_("Kind"),
    )

    def __init__(self, *args: Any, names: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["player"], [("", "—"), *player_choices(names)])


StackFormSet = forms.formset_factory(StackItemForm, extra=3, max_num=20)


class MtgActionForm(forms.Form):
    type = forms.ChoiceField(choices=ACTIONS, label=_("What is disputed"))
    player = forms.ChoiceField(choices=[("", "—"), *PLAYERS], required=False, label=_("Acting player"))
    card = forms.CharField(
        max_length=20,
        required=False,
        label=pgettext_lazy("Magic", "Card (id)"),
        help_text=_("The spell cast or the land played."),
    )
    attackers = forms.CharField(
        max_length=200,
        required=False,
        label=_("Attackers (ids)"),
        help_text=_("To declare attackers: separated by commas, e.g. “b1, b2”."),
    )
    blocks = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "class": "code"}),
        required=False,
        label=_("Blockers: who blocks which attacker"),
        help_text=BLOCKS_HELP,
    )
    combat = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "class": "code"}),
        required=False,
        label=_("Combat damage: who attacks, who blocks"),
        help_text=COMBAT_HELP,
    )
    sequence = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "class": "code"}),
        required=False,
        label=_("Priority: who passed, who cast what"),
        help_text=SEQUENCE_HELP,
    )
    mulligans_taken = forms.IntegerField(
        min_value=0,
        max_value=7,
        required=False,
        label=_("Mulligans already taken"),
        help_text=_("For a mulligan: 0 when deciding on the first hand of the game."),
    )
    hand_size = forms.IntegerField(
        min_value=0,
        max_value=7,
        required=False,
        label=_("Cards the player is on"),
        help_text=_("For a mulligan, instead of the count above: 7, then 6 after one mulligan, and so on."),
    )

    def __init__(self, *args: Any, names: Mapping[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["player"], [("", "—"), *player_choices(names)])

    def clean_sequence(self) -> list[dict[str, str]]:
        return parse_sequence(self.cleaned_data.get("sequence") or "")

    def clean_blocks(self) -> list[dict[str, str]]:
        return parse_blocks(self.cleaned_data.get("blocks") or "")

    def clean_combat(self) -> list[dict[str, Any]]:
        return parse_combat(self.cleaned_data.get("combat") or "")


def card_row_heading(number: int, name: str = "") -> str:
    """A Magic card row as the page heads it: "Card 2", "Card 2: Hill Giant"."""
    if name:
        return pgettext("Magic", "Card %(number)s: %(name)s") % {"number": number, "name": name}
    return pgettext("Magic", "Card %(number)s") % {"number": number}


def _card(data: dict[str, Any], number: int) -> tuple[str, str, dict[str, Any]]:
    """Who controls the card, where it is, and the card as the dispute format writes it."""
    player = data.get("controller") or "A"
    card: dict[str, Any] = {"id": data.get("card_id") or f"{player.lower()}{number}"}
    for field in ("name", "types", "supertypes", "power", "toughness", "damage", "abilities", "entered_turn"):
        if data.get(field) not in (None, "", []):
            card[field] = data[field]
    if data.get("subtypes"):
        card["subtypes"] = _ids(data["subtypes"])
    for flag in ("tapped", "attacking"):
        if data.get(flag):
            card[flag] = True
    return player, data.get("location") or "battlefield", card


def _players(s: dict[str, Any]) -> dict[str, dict[str, Any]]:
    players: dict[str, dict[str, Any]] = {}
    for player in ("A", "B"):
        side: dict[str, Any] = {}
        for key in ("life", "library", "hand", "lands_played"):
            value = s.get(f"{key}_{player.lower()}")
            if value is not None:
                side[key] = value
        players[player] = side
    return players


def _stack(stack: Any) -> list[dict[str, str]]:
    items = []
    for form in stack:
        item = {key: value for key, value in form.cleaned_data.items() if value}
        if item.get("card"):
            items.append(item)
    return items


def build_mtg_dispute(state: MtgStateForm, cards: Any, stack: Any, action: MtgActionForm) -> dict[str, Any]:
    """The dispute the four forms describe (they must be valid).

    Cards listed in a hand replace that hand's count: the spec's ``hand`` is a number or a list of cards.
    """
    s = state.cleaned_data
    players = _players(s)
    for number, form in enumerate(cards, 1):
        if form.is_blank():
            continue
        player, location, card = _card(form.cleaned_data, number)
        existing = players[player].get(location)
        players[player][location] = [*(existing if isinstance(existing, list) else []), card]
    dispute_state: dict[str, Any] = {"turn": s["turn"], "active_player": s["active_player"]}
    for key in ("first_player", "phase", "step", "priority"):
        if s.get(key):
            dispute_state[key] = s[key]
    items = _stack(stack)
    if items:
        dispute_state["stack"] = items
    dispute_state["players"] = players
    a = action.cleaned_data
    dispute_action: dict[str, Any] = {"type": a["type"]}
    for field in ACTION_FIELDS[a["type"]]:
        value = _ids(a.get(field) or "") if field == "attackers" else a.get(field)
        if value not in (None, "", []):  # 0 is a value: no mulligan taken yet
            dispute_action["attackers" if field == "combat" else field] = value
    dispute: dict[str, Any] = {"format": "dispute/1", "game": "mtg"}
    if s.get("revision"):
        dispute["revision"] = s["revision"]
    return {**dispute, "state": dispute_state, "action": dispute_action}
