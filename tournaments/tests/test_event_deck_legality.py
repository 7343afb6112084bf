"""Legality as the event's pages and API show it: under the banlist the organizer chose, never "Legal" when
a list was not checked against one; Magic lists with an unknown or a banned card; public deck lists."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from decks.models import Banlist
from decks.services import card_import
from tournaments.models import Event, EventRole, Registration
from tournaments.services import (
    event_create,
    event_role_grant,
    registration_create,
    registration_deck_submit_text,
)
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MAGIC_CARDS = [
    {"name": "Goblin Guide", "types": ["creature"], "subtypes": ["Goblin", "Scout"]},
    {"name": "Oko, Thief of Crowns", "types": ["planeswalker"], "supertypes": ["legendary"]},
    {"name": "Lightning Bolt", "types": ["instant"]},
    {"name": "Mountain", "types": ["land"], "supertypes": ["basic"]},
]
MODERN = {
    "name": "Modern 2024-12-16",
    "game": "mtg",
    "effective": "2024-12-16",
    "banned": ["Oko, Thief of Crowns"],
}


def _import(tmp_path: Path, name: str, document: object) -> None:
    path = tmp_path / name
    path.write_text(json.dumps(document))
    card_import(path=path)


def _people() -> tuple[User, User, User]:
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    ann = cast(User, UserFactory(username="ann", first_name="Ann", last_name="Abbot"))
    ben = cast(User, UserFactory(username="ben", first_name="Ben", last_name="Baker"))
    return organizer, ann, ben


def _event(organizer: User, game: str, banlist: Banlist | None = None) -> Event:
    return event_create(
        name="Saturday Modern" if game == "mtg" else "Friday Locals",
        game=game,
        starts_at=timezone.now() + timedelta(days=1),
        organizer=organizer,
        banlist=banlist,
    )


def _register(event: Event, player: User, text: str) -> Registration:
    registration = registration_create(event=event, player=player)
    return registration_deck_submit_text(registration=registration, by=player, text=text)


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _judge(event: Event) -> User:
    judge = cast(User, UserFactory(username="jude", first_name="Jude", last_name="Okafor"))
    event_role_grant(event=event, user=judge, role=EventRole.Role.JUDGE)
    return judge


def test_oko_in_modern_is_not_legal_on_the_judges_page_and_the_players_own(tmp_path: Path):
    """The format's banned list (CR 100.5): the organizer chose Modern, and Oko is banned there."""
    _import(tmp_path, "cards.json", MAGIC_CARDS)
    _import(tmp_path, "modern.json", MODERN)
    organizer, ann, _ = _people()
    event = _event(organizer, "mtg", Banlist.objects.get(name="Modern 2024-12-16"))
    _register(event, ann, "4 Oko, Thief of Crowns\n4 Lightning Bolt\n52 Mountain\n")

    judges_page = _client(_judge(event)).get(f"/events/{event.slug}/decklists/").content.decode()
    anns_page = _client(ann).get(f"/events/{event.slug}/").content.decode()

    for page in (judges_page, anns_page):
        assert "Not legal" in page
        assert "Line 1: Oko, Thief of Crowns is banned, and the deck has 4." in page
        assert ">Legal<" not in page


def test_a_magic_card_the_catalog_does_not_know_is_not_legal_naming_the_card_and_its_line(tmp_path: Path):
    """CR 100.2 (100.2a today): "Gobbo Guid" is no Magic card. Registered while the store had no Magic card
    data, it was "Legal"; it is now unchecked until the cards are imported, then not legal, on its line."""
    organizer, ann, _ = _people()
    event = _event(organizer, "mtg")
    _register(event, ann, "Deck\n4 Lightning Bolt\n4 Gobbo Guid\n52 Mountain\n")
    judge = _client(_judge(event))

    before = judge.get(f"/events/{event.slug}/decklists/").content.decode()
    _import(tmp_path, "cards.json", MAGIC_CARDS)
    after = judge.get(f"/events/{event.slug}/decklists/").content.decode()
    api = APIClient()
    api.force_authenticate(ann)
    legality = api.get(f"/api/v1/events/{event.slug}/registrations/me/deck/").json()["legality"]

    assert ">Legal<" not in before
    assert "Card names not checked: the card catalog has no Magic: The Gathering cards yet" in before
    assert "Not legal" in after
    assert (
        "Line 3: Gobbo Guid (in the deck) is not a Magic card: the card catalog has no card of that name"
        in after
    )
    assert legality["legal"] is False
    assert legality["violations"][0]["code"] == "mtg.deck.unknown_card"
    assert legality["violations"][0]["line"] == 3
    assert "100.2" in legality["violations"][0]["rule"]


