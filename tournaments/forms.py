"""Forms of the event pages that take more than a field or two."""

from __future__ import annotations

from django import forms

from tournaments.models import EndOfRound

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


class EventForm(forms.Form):
    """A new event's settings. Only shapes are checked here; ``event_create`` decides what fits the game
    (the end-of-round procedure, a top cut size), so the page and the API refuse the same things."""

    name = forms.CharField(max_length=200)
    game = forms.ChoiceField(choices=[("yugioh", "Yu-Gi-Oh!"), ("mtg", "Magic: The Gathering")])
    starts_at = forms.DateTimeField(
        label="Starts at",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    round_minutes = forms.IntegerField(label="Round time (minutes)", min_value=1, max_value=180, initial=40)
    end_of_round = forms.ChoiceField(
        label="When time is called",
        required=False,
        choices=[("", "The game's current procedure"), *EndOfRound.choices],
    )
    swiss_rounds = forms.IntegerField(
        label="Swiss rounds", required=False, min_value=1, max_value=20, help_text="Empty: from attendance."
    )
    top_cut = forms.TypedChoiceField(
        label="Top cut",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[
            ("", "From attendance"),
            ("0", "None"),
            ("2", "Top 2"),
            ("4", "Top 4"),
            ("8", "Top 8"),
            ("16", "Top 16"),
            ("32", "Top 32"),
            ("64", "Top 64"),
        ],
    )
    top_cut_untimed = forms.BooleanField(label="Untimed top cut", required=False)
    byes_allowed = forms.BooleanField(label="Byes may be awarded up front", required=False)
    decklist_deadline = forms.DateTimeField(
        label="Deck list deadline",
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
