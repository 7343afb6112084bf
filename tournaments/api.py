"""The events API: one view per operation, no business logic."""

from __future__ import annotations

from typing import cast

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.schema import ErrorSerializer
from tournaments.models import Event, EventRole, Registration
from tournaments.selectors import events_visible_to


class TokenObtainApi(APIView):
    """Exchange a username and password for the API token of that user (created on first use)."""

    # Only the token scheme: a failed login then answers 401 with WWW-Authenticate, as for any API call.
    authentication_classes = [TokenAuthentication]
    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="TokenRequest")
    class InputSerializer(serializers.Serializer[object]):
        username = serializers.CharField(min_length=1, max_length=150, trim_whitespace=False)
        password = serializers.CharField(
            min_length=1, max_length=128, trim_whitespace=False, style={"input_type": "password"}
        )

    @extend_schema_serializer(component_name="Token")
    class OutputSerializer(serializers.Serializer[object]):
        token = serializers.CharField()

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, 401: ErrorSerializer},
        operation_id="auth_token_create",
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request._request, **serializer.validated_data)
        if user is None:
            raise AuthenticationFailed("The username and password do not match an account.")
        token, _ = Token.objects.get_or_create(user=user)
        return Response(self.OutputSerializer({"token": token.key}).data)


class EventListApi(APIView):
    @extend_schema_serializer(component_name="Event")
    class OutputSerializer(serializers.ModelSerializer[Event]):
        class Meta:
            model = Event
            fields = ["slug", "name", "game", "status", "starts_at", "round_minutes"]

    @extend_schema(responses=OutputSerializer(many=True), operation_id="events_list")
    def get(self, request: Request) -> Response:
        events = events_visible_to(request.user)
        return Response(self.OutputSerializer(events, many=True).data)


class EventDetailApi(APIView):
    OutputSerializer = EventListApi.OutputSerializer

    @extend_schema(responses=OutputSerializer, operation_id="events_retrieve")
    def get(self, request: Request, slug: str) -> Response:
        event = get_object_or_404(events_visible_to(request.user), slug=slug)
        return Response(self.OutputSerializer(event).data)


class MeApi(APIView):
    """Who the caller is and what they do at each event."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="Me")
    class OutputSerializer(serializers.Serializer[object]):
        @extend_schema_serializer(component_name="EventRole")
        class EventRoleSerializer(serializers.Serializer[object]):
            event = serializers.SlugField()
            role = serializers.ChoiceField(choices=[*EventRole.Role.values, "player"])

        username = serializers.CharField()
        name = serializers.CharField()
        roles = EventRoleSerializer(many=True)

    @extend_schema(responses=OutputSerializer, operation_id="me_retrieve")
    def get(self, request: Request) -> Response:
        user = cast(User, request.user)  # IsAuthenticated let only a logged-in user through.
        roles = [
            {"event": slug, "role": role}
            for slug, role in EventRole.objects.filter(user=user).values_list("event__slug", "role")
        ]
        roles += [
            {"event": slug, "role": "player"}
            for slug in Registration.objects.filter(player=user).values_list("event__slug", flat=True)
        ]
        data = {
            "username": user.get_username(),
            "name": user.get_full_name() or user.get_username(),
            "roles": roles,
        }
        return Response(self.OutputSerializer(data).data)
