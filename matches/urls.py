from django.urls import path

from matches.views import duels, pages

urlpatterns = [
    path("my-matches/", pages.my_matches, name="my-matches"),
    path("matches/<int:match_id>/", pages.match_detail, name="match-detail"),
    path("matches/<int:match_id>/toss/", duels.match_toss, name="match-toss"),
    path("matches/<int:match_id>/duels/", duels.match_duel_start, name="match-duel-start"),
    path(
        "matches/<int:match_id>/duels/<int:number>/report/",
        duels.match_duel_report,
        name="match-duel-report",
    ),
    path("judge/", pages.judge_queue_page, name="judge-queue"),
    # side decks
    # disputes
    # judging
    # time
]
