"""Who plays: the registrations of an event, entering players, check-in, drops, byes and kept seats."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.api import IDEMPOTENCY_KEY, idempotent
from tournaments import services
from tournaments.api.access import (
    is_staff_of,
    registration_for,
)
from tournaments.models import Registration
from tournaments.replay_export import player_name
from tournaments.selectors.events import event_for
from tournaments.services.registrations import require_organizer


class RegistrationPublicSerializer(serializers.Serializer[object]):
    """What anyone sees of a registration: who plays."""

    player = serializers.CharField(help_text="The player's username.")
    name = serializers.CharField()


@extend_schema_serializer(component_name="EventRegistration")
class RegistrationOutputSerializer(RegistrationPublicSerializer):
    """A registration; everything but the player is shown to the event's judges and organizers only."""

    id = serializers.IntegerField(required=False)
    checked_in_at = serializers.DateTimeField(required=False, allow_null=True)
    joined_round = serializers.IntegerField(
        required=False, help_text="A late entry's first round; the rounds before count as losses."
    )
    byes = serializers.IntegerField(required=False)
    fixed_table = serializers.IntegerField(required=False, allow_null=True)
    dropped_after_round = serializers.IntegerField(required=False, allow_null=True)


def registration_row(registration: Registration, *, details: bool) -> dict[str, Any]:
    row: dict[str, Any] = {"player": registration.player.username, "name": player_name(registration)}
    if details:
        row.update(
            id=registration.pk,
            checked_in_at=registration.checked_in_at,
            joined_round=registration.joined_round,
            byes=registration.byes,
            fixed_table=registration.fixed_table,
            dropped_after_round=registration.dropped_after_round,
        )
    return row


def _body(registration: Registration) -> dict[str, Any]:
    registration = Registration.objects.select_related("player").get(pk=registration.pk)
    return dict(RegistrationOutputSerializer(registration_row(registration, details=True)).data)


def _user(username: str) -> User:
    user = User.objects.filter(username=username).first()
    if user is None:
        raise ValidationError(
            {"username": [gettext("No account is named '%(username)s'.") % {"username": username}]}
        )
    return user


class EventRegistrationsApi(APIView):
    """The event's players (names for everyone, details for its staff); enter a player or yourself.

    Send an ``Idempotency-Key`` header with the POST: a retry returns the first response.
    """

    @extend_schema_serializer(component_name="EventRegistrationEnter")
    class InputSerializer(serializers.Serializer[object]):
        username = serializers.CharField(
            required=False,
            max_length=150,
            help_text="The player an organizer enters (checked in at once); leave out to enter yourself.",
        )
        name = serializers.CharField(
            required=False,
            max_length=150,
            help_text="A walk-in an organizer enters by name, without an account (instead of `username`).",
        )
        official_id = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=32,
            help_text="The walk-in's official player id (Konami CARD GAME ID, Wizards account name).",
        )

    @extend_schema(
        responses=RegistrationOutputSerializer(many=True), operation_id="events_registrations_list"
    )
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        details = is_staff_of(request, event)
        registrations = event.registrations.select_related("player").order_by("pk")
        rows = [registration_row(registration, details=details) for registration in registrations]
        serializer = RegistrationOutputSerializer if details else RegistrationPublicSerializer
        return Response(serializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: RegistrationOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_registrations_enter",
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = cast(User, request.user)
        data = serializer.validated_data
        if data.get("name") and not data.get("username"):
            # A walk-in at the counter: whom the name or id names exactly, else a record without an account.
            registration = services.registration_enter_at_counter(
                event=event, by=by, name=data["name"], official_id=data.get("official_id", "")
            )
            return Response(_body(registration), status=status.HTTP_201_CREATED)
        player = _user(data["username"]) if data.get("username") else by
        registration = services.registration_enter(event=event, player=player, by=by)
        return Response(_body(registration), status=status.HTTP_201_CREATED)


class EventCheckInApi(APIView):
    """Check in: a player with the event code shown at the venue, or an organizer for a player."""

    @extend_schema_serializer(component_name="EventCheckIn")
    class InputSerializer(serializers.Serializer[object]):
        code = serializers.CharField(
            required=False, allow_blank=True, default="", max_length=40, help_text="The event code."
        )
        username = serializers.CharField(
            required=False, max_length=150, help_text="An organizer checks this player in."
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: RegistrationOutputSerializer},
        operation_id="events_check_in",
    )
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = cast(User, request.user)
        data = serializer.validated_data

        player = _user(data["username"]) if data.get("username") else by
        registration = services.registration_check_in(event=event, player=player, by=by, code=data["code"])
        return Response(_body(registration), status=status.HTTP_200_OK)


class RegistrationDropApi(APIView):
    """Drop a player after the last round started: the player themselves, or a judge or organizer;
    ``DELETE`` undoes a drop (organizers)."""

    @extend_schema(
        request=None,
        responses={200: RegistrationOutputSerializer},
        operation_id="events_registrations_drop",
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        event = event_for(request.user, slug)
        registration = registration_for(event, registration_id)
        by = cast(User, request.user)

        dropped = services.registration_drop(event=event, player=registration.player, by=by)
        return Response(_body(dropped), status=status.HTTP_200_OK)

    @extend_schema(
        request=None,
        responses={200: RegistrationOutputSerializer},
        operation_id="events_registrations_undo_drop",
        description="An organizer brings a dropped player back (409 once a later round started).",
    )
    def delete(self, request: Request, slug: str, registration_id: int) -> Response:
        event = event_for(request.user, slug)
        registration = registration_for(event, registration_id)
        by = cast(User, request.user)

        back = services.registration_undo_drop(registration=registration, by=by)
        return Response(_body(back), status=status.HTTP_200_OK)


class RegistrationUpdateApi(APIView):
    """An organizer awards byes up front or keeps a table for a player (null frees it); both or neither."""

    @extend_schema_serializer(component_name="EventRegistrationUpdate")
    class InputSerializer(serializers.Serializer[object]):
        byes = serializers.IntegerField(required=False, min_value=0, max_value=3)
        fixed_table = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=32767)

    @extend_schema(
        request=InputSerializer,
        responses={200: RegistrationOutputSerializer},
        operation_id="events_registrations_update",
    )
    def patch(self, request: Request, slug: str, registration_id: int) -> Response:
        event = event_for(request.user, slug)
        registration = registration_for(event, registration_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        by = cast(User, request.user)

        # One transaction: a refused seat does not leave the byes awarded.
        with transaction.atomic():
            if "byes" in data:
                services.registration_award_byes(registration=registration, byes=data["byes"], by=by)
            if "fixed_table" in data:
                services.registration_fix_table(registration=registration, table=data["fixed_table"], by=by)
            if not data:  # nothing to change, but only an organizer may ask
                require_organizer(by, event, "change a registration")
        return Response(_body(registration), status=status.HTTP_200_OK)
