"""Factories for users, events, their staff, registrations and rounds."""

from __future__ import annotations

from datetime import timedelta

import factory
from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.engine.event_structure import current_table
from tournaments.models import Event, EventRole, Registration, Round, end_of_round_for_game
from tournaments.services.events import event_code_new

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    first_name = factory.Faker("first_name")
    last_name = factory.Faker("last_name")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save(update_fields=["password"])


class EventFactory(factory.django.DjangoModelFactory[Event]):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Friday Locals #{n}")
    slug = factory.Sequence(lambda n: f"friday-locals-{n}")
    game = "yugioh"
    starts_at = factory.LazyFunction(lambda: timezone.now() + timedelta(days=1))
    end_of_round = factory.LazyAttribute(lambda event: end_of_round_for_game(event.game))
    structure_table = factory.LazyAttribute(lambda event: current_table(event.game))
    event_code = factory.LazyFunction(event_code_new)


class EventRoleFactory(factory.django.DjangoModelFactory[EventRole]):
    class Meta:
        model = EventRole

    event = factory.SubFactory(EventFactory)
    user = factory.SubFactory(UserFactory)
    role = EventRole.Role.JUDGE


class RegistrationFactory(factory.django.DjangoModelFactory[Registration]):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(UserFactory)
    checked_in_at = factory.LazyFunction(timezone.now)


class RoundFactory(factory.django.DjangoModelFactory[Round]):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = 1
    status = Round.Status.IN_PROGRESS
