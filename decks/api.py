"""The deck lists API. Visibility is decided by ``deck_lists_visible_to``: another player's list is a 404."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import DeckList
from decks.selectors import deck_lists_visible_to


@extend_schema_serializer(component_name="DeckList")
class DeckListOutputSerializer(serializers.ModelSerializer[DeckList]):
    owner = serializers.CharField(source="owner.username")

    class Meta:
        model = DeckList
        fields = ["id", "owner", "game", "name", "text", "created_at"]


class DeckListListApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=DeckListOutputSerializer(many=True), operation_id="decks_list")
    def get(self, request: Request) -> Response:
        return Response(DeckListOutputSerializer(deck_lists_visible_to(request.user), many=True).data)


class DeckListDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=DeckListOutputSerializer, operation_id="decks_retrieve")
    def get(self, request: Request, deck_list_id: int) -> Response:
        deck_list = get_object_or_404(deck_lists_visible_to(request.user), pk=deck_list_id)
        return Response(DeckListOutputSerializer(deck_list).data)
