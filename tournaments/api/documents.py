"""The event's results as documents: the spec's ``standings/1``, the final places, the ``event-replay/1``.

The standings and the replay are returned exactly as ``tournaments.selectors.standings`` and
``tournaments.replay_export`` produce them (what ``manage.py standings`` prints for the export); the
serializers here only describe them in the schema. The replay serializer also documents the import's input.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.http.response import HttpResponseBase
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.http import etag_matches, not_modified, with_etag
from tournaments.replay_export import event_replay
from tournaments.selectors.cached_documents import cached, history_stamp
from tournaments.selectors.events import event_for
from tournaments.selectors.standings import event_standings_document, final_standings


@extend_schema_serializer(component_name="StandingsRecord")
class RecordSerializer(serializers.Serializer[object]):
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()


@extend_schema_serializer(component_name="StandingsRow")
class StandingsRowSerializer(serializers.Serializer[object]):
    rank = serializers.IntegerField()
    player = serializers.CharField(help_text="The player's username.")
    points = serializers.IntegerField()
    record = RecordSerializer()
    tiebreakers = serializers.DictField(
        child=serializers.FloatField(), help_text="omw, oomw (Yu-Gi-Oh!) or omw, gw, ogw (Magic), in order."
    )
    tiebreak_number = serializers.RegexField(
        r"^[0-9]{8}$",
        required=False,
        help_text="Yu-Gi-Oh! only: 8 digits with their leading zeros (points, omw and oomw in thousandths).",
    )
    tiebreak_flip = serializers.CharField(help_text="The seeded coin flip that orders full ties.")
    dropped = serializers.BooleanField()


@extend_schema_serializer(component_name="Standings")
class StandingsSerializer(serializers.Serializer[object]):
    format = serializers.CharField(help_text='"standings/1"')
    after_round = serializers.IntegerField()
    standings = StandingsRowSerializer(many=True)


@extend_schema_serializer(component_name="FinalPlace")
class FinalPlaceSerializer(serializers.Serializer[object]):
    place = serializers.IntegerField()
    player = serializers.CharField()
    name = serializers.CharField()
    reached = serializers.CharField(help_text='"Winner", "Final", "Top 4", ... or "Swiss".')
    decided = serializers.BooleanField(
        help_text="False while the player is still in the top cut being played: listed above everyone "
        "knocked out, by Swiss rank, their place not decided yet."
    )


@extend_schema_serializer(component_name="EventReplayPlayer")
class ReplayPlayerSerializer(serializers.Serializer[object]):
    id = serializers.CharField()
    name = serializers.CharField(required=False)
    joined_round = serializers.IntegerField(required=False, min_value=1)
    byes = serializers.IntegerField(required=False, min_value=0)
    fixed_table = serializers.IntegerField(required=False, min_value=1)


@extend_schema_serializer(component_name="EventReplayGames")
class ReplayGamesSerializer(serializers.Serializer[object]):
    a = serializers.IntegerField(min_value=0)
    b = serializers.IntegerField(min_value=0)
    draws = serializers.IntegerField(required=False, min_value=0)


@extend_schema_serializer(component_name="EventReplayMatch")
class ReplayMatchSerializer(serializers.Serializer[object]):
    table = serializers.IntegerField(min_value=1)
    a = serializers.CharField()
    b = serializers.CharField(allow_null=True, help_text="Null for a bye.")
    result = serializers.CharField(help_text='"a", "b", "draw", "bye" or "double_loss".')
    games = ReplayGamesSerializer(required=False)


@extend_schema_serializer(component_name="EventReplayRound")
class ReplayRoundSerializer(serializers.Serializer[object]):
    number = serializers.IntegerField(min_value=1)
    stage = serializers.CharField(help_text='"swiss" or "top".')
    matches = ReplayMatchSerializer(many=True)


@extend_schema_serializer(component_name="EventReplayDrop")
class ReplayDropSerializer(serializers.Serializer[object]):
    player = serializers.CharField()
    after_round = serializers.IntegerField(min_value=1)


@extend_schema_serializer(component_name="EventReplay")
class EventReplaySerializer(serializers.Serializer[object]):
    """An ``event-replay/1`` document (shared/spec/event-replay-format.md)."""

    format = serializers.CharField(help_text='"event-replay/1"')
    game = serializers.CharField(help_text='"yugioh" or "mtg".')
    players = ReplayPlayerSerializer(many=True)
    rounds = ReplayRoundSerializer(many=True)
    drops = ReplayDropSerializer(many=True, required=False)
    tiebreak_floor = serializers.ChoiceField(
        choices=["0.33", "1/3"],
        required=False,
        help_text=(
            'Magic only: the floor of the tiebreaker percentages, "0.33" (when left out; the Magic '
            'Tournament Rules, appendix C) or "1/3" (events created before Arbiter floored at 0.33 keep it).'
        ),
    )


class EventStandingsApi(APIView):
    """The Swiss standings after the last closed round: the spec's ``standings/1`` document.

    The whole document, always (a projector, a CSV and a client finding one player all need every row). It
    is kept as the JSON it is sent as, once per version of the event's history, and answers a poll that
    sends its ``ETag`` back in ``If-None-Match`` with "304 Not Modified" until a round is closed or a past
    result changes."""

    @extend_schema(responses=StandingsSerializer, operation_id="events_standings")
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        event = event_for(request.user, slug)
        stamp = history_stamp(event)
        etag = stamp.etag("standings.json")
        if etag_matches(request, etag):
            return not_modified(etag)
        body = cached(
            stamp.key("standings.json"), lambda: JSONRenderer().render(event_standings_document(event))
        )
        return with_etag(HttpResponse(body, content_type="application/json"), etag)


class EventFinalStandingsApi(APIView):
    """Places after the top cut (the winner first), then everyone else in Swiss order. While the top cut is
    played, the players still in it come first with ``decided`` false."""

    @extend_schema(responses=FinalPlaceSerializer(many=True), operation_id="events_final_standings")
    def get(self, request: Request, slug: str) -> Response:
        places = final_standings(event_for(request.user, slug))
        return Response(FinalPlaceSerializer(places, many=True).data)


class EventReplayApi(APIView):
    """The event's history as an ``event-replay/1`` document (its closed rounds), for export or re-import."""

    @extend_schema(responses=EventReplaySerializer, operation_id="events_replay")
    def get(self, request: Request, slug: str) -> Response:
        return Response(event_replay(event_for(request.user, slug)))
