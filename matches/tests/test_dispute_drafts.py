"""A dispute is a draft at the table until a player calls a judge: asking again fixes the same dispute, and
the judges' queue holds only the disputes someone called a judge to."""

from __future__ import annotations

from typing import cast

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Dispute, Match
from matches.selectors import judge_queue
from matches.tests.factories import DuelFactory, MatchFactory
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db

HAND_OF_NINE = {"situation": "hand_size", "player": "A", "hand": "9"}


@pytest.fixture
def match() -> Match:
    match = cast(Match, MatchFactory(player_a=UserFactory(first_name="Yugi", last_name="Muto")))
    DuelFactory(match=match, number=1)
    return match


@pytest.fixture
def judge(match: Match):
    return EventRoleFactory(event=match.round.event, role="judge").user


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def ask(user, match: Match, data: dict[str, str], dispute: Dispute | None = None):
    url = (
        reverse("match-dispute-edit", args=[match.pk, dispute.pk])
        if dispute
        else reverse("match-dispute-new", args=[match.pk])
    )
    return browser(user).post(url, {"mode": "situations", **data})


def test_getting_a_ruling_makes_a_draft_the_judges_do_not_see(match: Match, judge):
    response = ask(match.player_a, match, {"action": "ask", **HAND_OF_NINE})

    dispute = Dispute.objects.get()
    assert response.status_code == 302
    assert dispute.status == Dispute.Status.DRAFT
    assert dispute.ruling is not None
    assert dispute.ruling.ruling["outcome"]["discard"] == 3
    assert list(judge_queue(judge)[1]) == []
    page = browser(judge).get(reverse("judge-queue")).content.decode()
    assert "Hand size" not in page
    # The judge does not even find it on the match: it is the table's until they call.
    assert browser(judge).get(reverse("match-dispute-detail", args=[match.pk, dispute.pk])).status_code == 404
    table = browser(match.player_b).get(reverse("match-dispute-detail", args=[match.pk, dispute.pk]))
    assert "Only your table sees this" in table.content.decode()


def test_fixing_and_asking_again_changes_the_same_dispute(match: Match):
    ask(match.player_a, match, {"action": "ask", **HAND_OF_NINE})
    draft = Dispute.objects.get()
    first_ruling = draft.ruling_id

    response = ask(match.player_a, match, {"action": "ask", **HAND_OF_NINE, "hand": "7"}, draft)

    assert response.status_code == 302
    draft.refresh_from_db()
    assert Dispute.objects.count() == 1
    assert draft.ruling_id != first_ruling
    assert draft.ruling is not None
    assert draft.ruling.ruling["outcome"]["discard"] == 1
    assert draft.description["hand"] == ["7"]
    edit_page = browser(match.player_a).get(reverse("match-dispute-edit", args=[match.pk, draft.pk]))
    assert 'name="hand" value="7"' in edit_page.content.decode()


def test_an_incomplete_description_is_not_asked_and_names_the_field(match: Match):
    response = ask(match.player_a, match, {"action": "ask", "situation": "hand_size", "player": "A"})

    assert response.status_code == 400
    assert "Cards in their hand" in response.content.decode()
    assert not Dispute.objects.exists()


def test_calling_a_judge_sends_the_draft_to_the_queue(match: Match, judge):
    ask(match.player_a, match, {"action": "ask", **HAND_OF_NINE})
    draft = Dispute.objects.get()

    response = browser(match.player_b).post(reverse("match-dispute-call", args=[match.pk, draft.pk]))

    assert response.status_code == 302
    draft.refresh_from_db()
    assert draft.status == Dispute.Status.OPEN
    assert draft.called_at is not None
    assert list(judge_queue(judge)[1]) == [draft]
    assert "Hand size at the End Phase" in browser(judge).get(reverse("judge-queue")).content.decode()
    # Calling twice is one call.
    browser(match.player_a).post(reverse("match-dispute-call", args=[match.pk, draft.pk]))
    assert Dispute.objects.filter(status=Dispute.Status.OPEN).count() == 1


def test_a_judge_call_needs_no_game_state(match: Match, judge):
    response = browser(match.player_a).post(reverse("match-dispute-call-new", args=[match.pk]))

    assert response.status_code == 302
    called = Dispute.objects.get()
    assert called.ruling is None
    assert called.status == Dispute.Status.OPEN
    assert "Judge call" in browser(judge).get(reverse("judge-queue")).content.decode()


