"""The numbers behind the pictures: the top cut's bracket (``GET /api/v1/events/{slug}/bracket/``) and the
caller's own run through an event (``GET /api/v1/me/runs/{slug}/``), read from the same selectors as the
standings page, the projector, the event page and the history page, so the API and the pictures agree.

The bracket is public like the standings; a run is the caller's own (there is no parameter to ask for
someone else's).
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.engine.pictures.bracket import BracketMatch, Seat
from tournaments.selectors.bracket import event_bracket
from tournaments.selectors.events import event_for
from tournaments.selectors.history import OUTCOMES
from tournaments.selectors.runs import RunRound, player_run


@extend_schema_serializer(component_name="BracketSeat")
class BracketSeatSerializer(serializers.Serializer[object]):
    seed = serializers.IntegerField(help_text="1 for the best seed.")
    player = serializers.CharField(help_text="The player's username.")
    name = serializers.CharField()


@extend_schema_serializer(component_name="BracketMatch")
class BracketMatchSerializer(serializers.Serializer[object]):
    table = serializers.IntegerField(allow_null=True, help_text="Null for a bye and a match not paired yet.")
    a = BracketSeatSerializer(allow_null=True, help_text="The better seed; null while not known yet.")
    b = BracketSeatSerializer(allow_null=True, help_text="Null while not known yet, and for a bye.")
    bye = serializers.BooleanField()
    wins_a = serializers.IntegerField(allow_null=True, help_text="Duels (games) won by a; null until final.")
    wins_b = serializers.IntegerField(allow_null=True)
    winner = serializers.ChoiceField(
        choices=["a", "b"], allow_null=True, help_text='"a" or "b"; null until decided (a bye: "a").'
    )


@extend_schema_serializer(component_name="BracketRound")
class BracketRoundSerializer(serializers.Serializer[object]):
    number = serializers.IntegerField(
        allow_null=True, help_text="The event's round number; null until paired."
    )
    players = serializers.IntegerField(help_text="How many players the round starts with: 8, 4, 2.")
    name = serializers.CharField(help_text='"Top 8", "Final", ... in the caller\'s language.')
    matches = BracketMatchSerializer(many=True)


@extend_schema_serializer(component_name="Bracket")
class BracketSerializer(serializers.Serializer[object]):
    size = serializers.IntegerField(
        help_text="Players the bracket holds (byes included); 0 before it is paired."
    )
    single_elimination = serializers.BooleanField(help_text="The whole event is the bracket (no Swiss).")
    rounds = BracketRoundSerializer(many=True)
    winner = BracketSeatSerializer(allow_null=True, help_text="Null until the final is decided.")


def _seat(seat: Seat | None) -> dict[str, Any] | None:
    return None if seat is None else {"seed": seat.seed, "player": seat.player, "name": seat.name}


def _match(match: BracketMatch) -> dict[str, Any]:
    return {
        "table": match.table,
        "a": _seat(match.a),
        "b": _seat(match.b),
        "bye": match.bye,
        "wins_a": None if match.bye else match.wins_a,
        "wins_b": None if match.bye else match.wins_b,
        "winner": "a" if match.bye else match.winner,
    }


class EventBracketApi(APIView):
    """The top cut (or a single-elimination event's bracket) as far as it is known: each round's matches
    top to bottom, seeds, names, the duels or games each side won, the winners, the rounds not paired yet
    with the winners known so far."""

    @extend_schema(responses=BracketSerializer, operation_id="events_bracket")
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        bracket = event_bracket(event)
        if bracket is None:
            data: dict[str, Any] = {"size": 0, "single_elimination": False, "rounds": [], "winner": None}
        else:
            data = {
                "size": bracket.size,
                "single_elimination": bracket.single_elimination,
                "rounds": [
                    {
                        "number": round_.number,
                        "players": round_.players,
                        "name": round_.label,
                        "matches": [_match(match) for match in round_.matches],
                    }
                    for round_ in bracket.rounds
                ],
                "winner": _seat(bracket.winner),
            }
        return Response(BracketSerializer(data).data)


@extend_schema_serializer(component_name="RunRound")
class RunRoundSerializer(serializers.Serializer[object]):
    round = serializers.IntegerField()
    stage = serializers.CharField(help_text='"swiss" or "top".')
    match = serializers.IntegerField(help_text="The match's id (GET /api/v1/matches/{id}/).")
    opponent = serializers.CharField(allow_null=True, help_text="The opponent's username; null for a bye.")
    opponent_name = serializers.CharField(allow_null=True, help_text="The opponent's name; null for a bye.")
    opponent_archetype = serializers.CharField(
        allow_null=True, help_text="What the opponent played, once archetypes are public; else null."
    )
    outcome = serializers.ChoiceField(choices=OUTCOMES, help_text="From the caller's side.")
    outcome_label = serializers.CharField(help_text='"Won", "Lost", ... in the caller\'s language.')
    games_won = serializers.IntegerField(allow_null=True, help_text="The caller's games; null until final.")
    games_lost = serializers.IntegerField(allow_null=True)
    games_drawn = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(
        allow_null=True,
        help_text="The caller's place in the standings after this Swiss round once it is closed.",
    )


@extend_schema_serializer(component_name="Run")
class RunSerializer(serializers.Serializer[object]):
    event = serializers.SlugField()
    players = serializers.IntegerField(help_text="Players in the standings the places are of (0: none yet).")
    rounds = RunRoundSerializer(many=True, help_text="Round by round; empty when the caller has not played.")


def _run_round(round_: RunRound, user_id: int) -> dict[str, Any]:
    line = round_.line
    match = line.match
    opponent = match.player_b if match.player_a_id == user_id else match.player_a
    return {
        "round": round_.number,
        "stage": round_.stage,
        "match": match.pk,
        "opponent": opponent.get_username() if opponent is not None else None,
        "opponent_name": line.opponent or None,
        "opponent_archetype": round_.opponent_archetype,
        "outcome": line.outcome,
        "outcome_label": line.result,
        "games_won": line.games_mine,
        "games_lost": line.games_theirs,
        "games_drawn": line.games_drawn,
        "place": round_.place,
    }


class MyRunApi(APIView):
    """The caller's run through one event: each round's opponent, result and games, and the caller's place
    in the standings after each closed Swiss round (the numbers of the run's picture)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=RunSerializer, operation_id="me_run")
    def get(self, request: Request, slug: str) -> Response:
        user = cast(User, request.user)  # IsAuthenticated let only a signed-in user through
        event = event_for(user, slug)
        run = player_run(event, user)
        data = {
            "event": event.slug,
            "players": run.players if run is not None else 0,
            "rounds": [_run_round(round_, user.pk) for round_ in run.rounds] if run is not None else [],
        }
        return Response(RunSerializer(data).data)
