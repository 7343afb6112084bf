"""The events collection: anyone lists the events they may see; store staff create one and organize it.

Creating is for store staff, the Django permission ``tournaments.add_event`` (as on the new-event page);
:class:`MayCreateEvents` also guards the replay import, the other way an event comes into being. Only shapes
are checked here: ``event_create`` decides what fits the game (a procedure, a top cut size), so the page and
the API refuse the same things under the same field names. Send an ``Idempotency-Key`` header with the
POST: a retry returns the event the first call made.
"""

from __future__ import annotations

from typing import cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import Banlist, Game
from idempotency.api import IDEMPOTENCY_KEY, idempotent
from tournaments import services
from tournaments.models import Event, EventStructure
from tournaments.selectors.events import event_for, events_visible_to
from tournaments.services.registrations import require_organizer

ADD_EVENT = "tournaments.add_event"
MAX_ROUND_MINUTES = 180  # as on the new-event page


class EventListApi(APIView):
    @extend_schema_serializer(component_name="Event")
    class OutputSerializer(serializers.ModelSerializer[Event]):
        # Read only here: events are created on the organizer's pages or imported from a replay
        # (POST /api/v1/events/import/).
        end_of_round = serializers.CharField(
            read_only=True,
            help_text="What happens when time is called: ygo_lp, ygo_double_loss, mtg_five_turns.",
        )
        end_of_round_label = serializers.CharField(source="get_end_of_round_display", read_only=True)

        class Meta:
            model = Event
            fields = [
                "slug",
                "name",
                "game",
                "status",
                "starts_at",
                "round_minutes",
                "end_of_round",
                "end_of_round_label",
            ]

    @extend_schema(responses=OutputSerializer(many=True), operation_id="events_list")
    def get(self, request: Request) -> Response:
        events = events_visible_to(request.user)
        return Response(self.OutputSerializer(events, many=True).data)


class MayCreateEvents(BasePermission):
    """Writes for store staff only; reads are left to the permission listed with it.

    Listed after DRF's ``IsAuthenticated(OrReadOnly)``, which answers a caller without a login with a 401
    and which the schema generator reads to document who may call (it knows only DRF's own classes).
    """

    message = gettext_lazy("Only store staff create events: ask the store for the permission to add events.")

    def has_permission(self, request: Request, view: APIView) -> bool:
        return request.method in SAFE_METHODS or request.user.has_perm(ADD_EVENT)


class EventsApi(EventListApi):
    """The events the caller may see; store staff create an event, which they then organize."""

    permission_classes = [IsAuthenticatedOrReadOnly, MayCreateEvents]

    @extend_schema_serializer(component_name="EventCreate")
    class InputSerializer(serializers.Serializer[object]):
        name = serializers.CharField(max_length=200)
        # No ``default=""``: drf-spectacular would write it next to the slug pattern, which it breaks
        # (openapi-spec-validator refuses the document). Left out or empty, the service takes the name.
        slug = serializers.SlugField(
            max_length=80, required=False, allow_blank=True, help_text="Default: from the name."
        )
        game = serializers.ChoiceField(choices=Game.choices)
        starts_at = serializers.DateTimeField()
        round_minutes = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=MAX_ROUND_MINUTES,
            help_text="Minutes a Swiss round lasts; null: the game's current policy's "
            "(tournaments/engine/data/round_times.json: 50 for both games today).",
        )
        structure = serializers.ChoiceField(
            choices=EventStructure.choices,
            required=False,
            default="",
            help_text='"swiss", "single_elimination" (a bracket from round 1, no Swiss) or "": as the '
            "structure table says for the attendance when round 1 is paired.",
        )
        booster_draft_playoff = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Magic Limited only: the playoff is a Booster Draft (9-16 players: 4 rounds, top 8).",
        )
        end_of_round = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            max_length=24,
            help_text="ygo_lp, ygo_double_loss (Yu-Gi-Oh!) or mtg_five_turns (Magic); "
            "empty: the game's current procedure.",
        )
        swiss_rounds = serializers.IntegerField(
            required=False, allow_null=True, default=None, help_text="1 to 20; null: from attendance."
        )
        top_cut = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            help_text="0 (none), 2, 4, 8, ... 128; null: from attendance.",
        )
        top_cut_untimed = serializers.BooleanField(required=False, default=False)
        byes_allowed = serializers.BooleanField(required=False, default=False)
        decklist_deadline = serializers.DateTimeField(required=False, allow_null=True, default=None)
        banlist = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            help_text="An imported banlist of the event's game (its id); null: none.",
        )
        decklists_public = serializers.BooleanField(required=False, default=False)

    @extend_schema_serializer(component_name="EventOrganized")
    class CreatedSerializer(EventListApi.OutputSerializer):
        """The event as its organizer sees it: with the check-in code and the planned structure."""

        # A plain string: a second component with the events' status enum would make its name ambiguous.
        status = serializers.CharField(read_only=True, help_text='"registration": players may enter.')
        event_code = serializers.CharField(
            read_only=True, help_text="Players check themselves in with it: show it at the venue only."
        )
        banlist = serializers.IntegerField(source="banlist_id", read_only=True, allow_null=True)
        banlist_name = serializers.CharField(
            source="banlist.name", read_only=True, allow_null=True, default=None
        )

        class Meta(EventListApi.OutputSerializer.Meta):
            fields = [
                *EventListApi.OutputSerializer.Meta.fields,
                "event_code",
                "swiss_rounds",
                "top_cut",
                "top_cut_untimed",
                "structure",
                "booster_draft_playoff",
                "byes_allowed",
                "decklist_deadline",
                "structure_table",
                "banlist",
                "banlist_name",
                "decklists_public",
            ]

    @extend_schema(
        request=InputSerializer,
        responses={201: CreatedSerializer},
        parameters=[IDEMPOTENCY_KEY],
        operation_id="events_create",
    )
    @idempotent
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        data["banlist"] = banlist_named(data["banlist"])
        organizer = cast(User, request.user)

        # The service refuses a taken or empty slug (also when two requests race) as a 400 on "slug";
        # after the Idempotency-Key, so a retry replays its event rather than find its slug taken.
        event = services.event_create(organizer=organizer, **data)
        return Response(dict(self.CreatedSerializer(event).data), status=status.HTTP_201_CREATED)


