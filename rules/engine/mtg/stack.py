"""``resolve_stack``: priority passing and the stack's resolution (Comprehensive Rules 217.6, 300.2, 302.2,
408.1c-d).

``state.stack`` lists the items, the first at the bottom; ``state.priority`` (optional) names the player who
holds priority. Without a ``sequence`` the ruling gives the order the stack resolves in if both players keep
passing: top first, the active player receiving priority after each resolution. With one, each event is
``{"player": "A", "does": "pass"}`` or ``{"player": "B", "does": "cast" | "activate", "card": ID or name}``
and the judge plays it out: only the player with priority acts (408.1d); one who adds to the stack puts it on
top and keeps priority, one who passes hands it to the opponent (408.1c); when both pass in succession the top
item resolves and the active player receives priority, or, with the stack empty, the step ends (300.2).
Triggered abilities and state-based effects between resolutions are the players' to report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.engine.errors import DisputeError, StateIncomplete
from rules.engine.jsonvalues import ActionFields, as_card_id, as_choice, as_mapping
from rules.engine.mtg import passages
from rules.engine.mtg.context import Context
from rules.engine.mtg.state import Game, other
from rules.engine.ruling import Fact, Ruling, Violation, decide
from rules.engine.sentences import gettext_noop, say

KINDS = ("spell", "ability")
DOES = {"pass": None, "cast": "spell", "activate": "ability"}


@dataclass(frozen=True)
class Item:
    """One spell or ability on the stack."""

    card: str
    player: str | None = None
    kind: str | None = None
    name: str | None = None  # the card's label when ``card`` is an id of the state

    @property
    def label(self) -> str:
        """``B's spell Giant Growth (b2)``, ``the ability Prodigal Sorcerer``, or the card alone."""
        name = self.name or self.card
        if self.player:
            return f"{self.player}'s {self.kind or 'item'} {name}"
        return f"the {self.kind} {name}" if self.kind else name

    def as_dict(self) -> dict[str, str]:
        item = {"card": self.card}
        if self.player:
            item["player"] = self.player
        if self.kind:
            item["kind"] = self.kind
        return item


@dataclass(frozen=True)
class Event:
    number: int
    player: str
    does: str
    item: Item | None = None


def parse_item(game: Game, raw: object, path: str) -> Item:
    data = as_mapping(raw)
    card = as_card_id(data.get("card")) if data is not None else None
    if data is None or card is None:
        raise StateIncomplete(
            path, say(gettext_noop('must be {"card": ID or name, "player", "kind"}')), passages.STACK_ORDER
        )
    player = data.get("player")
    if player is not None and as_choice(player, ("a", "b")) is None:
        raise StateIncomplete(f"{path}.player", say(gettext_noop('must be "A" or "B"')), passages.STACK_ORDER)
    kind = data.get("kind")
    if kind is not None and as_choice(kind, KINDS) is None:
        raise StateIncomplete(
            f"{path}.kind", say(gettext_noop('must be "spell" or "ability"')), passages.STACK_ORDER
        )
    named = game.locate(card)
    return Item(
        card=card,
        player=str(player).upper() if player is not None else None,
        kind=str(kind).lower() if kind is not None else None,
        name=named.label if named is not None else None,
    )


def parse_events(ctx: Context) -> list[Event]:
    events = []
    for index, raw in enumerate(ctx.action.items("sequence", required=False)):
        path = f"action.sequence[{index}]"
        entry = as_mapping(raw)
        if entry is None:
            raise DisputeError(
                path,
                say(
                    gettext_noop('must be {"player": "A", "does": "pass"} or a cast or activate with "card"')
                ),
            )
        fields = ActionFields(entry, path)
        player = fields.player()
        does = fields.choice("does", tuple(DOES))
        item = None
        if does != "pass":
            card = as_card_id(entry.get("card"))
            if card is None:
                raise DisputeError(
                    fields.field("card"),
                    say(gettext_noop("to %(does)s, name the card (an id or a name)"), does=does),
                )
            named = ctx.game.locate(card)
            item = Item(card, player, DOES[does], named.label if named is not None else None)
        events.append(Event(index + 1, player, does, item))
    return events


def untap_step(game: Game) -> Violation | None:
    """302.2: no player receives priority in the untap step."""
    if game.phase_given != "beginning" or game.step != "untap":
        return None
    return Violation(
        "mtg.timing.no_priority",
        say(
            gettext_noop(
                "No player receives priority in the untap step, so nothing is cast and "
                "nothing resolves there."
            )
        ),
        passages.UNTAP_NO_PRIORITY,
    )


