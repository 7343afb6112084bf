from django.contrib import admin

from matches.models import CoinToss, Dispute, Duel, DuelReport, Match, MatchReport


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
    list_display = ["round", "table", "player_a", "player_b", "match_format", "status", "result"]
    list_filter = ["status", "round__event"]


@admin.register(MatchReport)
class MatchReportAdmin(admin.ModelAdmin[MatchReport]):
    list_display = ["match", "player", "result", "reported_at"]


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin[Dispute]):
    list_display = ["match", "opened_by", "status", "opened_at"]
    list_filter = ["status"]


@admin.register(CoinToss)
class CoinTossAdmin(admin.ModelAdmin[CoinToss]):
    list_display = ["match", "duel_number", "winner", "method", "tossed_at"]
    # A toss is a record of chance: nobody edits it afterwards.
    readonly_fields = ["match", "duel_number", "winner", "method", "tossed_at"]


@admin.register(Duel)
class DuelAdmin(admin.ModelAdmin[Duel]):
    list_display = ["match", "number", "chooser", "choice", "first_player", "result", "reason"]


@admin.register(DuelReport)
class DuelReportAdmin(admin.ModelAdmin[DuelReport]):
    list_display = ["duel", "player", "result", "reason", "reported_at"]
