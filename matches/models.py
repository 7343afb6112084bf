"""Matches of a round, their duels and coin tosses, what each player reported, and disputes at the table.

Who chooses to play first and when a match is over are the rules engine's decisions
(``rules.engine``'s ``match_result``); these models only record what happened.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from accounts.users import display_name
from rules.engine.end_of_round import extra_turns
from rules.words import said


class MatchResult(models.TextChoices):
    """The outcome of a match, in the event replay format's words (``shared/spec/event-replay-format.md``)."""

    A = "a", _("Player A wins")
    B = "b", _("Player B wins")
    DRAW = "draw", pgettext_lazy("match result", "Draw")
    BYE = "bye", _("Bye")
    DOUBLE_LOSS = "double_loss", _("Double loss")


class MatchFormat(models.TextChoices):
    """How a match is tallied (``shared/spec/dispute-format.md``, ``match_result``)."""

    THREE_DUELS = "three_duels", _("At most three duels")
    FIRST_TO_TWO = "first_to_two", _("First to two wins")


def match_format_for_game(game: str) -> str:
    """Each game's usual format: Yu-Gi-Oh! three duels, Magic first to two games."""
    return MatchFormat.FIRST_TO_TWO if game == "mtg" else MatchFormat.THREE_DUELS


class Side(models.TextChoices):
    """A seat at the table: player A is the match's ``player_a``, B its ``player_b``."""

    A = "A", _("Player A")
    B = "B", _("Player B")


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        DISPUTED = "disputed", _("Disputed")
        FINAL = "final", _("Final")

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty for a bye.")
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    result = models.CharField(max_length=16, choices=MatchResult.choices, blank=True)
    match_format = models.CharField(
        max_length=16, choices=MatchFormat.choices, default=MatchFormat.THREE_DUELS
    )
    # The final tally (duels won by each side and drawn), kept with the result for standings' tiebreakers.
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    time_called_at = models.DateTimeField(
        null=True, blank=True, help_text="When time was called for this match (its extensions included)."
    )
    # Bumped by every write to the match or its rows (``services.access.match_lock``): the match page's live
    # fragment is unchanged while it is, so a poll is answered "304 Not Modified" after one small query.
    version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["round", "table", "pk"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="match_table_unique_per_round"),
            models.CheckConstraint(
                condition=~models.Q(player_a=models.F("player_b")), name="match_players_differ"
            ),
            # A final match has a result; a bye has no opponent and no table.
            models.CheckConstraint(
                condition=~models.Q(status="final", result=""), name="match_final_has_result"
            ),
            models.CheckConstraint(
                condition=models.Q(player_b__isnull=False)
                | models.Q(table__isnull=True, result__in=["", "bye"]),
                name="match_bye_has_no_table",
            ),
        ]

    def __str__(self) -> str:
        opponent = self.player_b or "bye"
        return f"{self.round} table {self.table}: {self.player_a} vs {opponent}"

    @property
    def in_extra_turns(self) -> bool:
        """Time was called and the players play on (Magic's five more turns) until they report a result."""
        return (
            self.time_called_at is not None
            and self.status == Match.Status.PLAYING
            and extra_turns(self.round.event.end_of_round)
        )

    @property
    def status_label(self) -> str:
        """The match's state as pages show it: "Extra turns" after time in Magic, else its status."""
        return gettext("Extra turns") if self.in_extra_turns else str(self.get_status_display())

    def result_words(self, result: str | None = None) -> str:
        """A result as people read it: "Yugi Muto wins" rather than "Player A wins" (``result`` defaults to
        the match's own; a report passes its own)."""
        result = self.result if result is None else result
        winner = (
            {MatchResult.A: self.player_a, MatchResult.B: self.player_b}.get(MatchResult(result))
            if result
            else None
        )
        if winner is not None:
            return gettext("%(name)s wins") % {"name": display_name(winner)}
        return str(MatchResult(result).label) if result else ""

    @property
    def result_in_words(self) -> str:
        return self.result_words()

    def side_of(self, user_id: int | None) -> str | None:
        """``"A"`` or ``"B"`` for a player of this match, None for anyone else."""
        if user_id is not None and user_id == self.player_a_id:
            return Side.A
        if user_id is not None and user_id == self.player_b_id:
            return Side.B
        return None


