from django.contrib import admin

from tournaments.models import DeckCheck, DeckListChange, Event, EventRole, Registration, Round


class EventRoleInline(admin.TabularInline[EventRole, Event]):
    model = EventRole
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ["name", "game", "starts_at", "status", "decklist_deadline", "decklists_public"]
    list_filter = ["game", "status"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["banlist"]
    inlines = [EventRoleInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin[Registration]):
    list_display = ["player", "event", "deck_list", "dropped_after_round"]
    list_filter = ["event"]
    # Deck lists change through the services (history, deadline): not by editing the row here.
    readonly_fields = ["deck_list"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ["event", "number", "stage", "status", "ends_at"]
    list_filter = ["event"]


@admin.register(DeckListChange)
class DeckListChangeAdmin(admin.ModelAdmin[DeckListChange]):
    list_display = ["registration", "old_deck_list", "new_deck_list", "changed_by", "reason", "changed_at"]
    list_filter = ["registration__event"]
    readonly_fields = ["registration", "old_deck_list", "new_deck_list", "changed_by", "reason", "changed_at"]


@admin.register(DeckCheck)
class DeckCheckAdmin(admin.ModelAdmin[DeckCheck]):
    list_display = ["registration", "round", "chosen", "seed", "checked_at"]
    list_filter = ["round__event", "chosen"]
    readonly_fields = ["presented", "mismatches", "deck_list", "checked_by", "checked_at"]
    raw_id_fields = ["round", "match", "registration", "chosen_by"]
