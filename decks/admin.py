from django.contrib import admin

from decks.models import Banlist, BanlistEntry, Card, CardImport, CardPrinting, DeckList


@admin.register(DeckList)
class DeckListAdmin(admin.ModelAdmin[DeckList]):
    list_display = ["name", "owner", "game", "created_at"]
    list_filter = ["game"]


class CardPrintingInline(admin.TabularInline[CardPrinting, Card]):
    model = CardPrinting
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin[Card]):
    list_display = ["name", "game", "kind", "frame", "level", "rank", "link_rating", "atk", "defense"]
    list_filter = ["game", "kind", "frame", "attribute"]
    search_fields = ["name", "printings__code"]
    readonly_fields = ["name_key"]
    raw_id_fields = ["treated_as"]
    inlines = [CardPrintingInline]


class BanlistEntryInline(admin.TabularInline[BanlistEntry, Banlist]):
    model = BanlistEntry
    extra = 0
    raw_id_fields = ["card"]


@admin.register(Banlist)
class BanlistAdmin(admin.ModelAdmin[Banlist]):
    list_display = ["name", "game", "effective"]
    list_filter = ["game"]
    inlines = [BanlistEntryInline]


@admin.register(CardImport)
class CardImportAdmin(admin.ModelAdmin[CardImport]):
    list_display = ["filename", "status", "uploaded_by", "created_at", "finished_at"]
    list_filter = ["status"]
    readonly_fields = ["report", "error", "rows_done", "rows_total", "started_at", "finished_at"]
    exclude = ["data"]
