"""The numbers behind the pictures, on events built here: the top cut's bracket (seeds, names, results, the
winner, filling in as results arrive) and a player's run (opponents, results, places after each round), on
the pages, the projector and the API alike."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match
from matches.services.judging import match_result_set
from tournaments.engine.pictures.bracket import BracketMatch, Seat, filled_rounds, layout, short_name
from tournaments.engine.pictures.run_line import run_line
from tournaments.models import Registration, Round
from tournaments.selectors.bracket import event_bracket
from tournaments.selectors.runs import player_run
from tournaments.selectors.standings import event_standings, final_standings
from tournaments.services import round_close, round_pair, round_start
from tournaments.tests.event_steps import event_with_players, finish_all, play_round

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def swiss_then_top_4():
    """8 players, 3 Swiss rounds (side a wins every match), the top 4 paired and started."""
    event, organizer, players = event_with_players(8, swiss_rounds=3, top_cut=4)
    for seed in (1, 2, 3):
        play_round(event, organizer, seed=seed)
    event.refresh_from_db()
    semis = round_pair(event=event, by=organizer)
    round_start(round_=semis, by=organizer)
    return event, organizer, players, semis


def test_the_top_cut_is_seeded_by_the_swiss_standings_and_fills_in_as_results_arrive(
    django_assert_max_num_queries,
):
    event, organizer, _, semis = swiss_then_top_4()
    top_four = [row.name for row in event_standings(event)[:4]]

    with django_assert_max_num_queries(1):
        bracket = event_bracket(event)
    assert bracket is not None
    assert bracket.size == 4
    assert [(round_.number, round_.label) for round_ in bracket.rounds] == [(4, "Top 4"), (None, "Final")]
    first = bracket.rounds[0].matches
    assert [(m.a.seed, m.a.name, m.b.seed, m.b.name) for m in first] == [
        (1, top_four[0], 4, top_four[3]),
        (2, top_four[1], 3, top_four[2]),
    ]
    assert all(m.winner is None and m.wins_a is None for m in first)
    final = bracket.rounds[1].matches[0]
    assert (final.a, final.b, bracket.winner) == (None, None, None)

    # The 4th seed beats the 1st, 2-1: the bracket shows it before the round is closed.
    upset = semis.matches.get(table=1)
    match_result_set(match_id=upset.pk, judge=organizer, result="b", games_a=1, games_b=2, note="slip")
    bracket = event_bracket(event)
    first = bracket.rounds[0].matches
    assert (first[0].winner, first[0].wins_a, first[0].wins_b) == ("b", 1, 2)
    assert bracket.rounds[1].matches[0].a == Seat(4, top_four[3], upset.player_b.username)
    assert bracket.rounds[1].matches[0].b is None

    other = semis.matches.get(table=2)
    match_result_set(match_id=other.pk, judge=organizer, result="a", games_a=2, games_b=0, note="slip")
    round_close(round_=semis, by=organizer)
    final_round = round_pair(event=event, by=organizer)
    round_start(round_=final_round, by=organizer)
    bracket = event_bracket(event)
    final = bracket.rounds[1].matches[0]
    # The better seed sits first in the final: the 2nd seed, then the 4th.
    assert (final.a.seed, final.a.name, final.b.seed, final.b.name) == (2, top_four[1], 4, top_four[3])
    assert bracket.rounds[1].number == final_round.number
    finish_all(final_round, organizer)
    round_close(round_=final_round, by=organizer)
    bracket = event_bracket(event)
    assert bracket.winner == Seat(2, top_four[1], other.player_a.username)
    assert bracket.picture.champion.name == top_four[1]


def test_the_standings_page_draws_the_bracket_with_its_numbers_in_a_table_and_polls_it(client):
    event, organizer, _, semis = swiss_then_top_4()
    top_four = [row.name for row in event_standings(event)[:4]]
    page = client.get(reverse("event-standings", args=[event.slug])).content.decode()
    svg = page.split('<svg class="bracket-picture"')[1].split("</svg>")[0]
    assert 'role="img"' in svg
    assert "aria-labelledby=" in svg
    for name in top_four:
        assert name in svg  # real text in the picture, not an image of it
    table = text_of(page.split('<table class="bracket-table stacked-rows">')[1].split("</table>")[0])
    assert f"{top_four[0]} (seed 1)" in table
    assert f"{top_four[3]} (seed 4)" in table
    assert "Being played" in table
    assert "Not played yet" in table
    assert 'hx-get="/events/friday-locals/standings/bracket/"' in page

    url = reverse("event-bracket", args=[event.slug])
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    match = semis.matches.get(table=1)
    match_result_set(match_id=match.pk, judge=organizer, result="a", games_a=2, games_b=1, note="slip")
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert "2-1" in text_of(changed.content.decode())


def test_a_single_elimination_bracket_of_six_gives_its_byes_to_seeds_1_and_2():
    event, organizer, _ = event_with_players(6, game="mtg")
    first = play_round(event, organizer)
    event.refresh_from_db()
    bracket = event_bracket(event)
    assert bracket.size == 8
    assert bracket.single_elimination
    matches = bracket.rounds[0].matches
    assert [(m.a.seed, m.b.seed if m.b else None, m.bye) for m in matches] == [
        (1, None, True),
        (4, 5, False),
        (2, None, True),
        (3, 6, False),
    ]
    # The byes' players are through at once; the quarter-finals' winners too, once final.
    semis = bracket.rounds[1].matches
    assert [m.a.seed for m in semis] == [1, 2]
    assert [m.b.seed for m in semis] == [4, 3]  # side a won everywhere in round 1
    assert first.number == bracket.rounds[0].number
    assert [r.label for r in bracket.rounds] == ["Round 1", "Round 2", "Final"]


def test_the_bracket_api_gives_the_same_numbers(client):
    event, organizer, _, semis = swiss_then_top_4()
    match = semis.matches.get(table=2)
    match_result_set(match_id=match.pk, judge=organizer, result="b", games_a=0, games_b=2, note="slip")
    bracket = event_bracket(event)
    data = client.get(f"/api/v1/events/{event.slug}/bracket/").json()
    assert data["size"] == 4
    assert [r["name"] for r in data["rounds"]] == ["Top 4", "Final"]
    api_first = data["rounds"][0]["matches"]
    assert [(m["a"]["seed"], m["a"]["name"], m["b"]["seed"], m["b"]["name"]) for m in api_first] == [
        (m.a.seed, m.a.name, m.b.seed, m.b.name) for m in bracket.rounds[0].matches
    ]
    assert [(m["wins_a"], m["wins_b"], m["winner"]) for m in api_first] == [(None, None, None), (0, 2, "b")]
    assert data["rounds"][1]["matches"][0]["b"]["seed"] == 3
    assert data["rounds"][1]["matches"][0]["a"] is None
    assert data["winner"] is None


def test_the_bracket_api_before_a_top_cut_is_empty(client):
    event, organizer, _ = event_with_players(4, swiss_rounds=1, top_cut=0)
    play_round(event, organizer)
    assert client.get(f"/api/v1/events/{event.slug}/bracket/").json() == {
        "size": 0,
        "single_elimination": False,
        "rounds": [],
        "winner": None,
    }


def test_a_players_run_holds_each_rounds_opponent_result_and_place_after_it():
    event, organizer, players = event_with_players(8, swiss_rounds=3, top_cut=0)
    standings_after = []
    for seed in (1, 2, 3):
        play_round(event, organizer, seed=seed)
        standings_after.append({row.name: row.rank for row in event_standings(event)})
    event.refresh_from_db()
    for player in players:
        run = player_run(event, player)
        name = f"{player.first_name} {player.last_name}"
        assert [r.number for r in run.rounds] == [1, 2, 3]
        assert run.places == [(n, standings_after[n - 1][name]) for n in (1, 2, 3)]
        assert run.players == 8
        for round_ in run.rounds:
            match = round_.line.match
            opponent = match.player_b if match.player_a_id == player.pk else match.player_a
            assert round_.line.opponent == f"{opponent.first_name} {opponent.last_name}"
            assert round_.line.outcome == ("won" if match.player_a_id == player.pk else "lost")
            assert round_.line.games == ("2-0" if match.player_a_id == player.pk else "0-2")
            assert round_.opponent_archetype is None
        # The picture's points are the same places, the first place at the top.
        assert [(p.round_number, p.place) for p in run.picture.points] == run.places
    leader = next(p for p in players if player_run(event, p).places[-1][1] == 1)
    assert all(r.line.outcome == "won" for r in player_run(event, leader).rounds)


def test_a_round_being_played_shows_in_the_run_without_a_place(client):
    event, organizer, players = event_with_players(4, swiss_rounds=3, top_cut=0)
    play_round(event, organizer, seed=1)
    second = round_pair(event=event, by=organizer, seed=2)
    round_start(round_=second, by=organizer)
    run = player_run(event, players[0])
    assert [r.number for r in run.rounds] == [1, 2]
    assert run.rounds[0].place is not None
    assert run.rounds[1].place is None
    assert run.rounds[1].line.outcome == "playing"


def test_the_event_page_and_the_history_page_show_the_run_and_the_api_the_same_numbers():
    event, organizer, players = event_with_players(4, swiss_rounds=2, top_cut=0)
    play_round(event, organizer, seed=1)
    play_round(event, organizer, seed=2)
    player = players[0]
    run = player_run(event, player)
    client = signed_in(player)

    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    section = page.split('<section class="run"')[1].split("</section>")[0]
    svg = section.split("<svg")[1].split("</svg>")[0]
    assert 'role="img"' in svg
    assert run.summary in svg
    rows = section.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    for row, round_ in zip(rows, run.rounds, strict=True):
        words = text_of(row)
        assert f"Round {round_.number}" in words
        assert round_.line.opponent in words
        assert f"{round_.place} of 4" in words
    assert "Their deck" not in section  # no archetype is public

    history = client.get(reverse("my-history")).content.decode()
    history_svg = history.split('<svg class="run-picture"')[1].split("</svg>")[0]
    assert [int(n) for n in re.findall(r'class="run-label"[^>]*>(\d+)<', history_svg)] == [
        place for _, place in run.places
    ]

    data = client.get(f"/api/v1/me/runs/{event.slug}/").json()
    assert data["players"] == 4
    assert [(r["round"], r["opponent_name"], r["outcome"], r["place"]) for r in data["rounds"]] == [
        (r.number, r.line.opponent, r.line.outcome, r.place) for r in run.rounds
    ]
    assert all(r["opponent_archetype"] is None for r in data["rounds"])


def test_someone_who_did_not_play_has_no_run():
    event, organizer, _ = event_with_players(4, swiss_rounds=1, top_cut=0)
    play_round(event, organizer)
    page = signed_in(organizer).get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "Your run" not in page
    assert signed_in(organizer).get(f"/api/v1/me/runs/{event.slug}/").json()["rounds"] == []
    assert Client().get(f"/api/v1/me/runs/{event.slug}/").status_code in (401, 403)


def test_the_projector_shows_the_bracket_during_the_top_cut_and_after_it(client):
    event, organizer, _, semis = swiss_then_top_4()
    names = [row.name for row in event_standings(event)[:4]]
    page = client.get(reverse("event-projector", args=[event.slug])).content.decode()
    svg = page.split('<svg class="bracket-picture"')[1].split("</svg>")[0]
    assert all(name in svg for name in names)
    finish_all(semis, organizer)
    round_close(round_=semis, by=organizer)
    final = round_pair(event=event, by=organizer)
    round_start(round_=final, by=organizer)
    finish_all(final, organizer)
    round_close(round_=final, by=organizer)
    page = client.get(reverse("event-projector", args=[event.slug])).content.decode()
    assert "Final standings" in page
    assert f"Winner: {names[0]}, seed 1." in page


def test_the_picture_builders_lay_out_the_bracket_and_the_run():
    seats = [Seat(seed, f"Seed {seed}") for seed in range(1, 9)]
    order = [1, 8, 4, 5, 2, 7, 3, 6]
    first = [BracketMatch(seats[order[i] - 1], seats[order[i + 1] - 1]) for i in range(0, 8, 2)]
    rounds = filled_rounds(8, [first])
    assert [len(r) for r in rounds] == [4, 2, 1]
    picture = layout(rounds)
    boxes = picture.matches
    # Each later match sits halfway between the two it is fed by.
    assert boxes[4].middle_y == (boxes[0].middle_y + boxes[1].middle_y) // 2
    assert boxes[6].middle_y == (boxes[4].middle_y + boxes[5].middle_y) // 2
    assert len(picture.lines) == 2 * 3 + 1
    assert short_name("Bartholomew Maximilian Featherstonehaugh") == "Bartholomew Maximilia\u2026"
    with pytest.raises(ValueError, match="power of two"):
        filled_rounds(6, [])
    chart = run_line([(1, 5), (2, 3), (3, 1)], 8)
    assert [p.y for p in chart.points] == sorted((p.y for p in chart.points), reverse=True)
    assert chart.points[-1].y == chart.places[0].at  # first place is the top line
    with pytest.raises(ValueError, match="between 1 and 8"):
        run_line([(1, 9)], 8)


def test_a_bracket_match_without_a_winner_yet_is_shown_empty_in_the_next_round():
    event, _, _, semis = swiss_then_top_4()
    assert Match.objects.filter(round=semis).count() == 2
    bracket = event_bracket(event)
    assert [m.a for m in bracket.rounds[1].matches] == [None]
    assert Round.objects.filter(event=event, stage=Round.Stage.TOP).count() == 1


def test_an_organizer_opens_any_players_run_from_the_players_list():
    event, organizer, players = event_with_players(4, swiss_rounds=2, top_cut=0)
    play_round(event, organizer, seed=1)
    player = players[2]
    registration = event.registrations.get(player=player)
    client = signed_in(organizer)
    url = reverse("event-run-player-run", args=[event.slug, registration.pk])
    assert url in client.get(reverse("event-run", args=[event.slug])).content.decode()
    page = client.get(url).content.decode()
    run = player_run(event, player)
    assert "Player3 Test's run" in page
    rows = page.split("<tbody>")[1].split("</tbody>")[0]
    assert f"{run.rounds[0].place} of 4" in text_of(rows)
    assert run.rounds[0].line.opponent in rows
    # Not for the player themselves, nor another player: the run page is the organizers'.
    assert signed_in(player).get(url).status_code == 403


def _name_decks(event) -> dict[int, str]:
    """Each player's archetype, named after their username, as the deck staff would have set it."""
    names = {}
    for registration in event.registrations.select_related("player"):
        names[registration.player_id] = f"Deck of {registration.player.username}"
        Registration.objects.filter(pk=registration.pk).update(archetype=names[registration.player_id])
    return names


