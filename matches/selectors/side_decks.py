"""What each viewer may see of a match's Side Decks: both counts for everyone; a swap's cards for its player
and the event's judges only (hiding a player's cards from their opponent is part of the rule recorded, and
the page and the API read it from here, so they hide the same things)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext_lazy

from decks.models import DeckList
from decks.selectors import section_counts
from matches.models import Match, SideDeckCount, SideSwap
from matches.selectors.duels import EngineAnswerMissing, duel_state
from matches.selectors.matches import is_match_judge
from tournaments.models import Registration
from tournaments.selectors.events import is_deck_staff

# Violations whose message names no card: the opponent may read them as they are.
CARD_FREE_CODES = frozenset(
    {
        "side.count_changed",
        "deck.main_size",
        "deck.extra_size",
        "deck.side_size",
        "mtg.deck.main_size",
        "mtg.deck.side_size",
        "state.incomplete",
    }
)
# What the opponent reads instead of a message that names a card (hidden information).
HIDDEN_MESSAGES = {
    "side.card_not_registered": gettext_lazy(
        "A card presented was not registered, or in more copies than registered."
    ),
    "side.card_missing": gettext_lazy("A card of the registered list is missing from the deck presented."),
}
HIDDEN_MESSAGE = gettext_lazy(
    "The deck presented breaks a deck rule; the player and the judges see which card."
)


def registered_deck_list(*, match: Match, player: User) -> DeckList | None:
    """The deck list ``player`` registered for the match's event, or None without one."""
    registration = (
        Registration.objects.filter(event_id=match.round.event_id, player=player)
        .select_related("deck_list")
        .first()
    )
    return registration.deck_list if registration is not None else None


def registered_side_count(*, match: Match, player: User) -> int | None:
    """The Side Deck size of ``player``'s registered list for the match's event (None without a list)."""
    deck_list = registered_deck_list(match=match, player=player)
    return section_counts(deck_list).get("side", 0) if deck_list is not None else None


@dataclass(frozen=True)
class CountView:
    side: str
    player: User
    count: SideDeckCount | None

    @property
    def mismatch(self) -> bool:
        return (
            self.count is not None
            and self.count.registered_count is not None
            and self.count.count != self.count.registered_count
        )


@dataclass(frozen=True)
class SwapView:
    """A swap as one viewer may see it: ``moves`` and ``presented`` are None when hidden from them."""

    swap: SideSwap
    side: str
    hidden: bool
    problems: list[dict[str, str]]

    @property
    def moves(self) -> dict[str, Any] | None:
        return None if self.hidden else dict(self.swap.moves)

    @property
    def presented(self) -> dict[str, Any] | None:
        return None if self.hidden else dict(self.swap.presented)


@dataclass(frozen=True)
class SideDecksOverview:
    counts: list[CountView]
    swaps: list[SwapView]
    next_duel: int | None  # the duel a swap is recorded for now; None when no swap can be recorded
    before_duel_1: bool
    judge: bool


def visible_problems(problems: list[dict[str, str]], *, hidden: bool) -> list[dict[str, str]]:
    """The engine's reasons, with every card name kept from a viewer who must not see the player's cards."""
    if not hidden:
        return [dict(problem) for problem in problems]
    shown = []
    for problem in problems:
        code = problem.get("code", "")
        message = (
            problem.get("message", "")
            if code in CARD_FREE_CODES
            else str(HIDDEN_MESSAGES.get(code, HIDDEN_MESSAGE))
        )
        shown.append({"code": code, "message": message, "rule": problem.get("rule", "")})
    return shown


def side_decks_overview(*, match: Match, viewer: User | AnonymousUser) -> SideDecksOverview:
    """The counts (everyone sees them) and the swaps (their cards for their player and the event's judges).

    A judge who plays in this match is a player here (``is_match_judge``): their opponent's cards stay hidden.
    So do the cards sided at other tables from a judge who plays elsewhere in the event: a swap shows part of
    a registered list, which such a judge does not see either (``is_deck_staff``).
    """
    judge = is_match_judge(match, viewer) and is_deck_staff(viewer, match.round.event)
    viewer_id = viewer.pk if viewer.is_authenticated else None
    counts_by_player = {count.player_id: count for count in match.side_deck_counts.all()}
    players = [("A", match.player_a), ("B", match.player_b)]
    counts = [
        CountView(side=side, player=player, count=counts_by_player.get(player.pk))
        for side, player in players
        if player is not None
    ]
    sides = {player.pk: side for side, player in players if player is not None}
    swaps = []
    for swap in match.side_swaps.select_related("player").order_by("duel_number", "pk"):
        hidden = not judge and swap.player_id != viewer_id
        swaps.append(
            SwapView(
                swap=swap,
                side=sides.get(swap.player_id, ""),
                hidden=hidden,
                problems=visible_problems(list(swap.problems or []), hidden=hidden),
            )
        )
    duels = list(match.duels.order_by("number"))
    between = bool(duels) and all(duel.result for duel in duels) and match.status == Match.Status.PLAYING
    next_duel = len(duels) + 1 if between and match.time_called_at is None else None
    if next_duel is not None:
        try:
            if duel_state(match).over:
                next_duel = None
        except EngineAnswerMissing:  # the duels need a judge first; the "Duels" section says so
            next_duel = None
    return SideDecksOverview(
        counts=counts, swaps=swaps, next_duel=next_duel, before_duel_1=not duels, judge=judge
    )
