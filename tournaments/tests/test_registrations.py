"""Entering, checking in (with the event code), late entries, byes up front, fixed seats and drops."""

from __future__ import annotations

from typing import cast

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from tournaments.models import Event, Registration
from tournaments.services import (
    RegistrationClosed,
    event_create,
    registration_award_byes,
    registration_check_in,
    registration_create,
    registration_drop,
    registration_enter,
    registration_fix_table,
    round_pair,
    round_start,
)
from tournaments.tests.event_steps import play_round
from tournaments.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _user(name: str) -> User:
    return cast(User, UserFactory(username=name))


@pytest.fixture
def organizer() -> User:
    return _user("olivia")


@pytest.fixture
def event(organizer: User) -> Event:
    return event_create(name="Locals", game="yugioh", starts_at=timezone.now(), organizer=organizer)


def test_a_player_who_registers_online_is_not_paired_until_checked_in(event, organizer):
    online = _user("online")
    registration_enter(event=event, player=online, by=online)
    for name in ("a", "b"):
        registration_create(event=event, player=_user(name))

    round_ = round_pair(event=event, by=organizer, seed=1)

    assert Registration.objects.get(player=online).checked_in_at is None
    assert not round_.matches.filter(player_a=online).exists()
    assert not round_.matches.filter(player_b=online).exists()


def test_the_organizer_entering_a_player_checks_them_in(event, organizer):
    walk_in = _user("walkin")

    registration = registration_enter(event=event, player=walk_in, by=organizer)

    assert registration.checked_in_at is not None
    assert registration.joined_round == 1


def test_a_player_cannot_enter_someone_else(event):
    player, friend = _user("p"), _user("friend")

    with pytest.raises(PermissionDenied):
        registration_enter(event=event, player=friend, by=player)
    assert not Registration.objects.exists()


def test_a_player_checks_in_with_the_event_code_in_any_case(event):
    player = _user("p")

    registration = registration_check_in(event=event, player=player, by=player, code=event.event_code.lower())

    assert registration.checked_in_at is not None


def test_a_wrong_event_code_is_refused_on_the_code_field_and_checks_nobody_in(event):
    player = _user("p")

    with pytest.raises(ValidationError) as refused:
        registration_check_in(event=event, player=player, by=player, code="WRONG1")

    assert "code" in refused.value.message_dict
    assert not Registration.objects.filter(checked_in_at__isnull=False).exists()


def test_checking_in_after_round_one_started_is_a_late_entry(event, organizer):
    for name in ("a", "b"):
        registration_create(event=event, player=_user(name))
    round_start(round_=round_pair(event=event, by=organizer, seed=1), by=organizer)
    late = _user("late")

    registration = registration_check_in(event=event, player=late, by=late, code=event.event_code)

    assert registration.joined_round == 2


def test_byes_up_front_only_where_the_organizer_allows_them(organizer):
    strict = event_create(name="No byes", game="yugioh", starts_at=timezone.now(), organizer=organizer)
    generous = event_create(
        name="Byes", game="yugioh", starts_at=timezone.now(), organizer=organizer, byes_allowed=True
    )
    champion = _user("champ")

    with pytest.raises(ValidationError, match="does not award byes"):
        registration_award_byes(
            registration=registration_create(event=strict, player=champion), byes=1, by=organizer
        )
    registration = registration_award_byes(
        registration=registration_create(event=generous, player=champion), byes=2, by=organizer
    )
    assert registration.byes == 2


def test_a_player_awarded_a_bye_gets_it_in_round_one(organizer):
    event = event_create(
        name="Byes", game="yugioh", starts_at=timezone.now(), organizer=organizer, byes_allowed=True
    )
    champion = _user("champ")
    registration_award_byes(
        registration=registration_create(event=event, player=champion), byes=1, by=organizer
    )
    for name in ("a", "b", "c", "d"):
        registration_create(event=event, player=_user(name))

    round_ = round_pair(event=event, by=organizer, seed=1)

    assert round_.matches.get(player_a=champion).player_b is None


def test_a_kept_table_is_the_players_table(event, organizer):
    player = _user("chair")
    registration_fix_table(
        registration=registration_create(event=event, player=player), table=3, by=organizer
    )
    for name in ("a", "b", "c", "d", "e", "f", "g"):
        registration_create(event=event, player=_user(name))

    round_ = round_pair(event=event, by=organizer, seed=1)

    match = round_.matches.filter(player_a=player).first() or round_.matches.get(player_b=player)
    assert match.table == 3


def test_one_table_is_kept_for_one_player(event, organizer):
    first, second = (registration_create(event=event, player=_user(name)) for name in ("x", "y"))
    registration_fix_table(registration=first, table=1, by=organizer)

    # The refusal names the player as people know them, not by their username.
    with pytest.raises(ValidationError, match=f"already kept for {first.player.get_full_name()}"):
        registration_fix_table(registration=second, table=1, by=organizer)


def test_a_player_may_drop_themselves_but_not_a_rival(event):
    player, rival = _user("p"), _user("rival")
    registration_create(event=event, player=player)
    registration_create(event=event, player=rival)

    with pytest.raises(PermissionDenied):
        registration_drop(event=event, player=rival, by=player)
    registration = registration_drop(event=event, player=player, by=player)

    assert registration.dropped_after_round == 0


def test_nobody_enters_once_the_top_cut_has_started(organizer):
    event = event_create(
        name="Cut", game="yugioh", starts_at=timezone.now(), organizer=organizer, swiss_rounds=1, top_cut=2
    )
    for name in ("a", "b"):
        registration_create(event=event, player=_user(name))
    play_round(event, organizer, seed=1)
    round_pair(event=event, by=organizer)
    late = _user("late")

    with pytest.raises(RegistrationClosed):
        registration_check_in(event=event, player=late, by=late, code=event.event_code)


def test_event_settings_are_checked_field_by_field(organizer):
    with pytest.raises(ValidationError) as refused:
        event_create(
            name="Odd",
            game="yugioh",
            starts_at=timezone.now(),
            organizer=organizer,
            top_cut=6,
            swiss_rounds=0,
        )

    assert set(refused.value.message_dict) == {"top_cut", "swiss_rounds"}
    assert not Event.objects.exists()
