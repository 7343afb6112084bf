"""JSON nobody can store or write back (a NUL, a lone surrogate, 1e400, deep nesting) is a 400 naming its
path, on every API operation that takes a body and on the pages that take pasted JSON; before, each was a 500.

Bodies are sent as raw text: a test client's JSON encoder cannot even write a lone surrogate or infinity.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from config.json_input import MAX_DEPTH, JsonInputError, loads_checked
from decks.models import DeckList
from matches.models import Dispute
from matches.tests.factories import DuelFactory, MatchFactory
from rules.models import Ruling
from tests.api_clients import client_for
from tournaments.tests.factories import UserFactory

# Each hostile value, written as JSON text, and how the 400 describes it.
NUL = ('"Ash\\u0000Blossom"', "NUL character")
SURROGATE = ('"\\ud800"', "lone surrogate")
HUGE = ("1e400", "not a finite number")
BAD_VALUES = {"nul": NUL, "surrogate": SURROGATE, "1e400": HUGE}


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def dispute_text(bad: str) -> str:
    """A Yu-Gi-Oh! dispute whose hand's fourth card has ``bad`` as its name."""
    hand = '[{"id": "a1"}, {"id": "a2"}, {"id": "a3"}, {"id": "a4", "name": ' + bad + "}]"
    return (
        '{"game": "yugioh", "state": {"turn": 1, "turn_player": "A", "phase": "main1", "players": '
        '{"A": {"hand": ' + hand + '}, "B": {}}}, "action": {"type": "check_state"}}'
    )


def post_raw(user: Any, url: str, text: str):
    body = text.encode("utf-8", "surrogatepass")
    return client_for(user).post(url, data=body, content_type="application/json")


@pytest.mark.parametrize("kind", BAD_VALUES)
def test_a_value_nobody_can_store_is_refused_with_its_path(kind):
    text, words = BAD_VALUES[kind]

    with pytest.raises(JsonInputError) as refused:
        loads_checked(dispute_text(text))

    assert refused.value.problem.path == "state.players.A.hand[3].name"
    assert words in refused.value.problem.message


def test_a_key_with_a_nul_is_named_escaped_so_the_answer_itself_is_valid_text():
    with pytest.raises(JsonInputError) as refused:
        loads_checked('{"state": {"pla\\u0000yers": 1}}')

    assert refused.value.problem.path == 'state["pla\\u0000yers"]'
    assert "\x00" not in str(refused.value)


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 1_000, 100_000])
def test_nesting_past_the_limit_is_refused_with_where_it_went_too_deep(levels):
    with pytest.raises(JsonInputError) as refused:
        loads_checked('{"action": ' + nested(levels) + "}")

    assert refused.value.problem.path == "action" + "[0]" * (MAX_DEPTH - 1)
    assert f"more than {MAX_DEPTH} levels" in refused.value.problem.message


def test_ordinary_json_reads_as_json_does():
    text = '{"a": [1, 2.5, "\\ud83d\\ude00", {"b": null}], "[": "{\\"x"}'

    assert loads_checked(text) == json.loads(text)
    assert loads_checked(nested(MAX_DEPTH)) == json.loads(nested(MAX_DEPTH))


# --- Every API operation with a body, and the pages that take JSON ----------------------------------------


@pytest.fixture
def match():
    match = MatchFactory()
    DuelFactory(match=match)
    return match


def api_cases(match) -> dict[str, tuple[Any, str, str, str]]:
    """operation -> (user, url, body text with BAD where the hostile value goes, and the path it has)."""
    return {
        "rulings": (UserFactory(), "/api/v1/rulings/", dispute_text("BAD"), "state.players.A.hand[3].name"),
        "decks": (
            UserFactory(),
            "/api/v1/decks/",
            '{"game": "yugioh", "name": "Blue-Eyes", "text": "3 Blue-Eyes", "extra": {"x": [BAD]}}',
            "extra.x[0]",
        ),
        "match disputes": (
            match.player_a,
            reverse("api-match-disputes", args=[match.pk]),
            '{"summary": "LP", "dispute": ' + dispute_text("BAD") + "}",
            "dispute.state.players.A.hand[3].name",
        ),
        "side check": (
            UserFactory(),
            "/api/v1/decks/side-check/",
            '{"registered": 1, "presented": {"main": [{"name": BAD, "count": 1}]}}',
            "presented.main[0].name",
        ),
    }


