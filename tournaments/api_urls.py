from django.urls import path

from tournaments.api import (
    deck_lists,
    documents,
    events,
    history,
    imports,
    metagame,
    pictures,
    registrations,
    rounds,
    staff,
)

urlpatterns = [
    path("me/history/", history.MyHistoryApi.as_view(), name="api-my-history"),
    path("me/runs/<slug:slug>/", pictures.MyRunApi.as_view(), name="api-my-run"),
    path("events/", events.EventsApi.as_view(), name="api-events"),
    # Before events/<slug>/, which "import" would otherwise match (the import refuses that slug).
    path("events/import/", imports.EventImportApi.as_view(), name="api-event-import"),
    path("event-imports/<int:import_id>/", imports.EventImportJobApi.as_view(), name="api-event-import-job"),
    path("events/<slug:slug>/", events.EventDetailApi.as_view(), name="api-event"),
    path(
        "events/<slug:slug>/registrations/me/deck/",
        deck_lists.RegistrationMyDeckApi.as_view(),
        name="api-registration-my-deck",
    ),
    path(
        "events/<slug:slug>/registrations/<int:registration_id>/deck/",
        deck_lists.RegistrationDeckReplaceApi.as_view(),
        name="api-registration-deck-replace",
    ),
    path(
        "events/<slug:slug>/decklists/", deck_lists.EventDeckListsApi.as_view(), name="api-event-deck-lists"
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/deck-checks/",
        deck_lists.RoundDeckChecksApi.as_view(),
        name="api-round-deck-checks",
    ),
    path("deck-checks/<int:deck_check_id>/", deck_lists.DeckCheckApi.as_view(), name="api-deck-check"),
    # Running the event: tournaments/api_events/.
    path(
        "events/<slug:slug>/registrations/",
        registrations.EventRegistrationsApi.as_view(),
        name="api-event-registrations",
    ),
    path(
        "events/<slug:slug>/registrations/<int:registration_id>/",
        registrations.RegistrationUpdateApi.as_view(),
        name="api-registration",
    ),
    path(
        "events/<slug:slug>/registrations/<int:registration_id>/drop/",
        registrations.RegistrationDropApi.as_view(),
        name="api-registration-drop",
    ),
    path("events/<slug:slug>/staff/", staff.EventStaffApi.as_view(), name="api-event-staff"),
    path(
        "events/<slug:slug>/staff/<int:role_id>/",
        staff.EventStaffMemberApi.as_view(),
        name="api-event-staff-member",
    ),
    path("events/<slug:slug>/check-in/", registrations.EventCheckInApi.as_view(), name="api-event-check-in"),
    path("events/<slug:slug>/rounds/", rounds.EventRoundsApi.as_view(), name="api-event-rounds"),
    path("events/<slug:slug>/rounds/<int:number>/", rounds.RoundDetailApi.as_view(), name="api-round"),
    path(
        "events/<slug:slug>/rounds/<int:number>/repair/",
        rounds.RoundRepairApi.as_view(),
        name="api-round-repair",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/start/",
        rounds.RoundStartApi.as_view(),
        name="api-round-start",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/close/",
        rounds.RoundCloseApi.as_view(),
        name="api-round-close",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/pause/",
        rounds.RoundPauseApi.as_view(),
        name="api-round-pause",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/resume/",
        rounds.RoundResumeApi.as_view(),
        name="api-round-resume",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/extend/",
        rounds.RoundExtendApi.as_view(),
        name="api-round-extend",
    ),
    path("events/<slug:slug>/standings/", documents.EventStandingsApi.as_view(), name="api-event-standings"),
    path(
        "events/<slug:slug>/final-standings/",
        documents.EventFinalStandingsApi.as_view(),
        name="api-event-final-standings",
    ),
    path("events/<slug:slug>/bracket/", pictures.EventBracketApi.as_view(), name="api-event-bracket"),
    path("events/<slug:slug>/replay/", documents.EventReplayApi.as_view(), name="api-event-replay"),
    path("events/<slug:slug>/metagame/", metagame.EventMetagameApi.as_view(), name="api-event-metagame"),
    path(
        "events/<slug:slug>/archetypes/merge/",
        metagame.EventArchetypeMergeApi.as_view(),
        name="api-event-archetype-merge",
    ),
    path(
        "events/<slug:slug>/registrations/<int:registration_id>/archetype/",
        metagame.RegistrationArchetypeApi.as_view(),
        name="api-registration-archetype",
    ),
]
