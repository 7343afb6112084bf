from typing import Any, TypeVar

from django.contrib import admin
from django.db import transaction
from django.forms import ModelForm
from django.http import HttpRequest

from tournaments.models import (
    ArchetypeChange,
    DeckCheck,
    DeckListChange,
    Event,
    EventRole,
    Registration,
    Round,
)
from tournaments.services.history import history_changed

M = TypeVar("M", bound=Event | Registration | Round)


def _event_id(row: Event | Registration | Round) -> int:
    return row.pk if isinstance(row, Event) else row.event_id


class HistoryAdmin(admin.ModelAdmin[M]):
    """An edit here goes around the services, so it bumps the event's history version itself (the cached
    standings are keyed on it: tournaments.services.history)."""

    def save_model(self, request: HttpRequest, obj: M, form: ModelForm[M], change: bool) -> None:
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            history_changed(event_id=_event_id(obj))

    def delete_model(self, request: HttpRequest, obj: M) -> None:
        with transaction.atomic():
            history_changed(event_id=_event_id(obj))
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        with transaction.atomic():
            for event_id in {_event_id(row) for row in queryset}:
                history_changed(event_id=event_id)
            super().delete_queryset(request, queryset)


class EventRoleInline(admin.TabularInline[EventRole, Event]):
    model = EventRole
    extra = 0


@admin.register(Event)
class EventAdmin(HistoryAdmin[Event]):
    list_display = ["name", "game", "starts_at", "status", "decklist_deadline", "decklists_public"]
    list_filter = ["game", "status"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["banlist"]
    inlines = [EventRoleInline]


@admin.register(Registration)
class RegistrationAdmin(HistoryAdmin[Registration]):
    list_display = ["player", "event", "deck_list", "dropped_after_round"]
    list_filter = ["event"]
    # Deck lists and archetypes change through the services (history, deadline): not by editing the row here.
    readonly_fields = ["deck_list", "archetype"]


@admin.register(Round)
class RoundAdmin(HistoryAdmin[Round]):
    list_display = ["event", "number", "stage", "status", "ends_at"]
    list_filter = ["event"]


@admin.register(DeckListChange)
class DeckListChangeAdmin(admin.ModelAdmin[DeckListChange]):
    list_display = ["registration", "old_deck_list", "new_deck_list", "changed_by", "reason", "changed_at"]
    list_filter = ["registration__event"]
    readonly_fields = ["registration", "old_deck_list", "new_deck_list", "changed_by", "reason", "changed_at"]


@admin.register(ArchetypeChange)
class ArchetypeChangeAdmin(admin.ModelAdmin[ArchetypeChange]):
    list_display = ["registration", "old_archetype", "new_archetype", "merged", "changed_by", "changed_at"]
    list_filter = ["registration__event"]
    readonly_fields = ["registration", "old_archetype", "new_archetype", "merged", "changed_by", "changed_at"]


@admin.register(DeckCheck)
class DeckCheckAdmin(admin.ModelAdmin[DeckCheck]):
    list_display = ["registration", "round", "chosen", "seed", "checked_at"]
    list_filter = ["round__event", "chosen"]
    readonly_fields = ["presented", "mismatches", "deck_list", "checked_by", "checked_at"]
    raw_id_fields = ["round", "match", "registration", "chosen_by"]
