"""The first browser test: a player logs in on a phone and sees the store's events."""

from __future__ import annotations

import pytest

from tournaments.models import Event
from tournaments.tests.factories import PASSWORD, EventFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_logs_in_and_sees_the_home_page(live_server, page):
    UserFactory(username="yugi", first_name="Yugi")
    EventFactory(name="Friday Night Yu-Gi-Oh!", status=Event.Status.RUNNING)

    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill("yugi")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.wait_for_url(f"{live_server.url}/")
    assert page.get_by_role("heading", name="Running now").is_visible()
    assert page.get_by_role("link", name="Friday Night Yu-Gi-Oh!").is_visible()
    assert page.get_by_role("button", name="Log out yugi").is_visible()


def test_a_wrong_password_is_told_plainly(live_server, page):
    UserFactory(username="kaiba")

    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("kaiba")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()

    assert page.get_by_role("alert").inner_text() == (
        "Your username and password didn't match. Please try again."
    )