class MatchReport(models.Model):
    """One player's report of their match. Two agreeing reports make the result final."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    result = models.CharField(max_length=16, choices=MatchResult.choices)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    reported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "reported_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="match_report_one_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} reports {self.get_result_display()} for {self.match}"

    @property
    def result_in_words(self) -> str:
        return self.match.result_words(self.result)


class Dispute(models.Model):
    """A disagreement at the table, taken to the judges. The ruling itself belongs to the rules app.

    It starts as a draft the players see at their table (the engine's ruling on what they described,
    asked again as they fix it); a judge sees it only once a player calls one (``called_at``).
    """

    class Status(models.TextChoices):
        DRAFT = "draft", pgettext_lazy("dispute", "Not sent to a judge")
        OPEN = "open", pgettext_lazy("dispute", "Waiting for a judge")
        RESOLVED = "resolved", _("Resolved")

    class Decision(models.TextChoices):
        CONFIRMED = "confirmed", _("Ruling confirmed")
        OVERRULED = "overruled", _("Ruling overruled")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    duel_number = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The duel it arose in.")
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    summary = models.TextField(blank=True, help_text="In the players' words; empty for a bare judge call.")
    situation = models.CharField(
        max_length=40,
        blank=True,
        help_text="The situation form it was described with; empty: none or the builder.",
    )
    description = models.JSONField(
        default=dict,
        blank=True,
        help_text="The situation form's answers, so the players can fix and ask again.",
    )
    ruling = models.ForeignKey(
        "rules.Ruling",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="disputes",
        help_text="The engine's ruling on the game state the players described.",
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(auto_now_add=True)
    called_at = models.DateTimeField(null=True, blank=True, help_text="When a player called a judge to it.")
    decision = models.CharField(max_length=16, choices=Decision.choices, blank=True)
    decision_note = models.TextField(blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["opened_at", "pk"]
        constraints = [
            # A resolved dispute says who resolved it and how; an open one has no decision yet.
            models.CheckConstraint(
                condition=models.Q(status__in=("draft", "open"), decision="", resolved_by__isnull=True)
                | models.Q(status="resolved", resolved_by__isnull=False, resolved_at__isnull=False)
                & ~models.Q(decision=""),
                name="dispute_resolution_complete",
            ),
            # A judge was called to every dispute but a draft, and to no draft.
            models.CheckConstraint(
                condition=models.Q(status="draft", called_at__isnull=True)
                | ~models.Q(status="draft") & models.Q(called_at__isnull=False),
                name="dispute_called_unless_draft",
            ),
            # Overruling the engine always needs the judge's reason.
            models.CheckConstraint(
                condition=~models.Q(decision="overruled", decision_note=""),
                name="dispute_overrule_has_note",
            ),
        ]

    def __str__(self) -> str:
        return f"Dispute at {self.match}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # A dispute created already open (the API, a bare judge call) was called the moment it was made.
        if self.status != self.Status.DRAFT and self.called_at is None:
            self.called_at = timezone.now()
        super().save(*args, **kwargs)


class CoinToss(models.Model):
    """The random draw that decides who chooses to play first, when the engine says a toss decides."""

    class Method(models.TextChoices):
        COIN = "coin", _("Coin")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="coin_tosses")
    duel_number = models.PositiveSmallIntegerField()
    winner = models.CharField(max_length=1, choices=Side.choices)
    method = models.CharField(max_length=8, choices=Method.choices, default=Method.COIN)
    tossed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "duel_number"]
        constraints = [
            # One toss per duel: a second press of "toss" must not get a luckier coin.
            models.UniqueConstraint(fields=["match", "duel_number"], name="coin_toss_one_per_duel"),
            models.CheckConstraint(
                condition=models.Q(duel_number__gte=1), name="coin_toss_duel_number_positive"
            ),
            models.CheckConstraint(condition=models.Q(winner__in=["A", "B"]), name="coin_toss_winner_valid"),
        ]

    def __str__(self) -> str:
        return f"Toss for duel {self.duel_number} of {self.match}: {self.winner}"


# How a duel ended (Duel.Reason's values), for the database constraints.
REASONS = ["lp", "deck_out", "card_effect", "concession", "penalty", "time"]


class Duel(models.Model):
    """One duel (Magic: game) of a match: who chose, what they chose, and its agreed result."""

    class Choice(models.TextChoices):
        FIRST = "first", _("Play first")
        SECOND = "second", _("Play second")

    class Result(models.TextChoices):
        A = "A", _("Player A wins")
        B = "B", _("Player B wins")
        DRAW = "draw", pgettext_lazy("duel result", "Draw")

    class Reason(models.TextChoices):
        LP = "lp", _("Life points")
        DECK_OUT = "deck_out", _("Deck out")
        CARD_EFFECT = "card_effect", _("Card effect")
        CONCESSION = "concession", _("Concession")
        PENALTY = "penalty", _("Penalty")
        TIME = "time", _("Time called")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="duels")
    number = models.PositiveSmallIntegerField()
    # Empty for a duel never played: a game loss penalty given before it started.
    chooser = models.CharField(max_length=1, choices=Side.choices, blank=True)
    choice = models.CharField(max_length=8, choices=Choice.choices, blank=True)
    first_player = models.CharField(max_length=1, choices=Side.choices, blank=True)
    result = models.CharField(max_length=8, choices=Result.choices, blank=True)
    reason = models.CharField(max_length=16, choices=Reason.choices, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="duel_number_unique_per_match"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="duel_number_positive"),
            models.CheckConstraint(
                condition=models.Q(chooser__in=["A", "B"])
                | models.Q(chooser="", choice="", first_player="", reason="penalty"),
                name="duel_chooser_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(choice__in=["first", "second", ""]), name="duel_choice_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(first_player__in=["A", "B", ""]), name="duel_first_player_valid"
            ),
            # The first player follows from the choice: choosing "first" puts the chooser first.
            models.CheckConstraint(
                condition=(
                    models.Q(choice="first", first_player=models.F("chooser"))
                    | (models.Q(choice="second") & ~models.Q(first_player=models.F("chooser")))
                    | models.Q(chooser="", choice="", first_player="")
                ),
                name="duel_first_player_follows_choice",
            ),
            models.CheckConstraint(
                condition=models.Q(result__in=["", "A", "B", "draw"]), name="duel_result_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(reason__in=["", *REASONS]),
                name="duel_reason_valid",
            ),
            models.CheckConstraint(
                condition=~models.Q(result="") | models.Q(reason=""), name="duel_reason_needs_result"
            ),
        ]

    def __str__(self) -> str:
        return f"Duel {self.number} of {self.match}"


class DuelReport(models.Model):
    """One player's report of one duel. Two agreeing reports make the duel's result final."""

    duel = models.ForeignKey(Duel, on_delete=models.CASCADE, related_name="reports")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    result = models.CharField(max_length=8, choices=Duel.Result.choices)
    reason = models.CharField(max_length=16, choices=Duel.Reason.choices, blank=True)
    reported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["duel", "reported_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["duel", "player"], name="duel_report_one_per_player"),
            models.CheckConstraint(
                condition=models.Q(result__in=["A", "B", "draw"]), name="duel_report_result_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(reason__in=["", *REASONS]),
                name="duel_report_reason_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} reports {self.get_result_display()} for {self.duel}"


class ResultChange(models.Model):
    """The audit log: every result a judge entered or corrected, with who, when, before, after and why."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="result_changes")
    duel_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The duel changed; empty when the match result was changed."
    )
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField()
    after = models.JSONField()
    note = models.TextField(help_text="Why the judge changed it.")
    # A note Arbiter wrote itself (a penalty, time called, a confirmed ruling) is also kept as a template with
    # its values, so each reader reads it in their language (``note_words``); ``note`` keeps the English.
    note_sentence = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["match", "changed_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(note=""), name="result_change_has_note"),
        ]

    def __str__(self) -> str:
        what = f"duel {self.duel_number}" if self.duel_number else "result"
        return f"{self.changed_by} changed the {what} of {self.match}"

    @property
    def note_words(self) -> str:
        """The note as the reader reads it: one Arbiter wrote in their language, a judge's as typed."""
        if self.note_sentence:
            return said(self.note_sentence) or self.note
        return self.note


