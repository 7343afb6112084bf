from django.urls import path

from decks import api

urlpatterns = [
    path("decks/", api.DeckListListApi.as_view(), name="api-decks"),
    path("decks/<int:deck_list_id>/", api.DeckListDetailApi.as_view(), name="api-deck"),
]
