"""The match page's forms: each POST of the page read into the arguments of the service it calls.

The services check what the values mean (a result, a reason, a count of cards) and say what is wrong in the
words the page shows; a form only reads the fields and refuses what is not even of the right shape (a count
that is not a number). :meth:`PageForm.arguments` raises that refusal as a ``ValidationError``, so a page
handles a malformed field and a service's refusal alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from decks.parsing import card_line
from matches.services.side_decks import MAX_MOVE_COUNT, MAX_SIDE_DECK

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

IN_LABEL = gettext_lazy("Cards in (from your Side Deck)")
MTG_IN_LABEL = gettext_lazy("Cards in (from your sideboard)")
OUT_LABEL = gettext_lazy("Cards out")


def parse_card_lines(text: str, *, label: str | Promise) -> list[dict[str, Any]]:
    """One card a line, "2 Ash Blossom", "Ash Blossom x2" or "Ash Blossom" (one copy); blank lines skipped.

    A line that cannot be a card is refused naming the box and the line number, so the player finds it.
    """
    cards: list[dict[str, Any]] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        values = {"number": number, "box": label, "line": line, "max": MAX_MOVE_COUNT}
        if line.isdigit():
            problems.append(
                gettext(
                    'Line %(number)s of "%(box)s" (“%(line)s”) has a number but no card name: write it as'
                    ' "2 Card Name".'
                )
                % values
            )
            continue
        name, count = card_line(line) or (line, 1)
        if not 1 <= count <= MAX_MOVE_COUNT:
            problems.append(
                gettext(
                    'Line %(number)s of "%(box)s" (“%(line)s”): give a number of copies from 1 to %(max)s.'
                )
                % values
            )
            continue
        cards.append({"name": name, "count": count})
    if problems:
        raise ValidationError(problems)
    return cards


class PageForm(forms.Form):
    """A POST of the match page; text fields are passed as typed (the services strip and check them)."""

    def arguments(self) -> dict[str, Any]:
        """The cleaned fields, or the form's errors as a ValidationError naming each field."""
        if not self.is_valid():
            raise ValidationError({field: list(errors) for field, errors in self.errors.items()})
        return dict(self.cleaned_data)


def text(**kwargs: Any) -> forms.CharField:
    return forms.CharField(required=False, strip=False, **kwargs)


class WholeNumberOrRefused(forms.Field):
    """A whole number, None when blank, and -1 for anything else: the service refuses -1 with the field's
    own message (minutes of extra time, a player's LP at time), so the page says what the API says."""

    def to_python(self, value: Any) -> int | None:
        value = str(value or "").strip()
        if not value:
            return None
        try:
            return int(value)
        except ValueError:
            return -1


class DuelCount(forms.IntegerField):
    """How many duels: blank is 0."""

    def __init__(self, invalid: str | _StrPromise, **kwargs: Any) -> None:
        super().__init__(required=False, error_messages={"invalid": invalid}, **kwargs)

    def clean(self, value: Any) -> int:
        return super().clean(value) or 0


class MatchReportForm(PageForm):
    """A player reports the match: who won and the duels each won (0 to 5)."""

    result = text()
    games_a = DuelCount(gettext_lazy("Give a number of duels."))
    games_b = DuelCount(gettext_lazy("Give a number of duels."))
    games_drawn = DuelCount(gettext_lazy("Give a number of duels."))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name in ("games_a", "games_b", "games_drawn"):
            if not 0 <= cleaned.get(name, 0) <= 5:
                self.add_error(name, gettext("Give a number of duels from 0 to 5."))
        return cleaned


class JudgeResultForm(PageForm):
    """A judge enters the match result, with a note for the audit log."""

    result = text()
    games_a = DuelCount(gettext_lazy("Counts of duels are whole numbers."))
    games_b = DuelCount(gettext_lazy("Counts of duels are whole numbers."))
    games_drawn = DuelCount(gettext_lazy("Counts of duels are whole numbers."))
    note = text()


class DuelCorrectionForm(PageForm):
    """A judge corrects one duel's result."""

    result = text()
    reason = text()
    note = text()


class PenaltyForm(PageForm):
    """A judge penalizes player A or B of the match."""

    player = forms.ChoiceField(
        choices=[("A", "A"), ("B", "B")],
        error_messages={
            "required": gettext_lazy("Choose the penalized player."),
            "invalid_choice": gettext_lazy("Choose the penalized player."),
        },
    )
    kind = text()
    infraction = text()
    note = text()


class ExtensionForm(PageForm):
    """A judge grants extra time (minutes, a reason, a note)."""

    minutes = WholeNumberOrRefused(required=False)
    reason = text()
    note = text()


class CallTimeForm(PageForm):
    """Call time for this match, or (``scope=round``, with ``confirm=yes``) for every match of its round."""

    scope = text()
    confirm = text()


class FinishAtTimeForm(PageForm):
    """Score the unfinished duel at time, from each player's LP when the game needs them."""

    lp_a = WholeNumberOrRefused(required=False)
    lp_b = WholeNumberOrRefused(required=False)


class DuelStartForm(PageForm):
    """The chooser plays first or second."""

    choice = text()


class DuelReportForm(PageForm):
    """A player reports a duel: its winner (or a draw) and how it ended."""

    result = text()
    reason = text()


class SideDeckCountForm(PageForm):
    """A player counts their Side Deck before duel 1."""

    count = forms.CharField(required=False)

    def clean_count(self) -> int:
        raw = self.cleaned_data.get("count", "").strip()
        if not raw.isdigit() or len(raw) > 3:
            raise ValidationError(
                gettext("Count the cards in your Side Deck: a number from 0 to %(max)s.")
                % {"max": MAX_SIDE_DECK}
            )
        return int(raw)


class SideSwapForm(PageForm):
    """What a player sided in and out, one card a line in each box."""

    cards_in = forms.CharField(required=False, strip=False)
    cards_out = forms.CharField(required=False, strip=False)

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        # The boxes are named "in" and "out" on the page (a keyword in Python): read them under those names.
        if data is not None:
            data = {"cards_in": data.get("in", ""), "cards_out": data.get("out", "")}
        super().__init__(data, **kwargs)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        problems: list[str] = []
        moves: dict[str, list[dict[str, Any]]] = {}
        for key, field, label in (("in", "cards_in", IN_LABEL), ("out", "cards_out", OUT_LABEL)):
            try:
                moves[key] = parse_card_lines(cleaned.get(field, ""), label=label)
            except ValidationError as error:
                problems.extend(error.messages)
        if problems:
            raise ValidationError(problems)
        cleaned["moves"] = moves
        return cleaned


class DisputeResolveForm(PageForm):
    """A judge confirms or overrules the engine's ruling, with a note (the service checks both)."""

    decision = text()
    note = text()
    # The ruling the judge read on the page: the service refuses the decision if the players asked again.
    ruling_id = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
