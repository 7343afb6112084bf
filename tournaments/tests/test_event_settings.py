"""An event's settings, changed by its organizers from the settings page and the API: every setting until
round 1 starts, only the name, the round time and public deck lists after; the same checks as creating."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

import pytest
from django.contrib.auth.models import Permission, User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from decks.tests.factories import BanlistFactory
from tournaments.engine.round_times import current_round_time, round_time_policies, round_time_policy
from tournaments.models import Event, EventRole
from tournaments.services import (
    EventSettingLocked,
    event_create,
    event_plan,
    event_role_grant,
    event_settings_update,
    registration_create,
    round_pair,
    round_start,
)
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _event(game: str = "yugioh") -> tuple[Event, User]:
    organizer = cast(User, UserFactory(username="olivia", first_name="Olivia", last_name="Marsh"))
    event = event_create(
        name="Friday Locals", game=game, starts_at=timezone.now() + timedelta(hours=2), organizer=organizer
    )
    return event, organizer


def _start_round_1(event: Event, organizer: User) -> None:
    for number in range(4):
        registration_create(event=event, player=cast(User, UserFactory(username=f"p{number}")))
    round_start(round_=round_pair(event=event, by=organizer, seed=1), by=organizer)


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _api(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --- The service -------------------------------------------------------------------------------------------


def test_before_round_1_every_setting_changes():
    event, organizer = _event()
    banlist = BanlistFactory(name="2025.04 TCG")
    starts = timezone.now() + timedelta(days=1)
    deadline = starts - timedelta(hours=1)

    event_settings_update(
        event=event,
        by=organizer,
        changes={
            "name": "Friday Locals (Advanced)",
            "starts_at": starts,
            "swiss_rounds": 5,
            "top_cut": 8,
            "top_cut_untimed": True,
            "round_minutes": 45,
            "end_of_round": "ygo_lp",
            "decklist_deadline": deadline,
            "byes_allowed": True,
            "banlist": banlist,
            "decklists_public": True,
        },
    )

    event.refresh_from_db()
    assert event.name == "Friday Locals (Advanced)"
    assert (event.starts_at, event.decklist_deadline) == (starts, deadline)
    assert (event.swiss_rounds, event.top_cut, event.top_cut_untimed) == (5, 8, True)
    assert (event.round_minutes, event.end_of_round, event.byes_allowed) == (45, "ygo_lp", True)
    assert event.banlist == banlist
    assert event.decklists_public is True


def test_after_round_1_starts_a_locked_setting_is_refused_naming_it_and_nothing_changes():
    event, organizer = _event()
    _start_round_1(event, organizer)

    with pytest.raises(EventSettingLocked) as refused:
        event_settings_update(event=event, by=organizer, changes={"round_minutes": 55, "top_cut": 8})

    assert refused.value.field == "top_cut"
    assert "Round 1 of Friday Locals has started: the top cut can no longer change" in str(refused.value)
    event.refresh_from_db()
    assert event.round_minutes == 50  # one transaction: the safe change (55) was not kept either


def test_after_round_1_starts_the_safe_settings_still_change():
    event, organizer = _event()
    _start_round_1(event, organizer)
    event.refresh_from_db()  # pairing round 1 fixed the Swiss rounds and the top cut
    structure = (event.swiss_rounds, event.top_cut)

    event_settings_update(
        event=event,
        by=organizer,
        # The form sends back every field: an unchanged locked one is no change, so not refused.
        changes={"name": "Friday Locals, Top 4", "round_minutes": 50, "decklists_public": True}
        | {"swiss_rounds": event.swiss_rounds, "top_cut": event.top_cut},
    )

    event.refresh_from_db()
    assert (event.name, event.round_minutes, event.decklists_public) == ("Friday Locals, Top 4", 50, True)
    assert (event.swiss_rounds, event.top_cut) == structure


def test_the_checks_are_those_of_creating_an_event():
    event, organizer = _event()
    magic_list = BanlistFactory(game="mtg", name="Modern 2024-12-16")

    with pytest.raises(ValidationError) as refused:
        event_settings_update(
            event=event,
            by=organizer,
            changes={"top_cut": 6, "end_of_round": "mtg_five_turns", "banlist": magic_list, "name": " "},
        )

    errors = refused.value.message_dict
    assert errors["top_cut"] == [
        "A top cut is one of 0, 2, 4, 8, 16, 32, 64, 128 (0: none), or empty to follow attendance."
    ]
    assert errors["end_of_round"] == [
        "“Magic: the current turn plus five more, an unfinished game is a draw” is not an end-of-round "
        "procedure for Yu-Gi-Oh! events."
    ]
    assert errors["banlist"] == [
        "Modern 2024-12-16 is a Magic: The Gathering list; this event plays Yu-Gi-Oh!."
    ]
    assert errors["name"] == ["Give the event a name: players look for it on the home page."]
    with pytest.raises(ValidationError) as created:
        event_create(
            name="Other",
            game="yugioh",
            starts_at=timezone.now(),
            organizer=organizer,
            top_cut=6,
            banlist=magic_list,
        )
    assert created.value.message_dict["top_cut"] == errors["top_cut"]
    assert created.value.message_dict["banlist"] == errors["banlist"]


def test_only_an_organizer_of_the_event_changes_its_settings():
    event, _ = _event()
    judge = cast(User, UserFactory(username="jude"))
    event_role_grant(event=event, user=judge, role=EventRole.Role.JUDGE)

    with pytest.raises(PermissionDenied):
        event_settings_update(event=event, by=judge, changes={"name": "Mine now"})


# --- The API -----------------------------------------------------------------------------------------------


def test_the_api_changes_what_is_sent_and_answers_the_settings():
    event, organizer = _event()
    banlist = BanlistFactory(name="2025.04 TCG")

    response = _api(organizer).patch(
        f"/api/v1/events/{event.slug}/", {"top_cut": 4, "banlist": banlist.pk}, format="json"
    )

    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    assert (body["top_cut"], body["banlist"], body["banlist_name"]) == (4, banlist.pk, "2025.04 TCG")
    assert body["round_minutes"] == 50  # Yu-Gi-Oh! policy 2.5, untouched by the change


def test_the_api_refuses_a_locked_setting_with_a_409_naming_the_field():
    event, organizer = _event()
    _start_round_1(event, organizer)

    response = _api(organizer).patch(f"/api/v1/events/{event.slug}/", {"swiss_rounds": 6}, format="json")

    assert response.status_code == 409
    assert response.json()["field"] == "swiss_rounds"
    assert "the number of Swiss rounds can no longer change" in response.json()["detail"]
    safe = _api(organizer).patch(f"/api/v1/events/{event.slug}/", {"round_minutes": 50}, format="json")
    assert safe.status_code == 200
    assert safe.json()["round_minutes"] == 50


def test_the_api_refuses_a_banlist_that_is_not_imported_and_anyone_but_an_organizer():
    event, organizer = _event()
    player = cast(User, UserFactory(username="yugi"))

    unknown = _api(organizer).patch(f"/api/v1/events/{event.slug}/", {"banlist": 9999}, format="json")
    not_organizer = _api(player).patch(f"/api/v1/events/{event.slug}/", {"name": "x"}, format="json")

    assert unknown.status_code == 400
    assert unknown.json() == {"banlist": ["No imported banlist has the id 9999."]}
    assert not_organizer.status_code == 403


def test_an_event_is_created_with_a_banlist_from_the_api():
    _, organizer = _event()
    organizer.user_permissions.add(Permission.objects.get(codename="add_event"))
    banlist = BanlistFactory(name="2025.04 TCG")

    response = _api(organizer).post(
        "/api/v1/events/",
        {"name": "Saturday", "game": "yugioh", "starts_at": "2030-01-04T18:00:00Z", "banlist": banlist.pk},
        format="json",
    )

    assert response.status_code == 201
    assert response.json()["banlist_name"] == "2025.04 TCG"


# --- The page ----------------------------------------------------------------------------------------------


def test_the_settings_page_changes_every_setting_before_round_1():
    event, organizer = _event()
    banlist = BanlistFactory(name="2025.04 TCG")
    BanlistFactory(game="mtg", name="Modern 2024-12-16")
    client = _client(organizer)

    page = client.get(f"/events/{event.slug}/settings/").content.decode()
    assert "2025.04 TCG" in page
    assert "Modern 2024-12-16" not in page  # the event's game filters the lists
    assert "None: not checked against a Forbidden &amp; Limited list" in page

    response = client.post(
        f"/events/{event.slug}/settings/",
        {
            "name": "Friday Locals",
            "starts_at": "2030-01-04T19:00",
            "round_minutes": "45",
            "end_of_round": "ygo_double_loss",
            "swiss_rounds": "4",
            "top_cut": "4",
            "banlist": str(banlist.pk),
            "decklists_public": "on",
        },
    )

    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/run/"
    event.refresh_from_db()
    assert (event.swiss_rounds, event.top_cut, event.round_minutes) == (4, 4, 45)
    assert event.banlist == banlist
    assert event.decklists_public is True
    assert "Change the settings" in client.get(f"/events/{event.slug}/run/").content.decode()


def test_after_round_1_the_page_shows_the_fixed_settings_read_only_and_saves_the_safe_ones():
    event, organizer = _event()
    _start_round_1(event, organizer)
    client = _client(organizer)

    page = client.get(f"/events/{event.slug}/settings/").content.decode()

    assert "Round 1 has started, so these settings stay as they are for the rest of the event" in page
    assert 'name="top_cut"' not in page
    assert 'name="round_minutes"' in page
    response = client.post(
        f"/events/{event.slug}/settings/",
        # A value for a fixed setting (a stale page, a crafted form) is ignored: it has no field.
        {"name": "Friday Locals", "round_minutes": "55", "top_cut": "8"},
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.round_minutes == 55
    assert event.top_cut != 8


def test_a_refused_setting_comes_back_under_its_field():
    event, organizer = _event()

    response = _client(organizer).post(
        f"/events/{event.slug}/settings/",
        {
            "name": "Friday Locals",
            "starts_at": "2030-01-04T19:00",
            "round_minutes": "40",
            "end_of_round": "ygo_lp",
            "swiss_rounds": "25",
        },
    )

    assert response.status_code == 400
    assert "Ensure this value is less than or equal to 20." in response.content.decode()


def test_a_judge_cannot_open_the_settings_page():
    event, _ = _event()
    judge = cast(User, UserFactory(username="jude"))
    event_role_grant(event=event, user=judge, role=EventRole.Role.JUDGE)

    assert _client(judge).get(f"/events/{event.slug}/settings/").status_code == 403


def test_the_new_event_page_offers_each_games_banlists_and_refuses_one_of_another_game():
    organizer = cast(User, UserFactory(username="sam"))
    organizer.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = _client(organizer)
    BanlistFactory(name="2025.04 TCG")
    modern = BanlistFactory(game="mtg", name="Modern 2024-12-16")

    page = client.get("/organize/new/").content.decode()
    response = client.post(
        "/organize/new/",
        {
            "name": "Friday Locals",
            "game": "yugioh",
            "starts_at": "2030-01-04T19:00",
            "round_minutes": "40",
            "banlist": str(modern.pk),
        },
    )

    assert '<optgroup label="Yu-Gi-Oh!">' in page
    assert '<optgroup label="Magic: The Gathering">' in page
    assert response.status_code == 400
    assert (
        "Modern 2024-12-16 is a Magic: The Gathering list; this event plays Yu-Gi-Oh!."
        in response.content.decode()
    )
    assert not Event.objects.exists()


# --- Round times by game and policy version ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "minutes", "policy"),
    [("mtg", 50, "mtr-appendix-b-2024"), ("yugioh", 50, "ygo-tcg-policy-2.5")],
    ids=["Magic: MTR appendix B, 50 minutes", "Yu-Gi-Oh!: Tournament Policy 2.5, 50 minutes"],
)
def test_a_new_event_takes_its_round_time_from_its_games_policy(game, minutes, policy):
    organizer = UserFactory()

    event = event_create(name="Locals", game=game, starts_at=timezone.now(), organizer=organizer)

    assert current_round_time(game).policy == policy
    assert event.round_minutes == minutes


def test_each_round_time_policy_names_its_version_and_source():
    policies = round_time_policies("yugioh") + round_time_policies("mtg")

    assert all(policy.version and policy.source and policy.title for policy in policies)
    assert round_time_policy("ygo-tcg-policy-2.4").minutes == 45  # kept: the version 2.5 replaced
    assert "2.5" in current_round_time("yugioh").version


def test_the_round_time_stays_editable_per_event_on_the_form_and_the_api():
    event, organizer = _event()

    event_settings_update(event=event, by=organizer, changes={"round_minutes": 40})
    response = _api(organizer).patch(f"/api/v1/events/{event.slug}/", {"round_minutes": 35}, format="json")
    created = _api(UserFactory(is_superuser=True)).post(
        "/api/v1/events/",
        {"name": "Draft night", "game": "mtg", "starts_at": timezone.now().isoformat(), "round_minutes": 45},
        format="json",
    )

    assert response.json()["round_minutes"] == 35
    assert created.json()["round_minutes"] == 45


def test_the_new_event_page_says_each_games_round_time_and_leaves_it_empty():
    client = Client()
    client.force_login(UserFactory(is_superuser=True))

    page = client.get("/organize/new/").content.decode()

    assert "Empty: the game&#x27;s policy, Yu-Gi-Oh! 50 minutes, Magic: The Gathering 50 minutes." in page


# --- Magic's Booster Draft playoff ------------------------------------------------------------------------


def test_a_magic_event_knows_its_playoff_is_a_booster_draft_and_plays_4_rounds_and_a_top_8():
    event, organizer = _event("mtg")
    for number in range(12):
        registration_create(event=event, player=cast(User, UserFactory(username=f"d{number}")))

    before = event_plan(event)
    event = event_settings_update(event=event, by=organizer, changes={"booster_draft_playoff": True})
    after = event_plan(event)

    assert (before.swiss_rounds, before.top_cut) == (5, 4)
    assert (after.swiss_rounds, after.top_cut) == (4, 8)


def test_a_booster_draft_playoff_is_refused_for_yugioh_and_not_offered_on_its_settings_page():
    event, organizer = _event("yugioh")

    with pytest.raises(ValidationError) as refused:
        event_settings_update(event=event, by=organizer, changes={"booster_draft_playoff": True})
    page = _client(organizer).get(f"/events/{event.slug}/settings/").content.decode()
    magic, _ = _event_named("Draft night", "mtg", organizer)
    magic_page = _client(organizer).get(f"/events/{magic.slug}/settings/").content.decode()

    assert "booster_draft_playoff" in refused.value.message_dict
    assert "Booster Draft" not in page
    assert "Booster Draft playoff (Magic Limited)" in magic_page
    assert "Single elimination from round 1, no Swiss" in magic_page


def _event_named(name: str, game: str, organizer: User) -> tuple[Event, User]:
    return event_create(name=name, game=game, starts_at=timezone.now(), organizer=organizer), organizer
