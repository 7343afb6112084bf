"""Judging over the API: enter or correct results, give penalties, read the audit log.

Writes are for the event's judges and organizers (others get a 403); the penalties and the audit log are
read by the two players too, so they can see a correction of their result.
"""

from __future__ import annotations

from typing import cast

from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from idempotency.api import IDEMPOTENCY_KEY, idempotent
from matches.api.duels import DuelOutputSerializer, DuelReportApi
from matches.api.fields import choice_field
from matches.api.matches import MatchOutputSerializer
from matches.models import Duel, Match, Penalty, ResultChange
from matches.selectors import match_for
from matches.services.access import require_judge
from matches.services.judging import (
    JUDGE_RESULTS,
    MAX_GAMES,
    duel_result_set,
    match_result_set,
)
from tournaments.services.drops import penalty_issue_at_event

NOTE_HELP = "Why the judge made this change; the players see it in the audit log. Required."


def _require_player_or_judge(match: Match, user: User) -> None:
    """The two players and the event's judges read a match's penalties and audit log; nobody else."""
    if match.side_of(user.pk) is None:
        require_judge(match, user)


@extend_schema_serializer(component_name="Penalty")
class PenaltyOutputSerializer(serializers.ModelSerializer[Penalty]):
    player = serializers.CharField(source="player.username")
    side = serializers.SerializerMethodField(help_text='The penalized player\'s seat: "A" or "B".')
    kind = serializers.CharField(help_text="warning, game_loss, match_loss or disqualification.")
    issued_by = serializers.CharField(source="issued_by.username")

    class Meta:
        model = Penalty
        fields = [
            "id",
            "player",
            "side",
            "kind",
            "infraction",
            "note",
            "duel_number",
            "issued_by",
            "issued_at",
        ]

    def get_side(self, penalty: Penalty) -> str:
        return penalty.match.side_of(penalty.player_id) or ""


@extend_schema_serializer(component_name="ResultChange")
class ResultChangeOutputSerializer(serializers.ModelSerializer[ResultChange]):
    changed_by = serializers.CharField(source="changed_by.username")
    duel_number = serializers.IntegerField(
        allow_null=True, help_text="The duel changed; null when the match result was changed."
    )
    before = serializers.DictField(
        help_text="Match: status, result, games_a, games_b, games_drawn. Duel: result, reason."
    )
    after = serializers.DictField(help_text="The same fields after the change.")

    class Meta:
        model = ResultChange
        fields = ["id", "duel_number", "changed_by", "changed_at", "before", "after", "note"]


class JudgeMatchResultApi(APIView):
    """A judge enters or corrects the match result at any time. Logged in the audit log with the note."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="JudgeMatchResultInput")
    class InputSerializer(serializers.Serializer[object]):
        result = choice_field(list(JUDGE_RESULTS), help_text='"a", "b", "draw" or "double_loss".')
        games_a = serializers.IntegerField(min_value=0, max_value=MAX_GAMES, default=0)
        games_b = serializers.IntegerField(min_value=0, max_value=MAX_GAMES, default=0)
        games_drawn = serializers.IntegerField(min_value=0, max_value=MAX_GAMES, default=0)
        # Required, as the service requires it: the schema said optional and a request without it got a 400.
        note = serializers.CharField(help_text=NOTE_HELP)

    @extend_schema(
        request=InputSerializer,
        responses={200: MatchOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_judge_result",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        judge = cast(User, request.user)

        match = match_result_set(match_id=match_id, judge=judge, **serializer.validated_data)
        return Response(dict(MatchOutputSerializer(match).data), status=status.HTTP_200_OK)


class JudgeDuelResultApi(APIView):
    """A judge sets or corrects one duel's result; the engine then re-decides the match."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="JudgeDuelResultInput")
    class InputSerializer(DuelReportApi.InputSerializer):
        """A duel result as the players report it, plus the judge's reason."""

        # Required, as the service requires it: the schema said optional and a request without it got a 400.
        note = serializers.CharField(help_text=NOTE_HELP)

    @extend_schema(
        request=InputSerializer,
        responses={200: DuelOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_judge_duel_result",
    )
    @idempotent
    def post(self, request: Request, match_id: int, number: int) -> Response:
        match_for(match_id)
        # A duel that has not started is not there: a 404, as for the players' duel reports.
        get_object_or_404(Duel, match_id=match_id, number=number)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        judge = cast(User, request.user)

        duel = duel_result_set(match_id=match_id, number=number, judge=judge, **serializer.validated_data)
        duel = Duel.objects.prefetch_related("reports__player").get(pk=duel.pk)
        return Response(dict(DuelOutputSerializer(duel).data), status=status.HTTP_200_OK)


class MatchPenaltiesApi(APIView):
    """The penalties given at a match (players and judges read them); a judge gives one.

    Send an ``Idempotency-Key``: a retried POST returns the first penalty instead of a second game loss.
    """

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="PenaltyInput")
    class InputSerializer(serializers.Serializer[object]):
        player = choice_field(["A", "B"], help_text='The penalized player: "A" (player A) or "B".')
        kind = choice_field(
            Penalty.Kind.values, help_text="warning, game_loss, match_loss or disqualification."
        )
        infraction = serializers.CharField(max_length=200, help_text='What happened, e.g. "Marked cards".')
        note = serializers.CharField(allow_blank=True, default="", help_text="Details (optional).")

    @extend_schema(responses=PenaltyOutputSerializer(many=True), operation_id="matches_penalties_list")
    def get(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        _require_player_or_judge(match, cast(User, request.user))
        penalties = match.penalties.select_related("player", "issued_by", "match")
        return Response(PenaltyOutputSerializer(penalties, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: PenaltyOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="matches_penalties_create",
    )
    @idempotent
    def post(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        player = match.player_a if data.pop("player") == "A" else match.player_b
        judge = cast(User, request.user)
        if player is None:
            return Response(
                {"player": [gettext("A bye has no opponent to penalize.")]},
                status=status.HTTP_400_BAD_REQUEST,
            )

        penalty = penalty_issue_at_event(match_id=match_id, judge=judge, player=player, **data)
        return Response(dict(PenaltyOutputSerializer(penalty).data), status=status.HTTP_201_CREATED)


class MatchAuditApi(APIView):
    """The audit log of a match: every result a judge entered or corrected, oldest first."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=ResultChangeOutputSerializer(many=True), operation_id="matches_audit_list")
    def get(self, request: Request, match_id: int) -> Response:
        match = match_for(match_id)
        _require_player_or_judge(match, cast(User, request.user))
        changes = match.result_changes.select_related("changed_by")
        return Response(ResultChangeOutputSerializer(changes, many=True).data)
