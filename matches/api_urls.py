from django.urls import path

from matches import api

urlpatterns = [
    path("matches/<int:match_id>/", api.MatchDetailApi.as_view(), name="api-match"),
    path("matches/<int:match_id>/reports/", api.MatchReportApi.as_view(), name="api-match-report"),
    path("matches/<int:match_id>/duels/", api.MatchDuelsApi.as_view(), name="api-match-duels"),
    path("matches/<int:match_id>/toss/", api.MatchCoinTossApi.as_view(), name="api-match-toss"),
    path(
        "matches/<int:match_id>/duels/<int:number>/reports/",
        api.DuelReportApi.as_view(),
        name="api-duel-reports",
    ),
]
