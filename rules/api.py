"""The rulings API: judge a dispute (and keep the ruling), read a ruling back."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import DISPUTE_REFUSED
from config.schema import ErrorSerializer
from decks.models import Game
from idempotency.api import IDEMPOTENCY_KEY, idempotent
from rules import services
from rules.models import Ruling
from rules.selectors import rulings_visible_to


@extend_schema_serializer(component_name="Dispute")
class DisputeSerializer(serializers.Serializer[object]):
    """The dispute format of ``shared/spec/dispute-format.md``; the engine checks everything inside."""

    format = serializers.CharField(required=False, help_text='"dispute/1"')
    game = serializers.ChoiceField(choices=Game.choices)
    revision = serializers.CharField(required=False)
    state = serializers.DictField(required=False, help_text="The reported game state.")
    action = serializers.DictField(help_text='The disputed action, e.g. {"type": "attack", ...}.')


@extend_schema_serializer(component_name="Ruling")
class RulingOutputSerializer(serializers.ModelSerializer[Ruling]):
    requested_by = serializers.CharField(source="requested_by.username", allow_null=True, default=None)

    class Meta:
        model = Ruling
        fields = [
            "id",
            "game",
            "action_type",
            "legal",
            "engine_version",
            "created_at",
            "requested_by",
            "dispute",
        ]

    def to_representation(self, instance: Ruling) -> dict[str, Any]:
        data = super().to_representation(instance)
        data["ruling"] = instance.ruling
        return data


@extend_schema_serializer(component_name="DisputeProblems")
class DisputeProblemsSerializer(serializers.Serializer[object]):
    class ProblemSerializer(serializers.Serializer[object]):
        path = serializers.CharField(help_text="JSON path of the offending value, e.g. $.action.attacker")
        code = serializers.CharField()
        message = serializers.CharField()

    detail = serializers.CharField()
    # Absent when the body is not JSON at all (DRF's parse error has a detail only).
    problems = ProblemSerializer(many=True, required=False)


class RulingCreateApi(APIView):
    """Judge a dispute. Send an ``Idempotency-Key`` header to make retries return the first ruling."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=DisputeSerializer,
        responses={201: RulingOutputSerializer, 400: DisputeProblemsSerializer, 409: ErrorSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="rulings_create",
    )
    @idempotent
    def post(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            return Response(
                {
                    "detail": str(DISPUTE_REFUSED),
                    "problems": [
                        {"path": "$", "code": "dispute.invalid", "message": gettext("expected a JSON object")}
                    ],
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        ruling = services.ruling_create(dispute=request.data, requested_by=cast(User, request.user))
        return Response(RulingOutputSerializer(ruling).data, status=status.HTTP_201_CREATED)


class RulingDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=RulingOutputSerializer, operation_id="rulings_retrieve")
    def get(self, request: Request, ruling_id: int) -> Response:
        ruling = get_object_or_404(
            rulings_visible_to(request.user).select_related("requested_by"), pk=ruling_id
        )
        return Response(RulingOutputSerializer(ruling).data)
