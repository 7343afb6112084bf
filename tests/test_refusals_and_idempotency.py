"""The one error mapping and the one idempotency mechanism, on views written here for the purpose: every
refusal family answers its status, and a retried POST is answered once, whatever the view."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory, force_authenticate
from rest_framework.views import APIView

from config.refusals import Conflict
from idempotency.api import idempotent
from idempotency.models import IdempotencyRecord
from matches.services.access import MatchConflict, MatchOver
from rules.engine.errors import DisputeError
from tournaments.engine.replay import ReplayError
from tournaments.services import DeckCheckConflict, DeckListLocked, DropNotUndoable, RegistrationClosed
from tournaments.services.rounds import RoundConflict
from tournaments.tests.factories import UserFactory

factory = APIRequestFactory()


def _answer(raised: Exception) -> Response:
    class Refusing(APIView):
        permission_classes = [AllowAny]

        def post(self, request: Request) -> Response:
            raise raised

    return Refusing.as_view()(factory.post("/api/v1/test/", {}, format="json"))


@pytest.mark.parametrize(
    ("raised", "status", "body"),
    [
        (
            MatchOver("Match 3 already has a final result."),
            409,
            {"detail": "Match 3 already has a final result."},
        ),
        (RoundConflict("Round 2 has started."), 409, {"detail": "Round 2 has started."}),
        (PermissionDenied("Only a judge can do that."), 403, {"detail": "Only a judge can do that."}),
        (ValidationError({"games_a": ["At most 3."]}), 400, {"games_a": ["At most 3."]}),
        (
            ValidationError(["Count the cards.", "From 0 to 15."]),
            400,
            {"detail": "Count the cards. From 0 to 15."},
        ),
        (
            ReplayError([{"path": "$.rounds[0]", "message": "unknown player"}]),
            400,
            {"replay": [{"path": "$.rounds[0]", "message": "unknown player"}]},
        ),
    ],
)
def test_each_refusal_answers_its_status_and_body(raised, status, body):
    response = _answer(raised)

    assert (response.status_code, response.data) == (status, body)


def test_a_dispute_the_engine_cannot_read_lists_its_problems():
    response = _answer(DisputeError("action.type", "unknown Magic action"))

    assert response.status_code == 400
    assert response.data["detail"] == "The dispute does not follow the dispute format."
    assert [(problem["path"], problem["message"]) for problem in response.data["problems"]] == [
        ("$.action.type", "unknown Magic action")
    ]


def test_every_domain_conflict_is_one_family():
    families = (
        MatchConflict,
        RoundConflict,
        RegistrationClosed,
        DropNotUndoable,
        DeckListLocked,
        DeckCheckConflict,
    )
    assert all(issubclass(family, Conflict) for family in families)


class Counting(APIView):
    """Counts its runs; answers 201, or the error its body asks for."""

    runs: list[dict[str, Any]] = []

    @idempotent
    def post(self, request: Request) -> Response:
        Counting.runs.append(dict(request.data))
        if request.data.get("fail") == "server":
            return Response({"detail": "down"}, status=503)
        if request.data.get("fail") == "conflict":
            raise RoundConflict("Round 1 has started.")
        return Response({"run": len(Counting.runs)}, status=201)


def _post(user, body: dict[str, Any], key: str) -> Response:
    request = factory.post("/api/v1/counting/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    force_authenticate(request, user=user)
    return Counting.as_view()(request)


@pytest.fixture
def runs():
    Counting.runs = []
    return Counting.runs


@pytest.mark.django_db
def test_a_retry_gets_the_first_response_marked_as_a_replay_and_the_work_runs_once(runs):
    user = UserFactory()

    first, again = _post(user, {"a": 1}, "k"), _post(user, {"a": 1}, "k")

    assert (first.status_code, first.data) == (201, {"run": 1})
    assert (again.status_code, again.data, again["Idempotent-Replayed"]) == (201, {"run": 1}, "true")
    assert len(runs) == 1


@pytest.mark.django_db
def test_the_same_key_for_another_request_is_a_409_naming_the_key(runs):
    user = UserFactory()
    _post(user, {"a": 1}, "table-4")

    reused = _post(user, {"a": 2}, "table-4")

    assert reused.status_code == 409
    assert "table-4" in reused.data["detail"]
    assert len(runs) == 1


@pytest.mark.django_db
def test_a_refusal_is_answered_again_without_running_again(runs):
    user = UserFactory()

    first, again = _post(user, {"fail": "conflict"}, "k"), _post(user, {"fail": "conflict"}, "k")

    assert (first.status_code, again.status_code) == (409, 409)
    assert again.data == {"detail": "Round 1 has started."}
    assert len(runs) == 1


@pytest.mark.django_db
def test_a_server_error_is_not_kept_so_the_retry_runs_again(runs):
    user = UserFactory()

    first, again = _post(user, {"fail": "server"}, "k"), _post(user, {"fail": "server"}, "k")

    assert (first.status_code, again.status_code) == (503, 503)
    assert len(runs) == 2
    assert not IdempotencyRecord.objects.filter(key="k").exists()


@pytest.mark.django_db
def test_keys_belong_to_their_user(runs):
    one, other = UserFactory(), UserFactory()

    _post(one, {"a": 1}, "k")
    answer = _post(other, {"a": 1}, "k")

    assert answer.status_code == 201
    assert "Idempotent-Replayed" not in answer
    assert len(runs) == 2
