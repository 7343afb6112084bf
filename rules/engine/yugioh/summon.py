"""``normal_summon``, ``set_monster`` and ``flip_summon`` (Summoning Monster Cards)."""

from __future__ import annotations

from typing import Any

from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import Sentence, gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import Card
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.equip import destroy_equips
from rules.engine.yugioh.leaving import Departures
from rules.engine.yugioh.state import EXTRA_MONSTER_ZONE, HAND, MONSTER_ZONE, Duel, Place
from rules.engine.yugioh.timing import not_in_main_phase, not_your_turn
from rules.engine.yugioh.zones import MAIN_ONLY, parse_zone, summon_zones


def tributes_needed(level: int) -> int:
    """Rulebook v10, Tribute Summon: Level 5-6 need 1 Tribute, Level 7 or more need 2, lower need none."""
    if level >= 7:
        return 2
    if level >= 5:
        return 1
    return 0


def not_in_hand(player: str, card: Card, place: Place, doing: Sentence) -> Violation | None:
    """Rulebook v10, Normal Summon / Normal Set: the monster comes from the player's hand."""
    if place.area == HAND and place.player == player:
        return None
    return Violation(
        "summon.not_in_hand",
        say(
            gettext_noop(
                "%(card)s is not in %(player)s's hand; only a monster in the hand can be %(doing)s."
            ),
            card=card.label,
            player=player,
            doing=doing,
        ),
        passages.NORMAL_SUMMON,
    )


EXTRA_DECK_ONLY = {
    "fusion": gettext_noop("a Fusion Monster is Summoned from the Extra Deck by its own method only"),
    "synchro": gettext_noop("a Synchro Monster is Summoned from the Extra Deck by its own method only"),
    "xyz": gettext_noop("a Xyz Monster is Summoned from the Extra Deck by its own method only"),
    "link": gettext_noop("a Link Monster is Summoned from the Extra Deck by its own method only"),
}


def cannot_normal_summon(card: Card, doing: Sentence) -> Violation | None:
    """Rulebook v10: Spells, Traps, Tokens, Extra Deck and Ritual Monsters are never Normal Summoned/Set."""
    kind = card.need(card.kind, "kind")
    reason = None
    if kind in ("spell", "trap"):
        reason = say(
            gettext_noop("it is a Spell Card, not a monster")
            if kind == "spell"
            else gettext_noop("it is a Trap Card, not a monster")
        )
        rule = passages.NORMAL_SUMMON
    elif kind == "token":
        reason = say(gettext_noop("it is a Token, which only a card effect creates"))
        rule = passages.TOKENS
    elif "cannot_normal_summon" in card.abilities:
        reason = say(gettext_noop("the players agree it cannot be Normal Summoned or Set"))
        rule = passages.NORMAL_SUMMON
    else:
        frame = card.need(card.frame, "frame")
        if frame in EXTRA_DECK_ONLY:
            reason = say(EXTRA_DECK_ONLY[frame])
        elif frame == "ritual":
            reason = say(gettext_noop("a Ritual Monster is Special Summoned with its Ritual Spell Card only"))
        rule = passages.SPECIAL_SUMMON_ONLY
    if reason is None:
        return None
    return Violation(
        "summon.cannot_normal_summon",
        say(
            gettext_noop("%(card)s cannot be %(doing)s: %(reason)s."),
            card=card.label,
            doing=doing,
            reason=reason,
        ),
        rule,
    )


def face_up_defense(card: Card, position: str) -> Violation | None:
    """Rulebook v10: a monster cannot be played from the hand in face-up Defense Position."""
    if position != "defense":
        return None
    return Violation(
        "summon.face_up_defense_from_hand",
        say(
            gettext_noop(
                "%(card)s cannot be Normal Summoned in face-up Defense Position: from the "
                "hand a monster is either Summoned in Attack Position or Set face-down."
            ),
            card=card.label,
        ),
        passages.NO_FACE_UP_DEFENSE,
    )


def normal_summon_used(duel: Duel, player: str) -> Violation | None:
    """Rulebook v10: one Normal Summon or Set (Tribute Summons and Sets included) per turn."""
    if not duel.player(player).normal_summon_used:
        return None
    return Violation(
        "summon.normal_summon_used",
        say(
            gettext_noop(
                "%(player)s has already Normal Summoned or Set a monster this turn; that "
                "can be done once per turn."
            ),
            player=player,
        ),
        passages.ONCE_PER_TURN,
    )


