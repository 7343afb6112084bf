"""The events API: one view per operation, no business logic.

Deck list and deck check operations answer 403 to a caller without the role at that event, 404 for what
they may not see, and 409 when the deadline has locked the list or the state forbids the check.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.api import (
    DeckListOutputSerializer,
    DeckListProblemsSerializer,
    DeckRulingSerializer,
    ViolationSerializer,
    problems_response,
)
from decks.models import DeckList
from decks.selectors import deck_legality
from decks.services import DeckListInvalid
from matches.models import Match
from tournaments import services
from tournaments.models import DeckCheck, DeckListChange, Event, Registration, Round
from tournaments.selectors.deck_checks import deck_checks_for_round, deck_checks_visible_to
from tournaments.selectors.deck_lists import (
    deck_list_history,
    deck_lists_registered_at,
    event_deck_lists_visible_to,
)
from tournaments.selectors.events import event_for, staff_event_for
from tournaments.services import deck_lists_locked
from tournaments.services.deck_lists import NOT_REGISTERED_HERE

NO_NUL_CHARACTERS = RegexValidator(r"^[^\x00]*$", "Null characters are not allowed.")


# --- Registered deck lists and deck checks --------------------------------------------------------------


def _staff_event(request: Request, slug: str) -> Event:
    """The event (404 if unknown); 403 unless the caller judges or organizes it without playing in it."""
    return staff_event_for(
        request.user,
        slug,
        deck_work=True,
        refusal="Only the judges and organizers of this event who do not play in it may do this.",
    )


@extend_schema_serializer(component_name="DeckListChange")
class DeckListChangeSerializer(serializers.ModelSerializer[DeckListChange]):
    changed_by = serializers.CharField(source="changed_by.username")

    class Meta:
        model = DeckListChange
        fields = ["old_deck_list", "new_deck_list", "changed_by", "reason", "changed_at"]


@extend_schema_serializer(component_name="RegistrationDeck")
class RegistrationDeckSerializer(serializers.Serializer[object]):
    registration = serializers.IntegerField(source="registration.pk")
    player = serializers.CharField(source="registration.player.username")
    deck_list = DeckListOutputSerializer(source="registration.deck_list", allow_null=True)
    legality = DeckRulingSerializer(allow_null=True)
    locked = serializers.BooleanField()
    changes = DeckListChangeSerializer(many=True)


def _registration_deck(registration: Registration) -> dict[str, Any]:
    event = registration.event
    deck_list = registration.deck_list
    return {
        "registration": registration,
        "legality": deck_legality(deck_list=deck_list, banlist=event.banlist) if deck_list else None,
        "locked": deck_lists_locked(event),
        "changes": list(deck_list_history(registration)),
    }


class RegistrationMyDeckApi(APIView):
    """The caller's own registered deck list at an event: see it, or register another before the deadline."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="RegistrationDeckSubmit")
    class InputSerializer(serializers.Serializer[object]):
        deck_list = serializers.IntegerField(min_value=1, help_text="One of your deck lists.")

    def _registration(self, request: Request, slug: str) -> Registration:
        event = event_for(request.user, slug)
        return get_object_or_404(
            Registration.objects.select_related("event", "deck_list"), event=event, player=request.user
        )

    @extend_schema(responses=RegistrationDeckSerializer, operation_id="registrations_my_deck_retrieve")
    def get(self, request: Request, slug: str) -> Response:
        registration = self._registration(request, slug)
        return Response(RegistrationDeckSerializer(_registration_deck(registration)).data)

    @extend_schema(
        request=InputSerializer,
        responses=RegistrationDeckSerializer,
        operation_id="registrations_deck_submit",
    )
    def put(self, request: Request, slug: str) -> Response:
        registration = self._registration(request, slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        deck_list = get_object_or_404(
            DeckList.objects.filter(owner=cast(User, request.user)), pk=serializer.validated_data["deck_list"]
        )
        registration = services.registration_deck_submit(
            registration=registration, deck_list=deck_list, by=cast(User, request.user)
        )
        return Response(RegistrationDeckSerializer(_registration_deck(registration)).data)


class RegistrationDeckReplaceApi(APIView):
    """A judge replaces a player's registered list (past the deadline too), saying why.

    ``text`` is the list the player presents, saved as a new list of theirs; ``deck_list`` only puts back a
    list this registration holds or held. Any other list id is a 400 on ``deck_list``, whoever owns it: a
    player's other lists stay private to them.
    """

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="RegistrationDeckReplace")
    class InputSerializer(serializers.Serializer[object]):
        deck_list = serializers.IntegerField(
            min_value=1,
            required=False,
            help_text="A list this registration holds or held (to put it back); any other id is a 400.",
        )
        text = serializers.CharField(
            required=False, max_length=100_000, help_text="The list the player presents, saved as a new list."
        )
        reason = serializers.CharField(min_length=1, max_length=2000)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("deck_list" in attrs) == ("text" in attrs):
                raise serializers.ValidationError(gettext("Give either deck_list or text."))
            return attrs

    @extend_schema(
        request=InputSerializer,
        responses={200: RegistrationDeckSerializer, 400: DeckListProblemsSerializer},
        operation_id="registrations_deck_replace",
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        event = _staff_event(request, slug)
        registration = get_object_or_404(
            Registration.objects.select_related("event", "player"), event=event, pk=registration_id
        )
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        deck_list = None
        if "deck_list" in data:
            # Only lists registered here: an id of any other list (the player's or not) is the same 400.
            deck_list = deck_lists_registered_at(registration).filter(pk=data["deck_list"]).first()
            if deck_list is None:
                raise ValidationError({"deck_list": [NOT_REGISTERED_HERE]})
        try:
            registration = services.registration_deck_replace(
                registration=registration,
                judge=cast(User, request.user),
                reason=data["reason"],
                deck_list=deck_list,
                text=data.get("text"),
            )
        except DeckListInvalid as error:
            return problems_response(error.problems)
        return Response(RegistrationDeckSerializer(_registration_deck(registration)).data)


class EventDeckListsApi(APIView):
    """Every registration of an event with its list and whether the engine finds it legal: for its judges
    and organizers who do not play in it, and for everyone signed in once the event made its lists public."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="EventDeckList")
    class OutputSerializer(serializers.Serializer[object]):
        registration = serializers.IntegerField(source="registration.pk")
        player = serializers.CharField(source="registration.player.username")
        deck_list = DeckListOutputSerializer(source="registration.deck_list", allow_null=True)
        legal = serializers.BooleanField(allow_null=True)
        violations = ViolationSerializer(many=True)
        unchecked = serializers.ListField(child=serializers.CharField())

    @extend_schema(responses=OutputSerializer(many=True), operation_id="events_deck_lists")
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request.user, slug)
        rows = [
            {
                "registration": row.registration,
                "legal": row.legal,
                "violations": (row.ruling or {}).get("violations", []),
                "unchecked": (row.ruling or {}).get("unchecked", []),
            }
            for row in event_deck_lists_visible_to(request.user, event)
        ]
        return Response(self.OutputSerializer(rows, many=True).data)


@extend_schema_serializer(component_name="DeckCheck")
class DeckCheckOutputSerializer(serializers.ModelSerializer[DeckCheck]):
    event = serializers.SlugField(source="round.event.slug")
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="match.table", allow_null=True, default=None)
    player = serializers.CharField(source="registration.player.username")
    chosen_by = serializers.CharField(source="chosen_by.username")
    presented = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    mismatches = serializers.ListField(child=serializers.DictField())

    class Meta:
        model = DeckCheck
        fields = [
            "id",
            "event",
            "round",
            "match",
            "table",
            "player",
            "deck_list",
            "chosen",
            "seed",
            "chosen_by",
            "created_at",
            "presented",
            "mismatches",
            "checked_at",
        ]


class RoundDeckChecksApi(APIView):
    """A round's deck checks: list them, or pick matches at random (seeded) or by hand."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="DeckCheckPick")
    class InputSerializer(serializers.Serializer[object]):
        count = serializers.IntegerField(min_value=1, max_value=500, required=False)
        seed = serializers.CharField(max_length=64, required=False, help_text="Same seed, same pick.")
        match = serializers.IntegerField(min_value=1, required=False, help_text="A match picked by hand.")

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("count" in attrs) == ("match" in attrs):
                raise serializers.ValidationError(
                    gettext("Give count (and seed) to pick at random, or a match.")
                )
            return attrs

    def _round(self, request: Request, slug: str, number: int) -> Round:
        event = _staff_event(request, slug)
        return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)

    @extend_schema(responses=DeckCheckOutputSerializer(many=True), operation_id="rounds_deck_checks_list")
    def get(self, request: Request, slug: str, number: int) -> Response:
        round_ = self._round(request, slug, number)
        return Response(DeckCheckOutputSerializer(deck_checks_for_round(round_), many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: DeckCheckOutputSerializer(many=True)},
        operation_id="rounds_deck_checks_pick",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = self._round(request, slug, number)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        judge = cast(User, request.user)
        if "match" in data:
            match = get_object_or_404(Match.objects.filter(round=round_), pk=data["match"])
            checks = services.deck_check_pick(match=match, judge=judge)
        else:
            checks = services.deck_check_pick_random(
                round_=round_, count=data["count"], seed=data.get("seed"), judge=judge
            )
        checks = list(deck_checks_visible_to(judge).filter(pk__in=[check.pk for check in checks]))
        return Response(DeckCheckOutputSerializer(checks, many=True).data, status=status.HTTP_201_CREATED)


class DeckCheckApi(APIView):
    """One deck check: see it, or record how many cards the player presented per section."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="DeckCheckRecord")
    class InputSerializer(serializers.Serializer[object]):
        main = serializers.IntegerField(min_value=0, max_value=1000)
        extra = serializers.IntegerField(min_value=0, max_value=1000, required=False)
        side = serializers.IntegerField(min_value=0, max_value=1000, required=False)

    @extend_schema(responses=DeckCheckOutputSerializer, operation_id="deck_checks_retrieve")
    def get(self, request: Request, deck_check_id: int) -> Response:
        deck_check = get_object_or_404(deck_checks_visible_to(request.user), pk=deck_check_id)
        return Response(DeckCheckOutputSerializer(deck_check).data)

    @extend_schema(
        request=InputSerializer, responses=DeckCheckOutputSerializer, operation_id="deck_checks_record"
    )
    def post(self, request: Request, deck_check_id: int) -> Response:
        deck_check = get_object_or_404(deck_checks_visible_to(request.user), pk=deck_check_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        deck_check = services.deck_check_record(
            deck_check=deck_check, presented=serializer.validated_data, judge=cast(User, request.user)
        )
        deck_check = deck_checks_visible_to(request.user).get(pk=deck_check.pk)
        return Response(DeckCheckOutputSerializer(deck_check).data)
