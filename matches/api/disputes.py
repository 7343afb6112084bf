"""A match's disputes: call the judge engine on a game state, read the rulings, a judge confirms or overrules.

Player A and B in a dispute are the match's ``player_a`` and ``player_b``.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.api import IDEMPOTENCY_KEY, idempotent
from matches.api.fields import choice_field
from matches.models import Dispute
from matches.selectors import disputes_visible_to, match_for
from matches.services import disputes as dispute_services
from rules.api import DisputeSerializer, RulingOutputSerializer


@extend_schema_serializer(component_name="MatchDispute")
class DisputeOutputSerializer(serializers.ModelSerializer[Dispute]):
    opened_by = serializers.CharField(source="opened_by.username")
    resolved_by = serializers.CharField(source="resolved_by.username", allow_null=True, default=None)
    status = serializers.CharField(
        help_text='"draft" (only the table sees it: nobody called a judge), "open" (waiting for a judge) or '
        '"resolved".'
    )
    decision = serializers.CharField(help_text='"confirmed", "overruled", or empty while open.')
    ruling = RulingOutputSerializer(
        allow_null=True, help_text="The engine's ruling, as the rulings API gives it."
    )

    class Meta:
        model = Dispute
        fields = [
            "id",
            "match",
            "duel_number",
            "summary",
            "status",
            "opened_by",
            "opened_at",
            "called_at",
            "decision",
            "decision_note",
            "resolved_by",
            "resolved_at",
            "ruling",
        ]


def _dispute_body(dispute_id: int) -> dict[str, Any]:
    dispute = Dispute.objects.select_related("opened_by", "resolved_by", "ruling__requested_by").get(
        pk=dispute_id
    )
    return dict(DisputeOutputSerializer(dispute).data)


class MatchDisputesApi(APIView):
    """A match's disputes, oldest first; a player or judge opens one and gets the engine's ruling at once.

    Send an ``Idempotency-Key`` header: a retry returns the first response, not a second dispute.
    """

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema_serializer(component_name="MatchDisputeOpenInput")
    class InputSerializer(serializers.Serializer[object]):
        summary = serializers.CharField(help_text="What the players disagree on, in a sentence.")
        duel_number = serializers.IntegerField(
            min_value=1,
            required=False,
            allow_null=True,
            default=None,
            help_text="The duel it arose in; by default the duel being played.",
        )
        dispute = DisputeSerializer(
            help_text="The game state and the disputed action (shared/spec/dispute-format.md); "
            'player "A" is the match\'s player A.'
        )
        draft = serializers.BooleanField(
            required=False,
            default=False,
            help_text="true: a draft only the table sees, until a player calls a judge (POST .../call/); "
            "false (the default): the judges' queue has it at once.",
        )

    @extend_schema(responses=DisputeOutputSerializer(many=True), operation_id="matches_disputes_list")
    def get(self, request: Request, match_id: int) -> Response:
        # Only the players at the table and the event's judges read disputes (they hold the game state).
        disputes = disputes_visible_to(request.user, match_for(match_id)).select_related(
            "ruling__requested_by"
        )
        return Response(DisputeOutputSerializer(disputes, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: DisputeOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_disputes_open",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = cast(User, request.user)
        # The engine reads the dispute exactly as sent (the serializer only checked its outline).
        raw_dispute = request.data["dispute"]

        data = serializer.validated_data
        if data["draft"]:
            described = dispute_services.Description(
                summary=data["summary"], dispute=raw_dispute, duel_number=data["duel_number"]
            )
            dispute = dispute_services.dispute_draft_save(match_id=match.pk, user=user, described=described)
        else:
            dispute = dispute_services.dispute_open_with_ruling(
                match_id=match.pk,
                opened_by=user,
                summary=data["summary"],
                dispute=raw_dispute,
                duel_number=data["duel_number"],
            )
        return Response(_dispute_body(dispute.pk), status=status.HTTP_201_CREATED)


class DisputeCallApi(APIView):
    """Call a judge to a draft: the judges' queue has it from now on. Calling again changes nothing."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={200: DisputeOutputSerializer}, operation_id="matches_disputes_call"
    )
    def post(self, request: Request, match_id: int, dispute_id: int) -> Response:
        match = match_for(match_id)
        dispute = get_object_or_404(disputes_visible_to(request.user, match), pk=dispute_id)
        if not dispute_services.may_open_dispute(match, request.user):
            raise PermissionDenied(
                gettext("Only the players of this match and the event's judges call a judge.")
            )
        called = dispute_services.dispute_call_judge(
            match_id=match.pk, user=cast(User, request.user), dispute_id=dispute.pk
        )
        return Response(_dispute_body(called.pk))


class DisputeResolveApi(APIView):
    """A judge of the event confirms or overrules the engine's ruling (overruling needs a note).

    Confirming a ruling that ends a duel records that duel's result and settles the match.
    """

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="MatchDisputeResolveInput")
    class InputSerializer(serializers.Serializer[object]):
        decision = choice_field(Dispute.Decision.values, help_text='"confirmed" or "overruled".')
        note = serializers.CharField(
            required=False, allow_blank=True, default="", help_text="Why; required to overrule."
        )
        ruling_id = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            help_text="The id of the ruling the judge read: a 409 if the players asked again since.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: DisputeOutputSerializer},
        operation_id="matches_disputes_resolve",
    )
    def post(self, request: Request, match_id: int, dispute_id: int) -> Response:
        # A dispute the caller may not read is a 404, as if it did not exist (a stranger learns nothing).
        dispute = get_object_or_404(disputes_visible_to(request.user, match_for(match_id)), pk=dispute_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = cast(User, request.user)

        dispute_services.dispute_resolve(dispute_id=dispute.pk, judge=user, **serializer.validated_data)
        return Response(_dispute_body(dispute.pk), status=status.HTTP_200_OK)
