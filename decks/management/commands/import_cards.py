"""``python manage.py import_cards FILE``: a cards.cdb, YGOProDeck JSON or MTGJSON file into the catalog."""

from decks.management.commands._card_import import ImportCommand


class Command(ImportCommand):
    help = "Import a card file (YGOPro cards.cdb, YGOProDeck JSON, MTGJSON) and print what changed."
    expect = "cards"
