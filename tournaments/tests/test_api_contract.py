"""Where the API and its OpenAPI document disagreed (found by schemathesis): each answer now fits the schema.

The schema is read as a client reads it, from /api/schema/, and the answer is checked against it.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission

from matches.tests.factories import MatchFactory
from tests.api_clients import client_for
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client):
    return client.get("/api/schema/", {"format": "json"}).json()


def component(schema, name):
    return schema["components"]["schemas"][name]


def test_an_import_with_a_null_replay_lists_the_replays_problems_as_documented(schema):
    staff = UserFactory()
    staff.user_permissions.add(Permission.objects.get(codename="add_event"))

    response = client_for(staff).post(
        "/api/v1/events/import/", {"name": "Locals", "replay": None}, format="json"
    )

    assert response.status_code == 400
    problems = response.json()["replay"]
    assert problems
    assert all(set(problem) == {"path", "message"} for problem in problems)
    documented = component(schema, "EventImportProblems")["properties"]["replay"]
    assert documented["items"] == {"$ref": "#/components/schemas/ReplayProblem"}


def test_a_judges_result_needs_a_note_and_the_schema_says_so(schema):
    match = MatchFactory()
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user

    response = client_for(judge).post(
        f"/api/v1/matches/{match.pk}/result/", {"result": "a", "games_a": 2}, format="json"
    )

    assert response.status_code == 400
    assert "note" in response.json()
    assert "note" in component(schema, "JudgeMatchResultInput")["required"]
    assert "note" in component(schema, "JudgeDuelResultInput")["required"]


def test_a_judges_duel_result_for_a_duel_not_started_is_a_404_as_for_a_players_report():
    match = MatchFactory()
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    client = client_for(judge)

    judged = client.post(f"/api/v1/matches/{match.pk}/duels/1/result/", {"result": "A", "note": "x"})
    reported = client_for(match.player_a).post(
        f"/api/v1/matches/{match.pk}/duels/1/reports/", {"result": "A"}
    )

    assert judged.status_code == reported.status_code == 404


def test_choices_checked_by_the_api_are_listed_in_the_schema(schema):
    penalty = component(schema, "PenaltyInput")["properties"]

    assert component(schema, "KindEnum")["enum"] == ["warning", "game_loss", "match_loss", "disqualification"]
    assert penalty["kind"]["allOf"] == [{"$ref": "#/components/schemas/KindEnum"}]
    assert component(schema, "PlayerEnum")["enum"] == ["A", "B"]
    assert component(schema, "DuelResultEnum")["enum"] == ["A", "B", "draw"]


def test_a_blank_or_whitespace_string_the_api_refuses_is_outside_the_schema(schema):
    match = MatchFactory()
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user
    infraction = component(schema, "PenaltyInput")["properties"]["infraction"]

    response = client_for(judge).post(
        f"/api/v1/matches/{match.pk}/penalties/",
        {"player": "A", "kind": "warning", "infraction": "   "},
        format="json",
    )

    assert response.status_code == 400
    assert "infraction" in response.json()
    assert infraction["minLength"] == 1
    # The schema's pattern refuses what the API refuses as blank (Python's whitespace, \x1e included) and
    # takes what it takes.
    pattern = re.compile(infraction["pattern"])
    assert [bool(pattern.match(text)) for text in ("   ", "\x1e", "\u3000", "Slow play", "\ufeff")] == [
        False,
        False,
        False,
        True,
        True,
    ]


def test_a_side_check_of_a_list_the_caller_cannot_see_documents_its_404(schema):
    player = UserFactory()

    response = client_for(player).post(
        "/api/v1/decks/side-check/", {"registered": 999999, "presented": {}}, format="json"
    )

    assert response.status_code == 404
    assert "404" in schema["paths"]["/api/v1/decks/side-check/"]["post"]["responses"]
