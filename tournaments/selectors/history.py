"""A player's own record: their matches across events, each from their side of the table, and the place
they finished each event in.

The history page, its CSV and ``GET /api/v1/me/history/`` read the same lines from here, so the three never
disagree; the final place is the standings' own (:func:`final_standings`: the top cut decides the places of
those in it, the Swiss standings everyone else's).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import F, Q, QuerySet
from django.utils.translation import gettext, pgettext

from accounts.users import AnyUser, display_name
from matches.models import Match, MatchResult
from tournaments.models import Event, EventStructure, Round
from tournaments.replay_export import player_id
from tournaments.selectors.standings import Record, event_standings, final_standings


def player_history(user: User) -> QuerySet[Match]:
    """Every match the user played, newest event first, for their own history page."""
    return (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user))
        .select_related("round__event", "player_a", "player_b")
        .order_by(
            "-round__event__starts_at", "round__event_id", "-round__number", F("table").asc(nulls_last=True)
        )
    )


# What a match came to, from the player's side: a stable code (API, CSS) and its words (pages, CSV).
WON, LOST, DRAW, BYE, DOUBLE_LOSS, PLAYING, DISPUTED = (
    "won",
    "lost",
    "draw",
    "bye",
    "double_loss",
    "playing",
    "disputed",
)
OUTCOMES = (WON, LOST, DRAW, BYE, DOUBLE_LOSS, PLAYING, DISPUTED)


def outcome_words(outcome: str) -> str:
    """The outcome as the player reads it: "Won", "Lost", "Draw", ... (a match being played says so)."""
    words = {
        WON: pgettext("match result, from the player's side", "Won"),
        LOST: pgettext("match result, from the player's side", "Lost"),
        DRAW: pgettext("match result", "Draw"),
        BYE: pgettext("match result", "Bye"),
        DOUBLE_LOSS: pgettext("match result", "Double loss"),
        PLAYING: pgettext("match status", "Being played"),
        DISPUTED: pgettext("match status", "Waiting for a judge"),
    }
    return words[outcome]


@dataclass(frozen=True)
class HistoryLine:
    """One match as the player sees it: their games first, the result in their words."""

    match: Match
    opponent: str  # "" for a bye
    outcome: str  # one of OUTCOMES
    games_mine: int | None  # None until the match is final, and for a bye
    games_theirs: int | None
    games_drawn: int | None

    @property
    def event(self) -> Event:
        return self.match.round.event

    @property
    def result(self) -> str:
        return outcome_words(self.outcome)

    @property
    def games(self) -> str:
        """The games, the player's first: "2-1", or "1-1-1" with a drawn game; "" when none are known."""
        if self.games_mine is None or self.games_theirs is None:
            return ""
        games = f"{self.games_mine}-{self.games_theirs}"
        return f"{games}-{self.games_drawn}" if self.games_drawn else games

    @property
    def round_label(self) -> str:
        """ "Round 3", or "Top cut · round 4" for a round of the top cut."""
        number = self.match.round.number
        # A single-elimination event's rounds are its bracket, not a top cut after Swiss.
        bracket = self.match.round.event.structure == EventStructure.SINGLE_ELIMINATION
        if self.match.round.stage == Round.Stage.TOP and not bracket:
            return gettext("Top cut, round %(number)s") % {"number": number}
        return gettext("Round %(number)s") % {"number": number}


def history_line(match: Match, user_id: int) -> HistoryLine:
    mine_a = match.player_a_id == user_id
    if match.player_b_id is None:
        return HistoryLine(match, "", BYE, None, None, None)
    opponent = display_name(match.player_b if mine_a else match.player_a)
    if match.status == Match.Status.PLAYING:
        return HistoryLine(match, opponent, PLAYING, None, None, None)
    if match.status == Match.Status.DISPUTED:
        return HistoryLine(match, opponent, DISPUTED, None, None, None)
    if match.result in (MatchResult.A, MatchResult.B):
        outcome = WON if (match.result == MatchResult.A) == mine_a else LOST
    else:
        outcome = {MatchResult.DRAW: DRAW, MatchResult.DOUBLE_LOSS: DOUBLE_LOSS}.get(
            MatchResult(match.result), BYE
        )
    mine, theirs = (match.games_a, match.games_b) if mine_a else (match.games_b, match.games_a)
    return HistoryLine(match, opponent, outcome, mine, theirs, match.games_drawn)


