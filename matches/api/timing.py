"""Round time at a match: its extensions, calling time, and scoring the duel time left unfinished."""

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
from matches.api.fields import choice_field
from matches.models import Match, TimeExtension
from matches.selectors import match_for
from matches.services.timing import (
    duel_finish_at_time,
    match_call_time,
    match_time_due,
    round_call_time,
    time_extension_grant,
)
from rules.words import procedure_steps_in_words
from tournaments.models import Round

MAX_LP = 1_000_000


@extend_schema_serializer(component_name="TimeExtension")
class TimeExtensionOutputSerializer(serializers.ModelSerializer[TimeExtension]):
    reason = serializers.CharField(help_text='"judge_call", "deck_check" or "other".')
    granted_by = serializers.CharField(source="granted_by.username")

    class Meta:
        model = TimeExtension
        fields = ["minutes", "reason", "note", "granted_by", "granted_at"]


@extend_schema_serializer(component_name="MatchTime")
class MatchTimeOutputSerializer(serializers.Serializer[object]):
    match = serializers.IntegerField()
    status = serializers.CharField(help_text='"playing", "disputed" or "final".')
    result = serializers.CharField(allow_blank=True, help_text='"a", "b", "draw", "double_loss", or empty.')
    end_of_round = serializers.CharField(
        help_text="The event's procedure when time is called: ygo_lp, ygo_double_loss or mtg_five_turns."
    )
    end_of_round_label = serializers.CharField()
    steps = serializers.ListField(
        child=serializers.CharField(),
        help_text="The procedure, step by step, in the request's language (Accept-Language).",
    )
    round_ends_at = serializers.DateTimeField(allow_null=True)
    due = serializers.DateTimeField(
        allow_null=True, help_text="The round's end plus this match's extensions; null without a timer."
    )
    extra_minutes = serializers.IntegerField()
    time_called_at = serializers.DateTimeField(allow_null=True)
    playing = serializers.IntegerField(allow_null=True, help_text="The duel being played (unfinished).")
    extensions = TimeExtensionOutputSerializer(many=True)


def time_body(match: Match) -> dict[str, Any]:
    """What the API says about a match's time (the page shows the same)."""
    extensions = list(match.time_extensions.select_related("granted_by").order_by("granted_at", "pk"))
    playing = match.duels.filter(result="").order_by("number").first()
    event = match.round.event
    return dict(
        MatchTimeOutputSerializer(
            {
                "match": match.pk,
                "status": match.status,
                "result": match.result,
                "end_of_round": event.end_of_round,
                "end_of_round_label": event.get_end_of_round_display(),
                "steps": procedure_steps_in_words(event.end_of_round),
                "round_ends_at": match.round.ends_at,
                "due": match_time_due(match),
                "extra_minutes": sum(extension.minutes for extension in extensions),
                "time_called_at": match.time_called_at,
                "playing": playing.number if playing else None,
                "extensions": extensions,
            }
        ).data
    )


def _fresh(match_id: int) -> dict[str, Any]:
    return time_body(Match.objects.select_related("round__event").get(pk=match_id))


class MatchExtensionsApi(APIView):
    """A match's time: its extensions and when time is due; a judge grants extra minutes."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema_serializer(component_name="TimeExtensionGrant")
    class InputSerializer(serializers.Serializer[object]):
        minutes = serializers.IntegerField(min_value=1, max_value=60)
        reason = choice_field(
            TimeExtension.Reason.values,
            help_text='"judge_call", "deck_check" or "other".',
        )
        note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

    @extend_schema(responses=MatchTimeOutputSerializer, operation_id="matches_time_retrieve")
    def get(self, request: Request, match_id: int) -> Response:
        return Response(time_body(match_for(match_id)))

    @extend_schema(
        request=InputSerializer,
        responses={201: MatchTimeOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_extensions_grant",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        judge = cast(User, request.user)

        time_extension_grant(match_id=match.pk, judge=judge, **serializer.validated_data)
        return Response(_fresh(match.pk), status=status.HTTP_201_CREATED)


class MatchCallTimeApi(APIView):
    """A judge calls time for the match; the event's end-of-round procedure follows. Safe to repeat."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=MatchTimeOutputSerializer, operation_id="matches_call_time")
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        user = cast(User, request.user)

        match_call_time(match_id=match.pk, by=user)
        return Response(_fresh(match.pk), status=status.HTTP_200_OK)


class MatchFinishAtTimeApi(APIView):
    """Score the duel time left unfinished: a judge's entry is final, a player's is their report of it."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="FinishAtTimeInput")
    class InputSerializer(serializers.Serializer[object]):
        lp_a = serializers.IntegerField(
            min_value=0,
            max_value=MAX_LP,
            required=False,
            allow_null=True,
            default=None,
            help_text="Player A's LP at the end of the phase (Yu-Gi-Oh! before September 2025).",
        )
        lp_b = serializers.IntegerField(
            min_value=0,
            max_value=MAX_LP,
            required=False,
            allow_null=True,
            default=None,
            help_text="Player B's LP at the end of the phase.",
        )

    @extend_schema(
        request=InputSerializer,
        responses=MatchTimeOutputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_finish_at_time",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = cast(User, request.user)

        duel_finish_at_time(match_id=match.pk, by=user, **serializer.validated_data)
        return Response(_fresh(match.pk), status=status.HTTP_200_OK)


class RoundCallTimeApi(APIView):
    """A judge calls time for every unfinished match of a round; matches in extra time are left playing."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="RoundTimeCall")
    class OutputSerializer(serializers.Serializer[object]):
        called = serializers.IntegerField(help_text="Matches time was called for now.")
        in_extra_time = serializers.IntegerField(help_text="Matches still in their extensions' extra time.")
        disputed = serializers.IntegerField(help_text="Disputed matches, waiting for a judge.")
        already_called = serializers.IntegerField()

    @extend_schema(request=None, responses=OutputSerializer, operation_id="rounds_call_time")
    def post(self, request: Request, round_id: int) -> Response:
        round_ = get_object_or_404(Round, pk=round_id)
        user = cast(User, request.user)

        outcome = round_call_time(round_id=round_.pk, by=user)
        return Response(dict(self.OutputSerializer(outcome).data), status=status.HTTP_200_OK)
