from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path("events/<slug:slug>/deck/", views.event_my_deck, name="event-my-deck"),
    path("events/<slug:slug>/deck/builder/", views.event_deck_builder, name="event-deck-builder"),
    path("events/<slug:slug>/decklists/", views.event_deck_lists, name="event-deck-lists"),
    path(
        "events/<slug:slug>/decklists/<int:registration_id>/replace/",
        views.event_deck_replace,
        name="event-deck-replace",
    ),
    path("events/<slug:slug>/decklists.csv", views.event_deck_lists_csv, name="event-deck-lists-csv"),
    path("events/<slug:slug>/decklists.txt", views.event_deck_lists_text, name="event-deck-lists-text"),
    path(
        "events/<slug:slug>/rounds/<int:number>/deck-checks/",
        views.round_deck_checks,
        name="round-deck-checks",
    ),
    path(
        "events/<slug:slug>/decklists/<int:registration_id>/side-check/",
        views.event_side_check,
        name="event-side-check",
    ),
    path("organize/", views.organize, name="organize"),
]
