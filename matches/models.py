"""Matches of a round, what each player reported, and disputes raised at the table."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class MatchResult(models.TextChoices):
    """The outcome of a match, in the event replay format's words (``shared/spec/event-replay-format.md``)."""

    A = "a", "Player A wins"
    B = "b", "Player B wins"
    DRAW = "draw", "Draw"
    BYE = "bye", "Bye"
    DOUBLE_LOSS = "double_loss", "Double loss"


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        DISPUTED = "disputed", "Disputed"
        FINAL = "final", "Final"

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty for a bye.")
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    result = models.CharField(max_length=16, choices=MatchResult.choices, blank=True)

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


class Dispute(models.Model):
    """A disagreement at the table, taken to the judges. The ruling itself belongs to the rules app."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        RESOLVED = "resolved", "Resolved"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    summary = models.TextField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["opened_at", "pk"]

    def __str__(self) -> str:
        return f"Dispute at {self.match}"
