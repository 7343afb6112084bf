"""The deck lists API. Visibility is decided by ``deck_lists_visible_to``: another player's list is a 404.

Legality answers are the engine's rulings as they come (``rules.engine.judge``): this module only builds the
request and serializes the answer.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.users import display_name
from config.schema import ErrorSerializer
from decks import services
from decks.deck_files import ARENA, MTGO, YDK
from decks.models import DeckList, Game
from decks.parsing import DeckProblem
from decks.selectors import DeckFileUnwritable, deck_file, deck_legality, file_formats, side_deck_check
from decks.views import file_response
from rules.engine import DisputeError
from rules.engine.limits import DECK_ENTRIES
from tournaments.selectors.deck_lists import deck_lists_visible_to
from tournaments.selectors.events import events_visible_to

# The most entries a section of any game's deck list has (docs/decisions/0009): a longer list is refused
# by the serializer, before any card is looked up; the engine then applies its game's own bound.
MAX_SECTION_ENTRIES = max(DECK_ENTRIES.values())


@extend_schema_serializer(component_name="DeckEntry")
class DeckEntrySerializer(serializers.Serializer[object]):
    name = serializers.CharField(min_length=1, max_length=200)
    count = serializers.IntegerField(min_value=1, max_value=99)


@extend_schema_serializer(component_name="DeckSections")
class DeckSectionsSerializer(serializers.Serializer[object]):
    main: serializers.ListSerializer[object] = serializers.ListSerializer(
        child=DeckEntrySerializer(), required=False, max_length=MAX_SECTION_ENTRIES
    )
    extra: serializers.ListSerializer[object] = serializers.ListSerializer(
        child=DeckEntrySerializer(), required=False, max_length=MAX_SECTION_ENTRIES
    )
    side: serializers.ListSerializer[object] = serializers.ListSerializer(
        child=DeckEntrySerializer(), required=False, max_length=MAX_SECTION_ENTRIES
    )


@extend_schema_serializer(component_name="Violation")
class ViolationSerializer(serializers.Serializer[object]):
    code = serializers.CharField()
    message = serializers.CharField()
    rule = serializers.CharField()
    field = serializers.CharField(required=False, help_text="The part of the deck it is about.")
    line = serializers.IntegerField(required=False, help_text="The line of the list's text it stands on.")


@extend_schema_serializer(component_name="DeckRuling")
class DeckRulingSerializer(serializers.Serializer[object]):
    """The engine's ruling on a deck (``shared/spec/dispute-format.md``, "Ruling")."""

    legal = serializers.BooleanField(
        allow_null=True, help_text="null: the judge cannot tell, or the list was not checked (see unchecked)."
    )
    violations = ViolationSerializer(many=True)
    unchecked = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="What the list was not checked against (no banlist, no card data), each a sentence.",
    )
    outcome = serializers.DictField(required=False)
    explanation = serializers.CharField()
    rules = serializers.ListField(child=serializers.CharField())


@extend_schema_serializer(component_name="DeckFileLink")
class DeckFileLinkSerializer(serializers.Serializer[object]):
    format = serializers.ChoiceField(
        choices=[(YDK, "YGOPro/EDOPro .ydk"), (MTGO, "MTGO .txt"), (ARENA, "Arena .txt")]
    )
    url = serializers.CharField(
        help_text="The file through the API (the same token); the site's own link is `page_url`."
    )
    page_url = serializers.CharField(
        help_text="The download on the site (signed in there, like the page's link)."
    )


@extend_schema_serializer(component_name="DeckList")
class DeckListOutputSerializer(serializers.ModelSerializer[DeckList]):
    owner = serializers.CharField(source="owner.username")
    sections = DeckSectionsSerializer()
    files = serializers.SerializerMethodField(help_text="The list as files other programs load.")

    class Meta:
        model = DeckList
        fields = ["id", "owner", "game", "name", "text", "sections", "files", "created_at"]

    @extend_schema_field(DeckFileLinkSerializer(many=True))
    def get_files(self, deck_list: DeckList) -> list[dict[str, str]]:
        return [
            {
                "format": file_format,
                "url": reverse("api-deck-file", args=[deck_list.pk, file_format]),
                "page_url": reverse("deck-list-download", args=[deck_list.pk, file_format]),
            }
            for file_format in file_formats(deck_list.game)
        ]


@extend_schema_serializer(component_name="DeckProblem")
class DeckProblemSerializer(serializers.Serializer[object]):
    line = serializers.IntegerField(help_text="1-based; 0 for the list as a whole.")
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())


@extend_schema_serializer(component_name="DeckListProblems")
class DeckListProblemsSerializer(serializers.Serializer[object]):
    """A 400 for a list that does not parse: every bad line, and the same as sentences under ``text``.

    Any other refused field is listed under its own name, as for every 400 (so neither key is required).
    """

    problems = DeckProblemSerializer(many=True, required=False)
    text = serializers.ListField(child=serializers.CharField(), required=False)


