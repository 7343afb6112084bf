"""Forms of the event pages that take more than a field or two."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from decks.models import Banlist, Game
from rules.engine.end_of_round import procedure_fits_game
from tournaments.engine.metagame import ARCHETYPE_MAX_LENGTH
from tournaments.engine.round_times import current_round_time
from tournaments.models import EndOfRound, EventStructure

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MAX_DECK_TEXT = 100_000  # a deck list is a few hundred lines; decks.parsing refuses more than 2,000
MAX_REASON = 1_000


def _top_cut(size: int) -> str:
    return gettext("Top %(size)s") % {"size": size}


# Read in the language of the request that shows the form, not the one the module was imported in.
_top_cut_label = lazy(_top_cut, str)


def _round_time_help() -> str:
    """Each game's round time by its current policy (tournaments/engine/data/round_times.json)."""
    return gettext("Empty: the game's policy, %(games)s.") % {
        "games": ", ".join(
            gettext("%(game)s %(minutes)s minutes")
            % {"game": label, "minutes": current_round_time(value).minutes}
            for value, label in Game.choices
        )
    }


class DeckReplaceForm(forms.Form):
    """A judge's corrected list for a player, and why.

    Both fields are optional here on purpose: ``registration_deck_replace`` decides what a valid reason and a
    valid list are (and says so in its own words), so the page and the API cannot disagree.
    """

    text = forms.CharField(
        label=_("Corrected list"),
        required=False,
        strip=False,
        max_length=MAX_DECK_TEXT,
        widget=forms.Textarea,
    )
    reason = forms.CharField(label=_("Reason"), required=False, max_length=MAX_REASON, widget=forms.Textarea)


class SideCheckForm(forms.Form):
    """The deck a player presents between duels, as pasted by the judge checking it."""

    text = forms.CharField(
        label=_("The deck as presented now"), strip=False, max_length=MAX_DECK_TEXT, widget=forms.Textarea
    )


