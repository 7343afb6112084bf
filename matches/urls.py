from django.urls import path

from matches.views import disputes, duels, judging, pages, reports, side_decks, timing

urlpatterns = [
    path("my-matches/", pages.my_matches, name="my-matches"),
    path("matches/<int:match_id>/", pages.match_detail, name="match-detail"),
    path("matches/<int:match_id>/toss/", duels.match_toss, name="match-toss"),
    path("matches/<int:match_id>/duels/", duels.match_duel_start, name="match-duel-start"),
    path("matches/<int:match_id>/live/", pages.match_live, name="match-live"),
    path(
        "matches/<int:match_id>/duels/<int:number>/report/",
        duels.match_duel_report,
        name="match-duel-report",
    ),
    path("matches/<int:match_id>/report/", reports.match_report, name="match-report"),
    path("judge/", pages.judge_queue_page, name="judge-queue"),
    # side decks
    path(
        "matches/<int:match_id>/side-deck-count/",
        side_decks.match_side_deck_count,
        name="match-side-deck-count",
    ),
    path("matches/<int:match_id>/side-swap/", side_decks.match_side_swap, name="match-side-swap"),
    # disputes
    path("matches/<int:match_id>/dispute/", disputes.match_dispute_new, name="match-dispute-new"),
    path(
        "matches/<int:match_id>/dispute/preview/",
        disputes.match_dispute_preview,
        name="match-dispute-preview",
    ),
    path("matches/<int:match_id>/dispute/call/", disputes.match_dispute_call, name="match-dispute-call-new"),
    path(
        "matches/<int:match_id>/disputes/<int:dispute_id>/edit/",
        disputes.match_dispute_edit,
        name="match-dispute-edit",
    ),
    path(
        "matches/<int:match_id>/disputes/<int:dispute_id>/call/",
        disputes.match_dispute_call,
        name="match-dispute-call",
    ),
    path(
        "matches/<int:match_id>/disputes/<int:dispute_id>/",
        disputes.match_dispute_detail,
        name="match-dispute-detail",
    ),
    path(
        "matches/<int:match_id>/disputes/<int:dispute_id>/resolve/",
        disputes.match_dispute_resolve,
        name="match-dispute-resolve",
    ),
    # judging
    path("matches/<int:match_id>/judge/result/", judging.match_judge_result, name="match-judge-result"),
    path(
        "matches/<int:match_id>/judge/duels/<int:number>/", judging.match_judge_duel, name="match-judge-duel"
    ),
    path("matches/<int:match_id>/judge/penalties/", judging.match_penalty, name="match-penalty"),
    # time
    path("matches/<int:match_id>/extensions/", timing.match_extension, name="match-extension"),
    path("matches/<int:match_id>/call-time/", timing.match_call_time_view, name="match-call-time"),
    path("matches/<int:match_id>/finish-at-time/", timing.match_finish_at_time, name="match-finish-at-time"),
]
