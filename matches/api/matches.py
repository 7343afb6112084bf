"""The match itself: read it, and a player's report of its result."""

from __future__ import annotations

import functools
from typing import Any, cast

from django.contrib.auth.models import User
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.api import IDEMPOTENCY_KEY, idempotent
from matches import services
from matches.models import Match, MatchResult
from matches.selectors import match_for


@extend_schema_serializer(component_name="Match")
class MatchOutputSerializer(serializers.ModelSerializer[Match]):
    event = serializers.SlugField(source="round.event.slug")
    round = serializers.IntegerField(source="round.number")
    player_a = serializers.CharField(source="player_a.username")
    player_b = serializers.CharField(source="player_b.username", allow_null=True, default=None)

    class Meta:
        model = Match
        fields = [
            "id",
            "event",
            "round",
            "table",
            "player_a",
            "player_b",
            "status",
            "result",
            "games_a",
            "games_b",
            "games_drawn",
            "match_format",
            "time_called_at",
        ]


@functools.cache
def _match_output() -> MatchOutputSerializer:
    return MatchOutputSerializer()


def match_answer(match: Match) -> dict[str, Any]:
    """``MatchOutputSerializer(match).data``, from one serializer whose fields are built once: a
    ModelSerializer builds its fields anew for every instance, a millisecond of a report's CPU. Its fields
    keep nothing of a request, so the one serializer serves every thread."""
    return dict(_match_output().to_representation(match))


class MatchDetailApi(APIView):
    @extend_schema(responses=MatchOutputSerializer, operation_id="matches_retrieve")
    def get(self, request: Request, match_id: int) -> Response:
        return Response(match_answer(match_for(match_id)))


class MatchReportApi(APIView):
    """A player reports their match. Reporting again replaces their own report until the result is final."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="MatchReportInput")
    class InputSerializer(serializers.Serializer[object]):
        result = serializers.ChoiceField(choices=[MatchResult.A, MatchResult.B, MatchResult.DRAW])
        games_a = serializers.IntegerField(min_value=0, max_value=3, default=0)
        games_b = serializers.IntegerField(min_value=0, max_value=3, default=0)
        games_drawn = serializers.IntegerField(min_value=0, max_value=3, default=0)

    @extend_schema(
        request=InputSerializer,
        responses=MatchOutputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_report",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = cast(User, request.user)
        try:
            # The service reads the match (round, event and players with it) under its lock: the answer is
            # built from that, with no other read.
            match = services.match_report_result(
                match_id=match_id, player=player, **serializer.validated_data
            )
        except Match.DoesNotExist:
            raise Http404("No Match matches the given query.") from None  # as get_object_or_404 says it
        return Response(match_answer(match), status=200)
