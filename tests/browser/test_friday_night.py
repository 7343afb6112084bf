"""Issue 14's Friday night, from a fresh install, with no request to the admin and no shell.

Store staff create a Yu-Gi-Oh! event with a banlist and a top 4 and add a judge; eight players are entered
at the counter by typing their names (two walk-ins without accounts); one drops before round 1 and is
brought back; two players are swapped before the start; three Swiss rounds are reported from the players'
phones, by the organizer for the walk-in who has no account, and from the phone of the walk-in who claimed
their record; then the top cut, to the winner.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone
from playwright.sync_api import expect

from decks.tests.factories import BanlistFactory
from matches.models import Match
from tests.browser.match_steps import LAPTOP, PHONE, Person, arrive
from tournaments.models import Event, EventRole, Round
from tournaments.tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WITH_ACCOUNTS = [
    ("yugi", "Yugi", "Muto"),
    ("kaiba", "Seto", "Kaiba"),
    ("joey", "Joey", "Wheeler"),
    ("mai", "Mai", "Valentine"),
    ("tristan", "Tristan", "Taylor"),
    ("bakura", "Ryou", "Bakura"),
]
WALK_INS = ["Rex Raptor", "Weevil Underwood"]


class Admin:
    """Every request the people made, to check that none went to the admin."""

    def __init__(self) -> None:
        self.requests: list[str] = []

    def watch(self, person: Person) -> Person:
        person.page.on("request", lambda request: self.requests.append(request.url))
        return person


def enter_at_counter(organizer: Person, typed: str, expected_name: str) -> None:
    field = organizer.page.get_by_label("Enter a player")
    field.fill(typed)
    field.press("Enter")
    expect(organizer.section("players")).to_contain_text(f"{expected_name} is entered and checked in.")
    # The field is empty again and keeps the focus: the next name is typed at once.
    expect(organizer.page.get_by_label("Enter a player")).to_be_focused()
    expect(organizer.page.get_by_label("Enter a player")).to_have_value("")


def report_on_phone(person: Person, live_server: Any, match: Match, winner: str) -> None:
    person.open(f"{live_server.url}/matches/{match.pk}/")
    reports = person.section("reports")
    reports.get_by_label(f"Duels won by {winner}").fill("2")
    reports.get_by_role("button", name=f"{winner} won the match").click()
    expect(person.section("reports")).to_contain_text(f"{person.name} reports")


def enter_as_organizer(organizer: Person, live_server: Any, match: Match, winner: str) -> None:
    organizer.open(f"{live_server.url}/matches/{match.pk}/")
    judging = organizer.section("judging")
    judging.get_by_label("Result").select_option(label=f"{winner} wins")
    assert match.player_b is not None
    side_a, side_b = match.player_a.get_full_name(), match.player_b.get_full_name()
    judging.get_by_label(f"{side_a} won").fill("2" if winner == side_a else "0")
    judging.get_by_label(f"{side_b} won").fill("0" if winner == side_a else "2")
    judging.get_by_label("Why (the players see this)").fill("Walk-in without a phone: result from the slip")
    judging.get_by_role("button", name="Save the result").click()
    expect(organizer.section("judging")).to_contain_text(f"{winner} wins 2-0 (final)")


def play_round(
    organizer: Person,
    phones: dict[int, Person],
    live_server: Any,
    event: Event,
    number: int,
    *,
    paired: bool = False,
) -> Round:
    """Pair (unless it is) and start the round, report every table (side A wins 2-0), close it."""
    run = f"{live_server.url}/events/{event.slug}/run/"
    organizer.open(run)
    if not paired:
        organizer.page.get_by_role(
            "button", name=re.compile(rf"^Pair (round {number}|the top cut \(round {number}\))$")
        ).click()
    organizer.page.get_by_role("button", name=f"Start round {number}").click()
    expect(organizer.page.get_by_role("button", name=f"Close round {number}")).to_be_visible()
    round_ = Round.objects.get(event=event, number=number)
    for match in round_.matches.filter(player_b__isnull=False).select_related("player_a", "player_b"):
        winner = match.player_a.get_full_name()
        at_table = [phones[player] for player in (match.player_a_id, match.player_b_id) if player in phones]
        if len(at_table) == 2:
            for person in at_table:
                report_on_phone(person, live_server, match, winner)
        else:
            enter_as_organizer(organizer, live_server, match, winner)
        assert Match.objects.get(pk=match.pk).status == Match.Status.FINAL
    organizer.open(run)
    organizer.page.get_by_role("button", name=f"Close round {number}").click()
    expect(organizer.page.get_by_role("button", name=f"Close round {number}")).to_have_count(0)
    return round_


def test_a_friday_night_from_a_fresh_install_with_walk_ins_and_no_admin(live_server, browser):
    watched = Admin()
    # The store's account made at install; every other account is made on the site's pages or at the counter.
    owner = UserFactory(username="olivia", first_name="Olivia", last_name="Marsh")
    owner.user_permissions.add(
        Permission.objects.get(codename="add_event", content_type__app_label="tournaments")
    )
    UserFactory(username="jude", first_name="Jude", last_name="Okafor")
    BanlistFactory(game="yugioh", name="2025.04 TCG")
    accounts = {
        username: UserFactory(username=username, first_name=first, last_name=last)
        for username, first, last in WITH_ACCOUNTS
    }
    organizer = watched.watch(
        arrive(browser, live_server, username="olivia", name="Olivia Marsh", viewport=LAPTOP)
    )

    # The event, its banlist and a top 4.
    organizer.open(f"{live_server.url}/organize/new/")
    organizer.page.get_by_label("Name:", exact=True).fill("Friday Night Yu-Gi-Oh!")
    organizer.page.get_by_label("Starts at").fill(timezone.localtime().strftime("%Y-%m-%dT%H:%M"))
    organizer.page.get_by_label("Format and banlist").select_option(label="2025.04 TCG")
    organizer.page.get_by_label("Top cut:", exact=True).select_option(label="Top 4")
    organizer.page.get_by_role("button", name="Create the event").click()
    expect(organizer.page.locator("h1")).to_have_text("Friday Night Yu-Gi-Oh!")
    event = Event.objects.get()
    assert (event.top_cut, event.banlist.name if event.banlist else None) == (4, "2025.04 TCG")

    # A judge, from the event's staff page.
    organizer.page.get_by_role("link", name="Judges and organizers").click()
    organizer.page.get_by_label("Name or username").fill("Jude Okafor")
    organizer.page.get_by_role("button", name="Add").click()
    expect(organizer.page.locator("main")).to_contain_text("Jude Okafor is a judge of Friday Night Yu-Gi-Oh!")
    assert EventRole.objects.filter(event=event, user__username="jude", role="judge").exists()

    # Eight players typed at the counter: six by name (one chosen from the suggestions), two walk-ins.
    run = f"{live_server.url}/events/{event.slug}/run/"
    organizer.open(run)
    field = organizer.page.get_by_label("Enter a player")
    field.fill("Seto")
    suggestion = organizer.page.get_by_role("button", name=re.compile("^Enter Seto Kaiba"))
    expect(suggestion).to_be_visible()
    suggestion.click()
    expect(organizer.section("players")).to_contain_text("Seto Kaiba is entered and checked in.")
    for username, first, last in WITH_ACCOUNTS:
        if username != "kaiba":
            enter_at_counter(organizer, f"{first} {last}", f"{first} {last}")
    for name in WALK_INS:
        enter_at_counter(organizer, name, name)
    expect(organizer.section("players")).to_contain_text("8 entered")
    walk_ins = {name: event.registrations.get(player__first_name=name.split()[0]).player for name in WALK_INS}
    assert not any(user.has_usable_password() for user in walk_ins.values())

    # Mai drops before round 1 (by mistake) and is brought back.
    mai_row = organizer.page.locator("li.player-row").filter(has_text="Mai Valentine")
    organizer.page.once("dialog", lambda dialog: dialog.accept())
    mai_row.get_by_role("button", name="Drop").click()
    mai_row = organizer.page.locator("li.player-row").filter(has_text="Mai Valentine")
    expect(mai_row).to_contain_text("dropped")
    mai_row.get_by_role("button", name="Undo the drop").click()
    expect(organizer.page.locator("li.player-row").filter(has_text="Mai Valentine")).to_contain_text(
        "checked in"
    )

    # Round 1 paired; two players swapped between tables before the start.
    organizer.page.get_by_role("button", name="Pair round 1").click()
    preview = organizer.page.locator("section#pairings-before-start")
    expect(preview).to_contain_text("Round 1 pairings, before the start")
    round_1 = Round.objects.get(event=event, number=1)
    table_1, table_2 = round_1.matches.order_by("table")[:2]
    moving = f"Table 1: {table_1.player_a.get_full_name()}"
    other = f"Table 2: {table_2.player_a.get_full_name()}"
    preview.get_by_label("Swap").select_option(label=moving)
    preview.get_by_label("with").select_option(label=other)
    preview.get_by_role("button", name="Swap them").click()
    expect(organizer.page.locator("main")).to_contain_text("swapped tables in round 1")
    assert Match.objects.get(pk=table_1.pk).player_a_id == table_2.player_a_id

    # The players' phones; Weevil has no account, and Rex claims his record after round 1.
    phones: dict[int, Person] = {
        user.pk: watched.watch(
            arrive(browser, live_server, username=username, name=user.get_full_name(), viewport=PHONE)
        )
        for username, user in accounts.items()
    }
    organizer.open(run)
    play_round(organizer, phones, live_server, event, 1, paired=True)
    rex = walk_ins["Rex Raptor"]
    code = rex.player.claim_code
    rex_phone = browser.new_context(viewport=PHONE).new_page()
    rex_phone.on("request", lambda request: watched.requests.append(request.url))
    rex_phone.goto(f"{live_server.url}/login/")
    rex_phone.get_by_role("link", name="Claim your record").click()
    rex_phone.get_by_label("Code on your match slip").fill(code)
    rex_phone.get_by_label("Choose a username").fill("rex")
    rex_phone.get_by_label("Choose a password").fill(PASSWORD)
    rex_phone.get_by_label("The password again").fill(PASSWORD)
    rex_phone.get_by_role("button", name="Claim my record").click()
    expect(rex_phone.locator("main")).to_contain_text("The record is yours, Rex Raptor: you are signed in.")
    phones[rex.pk] = Person(name="Rex Raptor", context=rex_phone.context, page=rex_phone)

    play_round(organizer, phones, live_server, event, 2)
    play_round(organizer, phones, live_server, event, 3)

    # The top 4 and the final.
    semis = play_round(organizer, phones, live_server, event, 4)
    assert semis.stage == Round.Stage.TOP
    final_round = play_round(organizer, phones, live_server, event, 5)
    winner = final_round.matches.select_related("player_a").get().player_a.get_full_name()
    organizer.open(run)
    expect(organizer.section("round")).to_contain_text("The event is over")
    organizer.open(f"{live_server.url}/events/{event.slug}/standings/")
    expect(organizer.page.locator("main table.final tr").filter(has_text="Winner")).to_contain_text(winner)

    assert watched.requests, "the pages were watched"
    assert not [url for url in watched.requests if "/admin/" in url]
