"""``cast`` and ``play_land``: when a spell may be cast and a land played, and the timing checks they share.

Sorcery speed (sorceries, creatures, artifacts, enchantments, and planeswalkers, which this edition does not
know yet) means the player's own main phase with an empty stack (305.3, 408.1d); an instant may be cast
whenever its player has priority, which is every step but the untap step and, usually, the cleanup step
(408.1c, 302.2, 314.1c). The state names no priority holder, so the acting player is taken to hold it
whenever the rules give anyone priority, as the dispute format says for Yu-Gi-Oh!.
"""

from __future__ import annotations

from typing import Any

from rules.engine.errors import StateIncomplete
from rules.engine.jsonvalues import as_mapping
from rules.engine.mtg import passages
from rules.engine.mtg.context import Context
from rules.engine.mtg.state import (
    CARD_TYPE_WORDS,
    HAND,
    MAIN_PHASES,
    PHASE_NAMES,
    PLAYERS,
    Card,
    Game,
    parse_card,
    phase_and_step,
    step_name,
    zone_of,
)
from rules.engine.mtg.state_based import settle
from rules.engine.references import Reference
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import Sentence, gettext_noop, say

SORCERY_SPEED_TYPES = ("sorcery", "creature", "artifact", "enchantment", "planeswalker")


def not_active_player(game: Game, player: str, doing: Sentence, rule: Reference) -> Violation | None:
    """Only the active player may do this."""
    if player == game.active_player:
        return None
    return Violation(
        "mtg.turn.not_active_player",
        say(
            gettext_noop(
                "It is %(active_player)s's turn; %(player)s is not the active player and cannot %(doing)s."
            ),
            active_player=game.active_player,
            player=player,
            doing=doing,
        ),
        rule,
    )


def not_in_step(game: Game, phase: str, step: str, doing: Sentence, rule: Reference) -> Violation | None:
    """The action belongs to one step; the state says the game is elsewhere."""
    if game.phase == phase and game.need_step() == step:
        return None
    where = phase_and_step(game.phase, game.step)
    return Violation(
        "mtg.phase.wrong_step",
        say(
            gettext_noop("A player can %(doing)s only in %(step_name)s; the state says it is %(where)s."),
            doing=doing,
            step_name=step_name(step),
            where=where,
        ),
        rule,
    )


def card_from_hand(
    ctx: Context, player: str, rule: Reference, doing: Sentence
) -> tuple[Card, Violation | None]:
    """The card the action names, by id from the state or given in full; it must be in the player's hand."""
    raw = ctx.action.data.get("card")
    mapping = as_mapping(raw)
    if mapping is not None and ctx.game.locate(str(mapping.get("id", ""))) is None:
        card = parse_card(raw, "action.card", player, HAND)
        if ctx.game.player(player).hand_count >= 1:
            return card, None
        return card, Violation(
            "mtg.cast.not_in_hand",
            say(
                gettext_noop(
                    "%(player)s's hand is empty in the reported state: %(player)s cannot %(doing)s."
                ),
                player=player,
                doing=doing,
            ),
            rule,
        )
    card_id = str(mapping["id"]) if mapping is not None else ctx.action.card_id("card")
    card = ctx.game.find(card_id, "action.card")
    if card.zone == HAND and card.holder == player:
        return card, None
    where = zone_of(card)
    return card, Violation(
        "mtg.cast.not_in_hand",
        say(
            gettext_noop("%(card)s is in %(where)s, not in %(player)s's hand: %(player)s cannot %(doing)s."),
            card=card.label,
            where=where,
            player=player,
            doing=doing,
        ),
        rule,
    )


def no_priority(game: Game, revision: str) -> Violation | None:
    """Nobody gets priority in the untap step, nor in a cleanup step where nothing happens (302.2, 314.1c)."""
    if game.phase == "beginning" and game.need_step() == "untap":
        return Violation(
            "mtg.timing.no_priority",
            say(
                gettext_noop("No player receives priority in the untap step, so no spell can be cast there.")
            ),
            passages.UNTAP_NO_PRIORITY,
        )
    if game.phase == "end" and game.need_step() == "cleanup" and game.stack == 0:
        life = {p: game.player(p).life for p in PLAYERS}
        settled = settle(game.battlefield(), {}, life, revision)
        if not settled.removed and not settled.game["over"] and not settled.legend_choices:
            return Violation(
                "mtg.timing.no_priority",
                say(
                    gettext_noop(
                        "In the cleanup step players get priority only if a state-based effect "
                        "applies or an ability triggered; the stack is empty and no state-based "
                        "effect applies, so no spell can be cast."
                    )
                ),
                passages.CLEANUP_PRIORITY,
            )
    return None


