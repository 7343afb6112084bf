"""The Magic: The Gathering arguments players actually have, each a form asking only what decides it.

Each ``dispute()`` puts the cards where the argument puts them (the attacker on its controller's
battlefield, the spell in its caster's hand) and names them ``a1``, ``b1``... by their controller, so the
player never types an id. The catalog gives a card's types, power and toughness but not its keyword
abilities, so an ability that decides the ruling (first strike, trample) is a tick box beside the card.
What the situation implies is written here once, with the reason; what could change the ruling is asked.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, ClassVar, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.engine.vocabulary import MTG, STARTING_LIFE
from rules.situations.base import CardSlot, PlayerChoiceField, Situation, other, statement

REVISIONS: list[tuple[str, Any]] = [
    ("classic", _("classic rules (the Comprehensive Rules in the rulebook)")),
    ("current", _("current rules")),
]
# Where in the turn: a phase, or "phase:step" for a phase that has steps (the dispute format's names).
TURN_MOMENTS: list[tuple[str, Any]] = [
    ("", "—"),
    ("beginning:untap", _("Untap step")),
    ("beginning:upkeep", _("Upkeep")),
    ("beginning:draw", _("Draw step")),
    ("main1", _("First main phase")),
    ("combat:beginning_of_combat", _("Beginning of combat")),
    ("combat:declare_attackers", _("Declare attackers step")),
    ("combat:declare_blockers", _("Declare blockers step")),
    ("combat:combat_damage", _("Combat damage step")),
    ("combat:end_of_combat", _("End of combat")),
    ("main2", _("Second main phase")),
    ("end:end_of_turn", _("End step")),
    ("end:cleanup", _("Cleanup step")),
]
ON_THE_STACK = {"card": "the spell or ability waiting", "kind": "spell"}


def _document(state: dict[str, Any], action: dict[str, Any], revision: str | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {"format": "dispute/1", "game": MTG, "state": state, "action": action}
    if revision is not None:
        document["revision"] = revision
    return document


def _life_field(label: Any) -> forms.IntegerField:
    # Magic life can go below 0 (an effect can take a player at 2 life to -3).
    return forms.IntegerField(min_value=-1000, max_value=1000, initial=STARTING_LIFE[MTG], label=label)


def _moment_field() -> forms.ChoiceField:
    return forms.ChoiceField(choices=TURN_MOMENTS, label=_("When in the turn"))


def _moment(state: dict[str, Any], moment: str) -> None:
    """Set ``state``'s phase and step from a ``TURN_MOMENTS`` value."""
    phase, _colon, step = moment.partition(":")
    state["phase"] = phase
    if step:
        state["step"] = step


def _stack(something: bool, player: str) -> list[dict[str, Any]]:
    # Who put the waiting item on the stack does not change when a spell may be cast or a land played:
    # only that the stack is not empty does, so the item is the opponent's, unnamed.
    return [{**ON_THE_STACK, "player": other(player)}] if something else []


def _numbers(text: str) -> list[int]:
    """The whole numbers in "2, 1, 3" or "2 1 3" (anything not a digit separates them)."""
    return [int(part) for part in "".join(c if c.isdigit() else " " for c in text).split()]


class MtgSituation(Situation):
    game = MTG


