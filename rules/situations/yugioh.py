"""The Yu-Gi-Oh! arguments players actually have, each a form asking only what decides it.

Each ``dispute()`` places the cards where the argument puts them (the attacker in its owner's first
Monster Zone, the Set card in the first Spell & Trap Zone) and names them ``a1``, ``b1``... by their
controller, so the player never types an id. What the situation implies is written here once, with the
reason; what could change the ruling is asked.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.engine.vocabulary import STARTING_LIFE, YUGIOH
from rules.situations.base import CARD_WORDS, CardSlot, PlayerChoiceField, Situation, other, statement

EXODIA = (
    "Exodia the Forbidden One",
    "Left Arm of the Forbidden One",
    "Right Arm of the Forbidden One",
    "Left Leg of the Forbidden One",
    "Right Leg of the Forbidden One",
)


def _chain_link(number: int) -> str:
    return gettext("Chain Link %(number)s") % {"number": number}


# Translated when the page is drawn, in the reader's language (a class attribute is built once, at import).
chain_link = lazy(_chain_link, str)


def _zones(*cards: dict[str, Any] | None) -> list[dict[str, Any] | None]:
    row: list[dict[str, Any] | None] = [*cards]
    return row + [None] * (5 - len(row))


def _place(players: dict[str, Any], player: str, card: dict[str, Any]) -> None:
    """Put ``card`` on ``player``'s field: a monster (whose effect is activated) in the Monster Zones, a
    Spell or Trap in the Spell & Trap Zones; the leftmost free zone of each."""
    if card.get("kind") == "monster":
        card.setdefault("position", "attack")
        card.setdefault("effect_type", "quick")
        card.pop("face_up", None)
        key = "monster_zones"
    else:
        key = "spell_trap_zones"
    side = players.setdefault(player, {})
    row = side.setdefault(key, [None] * 5)
    row[row.index(None)] = card


def _lp_field(label: Any) -> forms.IntegerField:
    return forms.IntegerField(min_value=0, max_value=1_000_000, initial=STARTING_LIFE[YUGIOH], label=label)


def _document(state: dict[str, Any], action: dict[str, Any], revision: str = "2020") -> dict[str, Any]:
    return {"format": "dispute/1", "game": YUGIOH, "revision": revision, "state": state, "action": action}


class YugiohSituation(Situation):
    game = YUGIOH


class Attack(YugiohSituation):
    key = "attack"
    title = _("An attack and its damage")
    question = _("Who takes how much damage, what is destroyed, and could it attack at all?")
    TARGETS: ClassVar[list[tuple[str, Any]]] = [
        ("attack", _("a face-up monster in Attack Position")),
        ("defense", _("a face-up monster in Defense Position")),
        ("set", _("a face-down Defense Position monster")),
        ("direct", _("the player directly (no monster)")),
    ]
    slots = (
        CardSlot("attacker", _("The attacking monster"), ("atk",), ("atk",)),
        CardSlot("target", _("The monster attacked"), ("atk", "def")),
    )
    after_cards = ("lp_attacker", "lp_defender", "first_turn", "attacked_already", "piercing")

    player = PlayerChoiceField(label=_("Who attacks?"))
    target_kind = forms.ChoiceField(choices=[("", "—"), *TARGETS], label=_("It attacks"))
    lp_attacker = _lp_field(_("Attacker's LP"))
    lp_defender = _lp_field(_("Defender's LP"))
    first_turn = statement(_("It is the first turn of the duel"))
    attacked_already = statement(_("This monster already attacked this turn"))
    piercing = statement(_("It inflicts piercing damage (its effect says so)"))

    def needed(self, slot: CardSlot, stat: str) -> bool:
        if slot.prefix != "target":
            return super().needed(slot, stat)
        kind = self.cleaned_data.get("target_kind")
        return (kind == "attack" and stat == "atk") or (kind in ("defense", "set") and stat == "def")

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        attacker, defender = data["player"], other(data["player"])
        turn = 1 if data["first_turn"] else 3
        attacking = self.card(
            self.slots[0],
            f"{attacker.lower()}1",
            kind="monster",
            position="attack",
            placed_turn=1 if turn == 1 else 2,
            attacks=1 if data["attacked_already"] else 0,
        )
        if data["piercing"]:
            attacking["abilities"] = ["piercing"]
        kind = data["target_kind"]
        target = None
        if kind != "direct":
            target = self.card(
                self.slots[1], f"{defender.lower()}1", kind="monster", position=kind, placed_turn=1
            )
        players = {
            attacker: {"lp": data["lp_attacker"], "monster_zones": _zones(attacking)},
            defender: {"lp": data["lp_defender"], "monster_zones": _zones(target)},
        }
        state = {
            "turn": turn,
            "turn_player": attacker,
            "phase": "battle",
            "step": "battle",
            "players": players,
        }
        action = {
            "type": "attack",
            "player": attacker,
            "attacker": attacking["id"],
            "target": target["id"] if target else None,
        }
        return _document(state, action)


class Replay(YugiohSituation):
    key = "replay"
    title = _("A replay: the attack target changed")
    question = _("After an attack was declared, the opponent's monsters changed: may it attack again?")
    CHANGES: ClassVar[list[tuple[str, Any]]] = [
        ("left", _("the monster attacked left the field")),
        ("replaced", _("the monster attacked left and another one arrived")),
        ("arrived", _("a new monster arrived; the one attacked is still there")),
        ("same", _("nothing changed on their side")),
    ]
    slots = (CardSlot("attacker", _("The attacking monster"), ("atk",)),)

    player = PlayerChoiceField(label=_("Who attacks?"))
    change = forms.ChoiceField(
        choices=CHANGES, label=_("What happened before damage"), widget=forms.RadioSelect
    )

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        attacker, defender = data["player"], other(data["player"])
        a, b = attacker.lower(), defender.lower()
        attacking = self.card(self.slots[0], f"{a}1", kind="monster", position="attack", placed_turn=2)
        target = {"id": f"{b}1", "kind": "monster", "position": "attack", "atk": 1000, "placed_turn": 1}
        newcomer = {"id": f"{b}2", "kind": "monster", "position": "attack", "atk": 1000, "placed_turn": 3}
        now = {
            "left": [],
            "replaced": [newcomer],
            "arrived": [target, newcomer],
            "same": [target],
        }[data["change"]]
        defending: dict[str, Any] = {"monster_zones": _zones(*now)}
        if target not in now:
            defending["graveyard"] = [{"id": target["id"], "kind": "monster", "atk": 1000}]
        players = {attacker: {"monster_zones": _zones(attacking)}, defender: defending}
        state = {
            "turn": 3,
            "turn_player": attacker,
            "phase": "battle",
            "step": "battle",
            "players": players,
            "pending_attack": {
                "attacker": attacking["id"],
                "target": target["id"],
                "monsters_at_declaration": {attacker: [attacking["id"]], defender: [target["id"]]},
            },
        }
        return _document(state, {"type": "replay", "player": attacker})


class SetThisTurn(YugiohSituation):
    key = "set_this_turn"
    title = _("A Spell or Trap activated the turn it was Set")
    question = _("Can a Set card be activated on the turn it was Set?")
    slots = (CardSlot("card", _("The Set card"), ("kind",), ("kind",)),)

    player = PlayerChoiceField(label=_("Who activates it?"))
    set_this_turn = statement(_("It was Set this turn"))
    whose_turn = PlayerChoiceField(label=_("Whose turn is it?"))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player, turn_player = data["player"], data["whose_turn"]
        turn = 4 if turn_player == "B" else 5
        card = self.card(self.slots[0], f"{player.lower()}1", face_up=False)
        card["placed_turn"] = turn if data["set_this_turn"] else turn - 1
        players: dict[str, Any] = {player: {"spell_trap_zones": _zones(card)}, other(player): {}}
        phase = "main1" if turn_player == player else "battle"
        state: dict[str, Any] = {"turn": turn, "turn_player": turn_player, "phase": phase, "players": players}
        if phase == "battle":
            state["step"] = "battle"
        action = {"type": "activate", "player": player, "card": card["id"], "from": "field"}
        return _document(state, action)


class SpellSpeed(YugiohSituation):
    key = "spell_speed"
    title = _("A response of the wrong Spell Speed")
    question = _("Can this card be chained to that one?")
    slots = (
        CardSlot("first", _("The card activated first (Chain Link 1)"), ("kind",), ("kind",)),
        CardSlot("response", _("The card chained to it"), ("kind",), ("kind",)),
    )

    player = PlayerChoiceField(label=_("Who activated the first card?"))
    responder = PlayerChoiceField(label=_("Who responds?"))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        first_player, responder = data["player"], data["responder"]
        first = self.card(self.slots[0], f"{first_player.lower()}1", face_up=True, placed_turn=2)
        response = self.card(self.slots[1], f"{responder.lower()}2", face_up=False, placed_turn=2)
        players: dict[str, Any] = {"A": {}, "B": {}}
        _place(players, first_player, first)
        _place(players, responder, response)
        state = {
            "turn": 3,
            "turn_player": first_player,
            "phase": "main1",
            "players": players,
            "chain": [{"card": first["id"], "player": first_player}],
        }
        action = {"type": "activate", "player": responder, "card": response["id"], "from": "field"}
        return _document(state, action)


class DamageStep(YugiohSituation):
    key = "damage_step"
    title = _("An activation in the Damage Step")
    question = _("Can this card be activated during the Damage Step?")
    slots = (CardSlot("card", _("The card activated"), ("kind",), ("kind",)),)

    player = PlayerChoiceField(label=_("Who activates it?"))
    modifies = statement(_("Its effect changes a monster's ATK or DEF"))
    set_card = statement(_("It was Set on the field"), help_text=_("Unticked: played from the hand."))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        card = self.card(self.slots[0], f"{player.lower()}1", modifies_atk_def=data["modifies"])
        players: dict[str, Any] = {"A": {}, "B": {}}
        if data["set_card"]:
            card.update(face_up=False, placed_turn=1)
            _place(players, player, card)
        else:
            players[player]["hand"] = [card]
        state = {"turn": 3, "turn_player": "A", "phase": "battle", "step": "damage", "players": players}
        source = "field" if data["set_card"] else "hand"
        return _document(state, {"type": "activate", "player": player, "card": card["id"], "from": source})


class ChainOrder(YugiohSituation):
    key = "chain_order"
    title = _("The order a chain resolves in")
    question = _("Which card resolves first, and what is negated?")
    slots = tuple(CardSlot(f"link{number}", chain_link(number), ("kind",)) for number in (1, 2, 3))

    negates = forms.TypedChoiceField(
        choices=[("", _("nothing")), ("1", _("Chain Link 1")), ("2", _("Chain Link 2"))],
        coerce=int,
        empty_value=None,
        required=False,
        label=_("The last link negates"),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not any(cleaned.get(f"link{n}_name") for n in (1, 2, 3)):
            self.add_error("link1_name", _("Name at least the card of Chain Link 1."))
        return cleaned

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        links = [slot for slot in self.slots if data.get(slot.field_name("name"))]
        players: dict[str, Any] = {"A": {}, "B": {}}
        chain: list[dict[str, Any]] = []
        for number, slot in enumerate(links, start=1):
            player = "A" if number % 2 else "B"
            card = self.card(slot, f"{player.lower()}{number}", face_up=True, placed_turn=2)
            _place(players, player, card)
            link: dict[str, Any] = {"card": card["id"], "player": player}
            if number == len(links) and data.get("negates") and data["negates"] < number:
                link["negates"] = data["negates"]
            chain.append(link)
        state = {"turn": 3, "turn_player": "A", "phase": "main1", "players": players, "chain": chain}
        return _document(state, {"type": "resolve_chain"})


class TributeSummon(YugiohSituation):
    key = "tribute_summon"
    title = _("A Normal Summon or Set, and its Tributes")
    question = _("How many Tributes does it take, and may it be Summoned now?")
    slots = (CardSlot("card", _("The monster Summoned"), ("level",), ("level",)),)

    player = PlayerChoiceField(label=_("Who Summons it?"))
    how = forms.ChoiceField(
        choices=[("normal_summon", _("Summoned face-up")), ("set_monster", _("Set face-down"))],
        initial="normal_summon",
        label=_("How"),
        widget=forms.RadioSelect,
    )
    tributes = forms.IntegerField(min_value=0, max_value=5, initial=0, label=_("Monsters Tributed"))
    used = statement(_("They already Normal Summoned or Set this turn"))
    frame = forms.ChoiceField(
        choices=[
            ("", CARD_WORDS[YUGIOH]["as_printed"]),
            ("normal", _("a Normal Monster")),
            ("effect", _("an Effect Monster")),
            ("ritual", _("a Ritual Monster")),
        ],
        required=False,
        label=_("Which kind of monster"),
        help_text=_("Only for a card not in the card list: a Ritual Monster cannot be Normal Summoned."),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        name = (cleaned.get("card_name") or "").strip()
        known = self.lookup(name) if name and self.lookup is not None else None
        if known is not None and not cleaned.get("frame"):
            cleaned["frame"] = known.get("frame") or ""
        if not cleaned.get("frame"):
            # Whether a monster may be Normal Summoned at all depends on it (Rulebook v10): never assumed.
            self.add_error("frame", _("Say which kind of monster it is, or pick it from the card list."))
        return cleaned

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        p = player.lower()
        card = self.card(self.slots[0], f"{p}9", kind="monster", frame=data["frame"])
        fodder = [
            {
                "id": f"{p}{n}",
                "kind": "monster",
                "level": 4,
                "atk": 1000,
                "def": 1000,
                "position": "attack",
                "placed_turn": 1,
            }
            for n in range(1, data["tributes"] + 1)
        ]
        side: dict[str, Any] = {"hand": [card], "normal_summon_used": data["used"]}
        if fodder:
            side["monster_zones"] = _zones(*fodder)
        state = {
            "turn": 3,
            "turn_player": player,
            "phase": "main1",
            "players": {player: side, other(player): {}},
        }
        action = {
            "type": data["how"],
            "player": player,
            "card": card["id"],
            "tributes": [monster["id"] for monster in fodder],
        }
        return _document(state, action)


def _numbers(text: str) -> list[int]:
    """The numbers in "4, 4" or "2 6" (anything not a digit separates them)."""
    return [int(part) for part in "".join(c if c.isdigit() else " " for c in text).split()]


class NumberListField(forms.CharField):
    """Numbers typed in one box ("4, 3"): one input for all the materials' Levels."""

    def clean(self, value: Any) -> list[int]:
        text = super().clean(value)
        numbers = _numbers(text or "")
        if any(number > 13 for number in numbers):
            raise forms.ValidationError(_("A Level is at most 13."))
        if len(numbers) > 5:
            raise forms.ValidationError(_("At most 5: a player has five Main Monster Zones."))
        return numbers


