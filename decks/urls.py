from django.urls import path

from decks import views

urlpatterns = [
    path(
        "decks/<int:deck_list_id>/download/<slug:file_format>/",
        views.deck_list_download,
        name="deck-list-download",
    ),
    path("cards/search/", views.card_search, name="card-search"),
    path("cards/import/", views.card_import_new, name="card-import-new"),
    path("cards/import/<int:import_id>/", views.card_import_detail, name="card-import-detail"),
    path("cards/import/<int:import_id>/progress/", views.card_import_status, name="card-import-progress"),
]
