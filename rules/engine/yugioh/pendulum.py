"""Pendulum Summons: several monsters at once, Levels strictly between the two Pendulum Scales.

Rulebook v10, Pendulum Monster Cards (pp. 16-17): once per turn in your Main Phase, with a card in each
Pendulum Zone, Special Summon monsters from your hand and face-up Pendulum Monsters from your Extra Deck
whose Levels are between the Scales. Monsters from the hand go to Main Monster Zones; those from the Extra
Deck need the Extra Monster Zone or a Main Monster Zone a Link Monster points to (in both revisions).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rules.engine.errors import DisputeError
from rules.engine.ruling import Check, Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say
from rules.engine.yugioh import passages
from rules.engine.yugioh.cards import Card
from rules.engine.yugioh.context import Context
from rules.engine.yugioh.state import EXTRA_DECK, HAND, Duel, Place
from rules.engine.yugioh.timing import not_in_main_phase, not_your_turn
from rules.engine.yugioh.zones import (
    EMZ_OR_LINKED,
    MAIN_ONLY,
    linked_main_zones,
    parse_zone,
    summon_zones,
    usable_extra_monster_zones,
)

PENDULUM_ZONE_INDEXES = (0, 4)


def scales(duel: Duel, player: str) -> tuple[Card, Card] | None:
    """The Pendulum Monster Cards in the player's two Pendulum Zones (the outer Spell & Trap Zones)."""
    zones = duel.player(player).spell_trap_zones
    left, right = zones[PENDULUM_ZONE_INDEXES[0]], zones[PENDULUM_ZONE_INDEXES[1]]
    if left is None or right is None or not left.pendulum or not right.pendulum:
        return None
    return left, right


def no_scales(duel: Duel, player: str) -> Violation | None:
    """A Pendulum Summon needs a Pendulum Monster Card in each Pendulum Zone."""
    if scales(duel, player) is not None:
        return None
    return Violation(
        "summon.pendulum_scale",
        say(
            gettext_noop(
                "%(player)s does not have a Pendulum Monster Card in each Pendulum Zone "
                "(the leftmost and rightmost Spell & Trap Zones), so there are no Scales "
                "to Pendulum Summon with."
            ),
            player=player,
        ),
        passages.PENDULUM_ZONES,
    )


def pendulum_used(duel: Duel, player: str) -> Violation | None:
    """Rulebook v10: a Pendulum Summon once per turn."""
    if not duel.player(player).pendulum_summon_used:
        return None
    return Violation(
        "summon.pendulum_used",
        say(
            gettext_noop("%(player)s has already Pendulum Summoned this turn; it can be done once per turn."),
            player=player,
        ),
        passages.PENDULUM_SUMMON,
    )


def wrong_source(player: str, card: Card, place: Place) -> Violation | None:
    """Monsters from the hand, and face-up Pendulum Monsters from the Extra Deck."""
    if place.player == player and place.area == HAND and card.is_monster and not card.is_token:
        return None
    if place.player == player and place.area == EXTRA_DECK and card.pendulum and card.face_up is not False:
        return None
    return Violation(
        "summon.wrong_location",
        say(
            gettext_noop(
                "%(card)s can be Pendulum Summoned only from %(player)s's hand, or "
                "face-up from the Extra Deck if it is a Pendulum Monster."
            ),
            card=card.label,
            player=player,
        ),
        passages.PENDULUM_SUMMON,
    )


def special_summon_monster_from_hand(card: Card, place: Place) -> Violation | None:
    """Rulebook v10: a Ritual Monster in the hand was not properly Summoned: only its Ritual brings it out."""
    if place.area != HAND or card.frame != "ritual" or card.properly_summoned:
        return None
    return Violation(
        "summon.not_properly_summoned",
        say(
            gettext_noop("%(card)s is a Ritual Monster: from the hand it can only be Ritual Summoned."),
            card=card.label,
        ),
        passages.PROPERLY_SUMMONED,
    )


def out_of_scale(duel: Duel, player: str, card: Card) -> Violation | None:
    """Rulebook v10: the Level must be strictly between the two Pendulum Scales."""
    pair = scales(duel, player)
    if pair is None:
        return None
    low, high = sorted(side.need(side.scale, "scale") for side in pair)
    if card.frame in ("xyz", "link"):
        return Violation(
            "summon.pendulum_scale",
            say(gettext_noop("%(card)s has no Level, so it cannot be Pendulum Summoned."), card=card.label),
            passages.PENDULUM_SUMMON,
        )
    level = card.need(card.level, "level")
    if low < level < high:
        return None
    return Violation(
        "summon.pendulum_scale",
        say(
            gettext_noop(
                "%(card)s is Level %(level)s; with Scales %(low)s and %(high)s only "
                "Levels %(number)s to %(number2)s can be Pendulum Summoned."
            ),
            card=card.label,
            level=level,
            low=low,
            high=high,
            number=low + 1,
            number2=high - 1,
        ),
        passages.PENDULUM_SUMMON,
    )


def set_position(position: str | None) -> Violation | None:
    if position != "set":
        return None
    return Violation(
        "summon.position",
        say(gettext_noop("Pendulum Summoned monsters are placed face-up, in Attack or Defense Position.")),
        passages.SPECIAL_SUMMON_POSITION,
    )


