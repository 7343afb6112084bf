"""A match report costs a handful of statements, whatever it does; the live page's idle poll even fewer.

Counted through the real API with a real API token, as a program or a phone sends it: the token's check,
the transaction (its savepoint here stands for BEGIN and COMMIT), the lock with everything the report is
checked against, the report and the match's change. The floor, ``GET /api/v1/me/``, is 3.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.users import display_name
from matches.models import Match, MatchReport
from matches.tests.factories import DuelFactory, MatchFactory

pytestmark = pytest.mark.django_db

# The token, the transaction's two ends, the locked read, the report, the match's UPDATE.
REPORT_STATEMENTS = 6
HTMX = {"HX-Request": "true"}


def program_of(user) -> APIClient:
    """An API client signed in the way programs are: an ``Authorization: Token`` header."""
    _, token = AuthToken.objects.create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def report(client: APIClient, match: Match, body: dict[str, object], **headers: str):
    return client.post(reverse("api-match-report", args=[match.pk]), body, format="json", headers=headers)


def test_the_floor_reads_the_token_once(django_assert_num_queries):
    program = program_of(MatchFactory().player_a)

    with django_assert_num_queries(3):  # the token with its user, the roles, the registrations
        assert program.get("/api/v1/me/").status_code == 200


def test_a_first_report_costs_six_statements(django_assert_max_num_queries):
    match = MatchFactory()
    yugi = program_of(match.player_a)

    with django_assert_max_num_queries(REPORT_STATEMENTS):
        answer = report(yugi, match, {"result": "a", "games_a": 2, "games_b": 1})

    assert answer.status_code == 200
    assert answer.json() | {"event": "", "round": 0} == {
        "id": match.pk,
        "event": "",
        "round": 0,
        "table": match.table,
        "player_a": match.player_a.username,
        "player_b": match.player_b.username,
        "status": "playing",
        "result": "",
        "games_a": 0,
        "games_b": 0,
        "games_drawn": 0,
        "match_format": "three_duels",
        "time_called_at": None,
    }
    assert answer.json()["event"] == match.round.event.slug
    assert MatchReport.objects.get(match=match).games_b == 1


def test_a_second_agreeing_report_finishes_the_match_in_six_statements(django_assert_max_num_queries):
    match = MatchFactory()
    report(program_of(match.player_a), match, {"result": "b", "games_a": 1, "games_b": 2})
    kaiba = program_of(match.player_b)

    with django_assert_max_num_queries(REPORT_STATEMENTS):
        answer = report(kaiba, match, {"result": "b", "games_a": 1, "games_b": 2})

    assert answer.status_code == 200
    shown = answer.json()
    assert (shown["status"], shown["result"], shown["games_a"], shown["games_b"]) == ("final", "b", 1, 2)
    match.refresh_from_db()
    assert (match.status, match.result, match.games_a, match.games_b) == ("final", "b", 1, 2)


def test_a_second_differing_report_disputes_the_match_in_six_statements(django_assert_max_num_queries):
    match = MatchFactory()
    report(program_of(match.player_a), match, {"result": "a", "games_a": 2})
    kaiba = program_of(match.player_b)

    with django_assert_max_num_queries(REPORT_STATEMENTS):
        answer = report(kaiba, match, {"result": "b", "games_b": 2})

    assert answer.status_code == 200
    assert (answer.json()["status"], answer.json()["result"]) == ("disputed", "")
    match.refresh_from_db()
    assert (match.status, match.result) == ("disputed", "")


def test_a_report_changed_before_the_opponent_reports_is_the_one_compared(django_assert_max_num_queries):
    match = MatchFactory()
    yugi, kaiba = program_of(match.player_a), program_of(match.player_b)
    report(yugi, match, {"result": "a", "games_a": 2})

    with django_assert_max_num_queries(REPORT_STATEMENTS):
        report(yugi, match, {"result": "b", "games_a": 1, "games_b": 2})  # Yugi misread the slip
    answer = report(kaiba, match, {"result": "b", "games_a": 1, "games_b": 2})

    assert answer.json()["status"] == "final"
    assert MatchReport.objects.filter(match=match).count() == 2


def test_a_report_with_an_idempotency_key_is_answered_once_and_replayed(django_assert_max_num_queries):
    match = MatchFactory()
    yugi = program_of(match.player_a)
    body = {"result": "a", "games_a": 2}

    # The key's record is written before the work (in one statement) and given its answer after it; the
    # work has a savepoint of its own, so that a refusal is stored as the answer.
    with django_assert_max_num_queries(REPORT_STATEMENTS + 4):
        first = report(yugi, match, body, **{"Idempotency-Key": "slip-12"})
    with django_assert_max_num_queries(5):  # the token, the transaction, the claim refused, the answer
        again = report(yugi, match, body, **{"Idempotency-Key": "slip-12"})

    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert MatchReport.objects.filter(match=match).count() == 1


def test_the_refusals_read_as_before_and_write_nothing():
    match = MatchFactory()
    DuelFactory(match=match, number=1, result="A", reason="lp")
    yugi = program_of(match.player_a)

    impossible = report(yugi, match, {"result": "a", "games_a": 3})
    differing = report(yugi, match, {"result": "a", "games_a": 2})
    stranger = report(program_of(MatchFactory().player_a), match, {"result": "a", "games_a": 1})
    missing = report(yugi, Match(pk=match.pk + 1000), {"result": "a", "games_a": 1})

    a, b = display_name(match.player_a), display_name(match.player_b)
    assert impossible.status_code == 400
    assert impossible.json()["games_a"] == [
        f"{a} 3, {b} 0, 0 drawn: a match cannot end that way with {a} winning. Check the duels."
    ]
    assert differing.status_code == 400
    assert differing.json()["games_a"][0].startswith(f"The duels recorded here are {a} 1, {b} 0, 0 drawn")
    assert stranger.status_code == 403
    assert stranger.json() == {"detail": "Only the two players of this match can do that."}
    assert missing.status_code == 404
    assert not MatchReport.objects.exists()
    assert Match.objects.get(pk=match.pk).version == match.version  # the live page has nothing new


def test_a_report_reaches_the_opponents_page_and_the_idle_poll_costs_two_statements(
    django_assert_max_num_queries,
):
    match = MatchFactory()
    phone = Client()
    phone.force_login(match.player_b)
    live = reverse("match-live", args=[match.pk])
    seen = phone.get(live, headers=HTMX)["ETag"]

    report(program_of(match.player_a), match, {"result": "a", "games_a": 2})
    fresh = phone.get(live, headers={**HTMX, "If-None-Match": seen})
    with django_assert_max_num_queries(2):  # the session and the match's stamp: less than the floor
        idle = phone.get(live, headers={**HTMX, "If-None-Match": fresh["ETag"]})

    assert fresh.status_code == 200
    assert f"{display_name(match.player_a)} reports: {display_name(match.player_a)} wins 2-0" in (
        fresh.content.decode()
    )
    assert idle.status_code == 304
    assert idle.content == b""


def test_the_answer_is_the_match_serializers_for_any_match():
    from django.utils import timezone

    from matches.api.matches import MatchOutputSerializer, match_answer

    called = MatchFactory(time_called_at=timezone.now(), status="final", result="draw", games_a=1, games_b=1)
    bye = MatchFactory(player_b=None, table=None, status="final", result="bye")

    for match in (called, bye, MatchFactory()):
        assert match_answer(match) == MatchOutputSerializer(match).data
    assert match_answer(bye)["player_b"] is None
    assert match_answer(called)["time_called_at"].endswith("Z")
