"""``python manage.py import_banlist FILE``: a YGOPro lflist.conf or a banlist JSON into the catalog."""

from decks.management.commands._card_import import ImportCommand


class Command(ImportCommand):
    help = "Import a banlist (YGOPro lflist.conf or banlist JSON) and print what changed."
    expect = "banlist"
