"""A dispute carries the game state the players described: to anyone who may not read it, resolving it
answers 404 as if it did not exist (a 403 would confirm that a dispute with that id is at that match)."""

from __future__ import annotations

from typing import cast

import pytest
from django.test import Client

from matches.models import Dispute, Match
from matches.services import dispute_open
from matches.tests.factories import MatchFactory
from tests.api_clients import client_for
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def dispute() -> Dispute:
    match = cast(Match, MatchFactory())
    return dispute_open(match_id=match.pk, opened_by=match.player_a, summary="Was that a legal attack?")


def test_a_stranger_or_judge_of_another_event_gets_404_from_resolve(dispute):
    url = f"/api/v1/matches/{dispute.match_id}/disputes/{dispute.pk}/resolve/"
    body = {"decision": "confirmed", "note": ""}
    judge_elsewhere = EventRoleFactory(role=EventRole.Role.JUDGE).user

    assert client_for(UserFactory()).post(url, body, format="json").status_code == 404
    assert client_for(judge_elsewhere).post(url, body, format="json").status_code == 404
    # A player of the match may read it but not decide it.
    assert client_for(dispute.match.player_a).post(url, body, format="json").status_code == 403


def test_the_resolve_page_is_404_to_a_stranger(dispute):
    page = Client()
    page.force_login(UserFactory())

    response = page.post(
        f"/matches/{dispute.match_id}/disputes/{dispute.pk}/resolve/", {"decision": "confirmed"}
    )

    assert response.status_code == 404
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.OPEN