class TimeExtension(models.Model):
    """Extra minutes for one match, e.g. for a judge call or a deck check at its table."""

    class Reason(models.TextChoices):
        JUDGE_CALL = "judge_call", _("Judge call")
        DECK_CHECK = "deck_check", _("Deck check")
        OTHER = "other", _("Other")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="time_extensions")
    minutes = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=16, choices=Reason.choices)
    note = models.CharField(max_length=200, blank=True)
    granted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "granted_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(minutes__gte=1, minutes__lte=60), name="time_extension_minutes_1_to_60"
            ),
            models.CheckConstraint(
                condition=models.Q(reason__in=["judge_call", "deck_check", "other"]),
                name="time_extension_reason_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"+{self.minutes} min for {self.match}"


# The infraction Arbiter writes itself when an organizer gives a no-show penalty: stored in English (the
# text of rows written before it was translated too), said in the reader's language by ``infraction_words``.
NO_SHOW_INFRACTION = gettext_noop("No-show: not at the table when the round started")
GENERATED_INFRACTIONS = frozenset({NO_SHOW_INFRACTION})


class Penalty(models.Model):
    """A penalty a judge gave a player of a match; a game or match loss also changes the duels."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("Warning")
        GAME_LOSS = "game_loss", _("Game loss")
        MATCH_LOSS = "match_loss", _("Match loss")
        DISQUALIFICATION = "disqualification", _("Disqualification")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="penalties")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    infraction = models.CharField(max_length=200, help_text='What happened, e.g. "Marked cards".')
    note = models.TextField(blank=True)
    duel_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The duel a game loss was recorded on."
    )
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "issued_at", "pk"]
        verbose_name_plural = "penalties"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=["warning", "game_loss", "match_loss", "disqualification"]),
                name="penalty_kind_valid",
            ),
            models.CheckConstraint(condition=~models.Q(infraction=""), name="penalty_has_infraction"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.player} at {self.match}"

    @property
    def infraction_words(self) -> str:
        """The infraction as the reader reads it: one Arbiter wrote in their language, a judge's as typed."""
        return gettext(self.infraction) if self.infraction in GENERATED_INFRACTIONS else self.infraction


class SideDeckCount(models.Model):
    """Before duel 1 each player counts their Side Deck; the opponent is shown the count."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="side_deck_counts")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()
    registered_count = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The Side Deck of the registered list; empty without a list."
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "recorded_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="side_deck_count_one_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.count} cards in the Side Deck at {self.match}"


class SideSwap(models.Model):
    """What a player swapped with their Side Deck before a later duel, and the engine's verdict on it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="side_swaps")
    duel_number = models.PositiveSmallIntegerField(help_text="The duel the deck is presented for (2 or 3).")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    moves = models.JSONField(help_text='What moved: {"in": [{"name", "count"}], "out": [...]}.')
    presented = models.JSONField(help_text="The deck as presented for the duel, by section.")
    legal = models.BooleanField(null=True, help_text="The engine's verdict; empty if it could not tell.")
    problems = models.JSONField(default=list, blank=True, help_text="The engine's reasons when illegal.")
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "duel_number", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "duel_number", "player"], name="side_swap_one_per_player_per_duel"
            ),
            models.CheckConstraint(condition=models.Q(duel_number__gte=2), name="side_swap_after_duel_1"),
        ]

    def __str__(self) -> str:
        return f"{self.player}'s side swap for duel {self.duel_number} of {self.match}"
