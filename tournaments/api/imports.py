"""Importing an event run elsewhere from its ``event-replay/1`` document; the caller organizes it.

Only store staff import (the ``tournaments.add_event`` permission, as for creating an event).

A refused replay answers 400 with every problem located by its path, ``{"replay": [{"path", "message"}]}``,
and nothing is created. Send an ``Idempotency-Key`` header: a retry returns the event the first call made.

A replay of more than ``SYNC_MAX_MATCHES`` matches is checked at once (a bad one is still a 400) and then
imported in the background: the answer is 202 with the job (``url`` to poll, ``page`` for a person), and the
job names the event once it is imported. Bodies up to ``MAX_IMPORT_BYTES``: a replay of 8,192 players and
12 rounds is about 5 MB written compactly and 11 MB indented as exports are.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.api import IDEMPOTENCY_KEY, idempotent
from tournaments import services
from tournaments.api.documents import EventReplaySerializer
from tournaments.api.events import EventListApi, MayCreateEvents
from tournaments.models import EventImport
from tournaments.selectors.imports import (
    event_import_progress,
    event_import_urls,
    event_imports_visible_to,
    failure_words,
)
from tournaments.services.replay_import import MAX_IMPORT_BYTES, replay_checked


@extend_schema_serializer(component_name="EventImportJob")
class EventImportJobSerializer(serializers.Serializer[object]):
    """A background import: poll ``url`` until ``status`` is done (then ``event`` names it) or failed."""

    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=EventImport.Status.choices)
    done = serializers.IntegerField(help_text="Rows written: players, then matches.")
    total = serializers.IntegerField()
    percent = serializers.IntegerField()
    name = serializers.CharField()
    event = serializers.CharField(allow_null=True, help_text="The imported event's slug, once done.")
    event_url = serializers.CharField(allow_null=True)
    url = serializers.CharField(help_text="This job, to poll.")
    page = serializers.CharField(help_text="The page that shows the import's progress to a person.")
    error = serializers.CharField(
        help_text="Why it failed, in the request's language (Accept-Language); empty otherwise."
    )


def job_body(job: EventImport) -> dict[str, Any]:
    progress = event_import_progress(job)
    body = {
        "id": job.pk,
        "status": progress.status,
        "done": progress.done,
        "total": progress.total,
        "percent": progress.percent,
        "name": job.name,
        "event": job.event.slug if job.event else None,
        **event_import_urls(job),
        "error": failure_words(job) if job.status == EventImport.Status.FAILED else job.error,
    }
    return dict(EventImportJobSerializer(body).data)


@extend_schema_field(EventReplaySerializer)
class ReplayDocumentField(serializers.JSONField):
    """Taken as sent: the replay reader checks it and locates every problem (the schema documents it)."""

    def to_internal_value(self, data: Any) -> Any:
        # DRF's JSONField writes the value out again to see that it can be (a second of work for a large
        # replay); the API's parser has already decoded and checked it (config/parsers.py).
        return data


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
    max_body_bytes = MAX_IMPORT_BYTES

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
        responses={
            201: EventListApi.OutputSerializer,
            202: EventImportJobSerializer,
            400: ImportProblemsSerializer,
        },
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_import",
    )
    @idempotent
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        organizer = cast(User, request.user)

        replay = replay_checked(data["replay"])
        if services.import_runs_in_background(replay):
            job = services.event_import_queue(
                document=data["replay"],
                name=data["name"],
                requested_by=organizer,
                slug=data.get("slug", ""),
                checked=replay,
            )
            return Response(job_body(job), status=status.HTTP_202_ACCEPTED)
        event = services.event_import(
            document=data["replay"], name=data["name"], organizer=organizer, slug=data.get("slug", "")
        )
        return Response(dict(EventListApi.OutputSerializer(event).data), status=status.HTTP_201_CREATED)


class EventImportJobApi(APIView):
    """A background import: its progress, and the event once imported (only who asked for it sees it)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=EventImportJobSerializer, operation_id="events_import_job")
    def get(self, request: Request, import_id: int) -> Response:
        visible = event_imports_visible_to(request.user)
        get_object_or_404(visible, pk=import_id)
        services.event_import_refresh(event_import_id=import_id)  # the sweep's work for it, if it is stuck
        return Response(job_body(get_object_or_404(visible, pk=import_id)))
