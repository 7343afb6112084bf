"""Events, who plays and staffs them, their rounds, registered deck lists and deck checks."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from decks.models import Game
from tournaments.engine.metagame import ARCHETYPE_MAX_LENGTH  # the column's, the forms' and the API's


class EndOfRound(models.TextChoices):
    """What happens when a round's time is called. The official procedure has changed over the years."""

    YGO_LP = (
        "ygo_lp",
        _("Yu-Gi-Oh! (policy before September 2025): finish the phase, higher LP wins the duel"),
    )
    YGO_DOUBLE_LOSS = (
        "ygo_double_loss",
        _("Yu-Gi-Oh! (2025 revision): a match nobody has won is lost by both"),
    )
    MTG_FIVE_TURNS = (
        "mtg_five_turns",
        _("Magic: the current turn plus five more, an unfinished game is a draw"),
    )


def end_of_round_for_game(game: str) -> str:
    """Each game's current procedure: the 2025 Yu-Gi-Oh! revision, Magic's five extra turns."""
    return EndOfRound.MTG_FIVE_TURNS if game == "mtg" else EndOfRound.YGO_DOUBLE_LOSS


TOP_CUT_SIZES = (0, 2, 4, 8, 16, 32, 64, 128)


class EventStructure(models.TextChoices):
    """How the event is played; empty until round 1 is paired means "as the structure table says"."""

    FROM_ATTENDANCE = "", _("As the rounds-by-attendance table says")
    SWISS = "swiss", _("Swiss rounds, then a top cut")
    SINGLE_ELIMINATION = "single_elimination", _("Single elimination from round 1, no Swiss")