def test_the_opponents_decks_show_in_a_run_only_to_whoever_may_read_the_events_lists():
    event, organizer, players = event_with_players(4, swiss_rounds=2, top_cut=0)
    play_round(event, organizer, seed=1)
    play_round(event, organizer, seed=2)
    decks = _name_decks(event)
    player = players[0]
    registration = event.registrations.get(player=player)
    organizers_view = reverse("event-run-player-run", args=[event.slug, registration.pk])

    def their_decks(page: str) -> str:
        return (
            text_of(page.split('<section class="run"')[1].split("</section>")[0])
            if "<section" in page
            else ""
        )

    # Lists private: the player sees their results but not what their opponents played; the organizer does.
    private_page = signed_in(player).get(reverse("event-detail", args=[event.slug])).content.decode()
    assert "Their deck" not in their_decks(private_page)
    assert all(deck not in private_page for deck in decks.values())
    organizer_page = text_of(signed_in(organizer).get(organizers_view).content.decode())
    assert "Their deck" in organizer_page
    for round_ in player_run(event, player).rounds:
        opponent = (
            round_.line.match.player_b_id
            if round_.line.match.player_a_id == player.pk
            else round_.line.match.player_a_id
        )
        assert decks[opponent] in organizer_page

    # Lists public: the player reads every opponent's deck beside the round, on the page and the API.
    event.decklists_public = True
    event.save(update_fields=["decklists_public"])
    run = player_run(event, player)
    expected = []
    for round_ in run.rounds:
        match = round_.line.match
        opponent = match.player_b_id if match.player_a_id == player.pk else match.player_a_id
        assert round_.opponent_archetype == decks[opponent]
        expected.append(decks[opponent])
    public_page = their_decks(
        signed_in(player).get(reverse("event-detail", args=[event.slug])).content.decode()
    )
    assert "Their deck" in public_page
    assert all(deck in public_page for deck in expected)
    api = signed_in(player).get(f"/api/v1/me/runs/{event.slug}/").json()
    assert [r["opponent_archetype"] for r in api["rounds"]] == expected


