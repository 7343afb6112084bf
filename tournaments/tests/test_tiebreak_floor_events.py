"""Magic's tiebreaker floor by the event's structure table (issue 19): new events floor at 0.33, events on
``mtr-appendix-e-2024-r2`` and older keep the 1/3 their standings were shown with, and the pages, the API,
the CSV and the export all agree."""

from __future__ import annotations

import copy
import csv
import io
from typing import Any, cast

import pytest
from django.contrib.auth.models import Permission, User

from tests.api_clients import client_for
from tournaments.engine.standings import compute
from tournaments.models import Event
from tournaments.replay_export import event_replay
from tournaments.selectors.standings import event_standings_document
from tournaments.services import event_import
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import UserFactory
from tournaments.tests.test_tiebreak_floor import FLOORS_DISAGREE

pytestmark = pytest.mark.django_db

R2 = "mtr-appendix-e-2024-r2"
R3 = "mtr-appendix-e-2024-r3"
NAMES = {"X": "Xavier Stone", "Y": "Yara Lind"}


def _replay(**extra: Any) -> dict[str, Any]:
    """The event where the floors order X and Y differently, with names a page shows."""
    document: dict[str, Any] = copy.deepcopy(FLOORS_DISAGREE) | extra
    for player in document["players"]:
        player["name"] = NAMES.get(player["id"], f"Player {player['id']}")
    return document


def _organizer() -> User:
    return cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))


def _page_order(client: Any, event: Event) -> list[str]:
    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    return sorted(NAMES.values(), key=page.index)


def _api_order(client: Any, event: Event) -> list[str]:
    rows = client.get(f"/api/v1/events/{event.slug}/standings/").json()["standings"]
    return [row["player"] for row in rows if row["player"] in NAMES]


def test_a_new_magic_event_is_on_the_r3_table_and_exports_the_0_33_floor():
    event, organizer, _ = event_with_players(4, game="mtg")
    play_round(event, organizer)

    assert event.structure_table == R3
    assert event_replay(event)["tiebreak_floor"] == "0.33"


def test_a_yugioh_export_has_no_floor():
    event, organizer, _ = event_with_players(4)
    play_round(event, organizer)

    assert "tiebreak_floor" not in event_replay(event)


def test_an_event_on_the_r3_table_shows_the_0_33_order_on_the_page_the_api_and_the_csv(client):
    organizer = _organizer()
    event = event_import(document=_replay(), name="Modern Monday", organizer=organizer)
    client.force_login(organizer)

    assert event.structure_table == R3
    assert _page_order(client, event) == ["Yara Lind", "Xavier Stone"]
    assert _api_order(client, event) == ["Y", "X"]
    response = client.get(f"/events/{event.slug}/export/standings.csv")
    rows = {
        row["name"]: row for row in csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff")))
    }
    assert rows["Xavier Stone"]["omw"] == "0.4983"
    assert rows["Yara Lind"]["omw"] == "0.5"


def test_a_finished_event_on_the_r2_table_still_shows_its_one_third_order(client):
    """An event created before issue 19 is on r2: its standings are those it was shown with."""
    organizer = _organizer()
    event = event_import(document=_replay(), name="Modern Monday", organizer=organizer)
    Event.objects.filter(pk=event.pk).update(structure_table=R2)  # as it was created, before r3
    event.refresh_from_db()
    client.force_login(organizer)

    assert _page_order(client, event) == ["Xavier Stone", "Yara Lind"]
    assert _api_order(client, event) == ["X", "Y"]
    assert event_standings_document(event) == compute(_replay(tiebreak_floor="1/3"))


@pytest.mark.parametrize(("floor", "table"), [("1/3", R2), ("0.33", R3)])
def test_an_export_imported_again_keeps_the_floor_and_the_standings(floor, table):
    organizer = _organizer()
    first = event_import(document=_replay(tiebreak_floor=floor), name="Modern Monday", organizer=organizer)

    export = event_replay(first)
    again = event_import(document=export, name="Modern Monday (copy)", organizer=organizer)

    assert first.structure_table == again.structure_table == table
    assert export["tiebreak_floor"] == floor
    assert event_standings_document(again) == event_standings_document(first)
    assert event_standings_document(first) == compute(_replay(tiebreak_floor=floor))


def test_an_import_with_another_floor_is_a_400_naming_the_key_in_the_readers_language():
    organizer = _organizer()
    organizer.user_permissions.add(Permission.objects.get(codename="add_event"))

    response = client_for(organizer).post(
        "/api/v1/events/import/",
        {"name": "Modern Monday", "replay": _replay(tiebreak_floor="0.3")},
        format="json",
        headers={"accept-language": "pt-BR"},
    )

    assert response.status_code == 400
    assert response.json()["replay"] == [
        {
            "path": "tiebreak_floor",
            "message": "mínimo de desempate desconhecido '0.3': esperado '0.33' ou '1/3'",
        }
    ]
    assert not Event.objects.exists()
