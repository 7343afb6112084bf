"""The organizer's upload form for card files and banlists."""

from __future__ import annotations

from django import forms

from decks.importers import MAX_IMPORT_BYTES
from decks.models import CardImport


class CardImportForm(forms.Form):
    file = forms.FileField(
        help_text="A YGOPro cards.cdb, YGOProDeck or MTGJSON card JSON, an lflist.conf or a banlist JSON.",
    )
    expect = forms.ChoiceField(
        choices=CardImport.Expect.choices,
        required=False,
        label="This file is",
        help_text="The format is recognised from the content; choose a kind to refuse the other by mistake.",
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size:,} bytes; the import limit is {MAX_IMPORT_BYTES:,} bytes (64 MiB)."
            )
        return upload