def problems_response(problems: list[DeckProblem]) -> Response:
    data = {
        "problems": [
            {"line": problem.line, "message": problem.message, "suggestions": list(problem.suggestions)}
            for problem in problems
        ],
        "text": [str(problem) for problem in problems],
    }
    return Response(DeckListProblemsSerializer(data).data, status=status.HTTP_400_BAD_REQUEST)


class DeckListListApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="DeckListCreate")
    class InputSerializer(serializers.Serializer[object]):
        game = serializers.ChoiceField(choices=Game.choices)
        name = serializers.CharField(min_length=1, max_length=120)
        text = serializers.CharField(required=False, max_length=100_000, help_text="Pasted list.")
        ydk = serializers.CharField(required=False, max_length=100_000, help_text="A .ydk file's content.")

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("text" in attrs) == ("ydk" in attrs):
                raise serializers.ValidationError(gettext("Give the list either as text or as ydk."))
            return attrs

    @extend_schema(responses=DeckListOutputSerializer(many=True), operation_id="decks_list")
    def get(self, request: Request) -> Response:
        return Response(DeckListOutputSerializer(deck_lists_visible_to(request.user), many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: DeckListOutputSerializer, 400: DeckListProblemsSerializer},
        operation_id="decks_create",
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            deck_list = services.deck_list_create(owner=cast(User, request.user), **serializer.validated_data)
        except services.DeckListInvalid as error:
            return problems_response(error.problems)
        return Response(DeckListOutputSerializer(deck_list).data, status=status.HTTP_201_CREATED)


class DeckListDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="DeckListDetail")
    class OutputSerializer(DeckListOutputSerializer):
        legality = DeckRulingSerializer(required=False, help_text="With ?event=slug: under its banlist.")

        class Meta(DeckListOutputSerializer.Meta):
            fields = [*DeckListOutputSerializer.Meta.fields, "legality"]

    @extend_schema(
        responses=OutputSerializer,
        parameters=[
            OpenApiParameter(
                "event", OpenApiTypes.STR, description="An event's slug: add the list's legality there."
            )
        ],
        operation_id="decks_retrieve",
    )
    def get(self, request: Request, deck_list_id: int) -> Response:
        deck_list = get_object_or_404(deck_lists_visible_to(request.user), pk=deck_list_id)
        data = dict(DeckListOutputSerializer(deck_list).data)
        slug = request.query_params.get("event")
        if slug:
            event = get_object_or_404(events_visible_to(request.user), slug=slug)
            data["legality"] = DeckRulingSerializer(
                deck_legality(deck_list=deck_list, banlist=event.banlist)
            ).data
        return Response(data)


class DeckListFileApi(APIView):
    """A list the caller may read, as a file other programs load: the site's download, with a token."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            404: ErrorSerializer,
            409: ErrorSerializer,
        },
        operation_id="decks_file",
        description=(
            "`ydk` (Yu-Gi-Oh!), `mtgo` or `arena` (Magic), as the list's `files` name them. A `.ydk` needs "
            "every card's passcode: a list naming a card the catalog lacks is refused (409) with its name."
        ),
    )
    def get(self, request: Request, deck_list_id: int, file_format: str) -> HttpResponse:
        deck_list = get_object_or_404(deck_lists_visible_to(request.user), pk=deck_list_id)
        if file_format not in file_formats(deck_list.game):
            raise NotFound(gettext("A list of this game is not written in that format."))
        try:
            written = deck_file(deck_list, file_format, created_by=display_name(deck_list.owner))
        except DeckFileUnwritable as error:
            return Response({"detail": str(error)}, status=status.HTTP_409_CONFLICT)
        return file_response(written)


class SideDeckCheckApi(APIView):
    """Is what a player presents after siding a legal exchange from their registered list? The engine says."""

    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="SideCheckRequest")
    class InputSerializer(serializers.Serializer[object]):
        registered = serializers.IntegerField(min_value=1, help_text="The registered deck list's id.")
        presented = DeckSectionsSerializer()

    @extend_schema(
        request=InputSerializer,
        responses={200: DeckRulingSerializer, 404: ErrorSerializer},
        operation_id="decks_side_check",
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        registered = get_object_or_404(
            deck_lists_visible_to(request.user), pk=serializer.validated_data["registered"]
        )
        presented = {
            section: [dict(entry) for entry in entries]
            for section, entries in serializer.validated_data["presented"].items()
        }
        try:
            ruling = side_deck_check(registered=registered, presented=presented)
        except DisputeError as error:
            # The engine names its own field (action.after.main); the caller sent it as presented.main.
            where = error.field.replace("action.after", "presented", 1)
            return Response({"presented": [f"{where}: {error.message}"]}, status=status.HTTP_400_BAD_REQUEST)
        return Response(DeckRulingSerializer(ruling).data)
