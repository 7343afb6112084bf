"""Single elimination without Swiss: an event structure of its own (Magic, 5-8 players, MTR appendix E)."""

from __future__ import annotations

import json

import pytest

from matches.models import MatchResult
from tournaments.engine.replay import read_replay
from tournaments.engine.top_cut import elimination_first_round
from tournaments.models import EventStructure, Registration, Round
from tournaments.selectors.standings import final_standings
from tournaments.services import EventSettingLocked, event_plan, event_settings_update, round_pair
from tournaments.services.replay_import import event_import
from tournaments.tests.event_steps import event_with_players, play_round

pytestmark = pytest.mark.django_db


def test_a_bracket_that_is_not_full_gives_its_byes_to_the_best_seeds_spread_apart():
    assert elimination_first_round(["s1", "s2", "s3", "s4", "s5", "s6"]) == [
        ("s1", None),
        ("s4", "s5"),
        ("s2", None),
        ("s3", "s6"),
    ]
    assert elimination_first_round(["s1", "s2", "s3"]) == [("s1", None), ("s2", "s3")]


def test_six_magic_players_play_three_rounds_of_single_elimination_and_no_swiss(client):
    event, organizer, _ = event_with_players(6, game="mtg")

    assert event_plan(event).single_elimination
    first = play_round(event, organizer)
    event.refresh_from_db()
    matches = list(first.matches.order_by("pk"))

    assert event.structure == EventStructure.SINGLE_ELIMINATION
    assert first.stage == Round.Stage.TOP
    assert [match.result for match in matches].count(MatchResult.BYE) == 2
    assert sorted(match.table for match in matches if match.table) == [1, 2]
    second = play_round(event, organizer)
    assert second.matches.count() == 2
    assert not second.matches.filter(player_b=None).exists()  # nobody gets a second free round
    final = play_round(event, organizer)
    assert final.matches.count() == 1
    event.refresh_from_db()
    assert event.status == event.Status.FINISHED
    places = final_standings(event)
    assert [place.reached for place in places[:2]] == ["Winner", "Final"]
    assert len(places) == 6
    assert all(not place.name.startswith("p") for place in places)  # names, not ids

    client.force_login(organizer)
    replay = json.loads(client.get(f"/events/{event.slug}/export/replay.json").content)
    assert [round_.stage for round_ in read_replay(replay).rounds] == ["top", "top", "top"]
    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Winner" in page
    assert places[0].name in page


def test_players_with_byes_up_front_take_the_brackets_byes():
    event, organizer, players = event_with_players(6, game="mtg")
    Registration.objects.filter(event=event, player__in=players[4:]).update(byes=1)

    first = round_pair(event=event, by=organizer, seed=3)

    byes = {match.player_a_id for match in first.matches.filter(player_b=None)}
    assert byes == {players[4].pk, players[5].pk}


def test_an_organizer_who_sets_swiss_rounds_gets_swiss():
    event, organizer, _ = event_with_players(6, game="mtg", swiss_rounds=3)

    round_ = round_pair(event=event, by=organizer, seed=1)

    assert round_.stage == Round.Stage.SWISS


def test_a_yugioh_event_may_choose_single_elimination():
    event, organizer, _ = event_with_players(4)
    event.structure = EventStructure.SINGLE_ELIMINATION
    event.save(update_fields=["structure"])

    first = play_round(event, organizer)
    final = play_round(event, organizer)

    assert (first.matches.count(), final.matches.count()) == (2, 1)
    event.refresh_from_db()
    assert event.status == event.Status.FINISHED


def test_the_run_page_says_the_structure_in_words_and_calls_the_rounds_no_top_cut(client):
    event, organizer, players = event_with_players(7, game="mtg")
    Registration.objects.filter(event=event, player=players[0]).update(byes=1)
    client.force_login(organizer)

    before = client.get(f"/events/{event.slug}/run/").content.decode()
    round_pair(event=event, by=organizer, seed=1)
    paired = client.get(f"/events/{event.slug}/run/").content.decode()
    pairings = client.get(f"/events/{event.slug}/pairings/").content.decode()

    assert "Single elimination, no Swiss: 3 rounds" in before
    assert "7 players, counted as 8 with their byes" in before
    assert "from attendance, fixed when round 1 is paired" in before
    assert "Single elimination, no Swiss: 3 rounds" in paired
    assert "top cut" not in paired.lower().replace("no top cut", "")
    assert "Round 1 · top cut" not in pairings


def test_once_round_1_is_paired_as_a_bracket_the_structure_stays():
    event, organizer, _ = event_with_players(6, game="mtg")
    round_pair(event=event, by=organizer, seed=1)
    event.refresh_from_db()

    with pytest.raises(EventSettingLocked, match="paired as Single elimination"):
        event_settings_update(event=event, by=organizer, changes={"structure": EventStructure.SWISS})


def test_a_bracket_exports_as_a_valid_replay_that_imports_with_the_same_final_places(client):
    event, organizer, _ = event_with_players(6, game="mtg")
    for _round in range(3):
        play_round(event, organizer)
    client.force_login(organizer)
    export = json.loads(client.get(f"/events/{event.slug}/export/replay.json").content)

    imported = event_import(document=export, name="Thursday Modern (copy)", organizer=organizer)

    assert imported.structure == EventStructure.SINGLE_ELIMINATION
    assert imported.status == imported.Status.FINISHED
    byes = [m for r in export["rounds"] for m in r["matches"] if m["result"] == "bye"]
    assert len(byes) == 2
    assert all(m["b"] is None for m in byes)
    assert [(p.player, p.reached) for p in final_standings(imported)] == [
        (p.player, p.reached) for p in final_standings(event)
    ]
