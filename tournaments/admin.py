from django.contrib import admin

from tournaments.models import Event, EventRole, Registration, Round


class EventRoleInline(admin.TabularInline[EventRole, Event]):
    model = EventRole
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ["name", "game", "starts_at", "status"]
    list_filter = ["game", "status"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EventRoleInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin[Registration]):
    list_display = ["player", "event", "deck_list", "dropped_after_round"]
    list_filter = ["event"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ["event", "number", "stage", "status", "ends_at"]
    list_filter = ["event"]
