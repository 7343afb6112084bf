"""Events, who plays and staffs them, and their rounds."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from decks.models import Game


class Event(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration open"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    game = models.CharField(max_length=16, choices=Game.choices)
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    round_minutes = models.PositiveSmallIntegerField(default=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(round_minutes__gte=1), name="event_round_minutes_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class EventRole(models.Model):
    """A user's staff role at one event. Players are not roles: they are Registrations."""

    class Role(models.TextChoices):
        ORGANIZER = "organizer", "Organizer"
        JUDGE = "judge", "Judge"

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
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_one_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", "Swiss"
        TOP = "top", "Top cut"

    class Status(models.TextChoices):
        PAIRED = "paired", "Paired"
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.SWISS)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PAIRED)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique_per_event"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"
