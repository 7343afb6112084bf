"""The list of every page (``tests/pages.py``) is complete, and says truly what each route is.

A new route fails here until ``PAGES`` says who opens it (a page) or ``NOT_PAGES`` says what it is instead;
each listed page answers its person with a whole HTML document, each action refuses a GET, each fragment
and download answers with no page around it.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.pages import (
    DOWNLOAD,
    NOT_PAGES,
    ORGANIZER,
    PAGES,
    POST_ONLY,
    REDIRECT,
    PageWorld,
    build_page_world,
    every_page,
)
from tests.test_access_table import url_patterns

# A fragment's own query, where it answers nothing without one.
FRAGMENT_QUERIES = {
    "event-run-search": "?name=yu",
    "ruling-card-search": "?game=yugioh&slot=attacker&attacker_name=dark",
    "card-search": "?game=yugioh&q=dark",
}


def site_routes() -> set[str]:
    """Every route's name but the API's (its own table) and the admin's (its own gate)."""
    return {
        pattern.name for route, pattern in url_patterns() if not route.startswith("api/") and pattern.name
    }


def test_every_route_is_a_listed_page_or_says_what_it_is() -> None:
    listed = {page.name for page in PAGES}
    routes = site_routes()

    assert sorted(routes - listed - set(NOT_PAGES)) == [], (
        "routes missing from tests/pages.py: add each to PAGES (who opens it, with which URL) or NOT_PAGES"
    )
    assert sorted(listed & set(NOT_PAGES)) == [], "listed both as a page and as something else"
    assert sorted((listed | set(NOT_PAGES)) - routes) == [], "listed in tests/pages.py but no such route"


def _client(username: str | None) -> Client:
    client = Client(raise_request_exception=True)
    if username is not None:
        client.force_login(User.objects.get(username=username))
    return client


def _url(world: PageWorld, name: str) -> str:
    """Any route's URL in the world, its parameters filled by their names."""
    values = {
        "slug": world.event.slug,
        "registration_id": world.registration.pk,
        "number": 2,
        "match_id": world.match.pk,
        "dispute_id": world.dispute.pk,
        "import_id": world.card_import.pk,
        "role_id": world.event.roles.order_by("pk").values_list("pk", flat=True).first(),
        "deck_list_id": world.registration.deck_list_id,
        "file_format": "ydk",
    }
    if name == "event-import-progress":
        values["import_id"] = world.event_import.pk
    pattern = next(pattern for route, pattern in url_patterns() if pattern.name == name)
    return reverse(name, kwargs={key: values[key] for key in pattern.pattern.converters})


@pytest.mark.django_db
def test_each_page_answers_its_person_with_a_page_and_each_other_route_is_what_it_says() -> None:
    world = build_page_world()
    wrong = []
    for label, username, url in every_page(world):
        response = _client(username).get(url)
        body = response.content.decode()
        if response.status_code != 200 or "<html" not in body:
            wrong.append(f"{label} as {username or 'a visitor'} at {url}: {response.status_code}, not a page")

    organizer = _client(ORGANIZER)
    for name, what in NOT_PAGES.items():
        response = organizer.get(_url(world, name) + FRAGMENT_QUERIES.get(name, ""))
        content_type = response.get("Content-Type", "")
        if what == POST_ONLY:
            ok = response.status_code == 405
        elif what == DOWNLOAD:
            ok = response.status_code == 200 and not content_type.startswith("text/html")
        elif what == REDIRECT:
            ok = response.status_code in (301, 302)
        else:  # a fragment: HTML, but no page around it
            ok = response.status_code == 200 and "<html" not in response.content.decode()
        if not ok:
            wrong.append(f"{name} is listed as {what!r} but answers a GET with {response.status_code}")
    assert wrong == []
