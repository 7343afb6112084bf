"""The organizer's upload form for card files and banlists."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from decks.importers import MAX_IMPORT_BYTES
from decks.models import CardImport


class CardImportForm(forms.Form):
    file = forms.FileField(
        label=_("File"),
        help_text=_(
            "A YGOPro cards.cdb, YGOProDeck or MTGJSON card JSON, an lflist.conf or a banlist JSON, up to "
            "64 MiB. MTGJSON AllPrintings is larger: whoever runs the server imports it with "
            "“manage.py import_cards --background FILE”, and it shows under Recent imports."
        ),
    )
    expect = forms.ChoiceField(
        choices=CardImport.Expect.choices,
        required=False,
        label=_("This file is"),
        help_text=_(
            "The format is recognised from the content; choose a kind to refuse the other by mistake."
        ),
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                gettext("The file is %(size)s bytes; the import limit is %(limit)s bytes (64 MiB).")
                % {"size": f"{upload.size:,}", "limit": f"{MAX_IMPORT_BYTES:,}"}
            )
        return upload