def test_without_a_banlist_no_page_or_answer_says_legal(tmp_path: Path):
    _import(tmp_path, "cards.json", MAGIC_CARDS)
    organizer, ann, _ = _people()
    event = _event(organizer, "mtg")
    _register(event, ann, "4 Goblin Guide\n4 Lightning Bolt\n52 Mountain\n")
    judge = _judge(event)
    api = APIClient()
    api.force_authenticate(judge)

    page = _client(judge).get(f"/events/{event.slug}/decklists/").content.decode()
    rows = api.get(f"/api/v1/events/{event.slug}/decklists/").json()

    assert ">Legal<" not in page
    assert "Not checked against a format&#x27;s banned list" in page
    assert rows[0]["legal"] is None
    assert rows[0]["unchecked"] == ["Not checked against a format's banned list: the event has none chosen."]
    # Chosen from the settings, the same list is legal under it.
    _import(tmp_path, "modern.json", MODERN)
    modern = Banlist.objects.get(name="Modern 2024-12-16")
    settings = {"name": event.name, "starts_at": "2030-01-04T13:00", "round_minutes": "50"}
    settings |= {"end_of_round": "mtg_five_turns", "banlist": str(modern.pk)}
    assert _client(organizer).post(f"/events/{event.slug}/settings/", settings).status_code == 302
    assert api.get(f"/api/v1/events/{event.slug}/decklists/").json()[0]["legal"] is True
    assert ">Legal<" in _client(judge).get(f"/events/{event.slug}/decklists/").content.decode()


def test_a_yugioh_event_without_a_banlist_says_not_checked_against_a_forbidden_and_limited_list():
    organizer, ann, _ = _people()
    event = _event(organizer, "yugioh")
    _register(event, ann, "Main\n3 Dark Magician\n37 Pot of Greed\n")

    page = _client(_judge(event)).get(f"/events/{event.slug}/decklists/").content.decode()

    assert "not checked against a Forbidden &amp; Limited list" in page
    assert ">Legal<" not in page


def test_a_player_reads_the_other_lists_once_the_organizer_makes_them_public():
    organizer, ann, ben = _people()
    event = _event(organizer, "yugioh")
    _register(event, ann, "Main\n3 Dark Magician\n37 Pot of Greed\n")
    _register(event, ben, "Main\n3 Blue-Eyes White Dragon\n37 Pot of Greed\n")
    anns_browser = _client(ann)
    anns_program = APIClient()
    anns_program.force_authenticate(ann)

    page_before = anns_browser.get(f"/events/{event.slug}/decklists/")
    api_before = anns_program.get(f"/api/v1/events/{event.slug}/decklists/")
    settings = {"name": event.name, "starts_at": "2030-01-04T19:00", "round_minutes": "40"}
    settings |= {"end_of_round": "ygo_double_loss", "decklists_public": "on"}
    assert _client(organizer).post(f"/events/{event.slug}/settings/", settings).status_code == 302
    page_after = anns_browser.get(f"/events/{event.slug}/decklists/")
    api_after = anns_program.get(f"/api/v1/events/{event.slug}/decklists/")
    event_page = anns_browser.get(f"/events/{event.slug}/").content.decode()

    assert page_before.status_code == 403
    assert api_before.status_code == 403
    assert "not public" in api_before.json()["detail"]
    assert page_after.status_code == 200
    text = page_after.content.decode()
    assert "Ben Baker" in text
    assert "3 Blue-Eyes White Dragon" in text
    assert "Replace list" not in text  # read-only: the judges' tools stay theirs
    assert "Export CSV" not in text
    assert api_after.status_code == 200
    assert {row["player"] for row in api_after.json()} == {"ann", "ben"}
    assert "Every player's deck list" in event_page
