from django.urls import path

from matches.api import disputes, duels, judging, matches, side_decks, timing

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
    path(
        "matches/<int:match_id>/side-decks/",
        side_decks.MatchSideDecksApi.as_view(),
        name="api-match-side-decks",
    ),
    path(
        "matches/<int:match_id>/side-deck-count/",
        side_decks.SideDeckCountApi.as_view(),
        name="api-match-side-deck-count",
    ),
    path("matches/<int:match_id>/side-swaps/", side_decks.SideSwapApi.as_view(), name="api-match-side-swaps"),
    # disputes
    path("matches/<int:match_id>/disputes/", disputes.MatchDisputesApi.as_view(), name="api-match-disputes"),
    path(
        "matches/<int:match_id>/disputes/<int:dispute_id>/call/",
        disputes.DisputeCallApi.as_view(),
        name="api-match-dispute-call",
    ),
    path(
        "matches/<int:match_id>/disputes/<int:dispute_id>/resolve/",
        disputes.DisputeResolveApi.as_view(),
        name="api-match-dispute-resolve",
    ),
    # judging
    path(
        "matches/<int:match_id>/result/", judging.JudgeMatchResultApi.as_view(), name="api-match-judge-result"
    ),
    path(
        "matches/<int:match_id>/duels/<int:number>/result/",
        judging.JudgeDuelResultApi.as_view(),
        name="api-duel-judge-result",
    ),
    path(
        "matches/<int:match_id>/penalties/", judging.MatchPenaltiesApi.as_view(), name="api-match-penalties"
    ),
    path("matches/<int:match_id>/audit/", judging.MatchAuditApi.as_view(), name="api-match-audit"),
    # time
    path(
        "matches/<int:match_id>/extensions/", timing.MatchExtensionsApi.as_view(), name="api-match-extensions"
    ),
    path("matches/<int:match_id>/call-time/", timing.MatchCallTimeApi.as_view(), name="api-match-call-time"),
    path(
        "matches/<int:match_id>/finish-at-time/",
        timing.MatchFinishAtTimeApi.as_view(),
        name="api-match-finish-at-time",
    ),
    path("rounds/<int:round_id>/call-time/", timing.RoundCallTimeApi.as_view(), name="api-round-call-time"),
]
