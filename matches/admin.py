from django.contrib import admin

from matches.models import Dispute, Match, MatchReport


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
    list_display = ["round", "table", "player_a", "player_b", "status", "result"]
    list_filter = ["status", "round__event"]


@admin.register(MatchReport)
class MatchReportAdmin(admin.ModelAdmin[MatchReport]):
    list_display = ["match", "player", "result", "reported_at"]


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin[Dispute]):
    list_display = ["match", "opened_by", "status", "opened_at"]
    list_filter = ["status"]