def banlist_named(banlist_id: int | None) -> Banlist | None:
    """The imported banlist of that id; an id that names none is a 400 on ``banlist``."""
    if banlist_id is None:
        return None
    banlist = Banlist.objects.filter(pk=banlist_id).first()
    if banlist is None:
        raise ValidationError(
            {"banlist": [gettext("No imported banlist has the id %(id)s.") % {"id": banlist_id}]}
        )
    return banlist


class EventDetailApi(APIView):
    """An event; its organizers change its settings (``PATCH``, only the fields sent).

    Every setting can change until round 1 starts; after, only ``name``, ``round_minutes`` (the rounds not
    started yet) and ``decklists_public``: a change to another is a 409 whose ``field`` names it.
    """

    permission_classes = [IsAuthenticatedOrReadOnly]
    OutputSerializer = EventListApi.OutputSerializer

    @extend_schema_serializer(component_name="EventSettings")
    class InputSerializer(serializers.Serializer[object]):
        name = serializers.CharField(max_length=200, required=False)
        starts_at = serializers.DateTimeField(required=False)
        swiss_rounds = serializers.IntegerField(
            required=False, allow_null=True, help_text="1 to 20; null: from attendance."
        )
        top_cut = serializers.IntegerField(
            required=False, allow_null=True, help_text="0 (none), 2, 4, 8, ... 128; null: from attendance."
        )
        top_cut_untimed = serializers.BooleanField(required=False)
        structure = serializers.ChoiceField(
            choices=EventStructure.choices,
            required=False,
            help_text='"swiss", "single_elimination" or "": from the structure table.',
        )
        booster_draft_playoff = serializers.BooleanField(
            required=False, help_text="Magic Limited only: the playoff is a Booster Draft."
        )
        round_minutes = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ROUND_MINUTES)
        end_of_round = serializers.CharField(
            required=False, max_length=24, help_text="ygo_lp, ygo_double_loss (Yu-Gi-Oh!) or mtg_five_turns."
        )
        decklist_deadline = serializers.DateTimeField(required=False, allow_null=True)
        byes_allowed = serializers.BooleanField(required=False)
        banlist = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            help_text="An imported banlist of the event's game (its id); null: none.",
        )
        decklists_public = serializers.BooleanField(required=False)

    @extend_schema_serializer(component_name="EventSettingLocked")
    class LockedSerializer(serializers.Serializer[object]):
        detail = serializers.CharField()
        field = serializers.CharField(help_text="The setting round 1 has fixed.")

    @extend_schema(responses=OutputSerializer, operation_id="events_retrieve")
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        return Response(self.OutputSerializer(event).data)

    @extend_schema(
        request=InputSerializer,
        responses={200: EventsApi.CreatedSerializer, 409: LockedSerializer},
        operation_id="events_settings_update",
    )
    def patch(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        require_organizer(request.user, event, "change its settings")
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        changes = dict(serializer.validated_data)
        if "banlist" in changes:
            changes["banlist"] = banlist_named(changes["banlist"])
        try:
            event = services.event_settings_update(event=event, by=cast(User, request.user), changes=changes)
        except services.EventSettingLocked as locked:
            body = {"detail": str(locked), "field": locked.field}
            return Response(self.LockedSerializer(body).data, status=status.HTTP_409_CONFLICT)
        return Response(EventsApi.CreatedSerializer(event).data)
