"""Forms of the event pages that take more than a field or two."""

from __future__ import annotations

from django import forms

MAX_DECK_TEXT = 100_000  # a deck list is a few hundred lines; decks.parsing refuses more than 2,000
MAX_REASON = 1_000


class DeckReplaceForm(forms.Form):
    """A judge's corrected list for a player, and why.

    Both fields are optional here on purpose: ``registration_deck_replace`` decides what a valid reason and a
    valid list are (and says so in its own words), so the page and the API cannot disagree.
    """

    text = forms.CharField(
        label="Corrected list", required=False, strip=False, max_length=MAX_DECK_TEXT, widget=forms.Textarea
    )
    reason = forms.CharField(label="Reason", required=False, max_length=MAX_REASON, widget=forms.Textarea)


class SideCheckForm(forms.Form):
    """The deck a player presents between duels, as pasted by the judge checking it."""

    text = forms.CharField(
        label="The deck as presented now", strip=False, max_length=MAX_DECK_TEXT, widget=forms.Textarea
    )
