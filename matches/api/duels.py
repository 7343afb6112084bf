"""A match's duels: the coin toss, who plays first, and each player's duel report."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.api import IDEMPOTENCY_KEY, idempotent
from matches import services
from matches.api.fields import choice_field, side_field
from matches.models import CoinToss, Duel, DuelReport, Match
from matches.selectors import duel_state, match_for

# The schema's enum names for these (SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]).
DUEL_RESULTS = Duel.Result.values
DUEL_REASONS = Duel.Reason.values
REASON_HELP = "lp, deck_out, card_effect, concession, penalty, time, or empty."


class CoinTossOutputSerializer(serializers.ModelSerializer[CoinToss]):
    winner = side_field("Who won the toss and chooses")
    method = serializers.CharField(help_text='How it was decided: "coin".')

    class Meta:
        model = CoinToss
        fields = ["duel_number", "winner", "method", "tossed_at"]


class DuelReportOutputSerializer(serializers.ModelSerializer[DuelReport]):
    player = serializers.CharField(source="player.username")
    result = serializers.CharField(help_text='"A", "B" or "draw".')
    reason = serializers.CharField(help_text=REASON_HELP)

    class Meta:
        model = DuelReport
        fields = ["player", "result", "reason", "reported_at"]


@extend_schema_serializer(component_name="Duel")
class DuelOutputSerializer(serializers.ModelSerializer[Duel]):
    reports = DuelReportOutputSerializer(many=True, read_only=True)
    # All three are empty for a duel never played: a game loss penalty given before it began.
    chooser = side_field("Who chose to play first or second (empty: never played)")
    choice = serializers.CharField(help_text='"first" or "second"; empty for a duel never played.')
    first_player = side_field("Who played first (empty: never played)")
    result = serializers.CharField(help_text='"A", "B", "draw", or empty while the duel is played.')
    reason = serializers.CharField(help_text=REASON_HELP)

    class Meta:
        model = Duel
        fields = [
            "number",
            "chooser",
            "choice",
            "first_player",
            "result",
            "reason",
            "started_at",
            "finished_at",
            "reports",
        ]


class TallySerializer(serializers.Serializer[object]):
    """The engine's ``outcome.match`` for the finished duels."""

    over = serializers.BooleanField()
    winner = side_field("The match's winner, null unless over and not a draw", allow_null=True)
    draw = serializers.BooleanField()
    wins = serializers.DictField(child=serializers.IntegerField())
    draws = serializers.IntegerField()
    next_first_choice = serializers.CharField(
        allow_null=True, help_text='"A", "B", "coin_toss", or null when the match is over.'
    )


class NextDuelSerializer(serializers.Serializer[object]):
    duel = serializers.IntegerField(
        allow_null=True, help_text="The next duel's number; null while one is played."
    )
    chooser = side_field("Who chooses for the next duel; null until a needed toss is made", allow_null=True)
    coin_toss_needed = serializers.BooleanField()
    playing = serializers.IntegerField(
        allow_null=True, help_text="The duel being played, waiting for reports."
    )


class MatchDuelsOutputSerializer(serializers.Serializer[object]):
    match = serializers.IntegerField()
    match_format = serializers.CharField()
    status = serializers.CharField()
    result = serializers.CharField(allow_blank=True)
    next = NextDuelSerializer()
    tally = TallySerializer()
    tosses = CoinTossOutputSerializer(many=True)
    duels = DuelOutputSerializer(many=True)


def _duels_body(match: Match) -> dict[str, Any]:
    state = duel_state(match)
    duels = list(match.duels.order_by("number").prefetch_related("reports__player"))
    return dict(
        MatchDuelsOutputSerializer(
            {
                "match": match.pk,
                "match_format": match.match_format,
                "status": match.status,
                "result": match.result,
                "next": {
                    "duel": state.next_duel,
                    "chooser": state.chooser,
                    "coin_toss_needed": state.needs_toss,
                    "playing": state.playing.number if state.playing else None,
                },
                "tally": state.tally,
                "tosses": list(match.coin_tosses.order_by("duel_number")),
                "duels": duels,
            }
        ).data
    )


class MatchDuelsApi(APIView):
    """A match's duels: read them, or (the player whose choice it is) start the next one."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema_serializer(component_name="DuelStartInput")
    class InputSerializer(serializers.Serializer[object]):
        choice = choice_field(Duel.Choice.values, help_text='"first" or "second".')

    @extend_schema(responses=MatchDuelsOutputSerializer, operation_id="matches_duels_list")
    def get(self, request: Request, match_id: int) -> Response:
        return Response(_duels_body(match_for(match_id)))

    @extend_schema(
        request=InputSerializer,
        responses={201: DuelOutputSerializer},
        operation_id="matches_duels_start",
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        duel = services.duel_start(
            match_id=match.pk, player=cast(User, request.user), choice=serializer.validated_data["choice"]
        )
        return Response(DuelOutputSerializer(duel).data, status=status.HTTP_201_CREATED)


class MatchCoinTossApi(APIView):
    """Toss the coin for the next duel, when the engine says a toss decides who chooses. Safe to repeat."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={201: CoinTossOutputSerializer, 200: CoinTossOutputSerializer},
        operation_id="matches_toss",
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        toss, created = services.match_coin_toss(match_id=match.pk, by=cast(User, request.user))
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(CoinTossOutputSerializer(toss).data, status=code)


class DuelReportApi(APIView):
    """A player reports a duel. Send an ``Idempotency-Key`` header: a retry returns the first response."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="DuelReportInput")
    class InputSerializer(serializers.Serializer[object]):
        result = choice_field(Duel.Result.values, help_text='"A", "B" or "draw".')
        reason = choice_field(
            ["", *Duel.Reason.values],
            required=False,
            allow_blank=True,
            default="",
            help_text="How it ended: lp, deck_out, card_effect, concession, penalty, time (optional).",
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: DuelOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_duels_report",
    )
    @idempotent
    def post(self, request: Request, match_id: int, number: int) -> Response:
        duel = get_object_or_404(Duel, match_id=match_id, number=number)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = cast(User, request.user)

        reported = services.duel_report(
            match_id=duel.match_id, number=duel.number, player=user, **serializer.validated_data
        )
        reported = Duel.objects.prefetch_related("reports__player").get(pk=reported.pk)
        return Response(dict(DuelOutputSerializer(reported).data), status=status.HTTP_200_OK)