class Combat(MtgSituation):
    key = "combat"
    title = _("Combat with blockers")
    question = _("How much damage is dealt, which creatures die, and what is the defending player's life?")
    slots = (
        CardSlot("attacker", _("The attacking creature"), ("power", "toughness"), ("power",)),
        CardSlot("blocker1", _("The first blocker (none: unblocked)"), ("power", "toughness")),
        CardSlot("blocker2", _("A second blocker"), ("power", "toughness")),
    )
    BLOCKERS: ClassVar[tuple[str, ...]] = ("blocker1", "blocker2")
    slot_extras: ClassVar[dict[str, tuple[str, ...]]] = {
        "attacker": ("attacker_first_strike", "attacker_trample"),
        "blocker1": ("blocker1_first_strike",),
        "blocker2": ("blocker2_first_strike",),
    }
    after_cards = ("assignment", "other_ability")

    player = PlayerChoiceField(label=_("Who attacks?"))
    # The judge engine rules first strike and trample; a creature with another ability that changes
    # combat (deathtouch, double strike, lifelink, indestructible, protection...) would be ruled as if it
    # had none, so the player says so and is sent to a judge instead of a wrong answer.
    other_ability = statement(
        _("A creature here has another ability that changes combat"),
        help_text=_("Deathtouch, double strike, lifelink, indestructible, protection, a damage prevention."),
    )
    attacker_first_strike = statement(_("First strike"))
    attacker_trample = statement(_("Trample"))
    blocker1_first_strike = statement(_("First strike"))
    blocker2_first_strike = statement(_("First strike"))
    life = _life_field(_("The defending player's life"))
    assignment = forms.CharField(
        max_length=40,
        required=False,
        label=_("Damage assignment (only if needed)"),
        help_text=_(
            "Needed with two blockers, or with trample: the attacker's damage to the first blocker, the"
            " second, then the player, e.g. “2, 1, 3”."
        ),
    )

    def blocks(self, prefix: str) -> bool:
        """Whether the slot ``prefix`` describes a blocker (a name or a number given)."""
        data = self.cleaned_data
        slot = next(slot for slot in self.slots if slot.prefix == prefix)
        return bool((data.get(slot.field_name("name")) or "").strip()) or any(
            data.get(slot.field_name(stat)) is not None for stat in slot.stats
        )

    def blockers(self) -> list[CardSlot]:
        return [slot for slot in self.slots[1:] if self.blocks(slot.prefix)]

    def needed(self, slot: CardSlot, stat: str) -> bool:
        if slot.prefix == "attacker":
            # Its toughness matters only when something blocks it and may deal damage back.
            return stat == "power" or bool(self.blockers())
        return self.blocks(slot.prefix)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("other_ability"):
            self.add_error(
                "other_ability",
                _("The judge engine rules first strike and trample only: call a judge for this one."),
            )
        if self.blocks("blocker2") and not self.blocks("blocker1"):
            self.add_error("blocker1_name", _("Describe the first blocker before the second."))
        for prefix in self.BLOCKERS:
            if cleaned.get(f"{prefix}_first_strike") and not self.blocks(prefix):
                self.add_error(f"{prefix}_first_strike", _("Describe this blocker, or untick first strike."))
        numbers = _numbers(cleaned.get("assignment") or "")
        blockers = self.blockers()
        if numbers and not blockers:
            self.add_error(
                "assignment", _("Nothing blocks: an unblocked attacker deals all its damage to the player.")
            )
        elif numbers and len(numbers) not in (len(blockers), len(blockers) + 1):
            self.add_error(
                "assignment",
                _("Give one number for each blocker (%(count)s), then the player's share if it tramples.")
                % {"count": len(blockers)},
            )
        elif not numbers and self._assignment_needed(cleaned, blockers):
            self.add_error(
                "assignment",
                _("Say how the attacker's damage is divided: its controller chooses, the judge cannot."),
            )
        return cleaned

    def _assignment_needed(self, cleaned: dict[str, Any], blockers: list[CardSlot]) -> bool:
        """The attacker's controller divides its damage with two blockers, or with trample past one blocker,
        unless first-strike blockers kill it before it deals any."""
        power = cleaned.get("attacker_power")
        toughness = cleaned.get("attacker_toughness")
        if not blockers or not power or any(cleaned.get(s.field_name("power")) is None for s in blockers):
            return False
        first_strike_damage = sum(
            cleaned[s.field_name("power")] for s in blockers if cleaned.get(f"{s.prefix}_first_strike")
        )
        if (
            not cleaned.get("attacker_first_strike")
            and toughness is not None
            and first_strike_damage >= toughness
        ):
            return False
        if len(blockers) > 1:
            return True
        blocker_toughness = cleaned.get(blockers[0].field_name("toughness"))
        trample = bool(cleaned.get("attacker_trample"))
        return trample and blocker_toughness is not None and power > blocker_toughness

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        attacker, defender = data["player"], other(data["player"])
        abilities = [name for name in ("first_strike", "trample") if data[f"attacker_{name}"]]
        # An attacking creature is tapped (it has no vigilance asked: tapped or not, it deals its damage),
        # and no damage is marked yet: damage from earlier in the turn is the "State-based actions" question.
        attacking = self.card(
            self.slots[0],
            f"{attacker.lower()}1",
            types=["creature"],
            abilities=abilities,
            tapped=True,
            damage=0,
        )
        blocking = [
            self.card(
                slot,
                f"{defender.lower()}{number}",
                types=["creature"],
                abilities=["first_strike"] if data[f"{slot.prefix}_first_strike"] else [],
                damage=0,
            )
            for number, slot in enumerate(self.blockers(), start=1)
        ]
        engagement: dict[str, Any] = {"attacker": attacking["id"], "blockers": [b["id"] for b in blocking]}
        numbers = _numbers(data.get("assignment") or "")
        if numbers:
            assignment = {blocker["id"]: amount for blocker, amount in zip(blocking, numbers, strict=False)}
            if len(numbers) > len(blocking):
                assignment["player"] = numbers[-1]
            engagement["assignment"] = assignment
        # Combat damage goes to the defending player only, so the attacking player's life (the format's
        # default 20) cannot change the ruling.
        state = {
            "active_player": attacker,
            "phase": "combat",
            "step": "combat_damage",
            "players": {
                attacker: {"battlefield": [attacking]},
                defender: {"life": data["life"], "battlefield": blocking},
            },
        }
        return _document(state, {"type": "combat_damage", "attackers": [engagement]})


