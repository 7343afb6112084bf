from django.urls import path

from matches.api import duels, matches

urlpatterns = [
    path("matches/<int:match_id>/", matches.MatchDetailApi.as_view(), name="api-match"),
    path("matches/<int:match_id>/reports/", matches.MatchReportApi.as_view(), name="api-match-report"),
    path("matches/<int:match_id>/duels/", duels.MatchDuelsApi.as_view(), name="api-match-duels"),
    path("matches/<int:match_id>/toss/", duels.MatchCoinTossApi.as_view(), name="api-match-toss"),
    path(
        "matches/<int:match_id>/duels/<int:number>/reports/",
        duels.DuelReportApi.as_view(),
        name="api-duel-reports",
    ),
    # side decks
    # disputes
    # judging
    # time
]
