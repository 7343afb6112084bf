"""Rounds over the API: list and read them (pairings, clock, progress), pair, re-pair, start, close; pause,
resume and extend the round's clock (``tournaments.services.round_clock``).

Every write is an organizer's; the services lock the event, so two organizers pressing "pair" at once make
one round and the other gets a 409 saying why. Pairing takes an ``Idempotency-Key``: a retry of the same
press returns the round it made.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.users import full_name
from idempotency.api import IDEMPOTENCY_KEY, idempotent
from matches.selectors import PairingRow, pairing_rows
from tournaments import services
from tournaments.api.access import round_for
from tournaments.models import Round
from tournaments.selectors.events import event_for
from tournaments.selectors.rounds import round_progress, seconds_left
from tournaments.services.round_clock import MAX_EXTEND_MINUTES

MAX_SEED = 2**53  # exact in any JSON reader


@extend_schema_serializer(component_name="RoundSummary")
class RoundSummarySerializer(serializers.ModelSerializer[Round]):
    # Plain strings: "status" already names the events' enum in the schema, and a second would collide.
    stage = serializers.CharField(help_text='"swiss" or "top".')
    status = serializers.CharField(help_text='"paired", "in_progress" or "finished".')

    class Meta:
        model = Round
        fields = [
            "number",
            "stage",
            "status",
            "seed",
            "started_at",
            "ends_at",
            "paused_at",
            "time_called_at",
            "finished_at",
        ]


@extend_schema_serializer(component_name="RoundPlayer")
class PlayerSerializer(serializers.Serializer[object]):
    username = serializers.CharField()
    name = serializers.CharField()


@extend_schema_serializer(component_name="RoundGames")
class GamesSerializer(serializers.Serializer[object]):
    a = serializers.IntegerField()
    b = serializers.IntegerField()
    draws = serializers.IntegerField()


@extend_schema_serializer(component_name="RoundPairing")
class PairingSerializer(serializers.Serializer[object]):
    match = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="Null for a bye.")
    player_a = PlayerSerializer()
    player_b = PlayerSerializer(allow_null=True, help_text="Null for a bye.")
    status = serializers.CharField(help_text='"playing", "disputed" or "final".')
    result = serializers.CharField(
        allow_blank=True, help_text='"a", "b", "draw", "bye", "double_loss", or empty while played.'
    )
    games = GamesSerializer()
    time_called_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(component_name="RoundProgress")
class ProgressSerializer(serializers.Serializer[object]):
    final = serializers.IntegerField()
    disputed = serializers.IntegerField()
    playing = serializers.IntegerField()
    time_called = serializers.IntegerField()
    total = serializers.IntegerField()
    closable = serializers.BooleanField(help_text="Every match is final: the organizer may close the round.")


@extend_schema_serializer(component_name="RoundDetail")
class RoundDetailSerializer(RoundSummarySerializer):
    seconds_left = serializers.IntegerField(
        allow_null=True, help_text="Until time is called (0 once it has); null with no clock running."
    )
    progress = ProgressSerializer()
    pairings = PairingSerializer(many=True)

    class Meta(RoundSummarySerializer.Meta):
        fields = [*RoundSummarySerializer.Meta.fields, "seconds_left", "progress", "pairings"]


_DATETIME = serializers.DateTimeField()


def _player(player: tuple[str, str, str] | None) -> dict[str, str] | None:
    if player is None:
        return None
    username, first_name, last_name = player
    return {"username": username, "name": full_name(first_name, last_name, username)}


def _pairing(row: PairingRow) -> dict[str, Any]:
    """One pairing as ``PairingSerializer`` writes it, built directly: a round of 2,000 tables is listed
    in a fraction of the time the serializer takes field by field."""
    games_a, games_b, drawn = row.games
    return {
        "match": row.match,
        "table": row.table,
        "player_a": _player(row.player_a),
        "player_b": _player(row.player_b),
        "status": row.status,
        "result": row.result,
        "games": {"a": games_a, "b": games_b, "draws": drawn},
        "time_called_at": None
        if row.time_called_at is None
        else _DATETIME.to_representation(row.time_called_at),
    }


def round_body(round_: Round) -> dict[str, Any]:
    """The round as the API shows it, read afresh (a service may have changed it)."""
    round_ = Round.objects.get(pk=round_.pk)
    progress = round_progress(round_)
    values: dict[str, Any] = {field: getattr(round_, field) for field in RoundSummarySerializer.Meta.fields}
    values["seconds_left"] = seconds_left(round_)
    values["progress"] = {
        "final": progress.final,
        "disputed": progress.disputed,
        "playing": progress.playing,
        "time_called": progress.time_called,
        "total": progress.total,
        "closable": progress.closable,
    }
    values["pairings"] = []
    # The model's fields plus computed ones, as a mapping (which DRF serializes like the instance); the
    # pairings, already plain values, are added as they are.
    body = dict(RoundDetailSerializer(cast(Any, values)).data)
    body["pairings"] = [_pairing(row) for row in pairing_rows(round_)]
    return body


@extend_schema_serializer(component_name="RoundSeed")
class SeedInputSerializer(serializers.Serializer[object]):
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=MAX_SEED,
        help_text="The pairing seed; drawn at random (and recorded) when left out.",
    )


class EventRoundsApi(APIView):
    """The event's rounds; an organizer pairs the next one (Swiss, then the top cut).

    Send an ``Idempotency-Key`` header with the POST: a retry returns the round the first press made.
    """

    @extend_schema(responses=RoundSummarySerializer(many=True), operation_id="events_rounds_list")
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        return Response(RoundSummarySerializer(event.rounds.order_by("number"), many=True).data)

    @extend_schema(
        request=SeedInputSerializer,
        responses={201: RoundDetailSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_rounds_pair",
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        serializer = SeedInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = cast(User, request.user)

        round_ = services.round_pair(event=event, by=by, seed=serializer.validated_data.get("seed"))
        return Response(round_body(round_), status=status.HTTP_201_CREATED)


class RoundDetailApi(APIView):
    """One round: its clock, how many results are in, and its pairings by table (byes last)."""

    @extend_schema(responses=RoundDetailSerializer, operation_id="events_rounds_retrieve")
    def get(self, request: Request, slug: str, number: int) -> Response:
        round_ = round_for(event_for(request.user, slug), number)
        # Calls time if the clock ran out and no worker did (harmless otherwise).
        services.round_time_up(round_id=round_.pk)
        return Response(round_body(round_))


class RoundRepairApi(APIView):
    """An organizer pairs a round again before it starts (a late entry, a drop, a mistake)."""

    @extend_schema(
        request=SeedInputSerializer,
        responses={200: RoundDetailSerializer},
        operation_id="events_rounds_repair",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = round_for(event_for(request.user, slug), number)
        serializer = SeedInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = cast(User, request.user)

        seed = serializer.validated_data.get("seed")
        return Response(
            round_body(services.round_repair(round_=round_, by=by, seed=seed)), status=status.HTTP_200_OK
        )


class RoundStartApi(APIView):
    """An organizer starts the round and its clock."""

    @extend_schema(request=None, responses={200: RoundDetailSerializer}, operation_id="events_rounds_start")
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = round_for(event_for(request.user, slug), number)
        by = cast(User, request.user)

        return Response(round_body(services.round_start(round_=round_, by=by)), status=status.HTTP_200_OK)


class RoundCloseApi(APIView):
    """An organizer closes the round once every result is final; the last round ends the event."""

    @extend_schema(request=None, responses={200: RoundDetailSerializer}, operation_id="events_rounds_close")
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = round_for(event_for(request.user, slug), number)
        by = cast(User, request.user)

        return Response(round_body(services.round_close(round_=round_, by=by)), status=status.HTTP_200_OK)


@extend_schema_serializer(component_name="RoundExtend")
class ExtendInputSerializer(serializers.Serializer[object]):
    minutes = serializers.IntegerField(
        min_value=1,
        max_value=MAX_EXTEND_MINUTES,
        help_text="Whole minutes added to every match of the round, 1 to 60.",
    )


class RoundPauseApi(APIView):
    """An organizer pauses the round's clock; ``seconds_left`` stays where it was until it is resumed and the
    clock never calls time while paused. Pausing a paused clock changes nothing."""

    @extend_schema(
        request=None,
        responses={200: RoundDetailSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_rounds_pause",
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = round_for(event_for(request.user, slug), number)
        by = cast(User, request.user)

        return Response(round_body(services.round_pause(round_=round_, by=by)), status=status.HTTP_200_OK)


class RoundResumeApi(APIView):
    """An organizer starts the paused clock again; the round's end moves on by the time it was paused."""

    @extend_schema(
        request=None,
        responses={200: RoundDetailSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_rounds_resume",
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = round_for(event_for(request.user, slug), number)
        by = cast(User, request.user)

        return Response(round_body(services.round_resume(round_=round_, by=by)), status=status.HTTP_200_OK)


class RoundExtendApi(APIView):
    """An organizer adds minutes to the whole round (paused or running, before time is called).

    Send an ``Idempotency-Key`` header: a retry of the same press adds the minutes once.
    """

    @extend_schema(
        request=ExtendInputSerializer,
        responses={200: RoundDetailSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_rounds_extend",
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = round_for(event_for(request.user, slug), number)
        serializer = ExtendInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        by = cast(User, request.user)

        minutes = serializer.validated_data["minutes"]
        extended = services.round_extend(round_=round_, by=by, minutes=minutes)
        return Response(round_body(extended), status=status.HTTP_200_OK)
