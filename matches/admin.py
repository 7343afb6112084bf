from typing import Any

from django.contrib import admin
from django.db import transaction
from django.forms import ModelForm
from django.http import HttpRequest

from matches.models import CoinToss, Dispute, Duel, DuelReport, Match, MatchReport
from tournaments.services.history import history_changed


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
    list_display = ["round", "table", "player_a", "player_b", "match_format", "status", "result"]
    list_filter = ["status", "round__event"]

    # An edit here goes around the services: it bumps the event's history version (the cached standings).
    def save_model(self, request: HttpRequest, obj: Match, form: ModelForm[Match], change: bool) -> None:
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            history_changed(event_id=obj.round.event_id)

    def delete_model(self, request: HttpRequest, obj: Match) -> None:
        with transaction.atomic():
            history_changed(event_id=obj.round.event_id)
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        with transaction.atomic():
            for event_id in set(queryset.values_list("round__event_id", flat=True)):
                history_changed(event_id=event_id)
            super().delete_queryset(request, queryset)


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