class CastTiming(MtgSituation):
    key = "cast_timing"
    title = _("Casting at the wrong time")
    question = _("May this spell be cast now?")
    slots = (CardSlot("card", _("The spell"), ("type",), ("type",)),)
    after_cards = ("whose_turn", "moment", "stack")

    player = PlayerChoiceField(label=_("Who casts it?"))
    whose_turn = PlayerChoiceField(label=_("Whose turn is it?"))
    moment = _moment_field()
    stack = statement(_("Something is on the stack"))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        # The spell is cast from its caster's hand, the one place a spell is cast from in these rules.
        card = self.card(self.slots[0], f"{player.lower()}1")
        state: dict[str, Any] = {
            "active_player": data["whose_turn"],
            "stack": _stack(data["stack"], player),
            "players": {player: {"hand": [card]}, other(player): {}},
        }
        _moment(state, data["moment"])
        return _document(state, {"type": "cast", "player": player, "card": card["id"]})


class SecondLand(MtgSituation):
    key = "second_land"
    title = _("A second land")
    question = _("May this land be played now?")

    player = PlayerChoiceField(label=_("Who plays the land?"))
    lands_played = forms.IntegerField(
        min_value=0, max_value=20, initial=1, label=_("Lands they already played this turn")
    )
    whose_turn = PlayerChoiceField(label=_("Whose turn is it?"))
    moment = _moment_field()
    stack = statement(_("Something is on the stack"))

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        player = data["player"]
        # The card is a land in its player's hand: that is what the argument is about.
        land = {"id": f"{player.lower()}1", "types": ["land"]}
        state: dict[str, Any] = {
            "active_player": data["whose_turn"],
            "stack": _stack(data["stack"], player),
            "players": {
                player: {"hand": [land], "lands_played": data["lands_played"]},
                other(player): {},
            },
        }
        _moment(state, data["moment"])
        return _document(state, {"type": "play_land", "player": player, "card": land["id"]})


