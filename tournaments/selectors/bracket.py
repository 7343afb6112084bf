"""The top cut (or a single-elimination event's whole bracket) as the bracket picture and its table show it.

The bracket is read from the event's top-cut rounds in one query: round 1's matches in bracket order (a
Swiss event's top cut by table, as ``tournaments.services.rounds`` numbers them; a single-elimination
event's bracket in the order its matches were written, byes in their places), each later round's match fed
by two neighbouring matches of the round before. Seeds follow from round 1's places in the bracket
(``tournaments.engine.top_cut.bracket_order``): after Swiss they are the Swiss standings' places the top
cut was seeded by; in a single-elimination event, the places the draw gave.

A result shows as soon as it is final, before the round is closed: :func:`bracket_etag` changes with every
write to a top-cut match, so the standings page's bracket polls "304 Not Modified" until one arrives.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, Max, Sum
from django.utils.translation import gettext, pgettext

from accounts.users import display_name
from matches.models import Match, MatchResult
from tournaments.engine.pictures.bracket import (
    A,
    B,
    BracketMatch,
    BracketPicture,
    Heading,
    Seat,
    champion,
    filled_rounds,
    layout,
)
from tournaments.engine.top_cut import bracket_order
from tournaments.models import Event, EventStructure, Round


@dataclass(frozen=True)
class BracketRound:
    """A round of the bracket: its number in the event (None until it is paired), how many players it
    starts with, its name ("Top 8", "Final") and its matches, top to bottom."""

    number: int | None
    players: int
    label: str
    matches: list[BracketMatch]


@dataclass(frozen=True)
class Bracket:
    size: int
    rounds: list[BracketRound]
    winner: Seat | None
    picture: BracketPicture
    single_elimination: bool

    @property
    def headings(self) -> list[tuple[Heading, str]]:
        """Each column's heading with its words: the rounds' names, then "Winner" over the champion."""
        labels = [round_.label for round_ in self.rounds] + [gettext("Winner")]
        return list(zip(self.picture.headings, labels, strict=True))


def round_label(players: int, index: int, single_elimination: bool) -> str:
    """A bracket round's name: "Final" for its last 2 players; before it, a top cut's "Top 8", a
    single-elimination event's "Round 1" (its first round may be a bracket of 8 for 6 players)."""
    if players == 2:
        return pgettext("bracket round", "Final")
    if single_elimination:
        return gettext("Round %(number)s") % {"number": index + 1}
    return gettext("Top %(size)s") % {"size": players}


def _top_cut_matches(event: Event) -> list[Match]:
    order = ("round__number", "pk") if event.structure == EventStructure.SINGLE_ELIMINATION else None
    matches = Match.objects.filter(round__event=event, round__stage=Round.Stage.TOP).select_related(
        "round", "player_a", "player_b"
    )
    return list(matches.order_by(*order) if order else matches.order_by("round__number", "table", "pk"))


def _winner_side(match: Match) -> str | None:
    if match.status != Match.Status.FINAL:
        return None
    return {MatchResult.A: A, MatchResult.B: B}.get(MatchResult(match.result)) if match.result else None


def event_bracket(event: Event) -> Bracket | None:
    """The event's bracket as far as it is known; None before its first top-cut round is paired."""
    matches = _top_cut_matches(event)
    if not matches:
        return None
    numbers = sorted({match.round.number for match in matches})
    by_round: dict[int, list[Match]] = {number: [] for number in numbers}
    for match in matches:
        by_round[match.round.number].append(match)
    first = by_round[numbers[0]]
    size = 2 * len(first)
    if size & (size - 1):  # not a bracket the services pair: show nothing rather than a wrong picture
        return None
    order = bracket_order(size)
    seeds: dict[int, int] = {}
    for position, match in enumerate(first):
        seeds[match.player_a_id] = order[2 * position]
        if match.player_b_id is not None:
            seeds[match.player_b_id] = order[2 * position + 1]

    def seat(user: User | None) -> Seat | None:
        if user is None:
            return None
        return Seat(seed=seeds.get(user.pk, 0), name=display_name(user), player=user.get_username())

    played = []
    for number in numbers:
        played.append(
            [
                BracketMatch(
                    a=seat(match.player_a),
                    b=seat(match.player_b),
                    wins_a=match.games_a if match.status == Match.Status.FINAL else None,
                    wins_b=match.games_b if match.status == Match.Status.FINAL else None,
                    winner=_winner_side(match),
                    bye=match.player_b_id is None,
                    table=match.table,
                )
                for match in by_round[number]
            ]
        )
    rounds = filled_rounds(size, played)
    single_elimination = event.structure == EventStructure.SINGLE_ELIMINATION
    return Bracket(
        size=size,
        rounds=[
            BracketRound(
                number=numbers[index] if index < len(numbers) else None,
                players=len(round_) * 2,
                label=round_label(len(round_) * 2, index, single_elimination),
                matches=round_,
            )
            for index, round_ in enumerate(rounds)
        ],
        winner=champion(rounds),
        picture=layout(rounds),
        single_elimination=single_elimination,
    )


def bracket_etag(event: Event, *parts: object) -> str:
    """Changes with every write to a top-cut match (each bumps its ``version``) and with the event's history
    (a round closed, the next one paired): one aggregate query."""
    seen = Match.objects.filter(round__event=event, round__stage=Round.Stage.TOP).aggregate(
        count=Count("pk"), versions=Sum("version"), last=Max("pk")
    )
    key = repr((event.pk, event.history_version, event.status, sorted(seen.items()), parts))
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'