def test_call_a_judge_from_a_half_filled_form_files_what_there_is(match: Match, judge):
    response = ask(match.player_a, match, {"action": "call", "situation": "hand_size", "player": "A"})

    assert response.status_code == 302
    called = Dispute.objects.get()
    assert called.status == Dispute.Status.OPEN
    assert called.ruling is None
    assert called.situation == "hand_size"
    assert list(judge_queue(judge)[1]) == [called]


def test_a_judge_cannot_decide_a_draft(match: Match, judge):
    ask(judge, match, {"action": "ask", **HAND_OF_NINE})  # a judge's own draft is theirs to see
    draft = Dispute.objects.get()

    response = browser(judge).post(
        reverse("match-dispute-resolve", args=[match.pk, draft.pk]), {"decision": "confirmed"}
    )

    assert response.status_code == 409
    draft.refresh_from_db()
    assert draft.status == Dispute.Status.DRAFT


def test_the_preview_judges_without_storing(match: Match):
    response = browser(match.player_a).post(reverse("match-dispute-preview", args=[match.pk]), HAND_OF_NINE)

    assert response.status_code == 200
    assert "discards 3" in response.content.decode()
    assert not Dispute.objects.exists()
    missing = browser(match.player_a).post(
        reverse("match-dispute-preview", args=[match.pk]), {"situation": "hand_size", "player": "A"}
    )
    assert "The judge still needs" in missing.content.decode()
    assert "Cards in their hand" in missing.content.decode()


def test_the_api_keeps_a_draft_at_the_table_until_a_player_calls_a_judge(match: Match, judge):
    from rest_framework.test import APIClient

    player = APIClient()
    player.force_authenticate(match.player_a)
    dispute = {
        "game": "yugioh",
        "state": {"turn": 3, "turn_player": "A", "phase": "end", "players": {"A": {"hand": 9}, "B": {}}},
        "action": {"type": "end_turn", "player": "A"},
    }
    url = reverse("api-match-disputes", args=[match.pk])

    opened = player.post(url, {"summary": "Hand size", "dispute": dispute, "draft": True}, format="json")

    assert opened.status_code == 201
    assert opened.json()["status"] == "draft"
    assert opened.json()["called_at"] is None
    assert list(judge_queue(judge)[1]) == []
    called = player.post(reverse("api-match-dispute-call", args=[match.pk, opened.json()["id"]]))
    assert called.status_code == 200
    assert called.json()["status"] == "open"
    assert [d.pk for d in judge_queue(judge)[1]] == [opened.json()["id"]]
    # Without "draft", the API files at once, as before.
    filed = player.post(url, {"summary": "Again", "dispute": dispute}, format="json")
    assert filed.json()["status"] == "open"


def test_a_judge_cannot_confirm_a_ruling_the_players_changed_after_they_read_it(match: Match, judge):
    ask(match.player_a, match, {"action": "call", **HAND_OF_NINE})
    called = Dispute.objects.get()
    read = called.ruling_id
    ask(match.player_b, match, {"action": "ask", **HAND_OF_NINE, "hand": "7"}, called)  # fixed meanwhile

    response = browser(judge).post(
        reverse("match-dispute-resolve", args=[match.pk, called.pk]),
        {"decision": "confirmed", "ruling_id": str(read)},
    )

    assert response.status_code == 409
    assert "read the new ruling" in response.content.decode()
    called.refresh_from_db()
    assert called.status == Dispute.Status.OPEN


def test_a_half_filled_fix_never_wipes_the_ruling_a_judge_was_called_to(match: Match):
    ask(match.player_a, match, {"action": "call", **HAND_OF_NINE})
    called = Dispute.objects.get()
    ruling = called.ruling_id

    response = ask(match.player_b, match, {"action": "call", "situation": "hand_size"}, called)

    assert response.status_code == 302
    called.refresh_from_db()
    assert called.ruling_id == ruling
    assert called.description["hand"] == ["9"]


def test_a_double_tap_on_call_a_judge_now_calls_once(match: Match):
    client = browser(match.player_a)
    url = reverse("match-dispute-call-new", args=[match.pk])

    client.post(url, {"idempotency_key": "tap-1"})
    client.post(url, {"idempotency_key": "tap-1"})

    assert Dispute.objects.count() == 1


def test_a_sentence_too_long_or_an_unknown_button_is_refused_not_dropped(match: Match):
    too_long = ask(match.player_a, match, {"action": "ask", **HAND_OF_NINE, "summary": "x" * 2001})
    unknown = ask(match.player_a, match, {"action": "shout", **HAND_OF_NINE})

    assert too_long.status_code == 400
    assert "2000" in too_long.content.decode()
    assert unknown.status_code == 400
    assert not Dispute.objects.exists()
