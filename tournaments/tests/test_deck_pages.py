"""The deck pages: a player's "My deck" on the event page, the judges' lists with exports, deck checks."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from decks.tests.factories import (
    BanlistEntryFactory,
    BanlistFactory,
    CardFactory,
    CardPrintingFactory,
    DeckListFactory,
)
from matches.tests.factories import MatchFactory
from tournaments.models import DeckCheck, EventRole
from tournaments.services import registration_deck_replace
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_registered_player_pastes_a_list_and_sees_it_registered_with_its_legality(client):
    registration = RegistrationFactory()
    client.force_login(registration.player)
    url = f"/events/{registration.event.slug}/"

    response = client.post(f"{url}deck/", {"text": "Main\n3 Kuriboh\nSide\n1 Nibiru\n"}, follow=True)

    page = response.content.decode()
    assert "Your deck list is registered." in page
    assert "Main 3" in page
    assert "Not legal" in page
    assert "The Main Deck has 3 cards" in page  # the engine's own message
    registration.refresh_from_db()
    assert registration.deck_list.sections["side"] == [{"name": "Nibiru", "count": 1}]


def test_bad_lines_come_back_on_the_page_and_nothing_is_registered(client):
    CardFactory(name="Kuriboh")
    registration = RegistrationFactory()
    client.force_login(registration.player)

    response = client.post(f"/events/{registration.event.slug}/deck/", {"text": "3 Kuribo\n"})

    assert response.status_code == 400
    assert "line 1: the catalog has no card named &#x27;Kuribo&#x27;" in response.content.decode()
    assert "Did you mean &#x27;Kuriboh&#x27;" in response.content.decode()
    registration.refresh_from_db()
    assert registration.deck_list is None


def test_a_ydk_upload_is_registered(client):
    CardPrintingFactory(code="40640057", card__name="Kuriboh")
    registration = RegistrationFactory()
    client.force_login(registration.player)

    client.post(
        f"/events/{registration.event.slug}/deck/",
        {"ydk": SimpleUploadedFile("deck.ydk", b"#main\n40640057\n40640057\n#extra\n!side\n")},
    )

    registration.refresh_from_db()
    assert registration.deck_list.sections["main"] == [{"name": "Kuriboh", "count": 2}]


def test_after_the_deadline_the_section_shows_the_lock_and_the_judges_reason(client):
    registration = RegistrationFactory(deck_list=DeckListFactory())
    event = registration.event
    event.decklist_deadline = timezone.now() - timedelta(hours=1)
    event.save(update_fields=["decklist_deadline"])
    judge = EventRoleFactory(event=event, user=UserFactory(first_name="Jude", last_name="Okafor")).user

    registration_deck_replace(
        registration=registration, judge=judge, reason="Wrong list handed in", text="3 A"
    )
    client.force_login(registration.player)

    page = client.get(f"/events/{event.slug}/").content.decode()
    late = client.post(f"/events/{event.slug}/deck/", {"text": "3 B"})

    assert "Locked" in page
    assert "Changed by judge Jude Okafor" in page
    assert "Wrong list handed in" in page
    assert "Register my deck list" not in page
    assert late.status_code == 409


def test_judges_export_every_list_as_csv_and_text(client):
    registration = RegistrationFactory(
        player=UserFactory(first_name="Yugi", last_name="Muto"),
        deck_list=DeckListFactory(text="Main\n3 Dark Magician\n2 Kuriboh\nSide\n1 Nibiru\n"),
    )
    RegistrationFactory(event=registration.event, player=UserFactory(first_name="Joey", last_name="Wheeler"))
    judge = EventRoleFactory(event=registration.event).user
    slug = registration.event.slug
    client.force_login(judge)

    rows = list(csv.reader(io.StringIO(client.get(f"/events/{slug}/decklists.csv").content.decode())))
    text = client.get(f"/events/{slug}/decklists.txt").content.decode()
    page = client.get(f"/events/{slug}/decklists/").content.decode()

    assert rows == [
        ["player", "section", "count", "card"],
        ["Yugi Muto", "main", "3", "Dark Magician"],
        ["Yugi Muto", "main", "2", "Kuriboh"],
        ["Yugi Muto", "side", "1", "Nibiru"],
    ]
    assert "== Yugi Muto - " in text
    assert "Main\n3 Dark Magician\n2 Kuriboh\nSide\n1 Nibiru\n" in text
    assert "== Joey Wheeler ==\n(no deck list)" in text
    assert "Export CSV" in page
    assert "No deck list" in page


def test_the_deck_list_pages_are_for_the_events_staff_only(client):
    registration = RegistrationFactory(deck_list=DeckListFactory())
    client.force_login(registration.player)

    assert client.get(f"/events/{registration.event.slug}/decklists/").status_code == 403
    assert client.get(f"/events/{registration.event.slug}/decklists.csv").status_code == 403
    assert "Deck lists</a>" not in client.get(f"/events/{registration.event.slug}/").content.decode()


def test_a_judge_picks_deck_checks_with_a_seed_and_sees_mismatches_highlighted(client):
    round_ = RoundFactory()
    match = MatchFactory(round=round_, table=4)
    for player in (match.player_a, match.player_b):
        RegistrationFactory(event=round_.event, player=player, deck_list=DeckListFactory(owner=player))
    judge = EventRoleFactory(event=round_.event, role=EventRole.Role.JUDGE).user
    client.force_login(judge)
    url = f"/events/{round_.event.slug}/rounds/1/deck-checks/"

    event_page = client.get(f"/events/{round_.event.slug}/").content.decode()
    picked = client.post(url, {"action": "random", "count": "1", "seed": "table-luck"}, follow=True)
    check = DeckCheck.objects.filter(registration__player=match.player_a).get()
    recorded = client.post(
        url, {"action": "record", "deck_check": check.pk, "main": "2", "extra": "0", "side": "0"}
    )
    page = client.get(url).content.decode()

    assert "Deck checks, round 1" in event_page
    assert "seed table-luck" in picked.content.decode()
    assert recorded.status_code == 302
    assert "<code>table-luck</code>" in page
    assert "Counts differ" in page
    assert 'class="mismatch error-text"' in page


def test_a_deck_check_count_that_is_not_a_number_is_refused_naming_the_field_and_records_nothing(client):
    round_ = RoundFactory()
    match = MatchFactory(round=round_, table=4)
    for player in (match.player_a, match.player_b):
        RegistrationFactory(event=round_.event, player=player, deck_list=DeckListFactory(owner=player))
    client.force_login(EventRoleFactory(event=round_.event, role=EventRole.Role.JUDGE).user)
    url = f"/events/{round_.event.slug}/rounds/1/deck-checks/"

    picked = client.post(url, {"action": "random", "count": "two"})
    client.post(url, {"action": "hand", "match": match.pk})
    check = DeckCheck.objects.filter(registration__player=match.player_a).get()
    recorded = client.post(url, {"action": "record", "deck_check": check.pk, "main": "forty", "side": "0"})

    assert picked.status_code == 400
    assert "Matches: Enter a whole number." in picked.content.decode()  # the field as the page labels it
    assert recorded.status_code == 400
    assert "Main: Enter a whole number." in recorded.content.decode()
    check.refresh_from_db()
    assert check.presented is None


def test_the_staff_deck_lists_page_reads_the_banlist_once_whatever_the_number_of_players(
    client,
):
    """A regional's deck lists page must not cost a banlist query per player."""
    banlist = BanlistFactory()
    BanlistEntryFactory(banlist=banlist, card=CardFactory(name="Pot of Greed"), status="forbidden")
    event = RegistrationFactory(event__banlist=banlist).event
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    client.force_login(judge)

    def queries_for_the_page() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/events/{event.slug}/decklists/").status_code == 200
        return len(captured)

    for registration in event.registrations.all():
        registration.deck_list = DeckListFactory(owner=registration.player, text="Main\n1 Pot of Greed\n")
        registration.save(update_fields=["deck_list"])
    few = queries_for_the_page()
    for _ in range(4):
        player = UserFactory()
        same_cards = DeckListFactory(owner=player, text="Main\n1 Pot of Greed\n")
        RegistrationFactory(event=event, player=player, deck_list=same_cards)
    many = queries_for_the_page()

    assert many == few