OPERATIONS = ["rulings", "decks", "match disputes", "side check"]


@pytest.mark.django_db
@pytest.mark.parametrize("kind", BAD_VALUES)
@pytest.mark.parametrize("operation", OPERATIONS)
def test_the_api_answers_400_naming_the_path_and_stores_nothing(match, operation, kind):
    user, url, body, path = api_cases(match)[operation]
    text, words = BAD_VALUES[kind]

    response = post_raw(user, url, body.replace("BAD", text))

    assert response.status_code == 400
    assert response.json()["path"] == path
    assert response.json()["detail"].startswith(f"{path}: ")
    assert words in response.json()["detail"]
    assert not Ruling.objects.exists()
    assert not Dispute.objects.exists()
    assert not DeckList.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("operation", OPERATIONS)
def test_the_api_answers_400_to_a_thousand_levels_of_nesting(match, operation):
    user, url, body, _path = api_cases(match)[operation]

    response = post_raw(user, url, body.replace("BAD", nested(1_000)))

    assert response.status_code == 400
    assert f"more than {MAX_DEPTH} levels deep" in response.json()["detail"]


@pytest.mark.django_db
def test_a_key_with_a_nul_in_a_dispute_is_a_400_naming_it(match):
    body = dispute_text('"x"').replace('"players"', '"play\\u0000ers"')

    response = post_raw(UserFactory(), "/api/v1/rulings/", body)

    assert response.status_code == 400
    assert response.json()["path"] == 'state["play\\u0000ers"]'


@pytest.mark.django_db
def test_a_body_over_the_limit_is_refused_before_it_is_read(settings):
    settings.API_MAX_BODY_BYTES = 1_000
    body = json.dumps({"game": "yugioh", "action": {"type": "check_state"}, "pad": "x" * 2_000})

    response = post_raw(UserFactory(), "/api/v1/rulings/", body)

    assert response.status_code == 400
    assert "at most 1000" in response.json()["detail"]
    assert not Ruling.objects.exists()


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("kind", BAD_VALUES)
def test_the_judge_page_names_the_path_of_pasted_json_it_refuses(kind):
    text, words = BAD_VALUES[kind]

    response = logged_in(UserFactory()).post("/rulings/new/", {"mode": "json", "dispute": dispute_text(text)})

    assert response.status_code == 400
    assert "state.players.A.hand[3].name" in response.content.decode()
    assert words in response.content.decode()
    assert not Ruling.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("kind", BAD_VALUES)
def test_the_match_dispute_page_names_the_path_of_pasted_json_it_refuses(match, kind):
    text, words = BAD_VALUES[kind]

    response = logged_in(match.player_a).post(
        reverse("match-dispute-new", args=[match.pk]),
        {"mode": "json", "dispute": dispute_text(text), "summary": "LP", "idempotency_key": "k1"},
    )

    assert response.status_code == 400
    assert "state.players.A.hand[3].name" in response.content.decode()
    assert words in response.content.decode()
    assert not Dispute.objects.exists()


@pytest.mark.django_db
def test_the_judge_page_refuses_a_thousand_levels_of_nesting():
    dispute = '{"game": "yugioh", "action": {"type": "check_state", "x": ' + nested(1_000) + "}}"

    response = logged_in(UserFactory()).post("/rulings/new/", {"mode": "json", "dispute": dispute})

    assert response.status_code == 400
    assert f"more than {MAX_DEPTH} levels deep" in response.content.decode()
