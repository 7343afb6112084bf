"""Judging: results a judge enters or corrects (with the audit log) and penalties that change the duels."""

from __future__ import annotations

import re
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from matches.models import Duel, Match, Penalty, ResultChange
from matches.selectors import duel_state
from matches.services import MatchOver, duel_report, duel_start, match_coin_toss
from matches.services.judging import duel_result_set, match_result_set, penalty_issue
from matches.tests.factories import DuelFactory, MatchFactory, coin_landing_on
from tests.api_clients import client_for
from tournaments.services.drops import penalty_issue_at_event
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def match() -> Match:
    return cast(Match, MatchFactory())


@pytest.fixture
def judge(match: Match):
    return EventRoleFactory(event=match.round.event).user


def player(match: Match, side: str) -> User:
    return match.player_a if side == "A" else cast(User, match.player_b)


def start(match: Match) -> Duel:
    """Start the next duel the way the players do: toss if the engine asks for one, the chooser chooses."""
    state = duel_state(match)
    if state.needs_toss:
        match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
        state = duel_state(match)
    assert state.chooser is not None
    return duel_start(match_id=match.pk, player=player(match, state.chooser), choice="first")


def play(match: Match, winner: str) -> Duel:
    duel = start(match)
    duel_report(match_id=duel.match_id, number=duel.number, player=player(match, "A"), result=winner)
    return duel_report(match_id=duel.match_id, number=duel.number, player=player(match, "B"), result=winner)


def test_a_judge_corrects_a_final_result_and_the_audit_log_keeps_who_before_after_and_why(match, judge):
    play(match, "A")
    play(match, "A")
    match.refresh_from_db()
    assert (match.status, match.result) == ("final", "a")

    response = client_for(judge).post(
        reverse("api-match-judge-result", args=[match.pk]),
        {"result": "b", "games_a": 1, "games_b": 2, "note": "Duel 2 was scored the wrong way round"},
        format="json",
    )

    assert response.status_code == 200
    assert (response.json()["result"], response.json()["games_a"], response.json()["games_b"]) == ("b", 1, 2)
    change = ResultChange.objects.get(match=match)
    assert change.changed_by == judge
    assert change.duel_number is None
    assert change.before == {"status": "final", "result": "a", "games_a": 2, "games_b": 0, "games_drawn": 0}
    assert change.after == {"status": "final", "result": "b", "games_a": 1, "games_b": 2, "games_drawn": 0}
    assert change.note == "Duel 2 was scored the wrong way round"
    audit = client_for(match.player_a).get(reverse("api-match-audit", args=[match.pk]))
    assert audit.status_code == 200
    assert audit.json()[0]["changed_by"] == judge.username


def test_a_judge_settles_a_disputed_duel_and_play_goes_on(match, judge):
    duel = start(match)
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result="A")
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result="B")
    match.refresh_from_db()
    assert match.status == "disputed"

    duel_result_set(match_id=match.pk, number=1, judge=judge, result="A", reason="lp", note="Watched it end")

    match.refresh_from_db()
    duel.refresh_from_db()
    assert (duel.result, duel.reason) == ("A", "lp")
    assert match.status == "playing"
    assert duel_state(match).chooser == "B"  # the loser of duel 1 chooses
    assert ResultChange.objects.get(duel_number=1).before == {"result": "", "reason": ""}


def test_correcting_a_duel_of_a_final_match_reopens_it_when_no_longer_over(match, judge):
    play(match, "A")
    play(match, "A")

    duel_result_set(match_id=match.pk, number=2, judge=judge, result="B", note="Misreported")

    match.refresh_from_db()
    assert (match.status, match.result) == ("playing", "")
    assert duel_state(match).next_duel == 3


def test_a_correction_that_leaves_a_duel_after_the_match_was_decided_is_refused(match, judge):
    """dispute-format.md, match_result: once a player has two wins no further duel belongs to the match."""
    play(match, "A")
    play(match, "B")
    play(match, "A")

    response = client_for(judge).post(
        reverse("api-duel-judge-result", args=[match.pk, 1]), {"result": "B", "note": "x"}, format="json"
    )

    assert response.status_code == 400
    assert "later duels" in response.json()["result"][0]
    assert Duel.objects.get(match=match, number=1).result == "A"
    assert not ResultChange.objects.exists()


def test_a_game_loss_during_duel_1_goes_to_the_opponent_and_the_penalized_player_chooses_next(match, judge):
    """Rulebook: after a decided duel its loser chooses who plays first (dispute-format.md, match_result)."""
    start(match)

    penalty = penalty_issue(
        match_id=match.pk, judge=judge, player=match.player_a, kind="game_loss", infraction="Marked cards"
    )

    duel = Duel.objects.get(match=match, number=1)
    assert (duel.result, duel.reason) == ("B", "penalty")
    assert penalty.duel_number == 1
    state = duel_state(match)
    assert (state.next_duel, state.chooser) == (2, "A")
    change = ResultChange.objects.get(match=match)
    assert change.after == {"result": "B", "reason": "penalty"}
    assert "Marked cards" in change.note