class Event(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    game = models.CharField(max_length=16, choices=Game.choices)
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    # A new event takes its game's round time from tournaments/engine/data/round_times.json (event_create).
    round_minutes = models.PositiveSmallIntegerField(default=40)
    end_of_round = models.CharField(
        max_length=24,
        choices=EndOfRound.choices,
        help_text=_("The procedure when time is called; it must be one of the event's game."),
    )
    decklist_deadline = models.DateTimeField(
        null=True, blank=True, help_text=_("From then on only a judge may change a registered deck list.")
    )
    banlist = models.ForeignKey(
        "decks.Banlist", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decklists_public = models.BooleanField(
        default=False, help_text=_("Everyone may see the registered deck lists (usually after the event).")
    )
    swiss_rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Empty: set from attendance by the structure table when round 1 is paired."),
    )
    top_cut = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Players in the top cut; empty: from the structure table; 0: none."),
    )
    structure = models.CharField(
        max_length=24,
        blank=True,
        default="",
        choices=EventStructure.choices,
        help_text=_(
            "Swiss or single elimination; empty: from the structure table, fixed when round 1 is paired."
        ),
    )
    booster_draft_playoff = models.BooleanField(
        default=False,
        help_text=_(
            "Magic Limited: the playoff is a Booster Draft (9-16 players play 4 rounds and a top 8)."
        ),
    )
    top_cut_untimed = models.BooleanField(
        default=False,
        help_text=_("Top cut matches have no round timer (allowed by the 2025 Yu-Gi-Oh! policy)."),
    )
    structure_table = models.CharField(
        max_length=40,
        help_text=_(
            "The version of the rounds-by-attendance table (tournaments/engine/data/event_structures.json)."
        ),
    )
    event_code = models.CharField(
        max_length=12, help_text=_("Players check themselves in with this code, shown at the venue.")
    )
    byes_allowed = models.BooleanField(
        default=False, help_text=_("The organizer may award byes up front (e.g. earned at an earlier event).")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped (tournaments.services.history.history_changed) in the transaction of every write that changes
    # the event's history as ``replay_export.event_replay`` reads it: the standings and records documents
    # are cached under it, so a reader that has read this row knows which cached document is current.
    history_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-starts_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(round_minutes__gte=1), name="event_round_minutes_positive"
            ),
            # Single elimination needs a power of two: 2, 4, 8, ...; 0 is "no top cut".
            models.CheckConstraint(
                condition=models.Q(top_cut__isnull=True) | models.Q(top_cut__in=TOP_CUT_SIZES),
                name="event_top_cut_power_of_two",
            ),
            models.CheckConstraint(
                condition=models.Q(swiss_rounds__isnull=True) | models.Q(swiss_rounds__gte=1),
                name="event_swiss_rounds_positive",
            ),
            # Appendix E's Booster Draft playoff is Magic's.
            models.CheckConstraint(
                condition=models.Q(booster_draft_playoff=False) | models.Q(game="mtg"),
                name="event_booster_draft_playoff_magic_only",
            ),
            # A Magic event cannot run on a Yu-Gi-Oh! procedure, nor the other way round.
            models.CheckConstraint(
                condition=models.Q(game="yugioh", end_of_round__in=["ygo_lp", "ygo_double_loss"])
                | models.Q(game="mtg", end_of_round="mtg_five_turns"),
                name="event_end_of_round_fits_game",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class EventRole(models.Model):
    """A user's staff role at one event. Players are not roles: they are Registrations."""

    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("Organizer")
        JUDGE = "judge", _("Judge")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=16, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="event_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) at {self.event}"


class Registration(models.Model):
    """A player entered in an event, with the deck list they registered."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="registrations"
    )
    deck_list = models.ForeignKey(
        "decks.DeckList", on_delete=models.PROTECT, null=True, blank=True, related_name="registrations"
    )
    registered_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(
        null=True, blank=True, help_text=_("Only checked-in players are paired; the organizer's entries are.")
    )
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text=_("A late entry's first round; the rounds before it count as losses.")
    )
    byes = models.PositiveSmallIntegerField(default=0, help_text=_("Byes awarded up front: rounds 1 to N."))
    fixed_table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("A seat kept for this player every round (e.g. accessibility).")
    )
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    replay_id = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text=_("The player's id in the event replay this entry was imported from; exports keep it."),
    )
    # The deck's name on the metagame page: the name the player gave the list they registered, which the
    # event's deck staff may correct or merge with another (``ArchetypeChange`` keeps each correction).
    archetype = models.CharField(
        max_length=ARCHETYPE_MAX_LENGTH,
        blank=True,
        default="",
        help_text=_("The deck's archetype; empty: not named (the metagame page suggests one to staff)."),
    )

    class Meta:
        ordering = ["event", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_one_per_player"),
            models.UniqueConstraint(
                fields=["event", "fixed_table"],
                condition=models.Q(fixed_table__isnull=False),
                name="registration_fixed_table_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(joined_round__gte=1), name="registration_joined_round_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(fixed_table__isnull=True) | models.Q(fixed_table__gte=1),
                name="registration_fixed_table_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        TOP = "top", _("Top cut")

    class Status(models.TextChoices):
        PAIRED = "paired", _("Paired")
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.SWISS)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PAIRED)
    seed = models.BigIntegerField(
        null=True,
        blank=True,
        help_text=_("The pairing seed: the same standings and seed give the same pairings."),
    )
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True, help_text=_("Empty for an untimed round."))
    paused_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When the organizer paused the clock (empty while it runs); resuming moves ends_at on."),
    )
    time_called_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When time was first called for the round (by the clock or by hand)."),
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique_per_event"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class DeckListChange(models.Model):
    """One change of a registration's deck list: the player's own (no reason) or a judge's (with one)."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="deck_changes")
    old_deck_list = models.ForeignKey(
        "decks.DeckList", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    new_deck_list = models.ForeignKey("decks.DeckList", on_delete=models.PROTECT, related_name="+")
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField(blank=True, default="")
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["registration", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.registration}: deck list {self.old_deck_list_id} -> {self.new_deck_list_id}"


class ArchetypeChange(models.Model):
    """A correction of a registration's archetype by the event's deck staff: one row, or one per registration
    of a merge (the rows of one merge share ``merged``)."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="archetype_changes")
    old_archetype = models.CharField(max_length=ARCHETYPE_MAX_LENGTH, blank=True, default="")
    new_archetype = models.CharField(max_length=ARCHETYPE_MAX_LENGTH, blank=True, default="")
    merged = models.BooleanField(default=False, help_text=_("Part of merging one archetype into another."))
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["registration", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.registration}: {self.old_archetype!r} -> {self.new_archetype!r}"


class DeckCheck(models.Model):
    """A judge checking one player's deck in a round: picked at random (with the seed) or by hand."""

    class Chosen(models.TextChoices):
        RANDOM = "random", _("At random")
        HAND = "hand", _("By hand")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="deck_checks")
    match = models.ForeignKey(
        "matches.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="deck_checks")
    chosen = models.CharField(max_length=8, choices=Chosen.choices)
    seed = models.CharField(max_length=64, blank=True, default="", help_text=_("Empty when picked by hand."))
    chosen_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # The list the presented deck was compared with (the registration's at the time of the check).
    deck_list = models.ForeignKey(
        "decks.DeckList", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    presented = models.JSONField(null=True, blank=True, help_text=_('Cards counted: {"main": 40, ...}.'))
    mismatches = models.JSONField(default=list, blank=True)
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    checked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "pk"]
        constraints = [
            # A player's deck is checked once a round: picking them again finds the same check.
            models.UniqueConstraint(fields=["round", "registration"], name="deck_check_once_per_round"),
            models.CheckConstraint(
                condition=models.Q(chosen__in=["random", "hand"]), name="deck_check_chosen_known"
            ),
            models.CheckConstraint(
                condition=~models.Q(chosen="random") | ~models.Q(seed=""),
                name="deck_check_random_has_seed",
            ),
        ]

    def __str__(self) -> str:
        return f"Deck check of {self.registration} in {self.round}"


class EventImport(models.Model):
    """An event replay store staff asked to import, imported by ``event_import_task`` in the background.

    Large replays (thousands of players) take longer than a web request may; the replay is kept here (not
    on a disk the web server and the workers would have to share) until the import ends, then dropped. While
    the import runs, its progress is in the cache (if the cache is up): the import is one transaction, whose
    rows other connections cannot see until it commits, and it holds this row's lock until then.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    name = models.CharField(max_length=200)
    slug = models.SlugField(
        max_length=80, blank=True, default="", help_text=_("Asked for; empty: from the name.")
    )
    data = models.BinaryField(null=True, blank=True, editable=False, help_text=_("The replay, as JSON."))
    size = models.PositiveBigIntegerField(default=0)
    players = models.PositiveIntegerField(default=0)
    matches = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    event = models.ForeignKey(Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    error = models.TextField(blank=True, default="")
    # The same reason as sentences (templates and values), said in the reader's language by the pages: the
    # worker that fails an import knows no reader's language. Empty on rows failed before it existed.
    failure = models.JSONField(default=dict, blank=True)
    # The language of the person who asked: a refusal only the worker finds (the address taken meanwhile) is
    # a form's message, written in it. Empty on older rows: the store's language.
    language = models.CharField(max_length=10, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The row is its own outbox (docs/decisions/0009): when to send it to the workers again, how many sends
    # no worker took, and how many attempts a worker started (the last one's number is its claim).
    next_dispatch_at = models.DateTimeField(null=True, blank=True)
    dispatches = models.PositiveSmallIntegerField(default=0)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status"], name="event_import_status")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["queued", "running", "done", "failed"]),
                name="event_import_status_known",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="failed", error=""), name="event_import_failure_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return f"Import of {self.name} ({self.status})"
