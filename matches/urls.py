from django.urls import path

from matches import views

urlpatterns = [
    path("my-matches/", views.my_matches, name="my-matches"),
    path("matches/<int:match_id>/", views.match_detail, name="match-detail"),
    path("matches/<int:match_id>/toss/", views.match_toss, name="match-toss"),
    path("matches/<int:match_id>/duels/", views.match_duel_start, name="match-duel-start"),
    path(
        "matches/<int:match_id>/duels/<int:number>/report/",
        views.match_duel_report,
        name="match-duel-report",
    ),
    path("judge/", views.judge_queue_page, name="judge-queue"),
]
