"""Before a round starts the organizer sees its tables on the dashboard, can swap two players (a rematch is
said and confirmed first), and nothing counts as being played yet."""

from __future__ import annotations

import pytest

from matches.models import Match
from tournaments.services import round_pair, round_start
from tournaments.tests.event_steps import event_with_players, play_round

pytestmark = pytest.mark.django_db


def seats(round_) -> dict[int | None, set[str]]:
    return {
        match.table: {match.player_a.username, match.player_b.username if match.player_b else "bye"}
        for match in Match.objects.filter(round=round_).select_related("player_a", "player_b")
    }


def registration_of(event, username: str) -> int:
    return int(event.registrations.get(player__username=username).pk)


def test_the_dashboard_shows_the_tables_before_the_start_and_nobody_as_playing(client):
    event, organizer, _ = event_with_players(4)
    round_pair(event=event, by=organizer, seed=1)
    client.force_login(organizer)

    page = client.get(f"/events/{event.slug}/run/").content.decode()

    assert "Round 1 pairings, before the start" in page
    assert "<strong>2</strong> paired, not started" in page
    assert "</strong> playing" not in page


def test_an_organizer_swaps_two_players_between_tables(client):
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    before = seats(round_)
    first, second = sorted(before[1])[0], sorted(before[2])[0]
    client.force_login(organizer)

    response = client.post(
        f"/events/{event.slug}/run/rounds/1/swap/",
        {"first": registration_of(event, first), "second": registration_of(event, second)},
        follow=True,
    )

    after = seats(round_)
    assert after[1] == (before[1] - {first}) | {second}
    assert after[2] == (before[2] - {second}) | {first}
    assert "swapped tables in round 1" in response.content.decode()


def test_a_swap_that_makes_a_rematch_is_said_and_done_only_when_confirmed(client):
    event, organizer, _ = event_with_players(4)
    play_round(event, organizer, seed=1)
    round_one = {frozenset(pair) for pair in seats(event.rounds.get(number=1)).values()}
    round_two = round_pair(event=event, by=organizer, seed=1)
    before = seats(round_two)
    # Swapping a player of table 1 with one of table 2 such that a round-1 pair meets again.
    (a1, b1), (a2, b2) = sorted(before[1]), sorted(before[2])
    first, second = next(
        (x, y)
        for x, y in ((a1, a2), (a1, b2), (b1, a2), (b1, b2))
        if frozenset({y, (before[1] - {x}).pop()}) in round_one
        or frozenset({x, (before[2] - {y}).pop()}) in round_one
    )
    client.force_login(organizer)
    url = f"/events/{event.slug}/run/rounds/2/swap/"
    body = {"first": registration_of(event, first), "second": registration_of(event, second)}

    warned = client.post(url, body)
    unchanged = seats(round_two)
    confirmed = client.post(url, {**body, "rematch_ok": "on"}, follow=True)

    assert warned.status_code == 409
    assert "This swap makes a rematch:" in warned.content.decode()
    assert "played each other in round 1. Swap anyway?" in warned.content.decode()
    assert "Swap anyway</button>" in warned.content.decode()
    assert unchanged == before
    assert "swapped tables in round 2" in confirmed.content.decode()
    assert seats(round_two) != before


def test_pairings_stay_once_the_round_has_started(client):
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    before = seats(round_)
    first, second = sorted(before[1])[0], sorted(before[2])[0]
    client.force_login(organizer)

    refused = client.post(
        f"/events/{event.slug}/run/rounds/1/swap/",
        {"first": registration_of(event, first), "second": registration_of(event, second)},
    )

    assert refused.status_code == 409
    assert "Round 1 has started: its pairings stay as they are." in refused.content.decode()
    assert seats(round_) == before


def test_the_pair_button_says_when_it_pairs_the_top_cut(client):
    event, organizer, _ = event_with_players(4, swiss_rounds=1, top_cut=2)
    play_round(event, organizer, seed=1)
    client.force_login(organizer)

    page = client.get(f"/events/{event.slug}/run/").content.decode()

    assert "Pair the top cut (round 2)" in page


def test_a_no_show_gets_a_match_loss_in_two_clicks_and_a_double_click_gives_it_once(client):
    from matches.models import Penalty

    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    match = Match.objects.filter(round=round_).select_related("player_a").order_by("table").first()
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/run/").content.decode()
    url = f"/events/{event.slug}/run/matches/{match.pk}/no-show/"
    body = {"penalty": "A:match_loss", "form_key": "counter-1"}

    first = client.post(url, body, follow=True)
    again = client.post(url, body, follow=True)

    assert f"Player missing at table {match.table}…" in page
    assert "(no-show) at table" in first.content.decode()
    assert "(no-show) at table" in again.content.decode()
    penalties = Penalty.objects.filter(match=match)
    assert [(p.player_id, p.kind) for p in penalties] == [(match.player_a_id, "match_loss")]
    match.refresh_from_db()
    assert match.status == Match.Status.FINAL
    assert match.result == "b"
