"""The caller's own match history: ``GET /api/v1/me/history/``, the lines of the history page.

Only the caller's matches, whoever they are: there is no user parameter to ask for someone else's. Newest
event first, 50 to a page (``?page=``), narrowed by ``?event=<slug>`` or ``?game=yugioh|mtg``. Each match
says its outcome from the caller's side, the games the caller's first, and (once the event is finished) the
place the caller finished it in.
"""

from __future__ import annotations

from typing import Any, cast

import django_filters  # type: ignore[import-untyped]  # no stubs published
from django import forms
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import generics, serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from config.schema import ErrorSerializer, ValidationErrorSerializer
from decks.models import Game
from matches.models import Match
from tournaments.selectors.history import OUTCOMES, HistoryLine, history_line, my_final_places, player_history


class NoBlankChoicesForm(forms.Form):
    """``?game=`` with nothing after it is a mistake the caller should hear of (400), not "every game"."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name, field in self.fields.items():
            if isinstance(field, forms.ChoiceField) and name in self.data and not self.data[name]:
                self.add_error(name, gettext("Choose one of the listed values, or leave the parameter out."))
        return cleaned


class MyHistoryFilter(django_filters.FilterSet):  # type: ignore[misc]  # untyped base
    event = django_filters.CharFilter(
        field_name="round__event__slug", help_text="Only this event's matches (its slug)."
    )
    game = django_filters.ChoiceFilter(field_name="round__event__game", choices=Game.choices)

    class Meta:
        model = Match
        fields = ["event", "game"]
        form = NoBlankChoicesForm


@extend_schema_serializer(component_name="HistoryEvent")
class HistoryEventSerializer(serializers.Serializer[object]):
    slug = serializers.SlugField()
    name = serializers.CharField()
    game = serializers.CharField(help_text='"yugioh" or "mtg".')
    starts_at = serializers.DateTimeField()
    status = serializers.CharField(help_text='"registration", "running" or "finished".')


@extend_schema_serializer(component_name="HistoryFinalPlace")
class FinalPlaceSerializer(serializers.Serializer[object]):
    place = serializers.IntegerField(help_text="1 for the winner.")
    players = serializers.IntegerField(help_text="How many players the event had.")
    reached = serializers.CharField(help_text='"Winner", "Final", "Top 4", ... or "Swiss".')
    wins = serializers.IntegerField(help_text="The Swiss record, as in the standings.")
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    in_words = serializers.CharField(help_text='"You finished 3rd of 8", in the caller\'s language.')


@extend_schema_serializer(component_name="HistoryMatch")
class HistoryMatchSerializer(serializers.Serializer[object]):
    match = serializers.IntegerField(help_text="The match's id (GET /api/v1/matches/{id}/).")
    event = HistoryEventSerializer()
    round = serializers.IntegerField()
    stage = serializers.CharField(help_text='"swiss" or "top".')
    table = serializers.IntegerField(allow_null=True, help_text="Null for a bye.")
    opponent = serializers.CharField(allow_null=True, help_text="The opponent's username; null for a bye.")
    opponent_name = serializers.CharField(allow_null=True, help_text="The opponent's name; null for a bye.")
    outcome = serializers.ChoiceField(choices=OUTCOMES, help_text="From the caller's side.")
    outcome_label = serializers.CharField(help_text='"Won", "Lost", ... in the caller\'s language.')
    games_won = serializers.IntegerField(allow_null=True, help_text="The caller's games; null until final.")
    games_lost = serializers.IntegerField(allow_null=True)
    games_drawn = serializers.IntegerField(allow_null=True)
    final_place = FinalPlaceSerializer(allow_null=True, help_text="Null until the event is finished.")


def _row(line: HistoryLine, user_id: int, place: dict[str, Any] | None) -> dict[str, Any]:
    match = line.match
    opponent = match.player_b if match.player_a_id == user_id else match.player_a
    event = line.event
    return {
        "match": match.pk,
        "event": {
            "slug": event.slug,
            "name": event.name,
            "game": event.game,
            "starts_at": event.starts_at,
            "status": event.status,
        },
        "round": match.round.number,
        "stage": match.round.stage,
        "table": match.table,
        "opponent": opponent.get_username() if opponent is not None else None,
        "opponent_name": line.opponent or None,
        "outcome": line.outcome,
        "outcome_label": line.result,
        "games_won": line.games_mine,
        "games_lost": line.games_theirs,
        "games_drawn": line.games_drawn,
        "final_place": place,
    }


class MyHistoryApi(generics.ListAPIView[Match]):
    """The caller's matches across every event, newest first, each from the caller's side."""

    permission_classes = [IsAuthenticated]
    filterset_class = MyHistoryFilter

    def get_queryset(self) -> QuerySet[Match]:
        if getattr(self, "swagger_fake_view", False):  # the schema generator, with no caller
            return Match.objects.none()
        return player_history(cast(User, self.request.user))

    @extend_schema(
        operation_id="me_history_list",
        responses={
            200: HistoryMatchSerializer(many=True),
            400: OpenApiResponse(
                ValidationErrorSerializer, description="A filter's value is not one it takes."
            ),
            404: OpenApiResponse(ErrorSerializer, description="No such page (``?page=`` past the last one)."),
        },
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        user = cast(User, request.user)  # IsAuthenticated let only a signed-in user through
        matches = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(matches)
        shown = list(page) if page is not None else list(matches)
        lines = [history_line(match, user.pk) for match in shown]
        places = my_final_places(user, {line.event.pk: line.event for line in lines}.values())
        rows = []
        for line in lines:
            place = places.get(line.event.pk)
            place_data = (
                {
                    "place": place.place,
                    "players": place.players,
                    "reached": place.reached,
                    "wins": place.record.wins,
                    "losses": place.record.losses,
                    "draws": place.record.draws,
                    "in_words": place.headline,
                }
                if place is not None
                else None
            )
            rows.append(_row(line, user.pk, place_data))
        data = HistoryMatchSerializer(rows, many=True).data
        return self.get_paginated_response(data) if page is not None else Response(data)
