"""The matches API: read a match, report its result; its duels, coin tosses and duel reports."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from matches import services
from matches.models import CoinToss, Duel, DuelReport, Match, MatchResult


@extend_schema_serializer(component_name="Match")
class MatchOutputSerializer(serializers.ModelSerializer[Match]):
    event = serializers.SlugField(source="round.event.slug")
    round = serializers.IntegerField(source="round.number")
    player_a = serializers.CharField(source="player_a.username")
    player_b = serializers.CharField(source="player_b.username", allow_null=True, default=None)

    class Meta:
        model = Match
        fields = ["id", "event", "round", "table", "player_a", "player_b", "status", "result"]


class MatchDetailApi(APIView):
    @extend_schema(responses=MatchOutputSerializer, operation_id="matches_retrieve")
    def get(self, request: Request, match_id: int) -> Response:
        match = get_object_or_404(
            Match.objects.select_related("round__event", "player_a", "player_b"), pk=match_id
        )
        return Response(MatchOutputSerializer(match).data)


class MatchReportApi(APIView):
    """A player reports their match. Reporting again replaces their own report until the result is final."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="MatchReportInput")
    class InputSerializer(serializers.Serializer[object]):
        result = serializers.ChoiceField(choices=[MatchResult.A, MatchResult.B, MatchResult.DRAW])
        games_a = serializers.IntegerField(min_value=0, max_value=3, default=0)
        games_b = serializers.IntegerField(min_value=0, max_value=3, default=0)
        games_drawn = serializers.IntegerField(min_value=0, max_value=3, default=0)

    @extend_schema(request=InputSerializer, responses=MatchOutputSerializer, operation_id="matches_report")
    def post(self, request: Request, match_id: int) -> Response:
        get_object_or_404(Match, pk=match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            match = services.match_report_result(
                match_id=match_id, player=cast(User, request.user), **serializer.validated_data
            )
        except services.MatchAlreadyFinal as error:
            return Response({"detail": str(error)}, status=status.HTTP_409_CONFLICT)
        return Response(MatchOutputSerializer(match).data)


# --- Duels, coin tosses and duel reports --------------------------------------------------------------


def _conflict(error: Exception) -> Response:
    return Response({"detail": str(error)}, status=status.HTTP_409_CONFLICT)


# Seats, duel results and reasons are plain strings in the schema, not enum components: "A"/"B" is shared
# by several fields and "result" already names the match result's enum, and drf-spectacular would warn.
def _one_of(values: list[str]) -> Callable[[str], None]:
    def check(value: str) -> None:
        if value not in values:
            raise serializers.ValidationError(f"Choose one of: {', '.join(v or '(empty)' for v in values)}.")

    return check


def _side(help_text: str, *, allow_null: bool = False) -> serializers.CharField:
    return serializers.CharField(help_text=f'{help_text}: "A" (player A) or "B".', allow_null=allow_null)


class CoinTossOutputSerializer(serializers.ModelSerializer[CoinToss]):
    winner = _side("Who won the toss and chooses")
    method = serializers.CharField(help_text='How it was decided: "coin".')

    class Meta:
        model = CoinToss
        fields = ["duel_number", "winner", "method", "tossed_at"]


class DuelReportOutputSerializer(serializers.ModelSerializer[DuelReport]):
    player = serializers.CharField(source="player.username")
    result = serializers.CharField(help_text='"A", "B" or "draw".')
    reason = serializers.CharField(help_text="lp, deck_out, card_effect, concession, penalty, or empty.")

    class Meta:
        model = DuelReport
        fields = ["player", "result", "reason", "reported_at"]


@extend_schema_serializer(component_name="Duel")
class DuelOutputSerializer(serializers.ModelSerializer[Duel]):
    reports = DuelReportOutputSerializer(many=True, read_only=True)
    chooser = _side("Who chose to play first or second")
    choice = serializers.CharField(help_text='"first" or "second".')
    first_player = _side("Who played first")
    result = serializers.CharField(help_text='"A", "B", "draw", or empty while the duel is played.')
    reason = serializers.CharField(help_text="lp, deck_out, card_effect, concession, penalty, or empty.")

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
    winner = _side("The match's winner, null unless over and not a draw", allow_null=True)
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
    chooser = _side("Who chooses for the next duel; null until a needed toss is made", allow_null=True)
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
    state = services.match_next_chooser(match=match)
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


def _match(match_id: int) -> Match:
    return get_object_or_404(Match.objects.select_related("round__event"), pk=match_id)


class MatchDuelsApi(APIView):
    """A match's duels: read them, or (the player whose choice it is) start the next one."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema_serializer(component_name="DuelStartInput")
    class InputSerializer(serializers.Serializer[object]):
        choice = serializers.CharField(
            validators=[_one_of(Duel.Choice.values)], help_text='"first" or "second".'
        )

    @extend_schema(responses=MatchDuelsOutputSerializer, operation_id="matches_duels_list")
    def get(self, request: Request, match_id: int) -> Response:
        return Response(_duels_body(_match(match_id)))

    @extend_schema(
        request=InputSerializer,
        responses={201: DuelOutputSerializer},
        operation_id="matches_duels_start",
    )
    def post(self, request: Request, match_id: int) -> Response:
        match = _match(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            duel = services.duel_start(
                match=match, player=cast(User, request.user), choice=serializer.validated_data["choice"]
            )
        except services.DuelConflict as error:
            return _conflict(error)
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
        match = _match(match_id)
        try:
            toss, created = services.match_coin_toss(match=match, player=cast(User, request.user))
        except services.DuelConflict as error:
            return _conflict(error)
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(CoinTossOutputSerializer(toss).data, status=code)


class DuelReportApi(APIView):
    """A player reports a duel. Send an ``Idempotency-Key`` header: a retry returns the first response."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="DuelReportInput")
    class InputSerializer(serializers.Serializer[object]):
        result = serializers.CharField(
            validators=[_one_of(Duel.Result.values)], help_text='"A", "B" or "draw".'
        )
        reason = serializers.CharField(
            validators=[_one_of(["", *Duel.Reason.values])],
            required=False,
            allow_blank=True,
            default="",
            help_text="How it ended: lp, deck_out, card_effect, concession, penalty (optional).",
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: DuelOutputSerializer},
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                required=False,
                description="Any unique string; a repeat returns the first response without a second report.",
            )
        ],
        operation_id="matches_duels_report",
    )
    def post(self, request: Request, match_id: int, number: int) -> Response:
        duel = get_object_or_404(Duel, match_id=match_id, number=number)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = cast(User, request.user)

        def produce() -> tuple[int, dict[str, Any]]:
            try:
                reported = services.duel_report(duel=duel, player=user, **serializer.validated_data)
            except PermissionDenied as error:
                return status.HTTP_403_FORBIDDEN, {"detail": str(error)}
            except services.DuelConflict as error:
                return status.HTTP_409_CONFLICT, {"detail": str(error)}
            reported = Duel.objects.prefetch_related("reports__player").get(pk=reported.pk)
            return status.HTTP_200_OK, dict(DuelOutputSerializer(reported).data)

        key = request.headers.get("Idempotency-Key", "").strip()[:120]
        if not key:
            code, body = produce()
            return Response(body, status=code)
        fingerprint = services.request_fingerprint(method="POST", path=request.path, body=request.data)
        try:
            code, body, replayed = services.idempotent_call(
                user=user, key=key, fingerprint=fingerprint, produce=produce
            )
        except services.IdempotencyKeyReused as error:
            return _conflict(error)
        response = Response(body, status=code)
        if replayed:
            response["Idempotent-Replayed"] = "true"
        return response