def sorcery_speed(game: Game, player: str, card: Card) -> Violation | None:
    """408.1d: a non-instant spell only in its player's own main phase, with priority and an empty stack."""
    kind = next(t for t in card.types if t in SORCERY_SPEED_TYPES)
    problems: list[Sentence] = []
    if player != game.active_player:
        problems.append(
            say(
                gettext_noop("it is %(active)s's turn, not %(player)s's"),
                active=game.active_player,
                player=player,
            )
        )
    if game.phase not in MAIN_PHASES:
        problems.append(say(gettext_noop("it is %(phase)s, not a main phase"), phase=PHASE_NAMES[game.phase]))
    if game.stack:
        problems.append(say(gettext_noop("the stack holds %(count)s item(s)"), count=game.stack))
    if not problems:
        return None
    listed = problems[0]
    for problem in problems[1:]:
        listed = say(gettext_noop("%(one)s; %(other)s"), one=listed, other=problem)
    return Violation(
        "mtg.timing.sorcery_speed",
        say(
            gettext_noop(
                "%(card)s is a %(kind)s spell: it can be cast only in its player's own "
                "main phase while the stack is empty, and %(problems)s."
            ),
            card=card.label,
            kind=CARD_TYPE_WORDS[kind],
            problems=listed,
        ),
        passages.SORCERY_TIMING,
    )


def cast_timing(game: Game, player: str, card: Card, revision: str) -> Violation | None:
    if card.is_land:
        return Violation(
            "mtg.cast.land",
            say(
                gettext_noop(
                    "%(card)s is a land: lands are not spells and are not cast; they are played (play_land)."
                ),
                card=card.label,
            ),
            passages.LAND_NOT_SPELL,
        )
    if any(t in SORCERY_SPEED_TYPES for t in card.types):
        return sorcery_speed(game, player, card)
    return no_priority(game, revision)


def judge_cast(ctx: Context) -> Ruling:
    """``cast``: may this spell be cast now (timing only; costs and targets are the players' to check)."""
    game = ctx.game
    player = ctx.action.player()
    card, not_in_hand = card_from_hand(ctx, player, passages.SPELLS, say(gettext_noop("cast it")))
    if not card.types:
        raise StateIncomplete(
            f"{card.path}.types",
            say(gettext_noop("%(card)s has no card types"), card=card.label),
            passages.SPELLS,
        )
    stages = [[lambda: not_in_hand], [lambda: cast_timing(game, player, card, ctx.revision)]]

    def outcome() -> tuple[dict[str, Any], list[Fact]]:
        instant = not any(t in SORCERY_SPEED_TYPES for t in card.types)
        if instant:
            text = say(
                gettext_noop(
                    "%(card)s is an instant: %(player)s may cast it whenever they have priority, as now."
                ),
                card=card.label,
                player=player,
            )
            rule = passages.PRIORITY
        else:
            text = say(
                gettext_noop(
                    "%(card)s is cast in %(player)s's own main phase with an empty stack:"
                    " the timing is legal."
                ),
                card=card.label,
                player=player,
            )
            rule = passages.SORCERY_TIMING
        result = {"speed": "instant" if instant else "sorcery", "stack": game.stack + 1}
        return result, [
            Fact(text, rule),
            Fact(say(gettext_noop("The spell goes on top of the stack.")), passages.SPELLS),
        ]

    return decide(stages, outcome, passages.SORCERY_TIMING)


def land_not_main_phase(game: Game, player: str) -> Violation | None:
    """305.4: a land is played only in its player's own main phase."""
    if player == game.active_player and game.phase in MAIN_PHASES:
        return None
    return Violation(
        "mtg.land.not_main_phase",
        say(
            gettext_noop(
                "A land is played only in its player's own main phase; it is "
                "%(phase_names)s of %(active_player)s's turn."
            ),
            phase_names=PHASE_NAMES[game.phase],
            active_player=game.active_player,
        ),
        passages.LAND_DROP,
    )


def land_stack_not_empty(game: Game) -> Violation | None:
    """305.4: a land is played only while the stack is empty."""
    if not game.stack:
        return None
    return Violation(
        "mtg.land.stack_not_empty",
        say(
            gettext_noop("A land is played only while the stack is empty; it holds %(stack)s item(s)."),
            stack=game.stack,
        ),
        passages.LAND_DROP,
    )


def land_already_played(game: Game, player: str) -> Violation | None:
    """214.9b: one land per turn."""
    lands = game.player(player).lands_played
    if lands < 1:
        return None
    return Violation(
        "mtg.land.already_played",
        say(
            gettext_noop(
                "%(player)s has already played %(lands)s land(s) this turn: only one land "
                "may be played per turn."
            ),
            player=player,
            lands=lands,
        ),
        passages.ONE_LAND,
    )


def judge_play_land(ctx: Context) -> Ruling:
    """``play_land``: the land drop of the main phase."""
    game = ctx.game
    player = ctx.action.player()
    card, not_in_hand = card_from_hand(ctx, player, passages.LAND_DROP, say(gettext_noop("play it")))

    def not_a_land() -> Violation | None:
        if card.is_land:
            return None
        return Violation(
            "mtg.land.not_a_land",
            say(
                gettext_noop("%(card)s is not a land: it is cast as a spell, not played as the land drop."),
                card=card.label,
            ),
            passages.SPELLS,
        )

    stages = [
        [lambda: not_in_hand, not_a_land],
        [
            lambda: land_not_main_phase(game, player),
            lambda: land_stack_not_empty(game),
            lambda: land_already_played(game, player),
        ],
    ]

    def outcome() -> tuple[dict[str, Any], list[Fact]]:
        text = say(
            gettext_noop(
                "%(player)s plays %(card)s, their first land this turn; it is put into play (it does not use"
                " the stack)."
            ),
            player=player,
            card=card.label,
        )
        return {"lands_played": game.player(player).lands_played + 1}, [Fact(text, passages.LAND_DROP)]

    return decide(stages, outcome, passages.LAND_DROP)