def zones_violation(
    duel: Duel, player: str, cards: list[tuple[Card, Place]], zones: list[str] | None
) -> Violation | None:
    """Each monster needs its own open zone; Extra Deck ones the Extra Monster Zone or a linked zone."""
    if zones is None:
        return _enough_zones(duel, player, cards)
    taken: list[str] = []
    emz_used = False
    for (card, place), zone in zip(cards, zones, strict=True):
        rule = EMZ_OR_LINKED if place.area == EXTRA_DECK else MAIN_ONLY
        choice = summon_zones(duel, player, rule)
        if zone in taken or not choice.allows(zone) or (zone.startswith("emz") and emz_used):
            template = (
                gettext_noop(
                    "%(card)s cannot go to %(zone)s: coming from the Extra Deck it needs the Extra Monster "
                    "Zone or a Main Monster Zone a Link Monster points to, not already taken."
                )
                if rule == EMZ_OR_LINKED
                else gettext_noop(
                    "%(card)s cannot go to %(zone)s: coming from the hand it needs a free Main Monster Zone, "
                    "not already taken."
                )
            )
            return Violation(
                "summon.wrong_zone",
                say(template, card=card.label, zone=zone),
                passages.PENDULUM_EXTRA_DECK_ZONE if rule == EMZ_OR_LINKED else passages.MAIN_MONSTER_ZONE,
            )
        taken.append(zone)
        emz_used = emz_used or zone.startswith("emz")
    return None


def _enough_zones(duel: Duel, player: str, cards: list[tuple[Card, Place]]) -> Violation | None:
    """Without chosen zones: is there room for all of them?"""
    from_extra = sum(1 for _, place in cards if place.area == EXTRA_DECK)
    from_hand = len(cards) - from_extra
    free = summon_zones(duel, player, MAIN_ONLY).open
    linked_free = [z for z in free if int(z[1:]) in linked_main_zones(duel, player)]
    emz = 1 if usable_extra_monster_zones(duel, player) else 0
    needs_linked = max(0, from_extra - emz)
    if needs_linked <= len(linked_free) and from_hand + needs_linked <= len(free):
        return None
    return Violation(
        "summon.no_free_zone",
        say(
            gettext_noop(
                "There is not room for all %(count)s monsters: %(count2)s free Main "
                "Monster Zone(s), of which %(count3)s a Link Monster points to, and "
                "%(emz)s usable Extra Monster Zone."
            ),
            count=len(cards),
            count2=len(free),
            count3=len(linked_free),
            emz=emz,
        ),
        passages.PENDULUM_EXTRA_DECK_ZONE if from_extra else passages.MAIN_MONSTER_ZONE,
    )


def judge_pendulum_summon(ctx: Context) -> Ruling:
    """``special_summon`` with ``method: pendulum``."""
    duel, action = ctx.duel, ctx.action
    player = action.player()
    ids = action.card_ids("cards") if action.has("cards") else [action.card_id("card")]
    if not ids:
        raise DisputeError(
            action.field("cards"), say(gettext_noop("name at least one card to Pendulum Summon"))
        )
    if len(set(ids)) != len(ids):
        raise DisputeError(action.field("cards"), say(gettext_noop("each card can be Summoned once")))
    cards = [duel.find(card_id, action.field("cards")) for card_id in ids]
    zones: list[str] | None = None
    raw_zones = action.data.get("zones", action.data.get("zone"))
    if raw_zones is not None:
        listed = raw_zones if isinstance(raw_zones, list) else [raw_zones]
        if len(listed) != len(cards):
            raise DisputeError(action.field("zones"), say(gettext_noop("give one zone per card")))
        zones = []
        for i, raw in enumerate(listed):
            area, index = parse_zone(raw, f"{action.field('zones')}[{i}]")
            zones.append(("m" if area == "monster_zone" else "emz") + str(index))
    position = action.optional_choice("position", ("attack", "defense", "set"))
    per_card: list[Check] = []
    for card, place in cards:
        per_card += [
            partial(wrong_source, player, card, place),
            partial(special_summon_monster_from_hand, card, place),
            partial(out_of_scale, duel, player, card),
        ]
    stages: list[list[Check]] = [
        [
            lambda: not_your_turn(
                duel,
                player,
                say(gettext_noop("Pendulum Summon")),
                passages.PENDULUM_SUMMON,
            ),
            lambda: not_in_main_phase(duel, say(gettext_noop("Pendulum Summon")), passages.PENDULUM_SUMMON),
        ],
        [lambda: no_scales(duel, player), lambda: pendulum_used(duel, player)],
        per_card,
        [lambda: set_position(position), lambda: zones_violation(duel, player, cards, zones)],
    ]

    def outcome() -> tuple[dict[str, Any], list[Fact]]:
        pair = scales(duel, player)
        low, high = sorted(side.scale or 0 for side in pair) if pair else (0, 0)
        text = say(
            gettext_noop(
                "%(player)s Pendulum Summons %(cards)s with Scales %(low)s and %(high)s; that is "
                "%(player)s's Pendulum Summon for this turn."
            ),
            player=player,
            cards=", ".join(c.label for c, _ in cards),
            low=low,
            high=high,
        )
        result: dict[str, Any] = {"summoned": ids}
        if zones is not None:
            result["zones"] = zones
            if len(zones) == 1:
                result["zone"] = zones[0]
        if position is not None:
            result["position"] = position
        return result, [Fact(text, passages.PENDULUM_SUMMON)]

    return decide(stages, outcome, passages.PENDULUM_SUMMON)
