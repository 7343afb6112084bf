"""Side Deck counts before duel 1 and side swaps between duels, with the engine's verdict on each swap.

A swap's cards are hidden information: only its player and the event's judges get ``moves`` and
``presented``; everyone else gets the verdict and the reasons with card names left out (the same hiding as the
match page, from :func:`matches.selectors.side_decks.side_decks_overview`).
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.api import IDEMPOTENCY_KEY, idempotent
from matches.api.fields import side_field
from matches.models import Match, SideDeckCount
from matches.selectors import match_for
from matches.selectors.side_decks import SideDecksOverview, SwapView, side_decks_overview
from matches.services.side_decks import (
    MAX_MOVE_COUNT,
    MAX_MOVES,
    MAX_SIDE_DECK,
    side_deck_count_record,
    side_swap_record,
)

IN_HELP = "Cards taken from the Side Deck into the deck."
OUT_HELP = "Cards put from the deck into the Side Deck."


@extend_schema_serializer(component_name="SideCardMove")
class CardMoveSerializer(serializers.Serializer[object]):
    name = serializers.CharField(max_length=200)
    count = serializers.IntegerField(min_value=1, max_value=MAX_MOVE_COUNT, default=1)


class InOutSerializer(serializers.Serializer[object]):
    """Cards moved between the deck and the Side Deck, each with its number of copies."""

    # "in" is a Python keyword, so that field cannot be a class attribute: ``get_fields`` adds it.

    out: serializers.ListSerializer[object] = serializers.ListSerializer(
        child=CardMoveSerializer(), required=False, default=list, help_text=OUT_HELP, max_length=MAX_MOVES
    )

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        into: serializers.ListSerializer[object] = serializers.ListSerializer(
            child=CardMoveSerializer(), required=False, default=list, help_text=IN_HELP, max_length=MAX_MOVES
        )
        return {"in": into, **fields}


@extend_schema_serializer(component_name="SideSwapMoves")
class MovesOutputSerializer(InOutSerializer):
    pass


@extend_schema_serializer(component_name="SideSwapProblem")
class ProblemSerializer(serializers.Serializer[object]):
    code = serializers.CharField(help_text='The engine\'s violation code, e.g. "side.count_changed".')
    message = serializers.CharField(help_text="Why; names no card unless you may see the player's cards.")
    rule = serializers.CharField(help_text="The rulebook passage the engine cites.")


@extend_schema_serializer(component_name="SideDeckCount")
class CountOutputSerializer(serializers.ModelSerializer[SideDeckCount]):
    player = serializers.CharField(source="player.username")
    registered_count = serializers.IntegerField(
        allow_null=True, help_text="The Side Deck of the registered list; null without a list."
    )

    class Meta:
        model = SideDeckCount
        fields = ["player", "count", "registered_count", "recorded_at"]


@extend_schema_serializer(component_name="SideSwap")
class SwapOutputSerializer(serializers.Serializer[object]):
    player = serializers.CharField()
    side = side_field("The player's seat")
    duel_number = serializers.IntegerField(help_text="The duel the deck is presented for.")
    legal = serializers.BooleanField(
        allow_null=True, help_text="The engine's verdict; null if it could not tell."
    )
    problems = ProblemSerializer(many=True)
    hidden = serializers.BooleanField(
        help_text="True when the cards are hidden from you (your opponent's swap)."
    )
    moves = MovesOutputSerializer(allow_null=True, help_text="What moved; null when hidden.")
    presented = serializers.DictField(
        child=serializers.ListField(child=serializers.DictField()),
        allow_null=True,
        help_text="The deck presented, by section; null when hidden.",
    )
    recorded_at = serializers.DateTimeField()


@extend_schema_serializer(component_name="SideDecks")
class SideDecksOutputSerializer(serializers.Serializer[object]):
    match = serializers.IntegerField()
    before_duel_1 = serializers.BooleanField(help_text="Counts may be recorded (no duel has started).")
    next_duel = serializers.IntegerField(
        allow_null=True, help_text="The duel a swap is recorded for now; null when no swap can be."
    )
    counts = CountOutputSerializer(many=True)
    swaps = SwapOutputSerializer(many=True)


def _swap_data(view: SwapView) -> dict[str, Any]:
    swap = view.swap
    return {
        "player": swap.player.username,
        "side": view.side,
        "duel_number": swap.duel_number,
        "legal": swap.legal,
        "problems": view.problems,
        "hidden": view.hidden,
        "moves": view.moves,
        "presented": view.presented,
        "recorded_at": swap.recorded_at,
    }


def _body(match: Match, overview: SideDecksOverview) -> dict[str, Any]:
    return dict(
        SideDecksOutputSerializer(
            {
                "match": match.pk,
                "before_duel_1": overview.before_duel_1,
                "next_duel": overview.next_duel,
                "counts": [view.count for view in overview.counts if view.count is not None],
                "swaps": [_swap_data(view) for view in overview.swaps],
            }
        ).data
    )


class MatchSideDecksApi(APIView):
    """Both Side Deck counts and every swap; a swap's cards only for its player and the event's judges."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=SideDecksOutputSerializer, operation_id="matches_side_decks_list")
    def get(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        return Response(_body(match, side_decks_overview(match=match, viewer=request.user)))


class SideDeckCountApi(APIView):
    """Before duel 1 a player records how many cards their Side Deck holds (again: replaces it)."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="SideDeckCountInput")
    class InputSerializer(serializers.Serializer[object]):
        count = serializers.IntegerField(
            min_value=0, max_value=MAX_SIDE_DECK, help_text=f"Cards in the Side Deck, 0 to {MAX_SIDE_DECK}."
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: CountOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_side_deck_count",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = cast(User, request.user)

        count = side_deck_count_record(
            match_id=match.pk, player=user, count=serializer.validated_data["count"]
        )
        return Response(dict(CountOutputSerializer(count).data), status=status.HTTP_200_OK)


class SideSwapApi(APIView):
    """Between duels a player records their side swap for the next duel; the engine judges it at once.

    Recording again before that duel replaces the swap. Send an ``Idempotency-Key``: a retry returns the
    first response.
    """

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="SideSwapInput")
    class InputSerializer(InOutSerializer):
        pass

    @extend_schema(
        request=InputSerializer,
        responses={200: SwapOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_side_swap",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = cast(User, request.user)
        moves = {key: [dict(card) for card in serializer.validated_data[key]] for key in ("in", "out")}

        swap = side_swap_record(match_id=match.pk, player=user, moves=moves)
        view = next(
            view for view in side_decks_overview(match=match, viewer=user).swaps if view.swap.pk == swap.pk
        )
        return Response(dict(SwapOutputSerializer(_swap_data(view)).data), status=status.HTTP_200_OK)