def test_a_game_loss_between_duels_is_a_never_played_duel_the_engine_counts(match, judge):
    """A game loss before a duel starts is that duel lost (dispute-format.md: a null chooser, not played)."""
    play(match, "A")

    penalty_issue(
        match_id=match.pk, judge=judge, player=match.player_a, kind="game_loss", infraction="Slow play"
    )

    duel = Duel.objects.get(match=match, number=2)
    assert (duel.chooser, duel.choice, duel.first_player) == ("", "", "")
    assert (duel.result, duel.reason) == ("B", "penalty")
    state = duel_state(match)
    assert (state.tally["wins"], state.over) == ({"A": 1, "B": 1}, False)
    assert (state.next_duel, state.chooser) == (3, "A")


def test_a_game_loss_that_ends_the_match_makes_it_final(match, judge):
    play(match, "A")

    penalty_issue(
        match_id=match.pk, judge=judge, player=match.player_b, kind="game_loss", infraction="Deck error"
    )

    match.refresh_from_db()
    assert (match.status, match.result, match.games_a, match.games_b) == ("final", "a", 2, 0)
    with pytest.raises(MatchOver):
        penalty_issue(
            match_id=match.pk, judge=judge, player=match.player_b, kind="game_loss", infraction="Again"
        )


def test_a_match_loss_when_one_duel_up_makes_the_match_final_for_the_opponent(match, judge):
    play(match, "A")

    penalty_issue(
        match_id=match.pk, judge=judge, player=match.player_a, kind="match_loss", infraction="Cheating"
    )

    match.refresh_from_db()
    assert (match.status, match.result, match.games_a, match.games_b) == ("final", "b", 1, 2)
    assert list(match.duels.values_list("result", "reason")) == [
        ("A", ""),
        ("B", "penalty"),
        ("B", "penalty"),
    ]


def test_a_disqualification_drops_the_player_after_this_round(match, judge):
    registration = RegistrationFactory(event=match.round.event, player=match.player_b)
    start(match)

    penalty_issue_at_event(
        match_id=match.pk, judge=judge, player=match.player_b, kind="disqualification", infraction="Stealing"
    )

    registration.refresh_from_db()
    match.refresh_from_db()
    assert registration.dropped_after_round == match.round.number
    assert (match.status, match.result) == ("final", "a")


def test_a_warning_changes_nothing_but_is_recorded(match, judge):
    penalty_issue(match_id=match.pk, judge=judge, player=match.player_a, kind="warning", infraction="Late")

    assert Penalty.objects.get().kind == "warning"
    assert not Duel.objects.exists()
    assert not ResultChange.objects.exists()


def test_the_penalized_player_must_be_in_the_match_and_only_judges_give_penalties(match, judge):
    with pytest.raises(ValidationError) as error:
        penalty_issue(match_id=match.pk, judge=judge, player=UserFactory(), kind="warning", infraction="Late")
    assert "player" in error.value.message_dict
    with pytest.raises(PermissionDenied):
        penalty_issue(
            match_id=match.pk, judge=match.player_a, player=match.player_b, kind="warning", infraction="x"
        )


def test_players_and_strangers_cannot_use_the_judge_endpoints(match, judge):
    start(match)
    for user in (match.player_a, UserFactory()):
        client = client_for(user)
        result = client.post(
            reverse("api-match-judge-result", args=[match.pk]),
            {"result": "a", "games_a": 2, "note": "x"},
            format="json",
        )
        duel = client.post(
            reverse("api-duel-judge-result", args=[match.pk, 1]), {"result": "A", "note": "x"}, format="json"
        )
        penalty = client.post(
            reverse("api-match-penalties", args=[match.pk]),
            {"player": "B", "kind": "game_loss", "infraction": "x"},
            format="json",
        )
        assert (result.status_code, duel.status_code, penalty.status_code) == (403, 403, 403)
    assert client_for(UserFactory()).get(reverse("api-match-audit", args=[match.pk])).status_code == 403
    assert not ResultChange.objects.exists()
    assert not Penalty.objects.exists()


def test_a_change_without_a_note_or_with_an_impossible_tally_is_refused(match, judge):
    client = client_for(judge)
    url = reverse("api-match-judge-result", args=[match.pk])

    no_note = client.post(url, {"result": "a", "games_a": 2, "note": " "}, format="json")
    impossible = client.post(url, {"result": "a", "games_a": 3, "note": "x"}, format="json")
    wrong_way = client.post(url, {"result": "a", "games_b": 2, "note": "x"}, format="json")
    no_duel = client.post(
        reverse("api-duel-judge-result", args=[match.pk, 1]), {"result": "A", "note": "x"}, format="json"
    )

    assert no_note.status_code == 400
    assert "note" in no_note.json()
    assert impossible.status_code == 400
    assert "games_a" in impossible.json()
    assert wrong_way.status_code == 400
    assert no_duel.status_code == 404
    assert not ResultChange.objects.exists()
    match.refresh_from_db()
    assert match.status == "playing"


