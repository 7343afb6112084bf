from django.urls import path

from matches import api

urlpatterns = [
    path("matches/<int:match_id>/", api.MatchDetailApi.as_view(), name="api-match"),
    path("matches/<int:match_id>/reports/", api.MatchReportApi.as_view(), name="api-match-report"),
]