@dataclass
class Priority:
    """The stack and priority being played out event by event, and the sentences saying so."""

    game: Game
    stack: list[Item]
    holder: str | None
    passes: int = 0
    ended: bool = False
    resolved: list[Item] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)

    def play(self, events: list[Event]) -> Violation | None:
        for event in events:
            violation = self.apply(event)
            if violation is not None:
                return violation
        return None

    def apply(self, event: Event) -> Violation | None:
        verb = (
            say(gettext_noop("pass"))
            if event.item is None
            else say(
                gettext_noop("cast %(card)s") if event.does == "cast" else gettext_noop("activate %(card)s"),
                card=event.item.name or event.item.card,
            )
        )
        if self.ended:
            return Violation(
                "mtg.priority.step_ended",
                say(
                    gettext_noop(
                        "Event %(number)s (%(player)s %(verb)s) comes after both players passed "
                        "with the stack empty: the step had ended."
                    ),
                    number=event.number,
                    player=event.player,
                    verb=verb,
                ),
                passages.STEP_ENDS,
            )
        if event.player != self.holder:
            return Violation(  # 408.1d for playing a spell or ability; passing is the holder's too (408.1c)
                "mtg.priority.not_holder",
                say(
                    gettext_noop(
                        "Event %(number)s: %(player)s cannot %(verb)s, because %(holder)s holds priority."
                    ),
                    number=event.number,
                    player=event.player,
                    verb=verb,
                    holder=str(self.holder),
                ),
                passages.ONLY_WITH_PRIORITY if event.item else passages.PRIORITY_PASS,
            )
        if event.item is not None:
            self.stack.append(event.item)
            self.passes = 0
            self.facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "%(player)s %(does)ss %(value)s: it goes on top of the stack and "
                            "%(player)s receives priority again."
                        ),
                        player=event.player,
                        does=event.does,
                        value=event.item.name or event.item.card,
                    ),
                    passages.PRIORITY_PASS,
                )
            )
            return None
        self.passes += 1
        if self.passes < 2:
            self.holder = other(event.player)
            self.facts.append(
                Fact(
                    say(
                        gettext_noop("%(player)s passes; %(holder)s receives priority."),
                        player=event.player,
                        holder=self.holder,
                    ),
                    passages.PRIORITY_PASS,
                )
            )
            return None
        self.passes = 0
        if not self.stack:
            self.ended, self.holder = True, None
            self.facts.append(
                Fact(
                    say(
                        gettext_noop("Both players passed in succession with the stack empty: the step ends.")
                    ),
                    passages.STEP_ENDS,
                )
            )
            return None
        self.resolve()
        return None

    def resolve(self) -> None:
        top = self.stack.pop()
        self.resolved.append(top)
        self.holder = self.game.active_player
        self.facts.append(
            Fact(
                say(
                    gettext_noop(
                        "Both players passed in succession: %(top)s, on top of the stack, "
                        "resolves, and %(holder)s, the active player, receives priority."
                    ),
                    top=top.label,
                    holder=self.holder,
                ),
                passages.BOTH_PASS,
            )
        )

    def outcome(self) -> tuple[dict[str, Any], list[Fact]]:
        facts = list(self.facts)
        top = self.stack[-1] if self.stack else None
        if top is not None:
            facts.append(
                Fact(
                    say(
                        gettext_noop(
                            "Next, if both players pass in succession, %(top)s resolves: the last "
                            "item put on the stack resolves first."
                        ),
                        top=top.label,
                    ),
                    passages.TOP_RESOLVES,
                )
            )
        outcome: dict[str, Any] = {
            "resolution_order": [item.card for item in self.resolved],
            "resolves_next": top.card if top is not None else None,
            "stack": [item.as_dict() for item in self.stack],
            "priority": self.holder,
            "step_ends": self.ended,
        }
        return outcome, facts


def all_pass(game: Game, stack: list[Item]) -> tuple[dict[str, Any], list[Fact]]:
    """No sequence: the order the stack resolves in if both players pass each time (217.6c, 408.1c)."""
    if not stack:
        fact = Fact(
            say(gettext_noop("The stack is empty: if both players pass in succession, the step ends.")),
            passages.STEP_ENDS,
        )
        outcome: dict[str, Any] = {
            "resolution_order": [],
            "resolves_next": None,
            "stack": [],
            "priority": None,
            "step_ends": True,
        }
        return outcome, [fact]
    order = list(reversed(stack))
    active = game.active_player
    names = ", then ".join(item.label for item in order)
    facts = [
        Fact(
            say(
                gettext_noop("If both players pass each time, the stack resolves from the top: %(names)s."),
                names=names,
            ),
            passages.TOP_RESOLVES,
        ),
        Fact(
            say(
                gettext_noop(
                    "After each resolution %(active)s, the active player, receives priority, "
                    "and the next item resolves only when both players pass in succession "
                    "again."
                ),
                active=active,
            ),
            passages.BOTH_PASS,
        ),
    ]
    outcome = {
        "resolution_order": [item.card for item in order],
        "resolves_next": order[0].card,
        "stack": [],
        "priority": active,
        "step_ends": False,
    }
    return outcome, facts


def judge_resolve_stack(ctx: Context) -> Ruling:
    """``resolve_stack``: what resolves, in which order, and who receives priority."""
    game = ctx.game
    stack = [parse_item(game, raw, f"state.stack[{i}]") for i, raw in enumerate(game.stack_items)]
    events = parse_events(ctx)
    if not events:
        return decide([[lambda: untap_step(game)]], lambda: all_pass(game, stack), passages.BOTH_PASS)
    holder = game.priority_given or events[0].player
    play = Priority(game, stack, holder)
    if game.priority_given is None:
        play.facts.append(
            Fact(
                say(
                    gettext_noop(
                        "The state does not say who holds priority; %(holder)s, who acts first, "
                        "is taken to hold it."
                    ),
                    holder=holder,
                ),
                passages.PRIORITY_PASS,
            )
        )
    return decide([[lambda: untap_step(game)], [lambda: play.play(events)]], play.outcome, passages.BOTH_PASS)
