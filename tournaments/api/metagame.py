"""An event's metagame (the page's numbers, ``tournaments.selectors.metagame``) and its deck staff naming and
merging archetypes.

``GET`` refuses (403) a caller who may not read the event's archetypes: its deck staff may at any time,
everyone signed in once the event made its deck lists public.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.schema import ValidationErrorSerializer
from idempotency.api import IDEMPOTENCY_KEY, idempotent
from tournaments.engine.metagame import ARCHETYPE_MAX_LENGTH
from tournaments.models import Event, Registration
from tournaments.selectors.archetypes import archetype_name, archetypes_not_public, archetypes_visible_to
from tournaments.selectors.events import event_for
from tournaments.selectors.metagame import event_metagame, metagame_lines, metagame_scope
from tournaments.services.archetypes import (
    event_archetype_merge,
    registration_archetype_set,
    require_deck_staff,
)


def _percent(help_text: str, *, allow_null: bool = False) -> serializers.DecimalField:
    """A percentage to a tenth, as a JSON number (33.3)."""
    return serializers.DecimalField(
        max_digits=4, decimal_places=1, coerce_to_string=False, allow_null=allow_null, help_text=help_text
    )


@extend_schema_serializer(component_name="MetagameArchetype")
class ArchetypeLineSerializer(serializers.Serializer[object]):
    archetype = serializers.CharField(help_text='As staff named it; "" for the unnamed decks.')
    name = serializers.CharField(help_text="As people read it (the unnamed decks in the caller's language).")
    players = serializers.IntegerField()
    share = _percent("Percent of the field, to a tenth, half up.")
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    mirrors = serializers.IntegerField(help_text="Matches between two decks of this archetype.")
    win_rate = _percent(
        "Wins over wins, losses and draws (byes and mirrors left out), percent; null: none.",
        allow_null=True,
    )


@extend_schema_serializer(component_name="MetagameCard")
class CardLineSerializer(serializers.Serializer[object]):
    name = serializers.CharField()
    lists = serializers.IntegerField(help_text="Lists of the field playing it (Main and Extra Deck).")
    share = _percent("Percent of the field's lists.")
    average = serializers.DecimalField(
        max_digits=6, decimal_places=2, coerce_to_string=False, help_text="Copies per list playing it."
    )


@extend_schema_serializer(component_name="Metagame")
class MetagameSerializer(serializers.Serializer[object]):
    round = serializers.CharField(
        help_text='"swiss" (every Swiss round), "top" (the top cut) or a round number.'
    )
    field = serializers.IntegerField(help_text="Players in that part of the event.")
    lists = serializers.IntegerField()
    matches = serializers.IntegerField(help_text="Finished matches, byes included.")
    archetypes = ArchetypeLineSerializer(many=True)
    cards = CardLineSerializer(many=True, help_text="The 30 most played cards.")


ROUND = OpenApiParameter(
    "round",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    required=False,
    description='"swiss" (the default), "top", or the number of a Swiss round.',
)


def _readable_event(request: Request, slug: str) -> Event:
    event = event_for(request.user, slug)
    if not archetypes_visible_to(request.user, event):
        raise PermissionDenied(archetypes_not_public())
    return event


class EventMetagameApi(APIView):
    """``GET``: the event's metagame; ``?round=`` chooses every Swiss round, one round or the top cut."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: MetagameSerializer,
            400: OpenApiResponse(
                ValidationErrorSerializer, description="``round`` is not one the event has."
            ),
        },
        parameters=[ROUND],
        operation_id="events_metagame_retrieve",
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _readable_event(request, slug)
        scope = metagame_scope(event, request.query_params.get("round"))
        lines = metagame_lines(event_metagame(event, scope))
        body = {
            "round": str(scope),
            "field": lines.field,
            "lists": lines.lists,
            "matches": lines.matches,
            "archetypes": [vars(line) for line in lines.archetypes],
            "cards": [vars(card) for card in lines.cards],
        }
        return Response(MetagameSerializer(body).data)


@extend_schema_serializer(component_name="RegistrationArchetype")
class RegistrationArchetypeSerializer(serializers.Serializer[object]):
    registration = serializers.IntegerField()
    archetype = serializers.CharField(allow_blank=True)
    name = serializers.CharField()


def _archetype_body(registration: Registration) -> dict[str, Any]:
    return {
        "registration": registration.pk,
        "archetype": registration.archetype,
        "name": archetype_name(registration.archetype),
    }


class RegistrationArchetypeApi(APIView):
    """``PUT``: the event's deck staff name one registration's deck ("" makes it unnamed)."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="RegistrationArchetypeInput")
    class InputSerializer(serializers.Serializer[object]):
        archetype = serializers.CharField(
            max_length=ARCHETYPE_MAX_LENGTH, allow_blank=True, trim_whitespace=True
        )

    @extend_schema(
        request=InputSerializer,
        responses=RegistrationArchetypeSerializer,
        operation_id="registrations_archetype_set",
    )
    def put(self, request: Request, slug: str, registration_id: int) -> Response:
        event = event_for(request.user, slug)
        require_deck_staff(request.user, event)  # before the lookup: a 404 would say the id exists
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        registration = get_object_or_404(Registration, event=event, pk=registration_id)
        saved = registration_archetype_set(
            registration=registration,
            archetype=serializer.validated_data["archetype"],
            by=cast(User, request.user),
        )
        return Response(_archetype_body(saved))


@extend_schema_serializer(component_name="ArchetypeMergeResult")
class MergeResultSerializer(serializers.Serializer[object]):
    archetype = serializers.CharField()
    into = serializers.CharField()
    renamed = serializers.IntegerField(help_text="Registrations renamed.")


class EventArchetypeMergeApi(APIView):
    """``POST``: the event's deck staff rename every deck named ``archetype`` to ``into``."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="ArchetypeMergeInput")
    class InputSerializer(serializers.Serializer[object]):
        archetype = serializers.CharField(max_length=ARCHETYPE_MAX_LENGTH, help_text="The name to merge.")
        into = serializers.CharField(max_length=ARCHETYPE_MAX_LENGTH, help_text="The name it becomes.")

    @extend_schema(
        request=InputSerializer,
        responses=MergeResultSerializer,
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_archetypes_merge",
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        source, target = serializer.validated_data["archetype"], serializer.validated_data["into"]
        renamed = event_archetype_merge(
            event=event, source=source, target=target, by=cast(User, request.user)
        )
        return Response({"archetype": source, "into": target, "renamed": renamed})
