"""Running an event under real concurrent requests on PostgreSQL (CI runs them there; SQLite skips).

Two organizers pressing "pair the next round" at the same moment, the same press retried, players checking
in together: the event row lock in the services and the stored first response keep one round and every
check-in.
"""

from __future__ import annotations

from typing import cast

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from idempotency.models import IdempotencyRecord
from matches.tests.concurrency import needs_postgresql, run_at_once
from tests.api_clients import client_for
from tournaments.models import Event, EventRole, Registration, Round
from tournaments.services import event_create, event_role_grant, registration_create
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _event(players: int) -> tuple[Event, User]:
    organizer = cast(User, UserFactory(username="olivia"))
    event = event_create(
        name="Friday Locals", slug="friday", game="yugioh", starts_at=timezone.now(), organizer=organizer
    )
    for number in range(1, players + 1):
        registration_create(event=event, player=cast(User, UserFactory(username=f"p{number}")))
    return event, organizer


def test_two_organizers_pairing_at_once_make_one_round_and_the_other_hears_why():
    needs_postgresql()
    event, olivia = _event(8)
    oscar = cast(User, UserFactory(username="oscar"))
    event_role_grant(event=event, user=oscar, role=EventRole.Role.ORGANIZER)
    url = reverse("api-event-rounds", args=[event.slug])

    responses = run_at_once(
        lambda: client_for(olivia).post(url, {}, format="json", headers={"Idempotency-Key": "olivia-1"}),
        lambda: client_for(oscar).post(url, {}, format="json", headers={"Idempotency-Key": "oscar-1"}),
    )

    assert sorted(r.status_code for r in responses) == [201, 409]
    refused = next(r for r in responses if r.status_code == 409)
    assert refused.json()["detail"] == "Round 1 is paired and not started: start it, or re-pair it."
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1]
    assert Round.objects.get(event=event).matches.count() == 4


def test_one_pairing_press_retried_at_once_makes_one_round_and_answers_each_retry_with_it():
    needs_postgresql()
    event, organizer = _event(8)
    url = reverse("api-event-rounds", args=[event.slug])
    client = client_for(organizer)

    def press():
        return client.post(url, {"seed": 3}, format="json", headers={"Idempotency-Key": "pair-round-1"})

    responses = run_at_once(press, press, press)

    assert [r.status_code for r in responses] == [201] * 3
    assert sorted(r.has_header("Idempotent-Replayed") for r in responses) == [False, True, True]
    # each retry is answered with the first answer: the same round, the same pairings
    assert responses[1].json() == responses[0].json() == responses[2].json()
    assert Round.objects.filter(event=event).count() == 1
    assert IdempotencyRecord.objects.filter(key="pair-round-1").count() == 1


def test_players_checking_in_at_once_are_all_checked_in():
    needs_postgresql()
    event, _ = _event(0)
    walk_ins = [cast(User, UserFactory(username=f"walk-in-{n}")) for n in range(4)]
    url = reverse("api-event-check-in", args=[event.slug])

    responses = run_at_once(
        *(
            lambda player=player: client_for(player).post(url, {"code": event.event_code}, format="json")
            for player in walk_ins
        )
    )

    assert [r.status_code for r in responses] == [200] * 4
    registrations = Registration.objects.filter(event=event, checked_in_at__isnull=False)
    assert sorted(registrations.values_list("player__username", flat=True)) == sorted(
        player.username for player in walk_ins
    )
