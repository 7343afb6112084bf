"""Disputes on the match page and the service behind them: call the judge engine, see the ruling, decide."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from accounts.users import display_name
from matches.models import Dispute, Duel, Match, ResultChange
from matches.services.disputes import (
    dispute_open,
    dispute_open_with_ruling,
    dispute_resolve,
    duel_reason,
    finished_duel,
)
from matches.tests.factories import DuelFactory, MatchFactory
from rules.models import Ruling
from tests.shared_files import require_shared
from tournaments.tests.factories import EventFactory, EventRoleFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def lp_zero(loser: str = "B") -> dict[str, Any]:
    """A ``check_state`` question with ``loser`` at 0 LP (Rulebook 9.0, Winning a Duel, p. 28)."""
    players: dict[str, Any] = {"A": {"lp": 8000}, "B": {"lp": 8000}}
    players[loser] = {"lp": 0}
    return {
        "game": "yugioh",
        "state": {"turn": 3, "turn_player": "A", "phase": "main1", "players": players},
        "action": {"type": "check_state"},
    }


@pytest.fixture
def match() -> Match:
    return cast(Match, MatchFactory(player_a=UserFactory(first_name="Yugi", last_name="")))


@pytest.fixture
def judge(match: Match):
    return EventRoleFactory(event=match.round.event).user


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_stranger_cannot_open_or_resolve(match: Match):
    stranger = cast(User, UserFactory())
    with pytest.raises(PermissionDenied):
        dispute_open_with_ruling(
            match_id=match.pk, opened_by=stranger, summary="?", dispute=lp_zero(), duel_number=None
        )
    dispute = dispute_open(match_id=match.pk, opened_by=match.player_a, summary="Hand-written.")
    with pytest.raises(PermissionDenied):
        dispute_resolve(dispute_id=dispute.pk, judge=stranger, decision="confirmed", note="")


def test_a_judge_can_confirm_a_dispute_without_a_ruling(match: Match, judge):
    """The demo's hand-written dispute (``dispute_open``) has no ruling: confirming records nothing."""
    dispute = dispute_open(match_id=match.pk, opened_by=match.player_a, summary="Hand-written.")
    duels_before = list(Duel.objects.filter(match=match).values())
    result_fields = ("status", "result", "games_a", "games_b", "games_drawn")
    match_before = Match.objects.filter(pk=match.pk).values(*result_fields).get()

    resolved = dispute_resolve(dispute_id=dispute.pk, judge=judge, decision="confirmed", note="")

    assert (resolved.status, resolved.decision) == ("resolved", "confirmed")
    assert list(Duel.objects.filter(match=match).values()) == duels_before
    assert Match.objects.filter(pk=match.pk).values(*result_fields).get() == match_before
    assert not ResultChange.objects.filter(match=match).exists()  # nothing in the audit log


def test_an_unknown_decision_is_refused(match: Match, judge):
    dispute = dispute_open(match_id=match.pk, opened_by=match.player_a, summary="Hand-written.")
    with pytest.raises(ValidationError) as refused:
        dispute_resolve(dispute_id=dispute.pk, judge=judge, decision="maybe", note="")
    assert "decision" in refused.value.message_dict


def test_the_match_page_lists_the_dispute_with_its_ruling(match: Match):
    DuelFactory(match=match)
    dispute = dispute_open_with_ruling(
        match_id=match.pk,
        opened_by=match.player_a,
        summary="Kaiba's LP reached 0.",
        dispute=lp_zero(),
        duel_number=None,
    )

    url = reverse("match-detail", args=[match.pk])
    page = browser(match.player_a).get(url).content.decode()

    assert 'id="disputes"' in page
    assert "Kaiba&#x27;s LP reached 0." in page
    # The match's players by name, not as the dispute's letters; the ruling leads with its end.
    a, b = display_name(match.player_a), display_name(match.player_b)
    assert f"{a} wins the duel." in page
    assert f"{b}&#x27;s LP reach 0: {a} wins the Duel." in page
    assert "Winning a Duel" in page  # the rule cited
    detail = reverse("match-dispute-detail", args=[match.pk, dispute.pk])
    assert detail in page
    # Who asked opens the ruling's own page from the dispute; so does the opponent, a party to it
    # (docs/decisions/0002).
    assert (
        reverse("ruling-detail", args=[dispute.ruling_id])
        in browser(match.player_a).get(detail).content.decode()
    )
    assert match.player_b is not None
    opponent = browser(match.player_b).get(detail).content.decode()
    assert reverse("ruling-detail", args=[dispute.ruling_id]) in opponent
    assert reverse("match-dispute-detail", args=[match.pk, dispute.pk]) in opponent
    assert reverse("match-dispute-new", args=[match.pk]) in page