def invalid_tributes(duel: Duel, player: str, card: Card, tributes: list[str]) -> Violation | None:
    """Rulebook v10, Tribute Summon: Tributes are monsters the player controls, each used once."""
    if len(set(tributes)) != len(tributes):
        return Violation(
            "summon.invalid_tribute",
            say(gettext_noop("The same monster is listed twice as a Tribute.")),
            passages.TRIBUTES_BY_LEVEL,
        )
    for tribute_id in tributes:
        tribute, place = duel.find(tribute_id, "action.tributes")
        if (
            tribute.id == card.id
            or place.area not in (MONSTER_ZONE, EXTRA_MONSTER_ZONE)
            or tribute.controller != player
        ):
            return Violation(
                "summon.invalid_tribute",
                say(
                    gettext_noop(
                        "%(tribute)s is not a monster %(player)s controls on the field, so it "
                        "cannot be Tributed."
                    ),
                    tribute=tribute.label,
                    player=player,
                ),
                passages.TRIBUTES_BY_LEVEL,
            )
    return None


def tribute_count(card: Card, tributes: list[str]) -> Violation | None:
    """Rulebook v10, Tribute Summon: exactly the number of Tributes the Level requires."""
    level = card.need(card.level, "level")
    needed = tributes_needed(level)
    if len(tributes) == needed:
        return None
    return Violation(
        "summon.tribute_count",
        say(
            gettext_noop(
                "%(card)s is Level %(level)s, which takes %(needed)s Tribute(s); %(count)s were offered."
            ),
            card=card.label,
            level=level,
            needed=needed,
            count=len(tributes),
        ),
        passages.TRIBUTES_BY_LEVEL,
    )


def no_free_zone(duel: Duel, player: str, tributes: list[str], zone: str | None) -> Violation | None:
    """Rulebook v10, Main Monster Zone: the monster needs a free Main Monster Zone (Tributes free theirs)."""
    choice = summon_zones(duel, player, MAIN_ONLY, leaving=tributes)
    if zone is None:
        if choice.open:
            return None
        return Violation(
            "summon.no_free_zone",
            say(
                gettext_noop(
                    "All of %(player)s's Main Monster Zones are occupied, so no monster can be placed."
                ),
                player=player,
            ),
            passages.MAIN_MONSTER_ZONE,
        )
    if choice.allows(zone):
        return None
    return Violation(
        "summon.wrong_zone",
        say(
            gettext_noop("Zone %(zone)s is not a free Main Monster Zone of %(player)s's."),
            zone=zone,
            player=player,
        ),
        passages.MAIN_MONSTER_ZONE,
    )


def _zone(ctx: Context) -> str | None:
    if ctx.action.data.get("zone") is None:
        return None
    area, index = parse_zone(ctx.action.data["zone"], ctx.action.field("zone"))
    # A Normal Summon into an Extra Monster Zone is a claim to rule on (summon.wrong_zone), not bad input.
    return f"m{index}" if area == MONSTER_ZONE else f"emz{index}"


def _summoned(card: Card, setting: bool, tributes: list[str]) -> Sentence:
    """How the monster goes to the field: a whole sentence for each of Set/Summoned, with/without Tributes."""
    if tributes:
        template = (
            gettext_noop(
                "%(card)s is Tribute Set: it goes to the field in face-down Defense Position,"
                " Tributing %(tributes)s."
            )
            if setting
            else gettext_noop(
                "%(card)s is Tribute Summoned: it goes to the field in face-up Attack Position,"
                " Tributing %(tributes)s."
            )
        )
        return say(template, card=card.label, tributes=", ".join(tributes))
    template = (
        gettext_noop("%(card)s is Set: it goes to the field in face-down Defense Position.")
        if setting
        else gettext_noop("%(card)s is Normal Summoned: it goes to the field in face-up Attack Position.")
    )
    return say(template, card=card.label)


