"""At the table, on a phone: a player describes an attack and reads the judge's ruling."""

from __future__ import annotations

import json

import pytest

from tests.browser.accessibility import axe_violations
from tests.shared_files import require_shared
from tournaments.tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, username: str) -> None:
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")


def test_a_player_describes_an_attack_in_the_form_and_reads_the_ruling(live_server, page):
    UserFactory(username="joey")
    log_in(page, live_server, "joey")

    page.get_by_role("link", name="Ask the judge").click()
    page.get_by_role("link", name="Something else").click()  # the full builder, beyond the situations
    page.get_by_label("Turn", exact=True).fill("5")
    page.get_by_label("Phase").select_option("battle")
    page.get_by_label("Battle step").select_option("battle")
    # No match: the players are "Player A" and "Player B"; the cards are rows, and nobody types an id.
    page.get_by_label("Player A's LP").fill("6100")
    page.get_by_label("Player B's LP").fill("4000")
    first, second = page.locator("details.card-row").nth(0), page.locator("details.card-row").nth(1)
    second.locator("summary").click()
    assert page.get_by_label("Id", exact=True).count() == 0
    for row, values in (
        (first, {"player": "Player A", "zone": "m0", "name": "Gaia The Fierce Knight", "atk": "2300"}),
        (second, {"player": "Player B", "zone": "m1", "name": "Dark Magician", "atk": "2500"}),
    ):
        row.get_by_label("Player").select_option(label=values["player"])
        row.get_by_label("Zone").select_option(values["zone"])
        row.get_by_label("Name").fill(values["name"])
        row.get_by_label("Kind").select_option("monster")
        row.get_by_label("Frame").select_option("normal")
        row.get_by_label("Level / Rank / Link").fill("7")
        row.get_by_label("ATK").fill(values["atk"])
        row.get_by_label("DEF").fill("2100")
        row.get_by_label("Position").select_option("attack")
        row.get_by_label("Placed on turn").fill("3")
    page.get_by_label("What is disputed").select_option("attack")
    page.get_by_label("Acting player").select_option(label="Player A")
    # The rows are named as their cards' names are typed, and the action lists them so.
    assert second.locator("summary").inner_text() == "Card 2: Dark Magician"
    page.get_by_label("The card", exact=True).select_option(label="Card 1: Gaia The Fierce Knight")
    page.get_by_label("Target", exact=True).select_option(label="Card 2: Dark Magician")
    page.get_by_role("button", name="Get the ruling").click()

    assert page.get_by_role("heading", level=1).inner_text() == "Legal"
    happens = page.get_by_role("heading", name="What happens").locator("..").inner_text()
    assert "Player A takes 200 battle damage: 6100 → 5900 LP." in happens
    assert "Gaia The Fierce Knight (Player A) is destroyed and goes to the Graveyard." in happens
    assert "a1" not in happens
    assert page.locator("ul.passages li").count() >= 1
    # The raw outcome is for judges, in the closed panel.
    judges = page.locator("details.for-judges")
    assert not judges.locator("pre.outcome").is_visible()
    judges.locator("summary").click()
    assert '"a1"' in judges.locator("pre.outcome").inner_text()


def test_a_judge_pastes_a_dispute_and_sees_why_it_is_illegal(live_server, page):
    UserFactory(username="jude")
    dispute = json.loads(require_shared("spec/examples/ygo-trap-same-turn.json").read_text())["dispute"]
    log_in(page, live_server, "jude")

    page.goto(f"{live_server.url}/rulings/new/?mode=json")
    page.get_by_label("Dispute (JSON)").fill(json.dumps(dispute))
    page.get_by_role("button", name="Get the ruling").click()

    assert page.get_by_role("heading", level=1).inner_text() == "Not legal"
    why_not = page.get_by_role("heading", name="Why not").locator("..").inner_text()
    assert "Trap Hole (Player A) was Set this turn (turn 5)" in why_not
    assert "activation.set_this_turn" not in why_not
    judges = page.locator("details.for-judges")
    judges.locator("summary").click()
    assert "activation.set_this_turn" in judges.locator("ul.codes").inner_text()


def test_a_defending_player_declares_blockers_in_the_magic_form(live_server, page):
    """Comprehensive Rules 309.1 and 502.4b from the Magic builder: a Wall blocks a ground attacker, the
    flyer goes unblocked; the new fields (attacking, subtypes, blocks) pass axe-core."""
    UserFactory(username="kaya")
    log_in(page, live_server, "kaya")

    page.goto(f"{live_server.url}/rulings/new/?game=mtg&mode=build")
    assert axe_violations(page) == []
    page.get_by_label("Turn", exact=True).fill("5")
    page.get_by_label("Active player").select_option("A")
    page.get_by_label("Phase").select_option("combat")
    page.get_by_label("Step").select_option("declare_blockers")
    rows = page.locator("details.card-row")
    for index, values in enumerate(
        (
            {"id": "a1", "controller": "A", "name": "Hill Giant", "attacking": True},
            {"id": "a2", "controller": "A", "name": "Serra Angel", "attacking": True, "flying": True},
            {"id": "b1", "controller": "B", "name": "Wall of Stone", "subtypes": "Wall"},
        )
    ):
        row = rows.nth(index)
        if index:
            row.locator("summary").click()
        row.get_by_label("Id", exact=True).fill(values["id"])
        row.get_by_label("Name").fill(values["name"])
        row.get_by_label("Controller").select_option(values["controller"])
        row.get_by_label("Creature").check()
        row.get_by_label("Power").fill("3")
        row.get_by_label("Toughness").fill("3")
        row.get_by_label("Entered on turn").fill("1")
        if values.get("attacking"):
            row.get_by_label("Tapped").check()
            row.get_by_label("Attacking").check()
        if values.get("flying"):
            row.get_by_label("Flying").check()
        if values.get("subtypes"):
            row.get_by_label("Subtypes").fill(values["subtypes"])
    page.get_by_label("What is disputed").select_option("declare_blockers")
    page.get_by_label("Acting player").select_option("B")
    page.get_by_label("Blockers: who blocks which attacker").fill("a1: b1")
    page.get_by_role("button", name="Get the ruling").click()

    assert page.get_by_role("heading", level=1).inner_text() == "Legal"
    body = page.locator("main").inner_text()
    assert "Walls cannot attack, but they may block" in body
    assert "Serra Angel (Player A) is unblocked" in body
