from django.urls import path

from decks import api

urlpatterns = [
    path("decks/", api.DeckListListApi.as_view(), name="api-decks"),
    path("decks/side-check/", api.SideDeckCheckApi.as_view(), name="api-deck-side-check"),
    path("decks/<int:deck_list_id>/", api.DeckListDetailApi.as_view(), name="api-deck"),
    path(
        "decks/<int:deck_list_id>/files/<slug:file_format>/",
        api.DeckListFileApi.as_view(),
        name="api-deck-file",
    ),
]