def test_strangers_see_the_disputes_but_no_call_button(match: Match):
    page = browser(UserFactory()).get(reverse("match-detail", args=[match.pk])).content.decode()

    assert "No disputes." in page
    assert reverse("match-dispute-new", args=[match.pk]) not in page
    assert browser(UserFactory()).get(reverse("match-dispute-new", args=[match.pk])).status_code == 403


def test_the_form_names_the_players_and_starts_from_8000_lp(match: Match):
    url = reverse("match-dispute-new", args=[match.pk]) + "?mode=build"
    page = browser(match.player_a).get(url).content.decode()

    assert match.player_b is not None
    opponent = match.player_b.get_full_name()
    # The players by their names, in the labels and the choices: never "A" and "B".
    assert f'<label for="id_lp_b">{opponent}&#x27;s LP</label>' in page
    assert f'<option value="B">{opponent}</option>' in page
    assert ">A<" not in page
    assert ">B<" not in page
    assert 'name="lp_a" value="8000"' in page
    assert 'name="lp_b" value="8000"' in page
    custom = browser(match.player_a).get(url + "&lp_b=1200")
    assert 'name="lp_b" value="1200"' in custom.content.decode()


def test_a_magic_match_can_still_paste_json_starting_from_20_life():
    match = MatchFactory(round=RoundFactory(event=EventFactory(game="mtg")))

    url = reverse("match-dispute-new", args=[match.pk]) + "?mode=json"
    page = browser(match.player_a).get(url).content.decode()

    assert "&quot;life&quot;: 20" in page
    assert 'name="lp_a"' not in page


def builder_post(**overrides: Any) -> dict[str, Any]:
    """The builder form as a browser posts it: A at 0 LP, asking whether the duel is over."""
    data: dict[str, Any] = {
        "mode": "build",
        "summary": "Yugi's LP hit 0.",
        "idempotency_key": "form-1",
        "revision": "2020",
        "turn": "3",
        "turn_player": "A",
        "phase": "main1",
        "lp_a": "0",
        "lp_b": "8000",
        "cards-TOTAL_FORMS": "0",
        "cards-INITIAL_FORMS": "0",
        "type": "check_state",
    }
    return {**data, **overrides}


def test_posting_the_builder_opens_the_dispute_and_shows_the_ruling(match: Match):
    DuelFactory(match=match)
    client = browser(match.player_b)

    response = client.post(reverse("match-dispute-new", args=[match.pk]), builder_post())

    dispute = Dispute.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("match-dispute-detail", args=[match.pk, dispute.pk])
    page = client.get(response["Location"]).content.decode()
    assert "wins the duel</h1>" in page
    assert "A&#x27;s LP reach 0" in page
    assert "Confirm the ruling" not in page  # a player, not a judge


def test_the_same_form_sent_twice_opens_one_dispute_and_shows_it_both_times(match: Match):
    # A double tap on "Call the judge": the form's hidden key makes the second post the first's answer.
    DuelFactory(match=match)
    client = browser(match.player_b)
    url = reverse("match-dispute-new", args=[match.pk])

    first, again = client.post(url, builder_post()), client.post(url, builder_post())

    dispute = Dispute.objects.get()
    assert (first.status_code, again.status_code) == (302, 302)
    assert (
        first["Location"] == again["Location"] == reverse("match-dispute-detail", args=[match.pk, dispute.pk])
    )
    assert (Dispute.objects.count(), Ruling.objects.count()) == (1, 1)


def test_the_same_form_key_with_another_dispute_is_refused_and_opens_nothing_more(match: Match):
    DuelFactory(match=match)
    client = browser(match.player_b)
    url = reverse("match-dispute-new", args=[match.pk])
    client.post(url, builder_post())

    response = client.post(url, builder_post(lp_a="100"))

    assert response.status_code == 409
    assert "already used for another request" in response.content.decode()
    assert (Dispute.objects.count(), Ruling.objects.count()) == (1, 1)


def test_bad_json_re_renders_the_form_and_stores_nothing(match: Match):
    url = reverse("match-dispute-new", args=[match.pk])
    pasted = json.dumps({"game": "yugioh", "state": lp_zero()["state"], "action": {"type": "fly"}})

    response = browser(match.player_a).post(url, {"mode": "json", "summary": "?", "dispute": pasted})

    assert response.status_code == 400
    assert "The dispute could not be judged" in response.content.decode()
    assert "action.type" in response.content.decode()
    assert (Dispute.objects.count(), Ruling.objects.count()) == (0, 0)