class SpecialSummon(YugiohSituation):
    key = "special_summon"
    title = _("A Special Summon's materials and zone")
    question = _("Are these the right materials, and may it go to that zone?")
    METHODS: ClassVar[list[tuple[str, Any]]] = [
        ("synchro", _("Synchro")),
        ("xyz", _("Xyz")),
        ("link", _("Link")),
        ("fusion", _("Fusion")),
        ("ritual", _("Ritual")),
        ("pendulum", _("Pendulum")),
    ]
    slots = (CardSlot("card", _("The monster Summoned"), ("level", "rank", "link")),)
    after_cards = ("materials", "tuners", "needs", "scales", "zone", "revision")

    player = PlayerChoiceField(label=_("Who Summons it?"))
    method = forms.ChoiceField(choices=METHODS, label=_("Summon"), widget=forms.RadioSelect)
    materials = NumberListField(
        max_length=40,
        label=_("The materials' Levels"),
        help_text=_("One number each, e.g. “2, 6”. Pendulum: the Levels of the monsters Summoned."),
    )
    tuners = forms.IntegerField(min_value=0, max_value=5, required=False, label=_("How many are Tuners"))
    needs = forms.IntegerField(
        min_value=1,
        max_value=13,
        required=False,
        label=_("What the card asks for"),
        help_text=_("Fusion, Link: how many materials. Ritual: the total Level the Ritual Spell asks for."),
    )
    scales = NumberListField(max_length=20, required=False, label=_("Pendulum Scales (left, right)"))
    zone = forms.ChoiceField(
        choices=[("main", _("a Main Monster Zone")), ("extra", _("the Extra Monster Zone"))],
        label=_("It goes to"),
        widget=forms.RadioSelect,
    )
    revision = forms.ChoiceField(
        choices=[("2020", _("current rules (April 2020)")), ("v10", _("Rulebook Version 10"))],
        initial="2020",
        label=_("Rules"),
        widget=forms.RadioSelect,
    )

    # Which fields each Summon method uses: once a method is chosen the others are hidden (CSS, below in
    # arbiter.css), so a phone shows only what the chosen Summon needs.
    SHOWN_FOR: ClassVar[dict[str, str]] = {
        "card_level": "synchro fusion ritual",
        "card_rank": "xyz",
        "card_link": "link",
        "tuners": "synchro",
        "needs": "fusion link ritual",
        "scales": "pendulum",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, methods in self.SHOWN_FOR.items():
            self.fields[name].widget.attrs["data-shown-for"] = methods

    def needed(self, slot: CardSlot, stat: str) -> bool:
        method = self.cleaned_data.get("method")
        wanted = {"xyz": "rank", "link": "link"}.get(method or "", "level")
        return stat == wanted and method not in ("fusion", "pendulum", None)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        method = cleaned.get("method")
        if method == "synchro" and cleaned.get("tuners") is None:
            self.add_error("tuners", _("Say how many of the materials are Tuners."))
        if method in ("fusion", "link", "ritual") and cleaned.get("needs") is None:
            self.add_error("needs", _("Say what the card asks for."))
        if method == "pendulum" and len(cleaned.get("scales") or []) != 2:
            self.add_error("scales", _("Give the two Pendulum Scales, e.g. “1, 8”."))
        return cleaned

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player, method = data["player"], data["method"]
        p = player.lower()
        levels: list[int] = data["materials"]
        zone = "emz0" if data["zone"] == "extra" else "m4"
        if method == "pendulum":
            return self._pendulum(player, levels, zone, data)
        frame = "ritual" if method == "ritual" else method
        card = self.card(self.slots[0], "x1", kind="monster", frame=frame, atk=2000)
        if frame != "link":
            card.setdefault("def", 2000)
        if data.get("needs") is not None:
            card["material_spec"] = (
                {"level": data["needs"]} if method == "ritual" else {"count": data["needs"]}
            )
        tuners = data.get("tuners") or 0
        materials = [
            {
                "id": f"{p}{n}",
                "kind": "monster",
                "frame": "effect",
                "tuner": n <= tuners,
                "level": level,
                "atk": 1000,
                "def": 1000,
                "position": "attack",
                "placed_turn": 1,
            }
            for n, level in enumerate(levels, start=1)
        ]
        side: dict[str, Any] = {"monster_zones": _zones(*materials[:4])}
        side["hand" if method == "ritual" else "extra_deck"] = [card]
        state = {
            "turn": 3,
            "turn_player": player,
            "phase": "main1",
            "players": {player: side, other(player): {}},
        }
        action = {
            "type": "special_summon",
            "player": player,
            "method": method,
            "card": "x1",
            "materials": [material["id"] for material in materials[:4]],
            "zone": zone,
            "position": "attack",
        }
        return _document(state, action, data["revision"])

    def _pendulum(self, player: str, levels: list[int], zone: str, data: dict[str, Any]) -> dict[str, Any]:
        p = player.lower()
        left, right = data["scales"]
        scales = [
            {
                "id": f"{p}{n}",
                "kind": "monster",
                "frame": "normal",
                "pendulum": True,
                "level": 4,
                "scale": scale,
                "atk": 1000,
                "def": 1000,
                "face_up": True,
                "placed_turn": 1,
            }
            for n, scale in ((8, left), (9, right))
        ]
        summoned = [
            {"id": f"{p}{n}", "kind": "monster", "frame": "normal", "level": level, "atk": 1000, "def": 1000}
            for n, level in enumerate(levels[:5], start=1)
        ]
        side = {"hand": summoned, "spell_trap_zones": [scales[0], None, None, None, scales[1]]}
        zones = [zone, *[f"m{n}" for n in range(len(summoned) - 1)]]
        state = {
            "turn": 3,
            "turn_player": player,
            "phase": "main1",
            "players": {player: side, other(player): {}},
        }
        action = {
            "type": "special_summon",
            "player": player,
            "method": "pendulum",
            "cards": [card["id"] for card in summoned],
            "zones": zones,
            "position": "attack",
        }
        return _document(state, action, data["revision"])


class ChangePosition(YugiohSituation):
    key = "change_position"
    title = _("A battle position change")
    question = _("May this monster change its battle position now?")
    slots = (CardSlot("card", _("The monster")),)

    player = PlayerChoiceField(label=_("Whose monster?"))
    now = forms.ChoiceField(
        choices=[
            ("attack", _("Attack Position")),
            ("defense", _("face-up Defense")),
            ("set", _("face-down Defense")),
        ],
        label=_("It is in"),
        widget=forms.RadioSelect,
    )
    summoned_this_turn = statement(_("It came to the field this turn"))
    attacked = statement(_("It attacked this turn"))
    changed = statement(_("Its position was already changed this turn"))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        now = data["now"]
        card = self.card(
            self.slots[0],
            f"{player.lower()}1",
            kind="monster",
            position=now,
            placed_turn=3 if data["summoned_this_turn"] else 1,
            attacks=1 if data["attacked"] else 0,
            position_changed=data["changed"],
        )
        card.setdefault("atk", 1000)
        card.setdefault("def", 1000)
        to = "defense" if now == "attack" else "attack"
        state = {
            "turn": 3,
            "turn_player": player,
            "phase": "main2" if data["attacked"] else "main1",
            "players": {player: {"monster_zones": _zones(card)}, other(player): {}},
        }
        action = {
            "type": "flip_summon" if now == "set" else "change_position",
            "player": player,
            "card": card["id"],
        }
        if now != "set":
            action["to"] = to
        return _document(state, action)


class HandSize(YugiohSituation):
    key = "hand_size"
    title = _("Hand size at the End Phase")
    question = _("How many cards must be discarded at the end of the turn?")

    player = PlayerChoiceField(label=_("Whose turn ends?"))
    hand = forms.IntegerField(min_value=0, max_value=60, label=_("Cards in their hand"))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        state = {
            "turn": 3,
            "turn_player": player,
            "phase": "end",
            "players": {player: {"hand": data["hand"]}, other(player): {}},
        }
        return _document(state, {"type": "end_turn", "player": player})


class FirstDraw(YugiohSituation):
    key = "first_draw"
    title = _("The first turn's draw")
    question = _("Does the player going first draw on their first turn?")

    player = PlayerChoiceField(label=_("Who draws?"))
    turn = forms.TypedChoiceField(
        choices=[
            ("1", _("the first turn of the duel")),
            ("2", _("the second turn")),
            ("3", _("a later turn")),
        ],
        coerce=int,
        label=_("On"),
        widget=forms.RadioSelect,
    )

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        state = {"turn": data["turn"], "turn_player": player, "phase": "draw", "players": {"A": {}, "B": {}}}
        return _document(state, {"type": "draw", "player": player})


class DeckOut(YugiohSituation):
    key = "deck_out"
    title = _("A deck-out")
    question = _("A player must draw with no cards left in their Deck: who wins?")

    player = PlayerChoiceField(label=_("Who must draw?"))
    deck = forms.IntegerField(min_value=0, max_value=60, initial=0, label=_("Cards left in their Deck"))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        state = {
            "turn": 5,
            "turn_player": player,
            "phase": "draw",
            "players": {player: {"deck": data["deck"]}, other(player): {}},
        }
        return _document(state, {"type": "draw", "player": player})


class Exodia(YugiohSituation):
    key = "exodia"
    title = _("Exodia")
    question = _("All five pieces of Exodia in one hand: is the duel over?")

    player = PlayerChoiceField(label=_("Whose hand?"))
    pieces = forms.MultipleChoiceField(
        choices=[(name, name) for name in EXODIA],
        initial=list(EXODIA),
        label=_("Pieces in their hand"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    pieces.card_names = True  # type: ignore[attr-defined]  # its choices are card names: not translated

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        hand = [
            {"id": f"{player.lower()}{n}", "name": name} for n, name in enumerate(data["pieces"], start=1)
        ]
        state = {
            "turn": 3,
            "turn_player": player,
            "phase": "main1",
            "players": {player: {"hand": hand}, other(player): {}},
        }
        return _document(state, {"type": "check_state"})


DUEL_RESULTS = [("", _("not played")), ("A", ""), ("B", ""), ("draw", _("a draw"))]


class MatchTally(YugiohSituation):
    key = "match_tally"
    title = _("A match tally")
    question = _("Who won the match, or does it go on?")
    after_cards = ()

    duel1 = forms.ChoiceField(choices=DUEL_RESULTS, label=_("Duel 1"))
    duel2 = forms.ChoiceField(choices=DUEL_RESULTS, required=False, label=_("Duel 2"))
    duel3 = forms.ChoiceField(choices=DUEL_RESULTS, required=False, label=_("Duel 3"))
    time_called = statement(_("Time was called in the round"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in (1, 2, 3):
            field = cast(forms.ChoiceField, self.fields[f"duel{number}"])
            field.choices = [
                ("", _("not played")),
                ("A", _("%(name)s won") % {"name": self.names["A"]}),
                ("B", _("%(name)s won") % {"name": self.names["B"]}),
                ("draw", _("a draw")),
            ]
        self.fields["duel1"].required = True

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        duels = [data[f"duel{n}"] for n in (1, 2, 3) if data.get(f"duel{n}")]
        action = {"type": "match_result", "duels": duels, "time_called": data["time_called"]}
        return {"format": "dispute/1", "game": YUGIOH, "action": action}


SITUATIONS: tuple[type[YugiohSituation], ...] = (
    Attack,
    Replay,
    SetThisTurn,
    SpellSpeed,
    DamageStep,
    ChainOrder,
    TributeSummon,
    SpecialSummon,
    ChangePosition,
    HandSize,
    FirstDraw,
    DeckOut,
    Exodia,
    MatchTally,
)