def test_a_double_loss_takes_any_counts(match, judge):
    match_result_set(match_id=match.pk, judge=judge, result="double_loss", note="Both players colluded")

    match.refresh_from_db()
    assert (match.status, match.result) == ("final", "double_loss")


def test_a_retried_penalty_post_with_the_same_key_gives_one_penalty(match, judge):
    start(match)
    client = client_for(judge)
    url = reverse("api-match-penalties", args=[match.pk])
    body = {"player": "A", "kind": "game_loss", "infraction": "Marked cards"}

    first = client.post(url, body, format="json", headers={"Idempotency-Key": "pen-1"})
    second = client.post(url, body, format="json", headers={"Idempotency-Key": "pen-1"})

    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json() == second.json()
    assert second["Idempotent-Replayed"] == "true"
    assert Penalty.objects.count() == 1
    assert Duel.objects.filter(match=match).count() == 1
    listed = client_for(match.player_b).get(url).json()
    assert [(p["player"], p["side"], p["kind"], p["duel_number"]) for p in listed] == [
        (match.player_a.username, "A", "game_loss", 1)
    ]


def test_the_page_shows_the_forms_only_to_judges_and_the_log_to_the_players(client, match, judge):
    play(match, "A")
    play(match, "A")
    match_result_set(match_id=match.pk, judge=judge, result="b", games_a=1, games_b=2, note="Scored wrong")
    penalty_issue(match_id=match.pk, judge=judge, player=match.player_a, kind="warning", infraction="Late")
    page = reverse("match-detail", args=[match.pk])

    client.force_login(judge)
    judge_page = client.get(page).content.decode()
    client.force_login(match.player_a)
    player_page = client.get(page).content.decode()
    client.force_login(UserFactory())
    stranger_page = client.get(page).content.decode()

    assert "Give a penalty" in judge_page
    assert "Correct duel 2" in judge_page
    # A player reads the correction and the penalty as sentences, never the judges' forms or audit table.
    assert 'id="judging"' not in player_page
    assert "Give a penalty" not in player_page
    assert "Enter or correct" not in player_page
    assert "audit-log" not in player_page
    a, b = match.player_a.get_full_name(), match.player_b.get_full_name()
    judge_name = judge.get_full_name()
    assert (
        f"Judge {judge_name} corrected the result: {b} wins 2-1 (was: {a} wins 2-0). Note: Scored wrong"
        in player_page
    )
    assert f"Judge {judge_name} gave {a} a penalty (Warning): Late." in player_page
    assert 'id="judging"' not in stranger_page
    assert "Scored wrong" not in stranger_page


def test_a_judge_uses_the_page_forms(client, match, judge):
    start(match)
    client.force_login(judge)

    refused = client.post(
        reverse("match-judge-duel", args=[match.pk, 1]),
        {"result": "A", "note": ""},
        headers={"HX-Request": "true"},
    )
    done = client.post(
        reverse("match-penalty", args=[match.pk]),
        {"player": "B", "kind": "game_loss", "infraction": "Marked cards"},
        headers={"HX-Request": "true"},
    )
    plain = client.post(
        reverse("match-judge-result", args=[match.pk]),
        {"result": "a", "games_a": "2", "games_b": "0", "games_drawn": "0", "note": "Time called, agreed"},
    )

    assert 'class="problems"' in refused.content.decode()
    assert "Say why" in refused.content.decode()
    assert done["HX-Refresh"] == "true"
    assert Duel.objects.get(match=match, number=1).result == "A"
    assert plain.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.result) == ("final", "a")


def test_an_organizer_who_plays_cannot_judge_their_own_match():
    match = MatchFactory()
    EventRoleFactory(event=match.round.event, user=match.player_a, role="organizer")

    with pytest.raises(PermissionDenied, match="You play in this match"):
        match_result_set(
            match_id=match.pk,
            judge=match.player_a,
            result="a",
            games_a=2,
            games_b=0,
            games_drawn=0,
            note="I won",
        )

    match.refresh_from_db()
    assert match.status == "playing"


def test_a_penalty_form_submitted_twice_gives_one_penalty(client):
    """A double tap on the judge's phone sends the same form twice: one game loss, not two."""
    duel = DuelFactory()
    match = duel.match
    judge = EventRoleFactory(event=match.round.event).user
    client.force_login(judge)
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    key = next(k for k in re.findall(r'name="form_key" value="([^"]+)"', page) if k.endswith("-penalty"))
    form = {"form_key": key, "player": "A", "kind": "game_loss", "infraction": "Marked sleeves"}

    for _ in range(2):
        client.post(reverse("match-penalty", args=[match.pk]), form)

    assert Penalty.objects.filter(match=match).count() == 1
    assert list(match.duels.values_list("number", "result")) == [(1, "B")]
