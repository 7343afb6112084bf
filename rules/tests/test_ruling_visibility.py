"""Who reads a stored ruling: who asked, the players of its match, the staff of that match's event.

The audit found that being judge or organizer at any event (or store staff) opened every ruling of the
store: another event's disputes, and a player's private "ask the judge" ruling describing their hand.
"""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Dispute
from matches.tests.factories import MatchFactory
from rules.models import Ruling
from tests.api_clients import client_for
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


def a_ruling(requested_by) -> Ruling:
    return Ruling.objects.create(
        game="yugioh",
        action_type="attack",
        dispute={"game": "yugioh"},
        ruling={"legal": True, "violations": [], "explanation": "Hidden hand: Ash Blossom", "rules": []},
        legal=True,
        engine_version="test",
        requested_by=requested_by,
    )


@pytest.fixture
def disputed_match():
    match = MatchFactory()
    ruling = a_ruling(match.player_a)
    Dispute.objects.create(match=match, opened_by=match.player_a, summary="Attack", ruling=ruling)
    return match, ruling


def status_for(user, ruling: Ruling) -> int:
    return client_for(user).get(f"/api/v1/rulings/{ruling.pk}/").status_code


def test_staff_of_another_event_do_not_read_a_disputes_ruling(disputed_match):
    _match, ruling = disputed_match
    other_judge = EventRoleFactory(role=EventRole.Role.JUDGE).user
    other_organizer = EventRoleFactory(role=EventRole.Role.ORGANIZER).user
    store_staff = UserFactory(is_staff=True)

    assert status_for(other_judge, ruling) == 404
    assert status_for(other_organizer, ruling) == 404
    assert status_for(store_staff, ruling) == 404


def test_the_players_of_the_match_and_the_staff_of_its_event_read_it(disputed_match):
    match, ruling = disputed_match
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    organizer = EventRoleFactory(event=match.round.event, role=EventRole.Role.ORGANIZER).user
    player_elsewhere_in_event = MatchFactory(round=match.round).player_a

    assert status_for(match.player_a, ruling) == 200
    assert status_for(match.player_b, ruling) == 200  # the opponent, who did not ask
    assert status_for(judge, ruling) == 200
    assert status_for(organizer, ruling) == 200
    assert status_for(player_elsewhere_in_event, ruling) == 404


def test_a_private_ask_the_judge_ruling_is_for_who_asked_only():
    asker = UserFactory()
    ruling = a_ruling(asker)
    judge_somewhere = EventRoleFactory(role=EventRole.Role.JUDGE).user
    page = Client()
    page.force_login(judge_somewhere)

    assert status_for(asker, ruling) == 200
    assert status_for(judge_somewhere, ruling) == 404
    assert page.get(f"/rulings/{ruling.pk}/").status_code == 404
