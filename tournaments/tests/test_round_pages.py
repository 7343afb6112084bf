"""The organizer's dashboard, the public pairings, the projector, match slips and the exports, as people
see them in the browser."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta

import pytest
from django.db.models import Q
from django.utils import timezone

from matches.services.judging import match_result_set
from tournaments.engine.replay import read_replay
from tournaments.models import EventRole, Registration, Round
from tournaments.services import round_pair, round_start
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import EventRoleFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_only_organizers_open_the_dashboard(client):
    event, organizer, players = event_with_players(2)
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user

    client.force_login(players[0])
    assert client.get(f"/events/{event.slug}/run/").status_code == 403
    client.force_login(judge)
    assert client.get(f"/events/{event.slug}/run/").status_code == 403
    assert client.post(f"/events/{event.slug}/run/pair/").status_code == 403
    assert not event.rounds.exists()
    client.force_login(organizer)
    page = client.get(f"/events/{event.slug}/run/").content.decode()
    assert event.event_code in page
    assert "Pair round 1" in page


def test_the_dashboard_counts_the_round_live(client):
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    first = round_.matches.order_by("table").first()
    match_result_set(match_id=first.pk, judge=organizer, result="a", games_a=2, games_b=0, note="slip")
    client.force_login(organizer)

    partial = client.get(f"/events/{event.slug}/run/", headers=HTMX).content.decode()

    assert "<html" not in partial
    assert "<strong>1</strong> final" in partial
    assert "<strong>1</strong> playing" in partial
    playing = round_.matches.order_by("table").last()
    assert f"/matches/{first.pk}/" not in partial  # only the matches still being played are listed
    assert f"/matches/{playing.pk}/" in partial
    assert playing.player_a.get_full_name() in partial


def test_the_organizer_pairs_starts_and_is_told_why_a_round_cannot_close(client):
    event, organizer, _ = event_with_players(4)
    client.force_login(organizer)

    paired = client.post(f"/events/{event.slug}/run/pair/", {"round": "1"})
    again = client.post(f"/events/{event.slug}/run/pair/", {"round": "1"}, follow=True)
    started = client.post(f"/events/{event.slug}/run/rounds/1/start/")
    closing = client.post(f"/events/{event.slug}/run/rounds/1/close/")

    assert paired.status_code == 302
    assert event.rounds.count() == 1  # the double click paired it once
    assert "Round 1 is paired" in again.content.decode()
    assert started.status_code == 302
    assert event.rounds.get().status == Round.Status.IN_PROGRESS
    assert closing.status_code == 409
    assert "has matches without a final result at tables 1 (playing), 2 (playing)" in closing.content.decode()


def test_a_late_player_entered_at_the_counter_needs_a_re_pairing(client):
    event, organizer, _ = event_with_players(4)
    round_pair(event=event, by=organizer, seed=1)
    UserFactory(username="latecomer", first_name="Late", last_name="Comer")
    client.force_login(organizer)

    entered = client.post(f"/events/{event.slug}/run/enter/", {"name": "LATECOMER"}, follow=True)
    repaired = client.post(f"/events/{event.slug}/run/rounds/1/repair/", follow=True)

    assert "Late Comer is entered and checked in" in entered.content.decode()
    assert "Late Comer. Re-pair to include them." in entered.content.decode()
    assert "Re-pair to include them" not in repaired.content.decode()
    seated = Q(player_a__username="latecomer") | Q(player_b__username="latecomer")
    assert event.rounds.get().matches.filter(seated).count() == 1


def test_a_name_nobody_has_is_entered_as_a_walk_in_without_an_account(client):
    event, organizer, _ = event_with_players(2)
    client.force_login(organizer)

    response = client.post(
        f"/events/{event.slug}/run/enter/",
        {"name": "  Tea   Gardner ", "official_id": "0000 1234 56"},
        follow=True,
    )

    page = response.content.decode()
    assert "Tea Gardner is entered and checked in." in page
    walk_in = event.registrations.get(player__first_name="Tea")
    assert walk_in.checked_in_at is not None
    assert not walk_in.player.has_usable_password()  # nobody can sign in as them until they claim it
    assert walk_in.player.player.official_id == "0000123456"
    assert f"claim code <code>{walk_in.player.player.claim_code}</code>" in page


def test_an_empty_entry_is_refused_next_to_the_form(client):
    event, organizer, _ = event_with_players(2)
    client.force_login(organizer)

    response = client.post(f"/events/{event.slug}/run/enter/", {"name": "  "})

    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="enter-error"' in page
    assert "Type the player&#x27;s name, username or player id." in page
    assert event.registrations.count() == 2


def test_byes_out_of_range_are_refused_under_the_players_form(client):
    event, organizer, players = event_with_players(2, byes_allowed=True)
    registration = Registration.objects.get(event=event, player=players[0])
    client.force_login(organizer)

    refused = client.post(f"/events/{event.slug}/run/players/{registration.pk}/byes/", {"byes": "5"})
    awarded = client.post(
        f"/events/{event.slug}/run/players/{registration.pk}/byes/", {"byes": "2"}, follow=True
    )

    assert refused.status_code == 400
    assert "Award 0 to 3 byes." in refused.content.decode()
    assert "2 byes" in awarded.content.decode()
    registration.refresh_from_db()
    assert registration.byes == 2


def test_a_table_kept_for_another_player_is_refused(client):
    event, organizer, players = event_with_players(2)
    first, second = (Registration.objects.get(event=event, player=player) for player in players)
    client.force_login(organizer)

    client.post(f"/events/{event.slug}/run/players/{first.pk}/table/", {"table": "3"})
    refused = client.post(f"/events/{event.slug}/run/players/{second.pk}/table/", {"table": "3"})

    assert refused.status_code == 400
    assert "Table 3 is already kept for" in refused.content.decode()
    second.refresh_from_db()
    assert second.fixed_table is None


def test_a_player_finds_their_table_by_name_as_they_type(client):
    event, organizer, players = event_with_players(5)
    round_ = round_pair(event=event, by=organizer, seed=3)
    mine = round_.matches.exclude(player_b=None).first()

    partial = client.get(
        f"/events/{event.slug}/pairings/?player={mine.player_a.first_name}", headers=HTMX
    ).content.decode()
    page = client.get(f"/events/{event.slug}/pairings/?view=name").content.decode()

    assert "<html" not in partial
    assert f'<td class="table-number" data-label="Table">{mine.table}</td>' in partial
    assert partial.count('<td class="table-number" data-label="Table">') == 1
    assert "Round 1" in page
    assert all(player.get_full_name() in page for player in players)
    assert "<em>bye</em>" in page  # five players: one of them has the bye


def test_a_player_finds_their_table_by_their_full_name(client):
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=3)
    mine = round_.matches.order_by("table").last()

    partial = client.get(
        f"/events/{event.slug}/pairings/", {"player": mine.player_b.get_full_name()}, headers=HTMX
    ).content.decode()

    assert partial.count('<td class="table-number" data-label="Table">') == 1
    assert f'<td class="table-number" data-label="Table">{mine.table}</td>' in partial


def test_a_page_load_calls_time_when_the_clock_ran_out(client):
    event, organizer, _ = event_with_players(4)
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer, now=timezone.now() - timedelta(minutes=45))

    page = client.get(f"/events/{event.slug}/pairings/").content.decode()

    assert '<span class="clock">TIME</span>' in page
    assert not round_.matches.filter(time_called_at=None).exclude(player_b=None).exists()


def test_the_projector_counts_down_from_the_rounds_end(client):
    event, organizer, players = event_with_players(4)
    round_ = round_start(round_=round_pair(event=event, by=organizer, seed=1), by=organizer)

    page = client.get(f"/events/{event.slug}/projector/").content.decode()

    ends_at = timezone.localtime(round_.ends_at).replace(microsecond=0).isoformat()
    assert f'data-ends-at="{ends_at}"' in page
    assert "site-header" not in page
    assert players[0].get_full_name() in page


def test_there_is_one_match_slip_per_table(client):
    event, organizer, _ = event_with_players(7)
    round_pair(event=event, by=organizer, seed=1)
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    client.force_login(judge)

    page = client.get(f"/events/{event.slug}/rounds/1/slips/").content.decode()

    assert page.count('<article class="slip">') == 3  # seven players: three tables and a bye
    assert "Table 3" in page


def test_the_exports_download_and_read_back(client):
    event, organizer, players = event_with_players(4)
    play_round(event, organizer)
    client.force_login(organizer)

    replay = client.get(f"/events/{event.slug}/export/replay.json")
    standings = client.get(f"/events/{event.slug}/export/standings.csv")
    matches = client.get(f"/events/{event.slug}/export/matches.csv")

    assert replay["Content-Disposition"] == f'attachment; filename="{event.slug}-replay.json"'
    assert len(read_replay(json.loads(replay.content)).rounds) == 1
    rows = list(csv.reader(io.StringIO(standings.content.decode())))
    assert rows[0][:4] == ["rank", "player", "name", "points"]
    assert len(rows) == 5
    assert next(csv.reader(io.StringIO(matches.content.decode())))[:3] == ["round", "stage", "table"]
    client.force_login(players[0])
    assert client.get(f"/events/{event.slug}/export/replay.json").status_code == 403