class EventForm(forms.Form):
    """A new event's settings. Only shapes are checked here; ``event_create`` decides what fits the game
    (the end-of-round procedure, a top cut size), so the page and the API refuse the same things."""

    name = forms.CharField(label=_("Name"), max_length=200)
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices)
    starts_at = forms.DateTimeField(
        label=_("Starts at"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    round_minutes = forms.IntegerField(
        label=_("Round time (minutes)"),
        required=False,
        min_value=1,
        max_value=180,
        help_text=lazy(_round_time_help, str)(),
    )
    end_of_round = forms.ChoiceField(
        label=_("When time is called"),
        required=False,
        choices=[("", _("The game's current procedure")), *EndOfRound.choices],
    )
    structure = forms.ChoiceField(
        label=_("Structure"),
        required=False,
        choices=EventStructure.choices,
        help_text=_(
            "Single elimination pairs round 1 as a bracket and has no Swiss; the Magic table gives it to 5-8 "
            "players."
        ),
    )
    booster_draft_playoff = forms.BooleanField(
        label=_("Booster Draft playoff (Magic Limited)"),
        required=False,
        help_text=_(
            "The Magic table then gives 9-16 players 4 Swiss rounds and a top 8 instead of 5 and a top 4."
        ),
    )
    swiss_rounds = forms.IntegerField(
        label=_("Swiss rounds"),
        required=False,
        min_value=1,
        max_value=20,
        help_text=_("Empty: from attendance."),
    )
    top_cut = forms.TypedChoiceField(
        label=_("Top cut"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[
            ("", _("From attendance")),
            ("0", _("No top cut")),
            *((str(size), _top_cut_label(size)) for size in (2, 4, 8, 16, 32, 64)),
        ],
    )
    top_cut_untimed = forms.BooleanField(label=_("Untimed top cut"), required=False)
    byes_allowed = forms.BooleanField(label=_("Byes may be awarded up front"), required=False)
    decklist_deadline = forms.DateTimeField(
        label=_("Deck list deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    banlist = forms.ModelChoiceField(
        label=_("Format and banlist"),
        queryset=Banlist.objects.all(),
        required=False,
        empty_label=_("None: lists are not checked against a banlist"),
        help_text=_(
            "The lists imported on the Card data page; an event checks lists against its game's lists."
        ),
    )
    decklists_public = forms.BooleanField(
        label=_("Deck lists public"),
        required=False,
        help_text=_("Every player may read every registered list (usually once the event is over)."),
    )

    def __init__(self, *args: Any, game: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        banlists = Banlist.objects.order_by("game", "-effective", "name")
        field = self.fields["banlist"]
        assert isinstance(field, forms.ModelChoiceField)  # noqa: S101 - declared above
        if game is not None:
            field.queryset = banlists.filter(game=game)
            field.empty_label = (
                _("None: not checked against a format's banned list")
                if game == Game.MTG
                else _("None: not checked against a Forbidden & Limited list")
            )
        else:  # a new event: the game is chosen on the same form, so each game's lists under its name
            field.queryset = banlists
            field.choices = [
                ("", field.empty_label or ""),
                *(
                    (label, [(banlist.pk, banlist.name) for banlist in banlists if banlist.game == value])
                    for value, label in Game.choices
                    if any(banlist.game == value for banlist in banlists)
                ),
            ]


class EventSettingsForm(EventForm):
    """An event's settings as its organizer changes them. The game is fixed (the lists registered are of
    it); a setting that round 1 has fixed is left out of the form (the page shows it read-only), so whatever
    a browser sends for it is ignored and the service is not asked to change it."""

    def __init__(self, *args: Any, game: str, locked: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        del self.fields["game"]
        procedure = self.fields["end_of_round"]
        assert isinstance(procedure, forms.ChoiceField)  # noqa: S101 - declared above
        procedure.choices = [
            (value, label) for value, label in EndOfRound.choices if procedure_fits_game(game, value)
        ]
        self.fields["end_of_round"].required = True
        self.fields["round_minutes"].required = True
        self.fields["round_minutes"].help_text = _("A change applies to the rounds not started yet.")
        if game != Game.MTG:
            del self.fields["booster_draft_playoff"]
        for name in locked:
            self.fields.pop(name, None)


class DeckCheckRandomForm(forms.Form):
    """Pick ``count`` matches of the round at random; the seed is drawn when left blank."""

    count = forms.IntegerField(
        label=_("Matches"), min_value=1, error_messages={"required": _("Enter a whole number.")}
    )
    seed = forms.CharField(label=_("Seed"), required=False, max_length=64)


class DeckCheckHandForm(forms.Form):
    """Check the decks at a match the judge chose."""

    match = forms.IntegerField(
        label=_("Table"), min_value=1, error_messages={"required": _("Choose a match.")}
    )


class DeckCheckRecordForm(forms.Form):
    """How many cards a checked player presented in each section of their game's deck (blank: not counted)."""

    deck_check = forms.IntegerField(min_value=1)

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        sections: tuple[str, ...],
        labels: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(data)
        self.sections = sections
        for section in sections:
            self.fields[section] = forms.IntegerField(
                label=(labels or {}).get(section, section), min_value=0, required=False
            )

    def presented(self) -> dict[str, int]:
        return {
            section: self.cleaned_data[section]
            for section in self.sections
            if self.cleaned_data.get(section) is not None
        }


def first_error(form: forms.Form) -> str:
    """The first thing a refused form says, for the dashboard's one-line answers under a field."""
    return str(next(iter(form.errors.values()))[0])


def _same_message(message: StrOrPromise, *codes: str) -> dict[str, StrOrPromise]:
    return dict.fromkeys(("required", "invalid", *codes), message)


class CounterEntryForm(forms.Form):
    """The organizer enters a player at the counter: one chosen from the search (``player``), or by what they
    typed: a name, username or official id (a walk-in when it names nobody)."""

    name = forms.CharField(
        required=False, max_length=150, error_messages={"max_length": _("A name has at most 150 characters.")}
    )
    official_id = forms.CharField(
        required=False,
        max_length=32,
        error_messages={"max_length": _("A player id has at most 32 characters.")},
    )
    player = forms.IntegerField(required=False, min_value=1)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if (
            not self.errors
            and not cleaned.get("player")
            and not cleaned.get("name")
            and not cleaned.get("official_id")
        ):
            raise forms.ValidationError(_("Type the player's name, username or player id."))
        return cleaned


class ByesForm(forms.Form):
    """Byes awarded up front (the service says how many the event allows)."""

    byes = forms.IntegerField(
        min_value=0,
        max_value=99_999,
        error_messages=_same_message(_("Award 0 to 3 byes."), "min_value", "max_value"),
    )


class FixedTableForm(forms.Form):
    """A table kept for a player (wheelchair access, a judge's call); blank frees it."""

    table = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=99_999,
        error_messages=_same_message(
            _("A table number: a whole number, 1 or more."), "min_value", "max_value"
        ),
    )


class CheckInCodeForm(forms.Form):
    """The code shown at the venue, typed by a player checking in."""

    MAX_CODE = 20

    code = forms.CharField(required=False)

    def clean_code(self) -> str:
        return str(self.cleaned_data.get("code", ""))[: self.MAX_CODE]


class DropConfirmForm(forms.Form):
    """A player dropping ticks a box first."""

    confirm = forms.ChoiceField(
        choices=[("yes", "yes")],
        error_messages=_same_message("Tick the box to confirm that you are dropping.", "invalid_choice"),
    )


class PairRoundForm(forms.Form):
    """The round the organizer saw as next when pressing "Pair": a second click finds it paired."""

    round = forms.IntegerField(required=False, min_value=1)

    def round_seen(self) -> int | None:
        return self.cleaned_data["round"] if self.is_valid() else None


MAX_YDK_BYTES = 64 * 1024  # a .ydk of a full deck is a few hundred bytes


class MyDeckForm(forms.Form):
    """A player's list, pasted or uploaded as a .ydk file (the file wins when both come)."""

    text = forms.CharField(required=False, strip=False)
    ydk = forms.FileField(required=False)

    def clean_ydk(self) -> str | None:
        upload = self.cleaned_data.get("ydk")
        if upload is None:
            return None
        if upload.size is not None and upload.size > MAX_YDK_BYTES:
            raise forms.ValidationError(
                f"a .ydk file is a few hundred bytes; this one is {upload.size} bytes"
            )
        return str(upload.read().decode("utf-8", errors="replace"))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "ydk" in cleaned and cleaned["ydk"] is None and not cleaned.get("text", "").strip():
            raise forms.ValidationError("paste your list or choose a .ydk file")
        return cleaned


class DeckBuilderForm(forms.Form):
    """The deck builder: the list being built as text, the catalog search, and either a card to add
    ("<section>:<card name>") or ``action=register``."""

    text = forms.CharField(required=False, strip=False)
    q = forms.CharField(required=False, strip=False)
    action = forms.CharField(required=False)
    add = forms.CharField(required=False)

    def clean_text(self) -> str:
        return str(self.cleaned_data.get("text", ""))[:MAX_DECK_TEXT]

    @property
    def registers(self) -> bool:
        return self.cleaned_data.get("action") == "register"


class StaffAddForm(forms.Form):
    """An organizer adds a judge or a co-organizer by their name or username."""

    person = forms.CharField(
        max_length=150, error_messages={"required": _("Type the name or username of the judge or organizer.")}
    )
    role = forms.ChoiceField(
        choices=[("judge", _("Judge")), ("organizer", _("Organizer"))],
        error_messages=_same_message(_("Choose judge or organizer."), "invalid_choice"),
    )


class SwapPlayersForm(forms.Form):
    """Two registrations of the round to exchange; ``rematch_ok`` once the organizer confirmed a rematch."""

    first = forms.IntegerField(min_value=1, error_messages={"required": _("Choose the first player.")})
    second = forms.IntegerField(min_value=1, error_messages={"required": _("Choose the second player.")})
    rematch_ok = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            raise forms.ValidationError(_("Choose two different players."))
        return cleaned


class NoShowForm(forms.Form):
    """A player not at their table when the round started: a game loss or a match loss, in one click
    (``penalty`` is the side and the kind, "A:game_loss")."""

    penalty = forms.ChoiceField(
        choices=[
            (f"{side}:{kind}", f"{side}:{kind}") for side in "AB" for kind in ("game_loss", "match_loss")
        ],
        error_messages=_same_message(_("Choose a game loss or a match loss."), "invalid_choice"),
    )

    def side_and_kind(self) -> tuple[str, str]:
        side, _, kind = str(self.cleaned_data["penalty"]).partition(":")
        return side, kind


class RoundExtendForm(forms.Form):
    """Minutes added to the whole round's clock (the service says how many it allows)."""

    minutes = forms.IntegerField(
        min_value=1,
        max_value=99_999,
        error_messages=_same_message(
            _("Add whole minutes to the round, from 1 to 60."), "min_value", "max_value"
        ),
    )


class CallTimeConfirmForm(forms.Form):
    """Calling time for a round is confirmed by a second, explicit button."""

    confirm = forms.ChoiceField(
        choices=[("yes", "yes")],
        error_messages=_same_message(
            _("Time was not called: press “Yes, call time now” to confirm."), "invalid_choice"
        ),
    )


class ArchetypeForm(forms.Form):
    """Staff name one registration's deck (empty: unnamed)."""

    archetype = forms.CharField(max_length=ARCHETYPE_MAX_LENGTH, required=False, label=_("Archetype"))


class ArchetypeMergeForm(forms.Form):
    """Staff merge every deck of the event named ``archetype`` into ``into``."""

    archetype = forms.CharField(max_length=ARCHETYPE_MAX_LENGTH, label=_("Archetype to merge"))
    into = forms.CharField(max_length=ARCHETYPE_MAX_LENGTH, label=_("Into"))
