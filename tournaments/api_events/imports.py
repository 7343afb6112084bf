"""Importing an event run elsewhere from its ``event-replay/1`` document; the caller organizes it.

Only store staff import (the ``tournaments.add_event`` permission, as for creating an event).

A refused replay answers 400 with every problem located by its path, ``{"replay": [{"path", "message"}]}``,
and nothing is created. Send an ``Idempotency-Key`` header: a retry returns the event the first call made.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from matches.api.responses import IDEMPOTENCY_KEY, idempotent_post
from tournaments import services
from tournaments.api import EventListApi
from tournaments.api_events.access import tournament_call
from tournaments.api_events.documents import EventReplaySerializer
from tournaments.api_events.events import MayCreateEvents


@extend_schema_field(EventReplaySerializer)
class ReplayDocumentField(serializers.JSONField):
    """Taken as sent: the replay reader checks it and locates every problem (the schema documents it)."""


@extend_schema_serializer(component_name="ReplayProblem")
class ProblemSerializer(serializers.Serializer[object]):
    path = serializers.CharField(help_text='Where, e.g. "rounds[0].matches[1].b"; "" is the document.')
    message = serializers.CharField()


@extend_schema_serializer(component_name="EventImportProblems")
class ImportProblemsSerializer(serializers.Serializer[object]):
    replay = ProblemSerializer(many=True, required=False, help_text="Every problem of the replay.")
    name = serializers.ListField(child=serializers.CharField(), required=False)
    slug = serializers.ListField(child=serializers.CharField(), required=False)
    non_field_errors = serializers.ListField(child=serializers.CharField(), required=False)
    detail = serializers.CharField(required=False)


class EventImportApi(APIView):
    """Create a finished (or running) event from an event replay; store staff import."""

    permission_classes = [IsAuthenticated, MayCreateEvents]

    @extend_schema_serializer(component_name="EventImport")
    class InputSerializer(serializers.Serializer[object]):
        name = serializers.CharField(max_length=200)
        # No ``default=""``: drf-spectacular would write it next to the slug pattern, which it breaks
        # (openapi-spec-validator refuses the document). Left out or empty, the service takes the name.
        slug = serializers.SlugField(
            max_length=80, required=False, allow_blank=True, help_text="Default: from the name."
        )
        # Not required here: a missing replay is reported by the reader, in the same shape as any problem.
        # Null too: else DRF's "may not be null" would break the documented shape of "replay" problems.
        replay = ReplayDocumentField(required=False, allow_null=True, default=None)

    @extend_schema(
        request=InputSerializer,
        responses={201: EventListApi.OutputSerializer, 400: ImportProblemsSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_import",
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        organizer = cast(User, request.user)

        def import_event() -> tuple[int, dict[str, Any]]:
            event = services.event_import(
                document=data["replay"], name=data["name"], organizer=organizer, slug=data.get("slug", "")
            )
            return status.HTTP_201_CREATED, dict(EventListApi.OutputSerializer(event).data)

        return idempotent_post(request, tournament_call(import_event))