def test_only_judges_get_the_decision_form_and_confirming_records_the_duel(match: Match, judge):
    DuelFactory(match=match)
    dispute = dispute_open_with_ruling(
        match_id=match.pk, opened_by=match.player_a, summary="LP 0", dispute=lp_zero(), duel_number=None
    )
    url = reverse("match-dispute-detail", args=[match.pk, dispute.pk])

    assert "Confirm the ruling" not in browser(match.player_a).get(url).content.decode()
    judge_page = browser(judge).get(url).content.decode()
    assert "Confirm the ruling" in judge_page
    assert "Duel 1: Yugi wins (Life points)." in judge_page

    resolve = reverse("match-dispute-resolve", args=[match.pk, dispute.pk])
    no_note = browser(judge).post(resolve, {"decision": "overruled", "note": ""})
    confirmed = browser(judge).post(resolve, {"decision": "confirmed", "note": "Seen."}, follow=True)

    assert no_note.status_code == 400
    assert "Say why you overrule" in no_note.content.decode()
    assert "Ruling confirmed" in confirmed.content.decode()
    assert Duel.objects.get(match=match, number=1).result == "A"
    assert browser(match.player_a).post(resolve, {"decision": "confirmed"}).status_code == 403


def test_the_dispute_page_reads_the_ruling_with_the_players_names(match: Match, judge):
    attack = json.loads(require_shared("spec/examples/ygo-attack-set-monster.json").read_text())["dispute"]
    dispute = dispute_open_with_ruling(
        match_id=match.pk, opened_by=match.player_a, summary="Flip?", dispute=attack, duel_number=None
    )
    page = browser(match.player_a).get(reverse("match-dispute-detail", args=[match.pk, dispute.pk]))

    text = page.content.decode()
    player_part, judges_part = text.split('<h1 class="verdict')[1].split('<details class="for-judges">')
    # Player A of the match (Yugi) is the dispute's A: their face-down monster is the one attacked.
    assert "Yugi&#x27;s face-down monster is flipped face-up." in player_part
    assert (
        f"{display_name(match.player_b)}&#x27;s monster in Monster Zone 1 (1300 ATK) attacks" in player_part
    )
    assert "a1" not in player_part
    assert "&quot;a1&quot;" in judges_part  # the raw outcome and the dispute, for judges


EXODIA = [
    "Exodia the Forbidden One",
    "Left Leg of the Forbidden One",
    "Right Leg of the Forbidden One",
    "Left Arm of the Forbidden One",
    "Right Arm of the Forbidden One",
]


@pytest.mark.parametrize(
    ("players", "result", "reason"),
    [
        # Rulebook 9.0, Winning a Duel, p. 28: both at 0 LP at the same time is a draw.
        ({"A": {"lp": 0}, "B": {"lp": 0}}, "draw", "lp"),
        # How to win a Duel: all five pieces of Exodia in hand win at once (a card's effect).
        (
            {
                "A": {},
                "B": {"hand": [{"id": f"h{i}", "kind": "monster", "name": n} for i, n in enumerate(EXODIA)]},
            },
            "B",
            "card_effect",
        ),
    ],
)
def test_a_confirmed_draw_or_exodia_is_recorded_with_its_reason(match: Match, judge, players, result, reason):
    DuelFactory(match=match)
    question = {
        "game": "yugioh",
        "state": {"turn": 4, "turn_player": "B", "phase": "main1", "players": players},
        "action": {"type": "check_state"},
    }
    dispute = dispute_open_with_ruling(
        match_id=match.pk, opened_by=match.player_a, summary="Over?", dispute=question, duel_number=None
    )

    dispute_resolve(dispute_id=dispute.pk, judge=judge, decision="confirmed", note="")

    duel = Duel.objects.get(match=match, number=1)
    assert (duel.result, duel.reason) == (result, reason)


def test_a_magic_game_over_reads_like_a_duel_over():
    """Spec ``outcome``: Magic calls it ``game``; life -> lp, an empty library -> deck out."""
    ended = finished_duel(
        {"outcome": {"game": {"over": True, "winner": "A", "draw": False, "reason": "empty_library"}}}
    )

    assert ended is not None
    assert duel_reason("mtg", ended["reason"]) == "deck_out"
    assert duel_reason("mtg", "life") == "lp"
    # both players losing at once is no deck out in Magic (life, or one of each)
    assert duel_reason("mtg", "simultaneous_loss") == ""
    assert duel_reason("yugioh", "simultaneous_loss") == "deck_out"
    assert finished_duel({"outcome": {"game": {"over": False}}}) is None
    assert finished_duel({"legal": False, "violations": []}) is None


def test_a_dispute_and_its_game_state_are_hidden_from_spectators(client):
    """The players at the table and the event's judges read a dispute; another player does not."""
    match = MatchFactory()
    dispute = dispute_open(match_id=match.pk, opened_by=match.player_a, summary="He had three cards in hand")
    client.force_login(UserFactory())

    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    detail = client.get(reverse("match-dispute-detail", args=[match.pk, dispute.pk]))
    listed = client.get(reverse("api-match-disputes", args=[match.pk])).json()

    assert "He had three cards in hand" not in page
    assert detail.status_code == 404
    assert listed == []
    client.force_login(match.player_b)
    assert (
        "He had three cards in hand" in client.get(reverse("match-detail", args=[match.pk])).content.decode()
    )
