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
    path("events/<slug:slug>/decklists.zip", views.event_deck_lists_zip, name="event-deck-lists-zip"),
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
    path("organize/new/", views.event_new, name="event-new"),
    path("organize/import/", views.event_import_new, name="event-import-new"),
    path("organize/imports/<int:import_id>/", views.event_import_detail, name="event-import-detail"),
    path(
        "organize/imports/<int:import_id>/progress/", views.event_import_status, name="event-import-progress"
    ),
    # Running the event: the public round pages, the organizer's dashboard and its forms, the downloads.
    path("events/<slug:slug>/pairings/", views.event_pairings, name="event-pairings"),
    path("events/<slug:slug>/rounds/<int:number>/pairings/", views.event_pairings, name="round-pairings"),
    path("events/<slug:slug>/standings/", views.event_standings_page, name="event-standings"),
    path("events/<slug:slug>/standings/bracket/", views.event_bracket_fragment, name="event-bracket"),
    path("events/<slug:slug>/metagame/", views.event_metagame_page, name="event-metagame"),
    path("events/<slug:slug>/metagame.csv", views.event_metagame_csv, name="event-metagame-csv"),
    path(
        "events/<slug:slug>/metagame/projector/",
        views.event_metagame_projector,
        name="event-metagame-projector",
    ),
    path(
        "events/<slug:slug>/metagame/archetypes/<int:registration_id>/",
        views.event_archetype_set,
        name="event-archetype-set",
    ),
    path(
        "events/<slug:slug>/metagame/merge/", views.event_archetype_merge_page, name="event-archetype-merge"
    ),
    path("events/<slug:slug>/projector/", views.event_projector, name="event-projector"),
    path("events/<slug:slug>/rounds/<int:number>/slips/", views.round_slips, name="round-slips"),
    path("events/<slug:slug>/enter/", views.event_enter_me, name="event-enter-me"),
    path("events/<slug:slug>/check-in/", views.event_check_in_me, name="event-check-in-me"),
    path("events/<slug:slug>/drop/", views.event_drop_me, name="event-drop-me"),
    path("events/<slug:slug>/run/", views.event_run, name="event-run"),
    path("events/<slug:slug>/settings/", views.event_settings, name="event-settings"),
    path("events/<slug:slug>/run/enter/", views.run_enter, name="event-run-enter"),
    path("events/<slug:slug>/staff/", views.event_staff, name="event-staff"),
    path(
        "events/<slug:slug>/staff/<int:role_id>/remove/", views.event_staff_remove, name="event-staff-remove"
    ),
    path("events/<slug:slug>/run/players/search/", views.run_search, name="event-run-search"),
    path("events/<slug:slug>/run/pair/", views.run_pair, name="event-run-pair"),
    path("events/<slug:slug>/run/rounds/<int:number>/swap/", views.run_swap, name="event-run-swap"),
    path(
        "events/<slug:slug>/run/matches/<int:match_id>/no-show/", views.run_no_show, name="event-run-no-show"
    ),
    path("events/<slug:slug>/run/rounds/<int:number>/repair/", views.run_repair, name="event-run-repair"),
    path("events/<slug:slug>/run/rounds/<int:number>/start/", views.run_start, name="event-run-start"),
    path("events/<slug:slug>/run/rounds/<int:number>/close/", views.run_close, name="event-run-close"),
    path("events/<slug:slug>/run/rounds/<int:number>/pause/", views.run_pause, name="event-run-pause"),
    path("events/<slug:slug>/run/rounds/<int:number>/resume/", views.run_resume, name="event-run-resume"),
    path("events/<slug:slug>/run/rounds/<int:number>/extend/", views.run_extend, name="event-run-extend"),
    path(
        "events/<slug:slug>/run/rounds/<int:number>/call-time/",
        views.run_call_time,
        name="event-run-call-time",
    ),
    path(
        "events/<slug:slug>/run/players/<int:registration_id>/check-in/",
        views.run_check_in,
        name="event-run-check-in",
    ),
    path(
        "events/<slug:slug>/run/players/<int:registration_id>/rounds/",
        views.run_player_run,
        name="event-run-player-run",
    ),
    path("events/<slug:slug>/run/players/<int:registration_id>/byes/", views.run_byes, name="event-run-byes"),
    path(
        "events/<slug:slug>/run/players/<int:registration_id>/table/", views.run_table, name="event-run-table"
    ),
    path("events/<slug:slug>/run/players/<int:registration_id>/drop/", views.run_drop, name="event-run-drop"),
    path(
        "events/<slug:slug>/run/players/<int:registration_id>/undo-drop/",
        views.run_undo_drop,
        name="event-run-undo-drop",
    ),
    path("events/<slug:slug>/export/replay.json", views.event_export_replay, name="event-export-replay"),
    path(
        "events/<slug:slug>/export/standings.csv", views.event_export_standings, name="event-export-standings"
    ),
    path("events/<slug:slug>/export/matches.csv", views.event_export_matches, name="event-export-matches"),
    path("me/history/", views.my_history, name="my-history"),
    path("me/history.csv", views.my_history_csv, name="my-history-csv"),
]