def ordinal(number: int) -> str:
    """A place as people say it: "1st", "2nd", "11th", "23rd" (each language words its own)."""
    if number % 100 in (11, 12, 13):
        return pgettext("ordinal 11, 12, 13", "%(number)sth") % {"number": number}
    templates = {
        1: pgettext("ordinal 1", "%(number)sst"),
        2: pgettext("ordinal 2", "%(number)snd"),
        3: pgettext("ordinal 3", "%(number)srd"),
    }
    template = templates.get(number % 10, pgettext("ordinal 0, 4-9", "%(number)sth"))
    return template % {"number": number}


@dataclass(frozen=True)
class MyFinalPlace:
    """Where the player finished an event: their place of how many, their Swiss record, how far they went
    in the top cut ("Winner", "Final", "Top 4", ... or "Swiss")."""

    event: Event
    place: int
    players: int
    record: Record
    reached: str
    dropped: bool

    @property
    def place_words(self) -> str:
        return ordinal(self.place)

    @property
    def headline(self) -> str:
        """ "You finished 3rd of 8" (the winner: "You won this event, 1st of 8")."""
        values = {"place": self.place_words, "count": self.players}
        if self.place == 1:
            return gettext("You won this event: %(place)s of %(count)s") % values
        return gettext("You finished %(place)s of %(count)s") % values

    @property
    def top_cut_words(self) -> str:
        """How far the player went in the top cut, in words; "" for a place the Swiss standings decided."""
        if self.reached == "Winner":
            return gettext("Winner of the top cut")
        if self.reached == "Final":
            return gettext("Finalist")
        if self.reached.startswith("Top "):
            return gettext("Reached the top %(size)s") % {"size": self.reached.removeprefix("Top ")}
        return ""


def final_places(event: Event) -> dict[int, MyFinalPlace]:
    """Every registered player's final place in a finished event, by user id ({} before it is over)."""
    if event.status != Event.Status.FINISHED:
        return {}
    swiss = event_standings(event)
    rows = {row.player: row for row in swiss}
    users = {player_id(registration): registration.player_id for registration in event.registrations.all()}
    places = {}
    for place in final_standings(event, swiss):
        user_id, row = users.get(place.player), rows.get(place.player)
        if user_id is None or row is None:
            continue
        places[user_id] = MyFinalPlace(
            event=event,
            place=place.place,
            players=len(swiss),
            record=Record(wins=row.wins, losses=row.losses, draws=row.draws),
            reached=place.reached,
            dropped=row.dropped,
        )
    return places


def my_final_place(user: AnyUser, event: Event) -> MyFinalPlace | None:
    """The signed-in player's place in ``event`` once it is finished; None for anyone who did not play."""
    if not user.is_authenticated or event.status != Event.Status.FINISHED:
        return None
    if not event.registrations.filter(player=user).exists():
        return None
    return final_places(event).get(user.pk)


def my_final_places(user: AnyUser, events: Iterable[Event]) -> dict[int, MyFinalPlace]:
    """:func:`my_final_place` for each finished event of ``events`` the user played, by event id."""
    if not user.is_authenticated:
        return {}
    events = [event for event in events if event.status == Event.Status.FINISHED]
    played = set(
        Event.objects.filter(pk__in=[event.pk for event in events], registrations__player=user).values_list(
            "pk", flat=True
        )
    )
    places = {}
    for event in events:
        if event.pk in played and (place := final_places(event).get(user.pk)) is not None:
            places[event.pk] = place
    return places


@dataclass(frozen=True)
class HistoryEvent:
    """One event of the player's history: its matches, newest round first, and the place they finished."""

    event: Event
    lines: list[HistoryLine]
    final_place: MyFinalPlace | None


def history_by_event(user: User, matches: Iterable[Match] | None = None) -> list[HistoryEvent]:
    """The player's history grouped by event (newest first), with the final place of each finished one."""
    lines = [history_line(match, user.pk) for match in (player_history(user) if matches is None else matches)]
    events: dict[int, list[HistoryLine]] = {}
    for line in lines:
        events.setdefault(line.event.pk, []).append(line)
    places = my_final_places(user, [group[0].event for group in events.values()])
    return [
        HistoryEvent(event=group[0].event, lines=group, final_place=places.get(event_id))
        for event_id, group in events.items()
    ]
