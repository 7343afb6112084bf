"""Disputes through the API: a player calls the judge engine from a match, a judge confirms or overrules.

The game states are the dispute format's (``shared/spec/dispute-format.md``); player A is the match's
``player_a``.
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.urls import reverse

from matches.models import Dispute, Duel, Match, ResultChange
from matches.services import duel_report
from matches.tests.factories import DuelFactory, MatchFactory
from rules.models import Ruling
from tests.api_clients import client_for
from tournaments.tests.factories import EventFactory, EventRoleFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def lp_zero(loser: str = "A") -> dict[str, Any]:
    """A ``check_state`` question with ``loser`` at 0 LP (Rulebook 9.0, Winning a Duel, p. 28)."""
    players: dict[str, Any] = {"A": {"lp": 8000}, "B": {"lp": 8000}}
    players[loser] = {"lp": 0}
    return {
        "format": "dispute/1",
        "game": "yugioh",
        "state": {"turn": 5, "turn_player": "B", "phase": "battle", "step": "damage", "players": players},
        "action": {"type": "check_state"},
    }


@pytest.fixture
def match() -> Match:
    return cast(Match, MatchFactory())


@pytest.fixture
def judge(match: Match):
    return EventRoleFactory(event=match.round.event).user


def open_url(match: Match) -> str:
    return reverse("api-match-disputes", args=[match.pk])


def resolve_url(dispute_id: int, match: Match) -> str:
    return reverse("api-match-dispute-resolve", args=[match.pk, dispute_id])


def open_dispute(match: Match, user, dispute: dict[str, Any] | None = None, **extra: Any):
    body = {"summary": "Yugi says Kaiba's LP hit 0 in the Damage Step.", "dispute": dispute or lp_zero("B")}
    return client_for(user).post(open_url(match), {**body, **extra}, format="json")


def test_a_player_gets_the_engines_ruling_at_once(match: Match):
    """An LP-0 check_state ends the Duel (Rulebook 9.0, Winning a Duel, p. 28; spec ``outcome.duel``)."""
    DuelFactory(match=match)

    response = open_dispute(match, match.player_a)

    assert response.status_code == 201
    body = response.json()
    assert (body["status"], body["duel_number"], body["opened_by"]) == ("open", 1, match.player_a.username)
    assert body["ruling"]["legal"] is True
    assert body["ruling"]["ruling"]["outcome"]["duel"] == {
        "over": True,
        "winner": "A",
        "draw": False,
        "reason": "lp",
    }
    listed = client_for(match.player_b).get(open_url(match)).json()
    assert [item["id"] for item in listed] == [body["id"]]
    # Opening a dispute records nothing yet: a judge decides.
    assert Duel.objects.get(match=match, number=1).result == ""


def test_the_judge_confirms_and_the_duel_is_recorded_with_an_audit_row(match: Match, judge):
    DuelFactory(match=match)
    dispute_id = open_dispute(match, match.player_a).json()["id"]

    response = client_for(judge).post(
        resolve_url(dispute_id, match),
        {"decision": "confirmed", "note": "Checked the LP pad."},
        format="json",
    )

    assert response.status_code == 200
    assert (response.json()["decision"], response.json()["resolved_by"]) == ("confirmed", judge.username)
    duel = Duel.objects.get(match=match, number=1)
    assert (duel.result, duel.reason) == ("A", "lp")
    assert duel.finished_at is not None
    change = ResultChange.objects.get(match=match)
    assert (change.duel_number, change.changed_by) == (1, judge)
    assert (change.before, change.after) == ({"result": "", "reason": ""}, {"result": "A", "reason": "lp"})
    assert change.note == "The judge confirmed the ruling: Checked the LP pad."
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING  # one duel of three


def test_confirming_the_deciding_duel_makes_the_match_final(match: Match, judge):
    DuelFactory(match=match, number=1, result="B", reason="lp")
    DuelFactory(match=match, number=2, chooser="A")
    dispute_id = open_dispute(match, match.player_b, lp_zero("A")).json()["id"]

    client_for(judge).post(resolve_url(dispute_id, match), {"decision": "confirmed"}, format="json")

    match.refresh_from_db()
    assert (match.status, match.result, match.games_a, match.games_b) == ("final", "b", 0, 2)


def test_a_disputed_match_is_played_on_once_the_ruling_is_confirmed(match: Match, judge):
    duel = cast(Duel, DuelFactory(match=match))
    assert match.player_b is not None
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="A")
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result="B")
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    dispute_id = open_dispute(match, match.player_a).json()["id"]

    client_for(judge).post(resolve_url(dispute_id, match), {"decision": "confirmed"}, format="json")

    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    assert Duel.objects.get(pk=duel.pk).result == "A"


def test_overruling_needs_a_note_and_leaves_the_duel_alone(match: Match, judge):
    DuelFactory(match=match)
    dispute_id = open_dispute(match, match.player_a).json()["id"]

    no_note = client_for(judge).post(resolve_url(dispute_id, match), {"decision": "overruled"}, format="json")
    with_note = client_for(judge).post(
        resolve_url(dispute_id, match),
        {"decision": "overruled", "note": "Kaiba had 100 LP left: the pad was misread."},
        format="json",
    )

    assert no_note.status_code == 400
    assert "note" in no_note.json()
    assert with_note.status_code == 200
    assert with_note.json()["decision_note"] == "Kaiba had 100 LP left: the pad was misread."
    assert Duel.objects.get(match=match, number=1).result == ""
    assert not ResultChange.objects.exists()


def test_a_second_resolve_is_a_conflict(match: Match, judge):
    DuelFactory(match=match)
    dispute_id = open_dispute(match, match.player_a).json()["id"]
    url = resolve_url(dispute_id, match)

    first = client_for(judge).post(url, {"decision": "confirmed"}, format="json")
    second = client_for(judge).post(url, {"decision": "overruled", "note": "Changed my mind."}, format="json")

    assert (first.status_code, second.status_code) == (200, 409)
    assert "already" in second.json()["detail"]
    assert Dispute.objects.get().decision == "confirmed"


def test_confirming_a_duel_that_already_has_a_result_is_a_conflict(match: Match, judge):
    DuelFactory(match=match, result="B", reason="concession")
    dispute_id = open_dispute(match, match.player_a, duel_number=1).json()["id"]

    response = client_for(judge).post(
        resolve_url(dispute_id, match), {"decision": "confirmed"}, format="json"
    )

    assert response.status_code == 409
    assert "Duel 1 already has a result" in response.json()["detail"]
    assert Dispute.objects.get().status == "open"


def test_strangers_and_players_are_refused(match: Match):
    DuelFactory(match=match)
    stranger = UserFactory()

    assert open_dispute(match, stranger).status_code == 403
    dispute_id = open_dispute(match, match.player_a).json()["id"]
    statuses = [
        client_for(user)
        .post(resolve_url(dispute_id, match), {"decision": "confirmed"}, format="json")
        .status_code
        for user in (stranger, match.player_a, match.player_b)
    ]
    assert statuses == [404, 403, 403]  # the stranger may not read the dispute: for them it does not exist
    assert Dispute.objects.count() == 1


def test_a_malformed_dispute_names_the_field_and_stores_nothing(match: Match):
    """The engine refuses an attack without its attacker (spec: ``attack`` takes ``attacker``)."""
    dispute = {**lp_zero(), "action": {"type": "attack", "player": "A", "target": None}}

    response = open_dispute(match, match.player_a, dispute)

    assert response.status_code == 400
    assert any("action" in problem for problem in response.json()["dispute"])
    assert (Dispute.objects.count(), Ruling.objects.count()) == (0, 0)


def test_a_dispute_of_another_game_is_refused():
    match = MatchFactory(round=RoundFactory(event=EventFactory(game="mtg")))

    response = open_dispute(match, match.player_a, lp_zero())

    assert response.status_code == 400
    assert "mtg" in response.json()["game"][0]
    assert (Dispute.objects.count(), Ruling.objects.count()) == (0, 0)


def test_an_unknown_duel_number_is_refused(match: Match):
    response = open_dispute(match, match.player_a, duel_number=3)

    assert response.status_code == 400
    assert "no duel 3" in response.json()["duel_number"][0]


def test_a_retry_with_the_same_key_returns_the_same_dispute(match: Match):
    client = client_for(match.player_a)
    body = {"summary": "LP at 0?", "dispute": lp_zero("B")}

    first = client.post(open_url(match), body, format="json", headers={"Idempotency-Key": "k-1"})
    second = client.post(open_url(match), body, format="json", headers={"Idempotency-Key": "k-1"})

    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json()["id"] == second.json()["id"]
    assert (Dispute.objects.count(), Ruling.objects.count()) == (1, 1)


def test_confirming_a_ruling_the_final_result_already_agrees_with_changes_nothing(match: Match, judge):
    """The players finished while the judge walked over: the ruling agrees, so it is just confirmed."""
    DuelFactory(match=match, number=1, result="A", reason="lp")
    DuelFactory(match=match, number=2, chooser="B", first_player="B")
    dispute_id = open_dispute(match, match.player_b, lp_zero("B"), duel_number=2).json()["id"]
    assert match.player_b is not None
    for player in (match.player_a, match.player_b):
        duel_report(match_id=match.pk, number=2, player=player, result="A")
    match.refresh_from_db()
    assert match.status == Match.Status.FINAL

    response = client_for(judge).post(
        resolve_url(dispute_id, match), {"decision": "confirmed"}, format="json"
    )

    assert response.status_code == 200
    assert Dispute.objects.get().status == "resolved"
    assert not ResultChange.objects.exists()
