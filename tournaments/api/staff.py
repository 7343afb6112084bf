"""An event's judges and organizers: read by its staff, kept by its organizers."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.users import display_name
from idempotency.api import IDEMPOTENCY_KEY, idempotent
from tournaments import services
from tournaments.models import EventRole
from tournaments.selectors.events import event_for
from tournaments.services.registrations import require_organizer


class StaffMemberSerializer(serializers.Serializer[object]):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=EventRole.Role.choices)


def _body(event_role: EventRole) -> dict[str, Any]:
    return {
        "id": event_role.pk,
        "username": event_role.user.username,
        "name": display_name(event_role.user),
        "role": event_role.role,
    }


class EventStaffApi(APIView):
    """``GET``: the event's judges and organizers (its organizers only). ``POST``: an organizer adds one by
    username; adding someone twice changes nothing."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer[object]):
        username = serializers.CharField(max_length=150)
        role = serializers.ChoiceField(choices=EventRole.Role.choices)

    @extend_schema(responses={200: StaffMemberSerializer(many=True)}, operation_id="events_staff_list")
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        require_organizer(request.user, event, "see the event's staff")
        staff = (
            EventRole.objects.filter(event=event).select_related("user").order_by("role", "user__username")
        )
        return Response([_body(member) for member in staff])

    @extend_schema(
        request=InputSerializer,
        responses={201: StaffMemberSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_staff_add",
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        require_organizer(request.user, event, "add judges and organizers")
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        username = serializer.validated_data["username"]
        person = User.objects.filter(username=username, is_active=True).first()
        if person is None:
            raise ValidationError(
                {"username": [gettext("No account is named '%(username)s'.") % {"username": username}]}
            )
        added = services.event_staff_add(
            event=event, user=person, role=serializer.validated_data["role"], by=cast(User, request.user)
        )
        return Response(_body(added), status=status.HTTP_201_CREATED)


class EventStaffMemberApi(APIView):
    """``DELETE``: an organizer removes a judge or an organizer (409 for the event's last organizer)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None}, operation_id="events_staff_remove")
    def delete(self, request: Request, slug: str, role_id: int) -> Response:
        event = event_for(request.user, slug)
        require_organizer(request.user, event, "remove judges and organizers")
        event_role = get_object_or_404(EventRole.objects.select_related("user"), pk=role_id, event=event)
        services.event_staff_remove(event_role=event_role, by=cast(User, request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)
