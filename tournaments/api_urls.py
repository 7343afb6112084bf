from django.urls import path

from tournaments import api

urlpatterns = [
    path("auth/token/", api.TokenObtainApi.as_view(), name="api-token"),
    path("me/", api.MeApi.as_view(), name="api-me"),
    path("events/", api.EventListApi.as_view(), name="api-events"),
    path("events/<slug:slug>/", api.EventDetailApi.as_view(), name="api-event"),
    path(
        "events/<slug:slug>/registrations/me/deck/",
        api.RegistrationMyDeckApi.as_view(),
        name="api-registration-my-deck",
    ),
    path(
        "events/<slug:slug>/registrations/<int:registration_id>/deck/",
        api.RegistrationDeckReplaceApi.as_view(),
        name="api-registration-deck-replace",
    ),
    path("events/<slug:slug>/decklists/", api.EventDeckListsApi.as_view(), name="api-event-deck-lists"),
    path(
        "events/<slug:slug>/rounds/<int:number>/deck-checks/",
        api.RoundDeckChecksApi.as_view(),
        name="api-round-deck-checks",
    ),
    path("deck-checks/<int:deck_check_id>/", api.DeckCheckApi.as_view(), name="api-deck-check"),
]
