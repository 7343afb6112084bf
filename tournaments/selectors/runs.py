"""A player's run through an event: round by round, the opponent, the result, the games and the player's
place in the standings after each Swiss round (the picture's line and its table read the same rows).

The places after every Swiss round are computed for every player at once, one standings computation per
round over the event's history read once (``replay_export.event_replay_and_users``), and kept in the cache
with the event's history version (``tournaments.selectors.cached_documents``), so each player's run, the
history page and the API read them from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q
from django.utils.translation import gettext

from accounts.users import AnyUser, display_name
from matches.models import Match
from tournaments.engine.pictures.run_line import RunPicture, run_line
from tournaments.engine.standings import compute as standings_compute
from tournaments.models import Event, Registration, Round
from tournaments.replay_export import event_replay_and_users
from tournaments.selectors.archetypes import archetype_of, archetypes_visible_to
from tournaments.selectors.cached_documents import HistoryStamp, cached, current_history_stamp
from tournaments.selectors.history import HistoryLine, history_line


@dataclass(frozen=True)
class Places:
    """Each player's place after each Swiss round (user id -> {round number: place}), and how many players
    the standings had after each round."""

    by_user: dict[int, dict[int, int]]
    players: dict[int, int]


def _computed_places(event: Event) -> Places:
    replay, users = event_replay_and_users(event)
    swiss = [played["number"] for played in replay["rounds"] if played["stage"] == "swiss"]
    by_user: dict[int, dict[int, int]] = {}
    players: dict[int, int] = {}
    for number in swiss:
        prefix: dict[str, Any] = {
            **replay,
            "rounds": [played for played in replay["rounds"] if played["number"] <= number],
            "drops": [drop for drop in replay.get("drops", []) if drop["after_round"] <= number],
        }
        rows = standings_compute(prefix)["standings"]
        players[number] = len(rows)
        for row in rows:
            if row["player"] in users:
                by_user.setdefault(users[row["player"]], {})[number] = row["rank"]
    return Places(by_user=by_user, players=players)


def places_after_rounds(event: Event, stamp: HistoryStamp | None = None) -> Places:
    """Every player's place after each closed Swiss round (see the module docstring)."""
    stamp = stamp or current_history_stamp(event)
    return cached(stamp.key("places-after-rounds"), lambda: _computed_places(event))


def opponent_archetype(registration: Registration, visible: bool) -> str | None:
    """The archetype the opponent played, when the reader may read the event's archetypes
    (``archetypes_visible_to``: the deck staff, or anyone once the lists are public); None otherwise.
    The run's table shows the column only when some opponent has one."""
    return archetype_of(registration) if visible else None


@dataclass(frozen=True)
class RunRound:
    """One round of the run: the match as the player's history line says it, and the place after it."""

    line: HistoryLine
    opponent_archetype: str | None
    place: int | None  # after a closed Swiss round; None for the top cut and a round not closed

    @property
    def number(self) -> int:
        return self.line.match.round.number

    @property
    def stage(self) -> str:
        return self.line.match.round.stage


@dataclass(frozen=True)
class PlayerRun:
    event: Event
    name: str
    rounds: list[RunRound]
    players: int  # in the standings after the last Swiss round shown (0: no Swiss round closed)
    picture: RunPicture | None  # None before a Swiss round is closed

    @property
    def shows_archetypes(self) -> bool:
        return any(round_.opponent_archetype is not None for round_ in self.rounds)

    @property
    def places(self) -> list[tuple[int, int]]:
        return [(round_.number, round_.place) for round_ in self.rounds if round_.place is not None]

    @property
    def summary(self) -> str:
        """The picture's text alternative in a sentence: "Place after each round: 3, 2, 1 of 8 players"."""
        places = ", ".join(str(place) for _, place in self.places)
        return gettext("Place after each Swiss round: %(places)s of %(count)s players") % {
            "places": places,
            "count": self.players,
        }


def player_run(
    event: Event, user: User, stamp: HistoryStamp | None = None, viewer: AnyUser | None = None
) -> PlayerRun | None:
    """``user``'s run through ``event``, round by round, as ``viewer`` may read it (the player themselves
    unless given); None when they have played no round of it."""
    matches = (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user), round__event=event)
        .select_related("round__event", "player_a", "player_b")
        .order_by("round__number")
    )
    return run_of_lines(event, user, [history_line(match, user.pk) for match in matches], stamp, viewer)


def run_of_lines(
    event: Event,
    user: User,
    lines: list[HistoryLine],
    stamp: HistoryStamp | None = None,
    viewer: AnyUser | None = None,
) -> PlayerRun | None:
    """The run from the player's history lines of ``event`` (any order; the history page has them), with
    the places after each round from the cache; the opponents' archetypes only where ``viewer`` (the player
    unless given) may read them."""
    if not lines:
        return None
    # The player themselves play in the event: no deck-staff query (one less a run on the history page).
    playing = viewer is None or viewer.pk == user.pk
    archetypes_visible = archetypes_visible_to(user if viewer is None else viewer, event, playing=playing)
    lines = sorted(lines, key=lambda line: line.match.round.number)
    opponent_ids = [
        line.match.player_b_id if line.match.player_a_id == user.pk else line.match.player_a_id
        for line in lines
    ]
    opponents = {
        registration.player_id: registration
        for registration in event.registrations.filter(
            player_id__in=[opponent for opponent in opponent_ids if opponent is not None]
        )
    }
    places = places_after_rounds(event, stamp)
    mine = places.by_user.get(user.pk, {})
    rounds = []
    for line, opponent_id in zip(lines, opponent_ids, strict=True):
        round_ = line.match.round
        registration = opponents.get(opponent_id) if opponent_id is not None else None
        closed = round_.status == Round.Status.FINISHED and round_.stage == Round.Stage.SWISS
        rounds.append(
            RunRound(
                line=line,
                opponent_archetype=opponent_archetype(registration, archetypes_visible)
                if registration
                else None,
                place=mine.get(round_.number) if closed else None,
            )
        )
    shown = [(r.number, r.place) for r in rounds if r.place is not None]
    players = places.players.get(shown[-1][0], 0) if shown else 0
    return PlayerRun(
        event=event,
        name=display_name(user),
        rounds=rounds,
        players=players,
        picture=run_line(shown, players) if shown else None,
    )


def my_run(user: AnyUser, event: Event) -> PlayerRun | None:
    """The signed-in player's run through ``event`` (None for anyone who has not played in it)."""
    if not user.is_authenticated:
        return None
    return player_run(event, user)