def _summon_or_set(ctx: Context, *, setting: bool) -> Ruling:
    duel, action = ctx.duel, ctx.action
    player = action.player()
    card, place = duel.find(action.card_id("card"), action.field("card"))
    tributes = action.card_ids("tributes")
    for tribute_id in tributes:
        duel.find(tribute_id, action.field("tributes"))
    position = "set" if setting else action.choice("position", ("attack", "defense"), default="attack")
    zone = _zone(ctx)
    doing = say(gettext_noop("Set")) if setting else say(gettext_noop("Normal Summoned"))
    verb = say(gettext_noop("Set a monster")) if setting else say(gettext_noop("Normal Summon a monster"))
    stages = [
        [lambda: not_your_turn(duel, player, verb, passages.NORMAL_SUMMON)],
        [lambda: not_in_main_phase(duel, verb)],
        [lambda: not_in_hand(player, card, place, doing), lambda: cannot_normal_summon(card, doing)],
        [
            lambda: face_up_defense(card, position),
            lambda: normal_summon_used(duel, player),
            lambda: invalid_tributes(duel, player, card, tributes),
        ],
        [lambda: tribute_count(card, tributes), lambda: no_free_zone(duel, player, tributes, zone)],
    ]

    def outcome() -> tuple[dict[str, Any], list[Fact]]:
        departures = Departures()
        tributed = [duel.find(t, "action.tributes")[0] for t in tributes]
        departures.send_all(tributed)
        equips = destroy_equips(duel, tributed, departures)
        facts = [
            Fact(
                _summoned(card, setting, tributes), passages.NORMAL_SET if setting else passages.NORMAL_SUMMON
            )
        ]
        if tributes:
            facts.append(
                Fact(
                    say(
                        gettext_noop("Level %(level)s takes %(count)s Tribute(s)."),
                        level=str(card.level),
                        count=len(tributes),
                    ),
                    passages.TRIBUTES_BY_LEVEL,
                )
            )
        facts.append(
            Fact(
                say(gettext_noop("That is %(player)s's Normal Summon or Set for this turn."), player=player),
                passages.ONCE_PER_TURN,
            )
        )
        result: dict[str, Any] = {"position": position, **departures.outcome()}
        if equips:  # the Tributes' Equip Cards are destroyed; a Tribute itself is not
            result["destroyed"] = [equip.id for equip in equips]
        if zone is not None:
            result["zone"] = zone
        return result, facts + departures.facts

    return decide(stages, outcome, passages.NORMAL_SET if setting else passages.NORMAL_SUMMON)


def judge_normal_summon(ctx: Context) -> Ruling:
    """``normal_summon``: a Normal or Tribute Summon from the hand."""
    return _summon_or_set(ctx, setting=False)


def judge_set_monster(ctx: Context) -> Ruling:
    """``set_monster``: a Normal Set or Tribute Set from the hand."""
    return _summon_or_set(ctx, setting=True)


def not_on_own_field(player: str, card: Card, place: Place, doing: str) -> Violation | None:
    """Only a monster the player controls on the field can be Flip Summoned or change position."""
    if place.area in (MONSTER_ZONE, EXTRA_MONSTER_ZONE) and card.controller == player:
        return None
    return Violation(
        "summon.not_on_field",
        say(
            gettext_noop(
                "%(card)s is not a monster %(player)s controls on the field, so it cannot be %(doing)s."
            ),
            card=card.label,
            player=player,
            doing=doing,
        ),
        passages.FLIP_SUMMON,
    )


def flip_not_set(card: Card) -> Violation | None:
    """Rulebook v10, Flip Summon: only a face-down Defense Position monster is Flip Summoned."""
    if card.need(card.position, "position") == "set":
        return None
    return Violation(
        "summon.flip_not_set",
        say(
            gettext_noop(
                "%(card)s is already face-up; only a face-down Defense Position monster can be Flip Summoned."
            ),
            card=card.label,
        ),
        passages.FLIP_SUMMON,
    )


def flip_same_turn(duel: Duel, card: Card) -> Violation | None:
    """Rulebook v10, Flip Summon: not in the turn the monster was Set."""
    if card.need(card.placed_turn, "placed_turn") != duel.turn:
        return None
    return Violation(
        "summon.flip_same_turn",
        say(
            gettext_noop(
                "%(card)s was Set this turn (turn %(turn)s); it cannot be Flip Summoned until a later turn."
            ),
            card=card.label,
            turn=duel.turn,
        ),
        passages.FLIP_SUMMON,
    )


def already_changed(card: Card) -> Violation | None:
    """Rulebook 9.0, Main Phase: a monster's battle position changes once per turn (a Flip Summon counts)."""
    if not card.position_changed:
        return None
    return Violation(
        "position.already_changed",
        say(
            gettext_noop(
                "%(card)s's battle position was already changed this turn; it can change only once per turn."
            ),
            card=card.label,
        ),
        passages.POSITION_ONCE,
    )


def judge_flip_summon(ctx: Context) -> Ruling:
    """``flip_summon``: turn a face-down Defense Position monster face-up in Attack Position."""
    duel, action = ctx.duel, ctx.action
    player = action.player()
    card, place = duel.find(action.card_id("card"), action.field("card"))
    stages = [
        [lambda: not_your_turn(duel, player, say(gettext_noop("Flip Summon")), passages.FLIP_SUMMON)],
        [lambda: not_in_main_phase(duel, say(gettext_noop("Flip Summon a monster")))],
        [lambda: not_on_own_field(player, card, place, "Flip Summoned")],
        [lambda: flip_not_set(card), lambda: flip_same_turn(duel, card), lambda: already_changed(card)],
    ]

    def outcome() -> tuple[dict[str, Any], list[Fact]]:
        text = say(
            gettext_noop("%(card)s is Flip Summoned: it turns face-up in Attack Position."), card=card.label
        )
        return {"flipped": [card.id], "position": "attack"}, [Fact(text, passages.FLIP_SUMMON)]

    return decide(stages, outcome, passages.FLIP_SUMMON)
