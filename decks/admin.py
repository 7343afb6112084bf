from django.contrib import admin

from decks.models import DeckList


@admin.register(DeckList)
class DeckListAdmin(admin.ModelAdmin[DeckList]):
    list_display = ["name", "owner", "game", "created_at"]
    list_filter = ["game"]