def test_while_the_top_cut_is_played_no_one_is_placed_above_a_player_still_in_it(client):
    event, organizer, _, semis = swiss_then_top_4()
    top_four = [row.player for row in event_standings(event)[:4]]

    # Semifinals being played: the four still in come first, in Swiss order; no final places on the page.
    assert [(p.player, p.reached) for p in final_standings(event)[:4]] == [(p, "Top 4") for p in top_four]
    assert "Final standings" not in client.get(f"/events/{event.slug}/standings/").content.decode()

    # Semifinals closed, the final not paired: its two players above the two semifinal losers.
    finish_all(semis, organizer)
    round_close(round_=semis, by=organizer)
    event.refresh_from_db()
    winners = {m.player_a.username for m in semis.matches.all()}  # side a wins in finish_all
    places = final_standings(event)
    assert {p.player for p in places[:2]} == winners
    assert [p.reached for p in places[:4]] == ["Final", "Final", "Top 4", "Top 4"]
    assert [p.decided for p in places[:4]] == [False, False, True, True]
    api = client.get(f"/api/v1/events/{event.slug}/final-standings/").json()
    assert [(p["player"], p["decided"]) for p in api[:4]] == [(p.player, p.decided) for p in places[:4]]
    assert "Final standings" not in client.get(f"/events/{event.slug}/standings/").content.decode()

    # The final closed: the winner first, the finalist second, and the page shows the final places.
    final = round_pair(event=event, by=organizer)
    round_start(round_=final, by=organizer)
    finish_all(final, organizer)
    round_close(round_=final, by=organizer)
    event.refresh_from_db()
    match = final.matches.get()
    places = final_standings(event)
    assert [(p.player, p.reached) for p in places[:2]] == [
        (match.player_a.username, "Winner"),
        (match.player_b.username, "Final"),
    ]
    assert all(p.decided for p in places)
    assert "Final standings" in client.get(f"/events/{event.slug}/standings/").content.decode()
