"""A Friday-night store event from the pages: eight players, three Swiss rounds and a top 4, to the winner.

The organizer runs it from a laptop (the dashboard); players check in and report on their phones; the
standings and pairings pages show what everyone sees. Each result is reported by both players on the match
page, as at the tables.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone
from playwright.sync_api import expect

from matches.models import Match
from tests.browser.match_steps import LAPTOP, PHONE, Person, arrive
from tournaments.models import Event, Round
from tournaments.tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    ("yugi", "Yugi", "Muto"),
    ("kaiba", "Seto", "Kaiba"),
    ("joey", "Joey", "Wheeler"),
    ("mai", "Mai", "Valentine"),
    ("tea", "Tea", "Gardner"),
    ("tristan", "Tristan", "Taylor"),
    ("bakura", "Ryou", "Bakura"),
    ("duke", "Duke", "Devlin"),
]


def _report(players: dict[str, Person], live_server: Any, match: Match) -> None:
    """Both players report "side A won 2-0" on their match page; the second report makes it final."""
    winner_name = match.player_a.get_full_name()
    for user in (match.player_a, match.player_b):
        assert user is not None
        person = players[user.username]
        person.open(f"{live_server.url}/matches/{match.pk}/")
        reports = person.section("reports")
        reports.get_by_label(f"Duels won by {winner_name}").fill("2")
        reports.get_by_role("button", name=f"{winner_name} won the match").click()
        expect(person.section("reports")).to_contain_text(f"{person.name} reports")
    expect(person.section("reports")).to_contain_text("Final")


def _pair_and_start(organizer: Person, live_server: Any, event: Event, number: int) -> Round:
    organizer.open(f"{live_server.url}/events/{event.slug}/run/")
    pair = re.compile(rf"^Pair (round {number}|the top cut \(round {number}\))$")
    organizer.page.get_by_role("button", name=pair).click()
    organizer.page.get_by_role("button", name=f"Start round {number}").click()
    expect(organizer.page.get_by_role("button", name=f"Close round {number}")).to_be_visible()
    return Round.objects.get(event=event, number=number)


def _report_all_and_close(
    organizer: Person, players: dict[str, Person], live_server: Any, round_: Round
) -> None:
    matches = round_.matches.filter(player_b__isnull=False).select_related("player_a", "player_b")
    for match in matches:
        _report(players, live_server, match)
    organizer.open(f"{live_server.url}/events/{round_.event.slug}/run/")
    expect(organizer.page.locator("#progress")).to_contain_text(re.compile(rf"{matches.count()}\s*final"))
    organizer.page.get_by_role("button", name=f"Close round {round_.number}").click()
    expect(organizer.page.get_by_role("button", name=f"Close round {round_.number}")).to_have_count(0)


def _table_of(event: Event, number: int, user: Any) -> int | None:
    matches = Match.objects.filter(round__event=event, round__number=number)
    return (matches.filter(player_a=user) | matches.filter(player_b=user)).get().table


def test_an_eight_player_event_with_a_top_4_runs_from_the_pages(live_server, browser):
    olivia = UserFactory(username="olivia", first_name="Olivia", last_name="Organizer")
    olivia.user_permissions.add(Permission.objects.get(codename="add_event"))
    users = {
        name: UserFactory(username=name, first_name=first, last_name=last) for name, first, last in PLAYERS
    }
    organizer = arrive(browser, live_server, username="olivia", name="Olivia Organizer", viewport=LAPTOP)

    # given: the organizer creates the evening's event: 8 players would get no top cut, she wants a top 4
    organizer.open(f"{live_server.url}/organize/new/")
    organizer.page.get_by_label("Name:", exact=True).fill("Friday Night Yu-Gi-Oh!")
    organizer.page.get_by_label("Starts at").fill(timezone.localtime().strftime("%Y-%m-%dT%H:%M"))
    organizer.page.get_by_label("Top cut:", exact=True).select_option(label="Top 4")
    organizer.page.get_by_role("button", name="Create the event").click()
    expect(organizer.page.locator("h1")).to_have_text("Friday Night Yu-Gi-Oh!")
    event = Event.objects.get()
    assert event.top_cut == 4
    players = {
        username: arrive(browser, live_server, username=username, name=user.get_full_name(), viewport=PHONE)
        for username, user in users.items()
    }
    run = f"{live_server.url}/events/{event.slug}/run/"

    # and: seven players entered at the counter; Duke checks himself in with the code on the screen
    organizer.open(run)
    for username in list(users)[:7]:
        organizer.page.get_by_label("Enter a player").fill(username)
        organizer.page.get_by_role("button", name="Enter", exact=True).click()
        expect(organizer.section("players")).to_contain_text(users[username].get_full_name())
    code = organizer.page.locator(".event-code").inner_text().strip()
    duke = players["duke"]
    duke.open(f"{live_server.url}/events/{event.slug}/")
    duke.page.get_by_label("Event code").fill("WRONG9")
    duke.page.get_by_role("button", name="Check in").click()
    expect(duke.section("me")).to_contain_text("not this event's code")
    duke.page.get_by_label("Event code").fill(code.lower())
    duke.page.get_by_role("button", name="Check in").click()
    expect(duke.section("me")).to_contain_text("Checked in")
    organizer.open(run)
    expect(organizer.section("players")).to_contain_text("8 entered")

    # when: three Swiss rounds; in round 2 Yugi finds his table on his phone
    _report_all_and_close(organizer, players, live_server, _pair_and_start(organizer, live_server, event, 1))
    round_2 = _pair_and_start(organizer, live_server, event, 2)
    yugi = players["yugi"]
    yugi.open(f"{live_server.url}/events/{event.slug}/pairings/?player=Yugi")
    expect(yugi.page.locator("table.pairings tbody tr")).to_have_count(1)
    expect(yugi.page.locator("table.pairings td.table-number")).to_have_text(
        str(_table_of(event, 2, users["yugi"]))
    )
    _report_all_and_close(organizer, players, live_server, round_2)
    _report_all_and_close(organizer, players, live_server, _pair_and_start(organizer, live_server, event, 3))

    standings = f"{live_server.url}/events/{event.slug}/standings/"
    yugi.open(standings)
    expect(yugi.page.locator("main")).to_contain_text("Standings after round 3")
    leader = yugi.page.locator("table.standings tbody tr").first
    expect(leader.locator("td").nth(2)).to_have_text("9")  # side A won every table: someone won all three
    expect(leader.locator("td").nth(3)).to_have_text("3-0-0")

    # then: the top 4 (seeded 1 v 4, 2 v 3) and the final, and the winner on the standings page
    semis = _pair_and_start(organizer, live_server, event, 4)
    assert semis.stage == Round.Stage.TOP
    assert semis.matches.count() == 2
    _report_all_and_close(organizer, players, live_server, semis)
    final_round = _pair_and_start(organizer, live_server, event, 5)
    final = final_round.matches.select_related("player_a").get()
    _report_all_and_close(organizer, players, live_server, final_round)

    organizer.open(run)
    expect(organizer.section("round")).to_contain_text("The event is over")
    yugi.open(standings)
    winner_row = yugi.page.locator("main table.final tr").filter(has_text="Winner")
    expect(winner_row).to_contain_text(final.player_a.get_full_name())