class LegendRule(MtgSituation):
    key = "legend_rule"
    title = _("The legend rule")
    question = _("Two legendary permanents with the same name: which one stays?")
    KEEP: ClassVar[list[tuple[str, Any]]] = [
        ("", _("not chosen yet")),
        ("older", _("the one that came first")),
        ("newer", _("the newer one")),
    ]
    slots = (CardSlot("legend", _("The legendary permanent"), (), name_required=True),)
    after_cards = ("player", "newer", "same_time", "revision", "keep")

    player = PlayerChoiceField(label=_("Who controls the one that came into play first?"))
    newer = forms.ChoiceField(
        choices=[("same", _("the same player")), ("other", _("the other player"))],
        label=_("The newer one is controlled by"),
        widget=forms.RadioSelect,
    )
    same_time = statement(_("They came into play at the same time"))
    revision = forms.ChoiceField(
        choices=REVISIONS, initial="classic", label=_("Rules"), widget=forms.RadioSelect
    )
    keep = forms.ChoiceField(
        choices=KEEP,
        required=False,
        label=_("The one its player keeps"),
        help_text=_("Current rules, one player controlling both: the one they chose to keep."),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        name = (cleaned.get("legend_name") or "").strip()
        known = self.lookup(name) if name and self.lookup is not None else None
        if known is not None and "legendary" not in [str(s).lower() for s in known.get("supertypes") or []]:
            self.add_error(
                "legend_name",
                _("%(name)s is not legendary in the card list: is it the right card?") % {"name": name},
            )
        return cleaned

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        first = data["player"]
        second = first if data["newer"] == "same" else other(first)
        older = self.card(self.slots[0], f"{first.lower()}1", supertypes=["legendary"], timestamp=1)
        newer_id = f"{second.lower()}{2 if second == first else 1}"
        # The newer one has the later timestamp, or the same one when both came into play at once.
        newer = {**older, "id": newer_id, "timestamp": 1 if data["same_time"] else 2}
        players: dict[str, Any] = {"A": {"battlefield": []}, "B": {"battlefield": []}}
        players[first]["battlefield"].append(older)
        players[second]["battlefield"].append(newer)
        action: dict[str, Any] = {"type": "state_check"}
        # A choice to keep one exists only under current rules, for a player controlling both; elsewhere
        # the rule itself decides and the answer is left out (as the help text says).
        if data["revision"] == "current" and second == first and data.get("keep"):
            action["keep"] = [older["id"] if data["keep"] == "older" else newer_id]
        # Both players' life (the default 20) is not part of this argument.
        return _document({"players": players}, action, data["revision"])


class StateBased(MtgSituation):
    key = "state_based"
    title = _("State-based actions")
    question = _("Is the creature destroyed, and has a player lost?")
    slots = (
        CardSlot("creature", _("The creature (its toughness now, with every effect on it)"), ("toughness",)),
    )
    slot_extras: ClassVar[dict[str, tuple[str, ...]]] = {"creature": ("damage",)}
    after_cards = ("life_a", "life_b")

    player = PlayerChoiceField(label=_("Whose creature?"), required=False)
    damage = forms.IntegerField(min_value=0, max_value=1000, initial=0, label=_("Damage marked on it"))
    life_a = _life_field(_("Player A's life"))
    life_b = _life_field(_("Player B's life"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for player in ("A", "B"):
            self.fields[f"life_{player.lower()}"].label = _("%(name)s's life") % {"name": self.names[player]}

    def describes_creature(self) -> bool:
        data = self.cleaned_data
        return (
            bool((data.get("creature_name") or "").strip())
            or bool(data.get("damage"))
            or (data.get("creature_toughness") is not None)
        )

    def needed(self, slot: CardSlot, stat: str) -> bool:
        return self.describes_creature()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.describes_creature() and not cleaned.get("player"):
            self.add_error("player", _("Say whose creature it is."))
        return cleaned

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        players: dict[str, Any] = {
            "A": {"life": data["life_a"], "battlefield": []},
            "B": {"life": data["life_b"], "battlefield": []},
        }
        if self.describes_creature():
            player = data["player"]
            # It is a creature: only a creature is destroyed by damage or dies of 0 toughness.
            creature = self.card(
                self.slots[0], f"{player.lower()}1", types=["creature"], damage=data["damage"]
            )
            players[player]["battlefield"].append(creature)
        return _document({"players": players}, {"type": "state_check"})


class MatchTally(MtgSituation):
    key = "match_tally"
    title = _("A match tally")
    question = _("Who won the match, or does it go on, and who chooses to play or draw next?")
    GAMES: ClassVar[tuple[int, ...]] = (1, 2, 3)

    game1 = forms.ChoiceField(choices=[], label=_("Game 1"))
    game2 = forms.ChoiceField(choices=[], required=False, label=_("Game 2"))
    game3 = forms.ChoiceField(choices=[], required=False, label=_("Game 3"))
    time_called = statement(_("Time was called in the round"))
    first_chooser = PlayerChoiceField(
        label=_("Who chose to play or draw in game 1?"),
        required=False,
        help_text=_("Needed when the last game was a draw: whoever chose for it chooses again."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in self.GAMES:
            field = cast(forms.ChoiceField, self.fields[f"game{number}"])
            field.choices = [
                ("", _("not played")),
                ("A", _("%(name)s won") % {"name": self.names["A"]}),
                ("B", _("%(name)s won") % {"name": self.names["B"]}),
                ("draw", _("a draw")),
            ]

    def games(self) -> list[str]:
        return [self.cleaned_data[f"game{n}"] for n in self.GAMES if self.cleaned_data.get(f"game{n}")]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        played = [bool(cleaned.get(f"game{n}")) for n in self.GAMES]
        for number, (before, now) in enumerate(pairwise(played), start=2):
            if now and not before:
                self.add_error(
                    f"game{number}", _("Fill in the games in order: the one before is not played.")
                )
        games = self.games()
        if (
            games
            and games[-1] == "draw"
            and not cleaned.get("time_called")
            and not cleaned.get("first_chooser")
        ):
            self.add_error(
                "first_chooser",
                _(
                    "The last game was a draw: say who chose to play or draw in game 1, so the judge knows"
                    " who chooses again."
                ),
            )
        return cleaned

    def dispute(self) -> dict[str, Any]:
        data = self.cleaned_data
        games = self.games()
        # Magic matches are played to two won games; drawn games do not count toward them (the format's
        # Magic default, written out so the ruling's document says it).
        action: dict[str, Any] = {
            "type": "match_result",
            "duels": games,
            "match_format": "first_to_two",
            "time_called": data["time_called"],
        }
        if data.get("first_chooser"):
            # After a decided game its loser chooses; after a drawn game, the same player chooses again.
            choosers = [data["first_chooser"]]
            for game in games[:-1]:
                choosers.append(choosers[-1] if game == "draw" else other(game))
            action["choosers"] = choosers
        return {"format": "dispute/1", "game": MTG, "action": action}


SITUATIONS: tuple[type[MtgSituation], ...] = (
    Combat,
    CastTiming,
    SecondLand,
    LegendRule,
    StateBased,
    MatchTally,
)
