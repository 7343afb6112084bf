"""Registering deck lists at an event (deadline, judge replacements, history) and deck checks."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from decks.tests.factories import DeckListFactory
from matches.tests.factories import MatchFactory
from tournaments.models import DeckCheck, EventRole
from tournaments.services import (
    DeckCheckConflict,
    DeckListLocked,
    deck_check_pick,
    deck_check_pick_random,
    deck_check_record,
    registration_deck_replace,
    registration_deck_submit,
    registration_deck_submit_text,
)
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, RoundFactory, UserFactory

pytestmark = pytest.mark.django_db


def past_deadline(registration):
    registration.event.decklist_deadline = timezone.now() - timedelta(minutes=1)
    registration.event.save(update_fields=["decklist_deadline"])


def test_a_player_registers_and_replaces_their_list_before_the_deadline():
    registration = RegistrationFactory()
    registration.event.decklist_deadline = timezone.now() + timedelta(hours=1)
    registration.event.save(update_fields=["decklist_deadline"])
    first, second = DeckListFactory.create_batch(2, owner=registration.player)

    registration_deck_submit(registration=registration, deck_list=first, by=registration.player)
    registration_deck_submit(registration=registration, deck_list=second, by=registration.player)

    registration.refresh_from_db()
    assert registration.deck_list == second
    history = list(registration.deck_changes.order_by("pk"))
    assert [(c.old_deck_list, c.new_deck_list, c.reason) for c in history] == [
        (None, first, ""),
        (first, second, ""),
    ]


def test_after_the_deadline_the_players_list_is_locked():
    registration = RegistrationFactory()
    past_deadline(registration)
    prepared = DeckListFactory(owner=registration.player)

    with pytest.raises(DeckListLocked, match="locked"):
        registration_deck_submit(registration=registration, deck_list=prepared, by=registration.player)
    with pytest.raises(DeckListLocked):
        registration_deck_submit_text(
            registration=registration, by=registration.player, text="3 Dark Magician"
        )

    registration.refresh_from_db()
    assert registration.deck_list is None
    assert list(registration.player.deck_lists.all()) == [prepared]  # the pasted list was not saved


def test_only_the_player_submits_their_own_list():
    registration = RegistrationFactory()
    stranger = UserFactory()

    with pytest.raises(PermissionDenied):
        registration_deck_submit(
            registration=registration, deck_list=DeckListFactory(owner=stranger), by=stranger
        )
    with pytest.raises(ValidationError):
        registration_deck_submit(
            registration=registration, deck_list=DeckListFactory(owner=stranger), by=registration.player
        )


def test_a_judge_replaces_a_locked_list_with_a_reason_kept_in_the_history():
    original = DeckListFactory()
    registration = RegistrationFactory(player=original.owner, deck_list=original)
    past_deadline(registration)
    judge = EventRoleFactory(event=registration.event, role=EventRole.Role.JUDGE).user

    registration_deck_replace(
        registration=registration, judge=judge, reason="Typo: 3 copies, not 2", text="Main\n2 Dark Magician\n"
    )

    registration.refresh_from_db()
    assert registration.deck_list.owner == registration.player
    assert registration.deck_list.sections["main"] == [{"name": "Dark Magician", "count": 2}]
    change = registration.deck_changes.get()
    assert (change.old_deck_list, change.changed_by, change.reason) == (
        original,
        judge,
        "Typo: 3 copies, not 2",
    )


def test_a_replacement_needs_a_reason_and_a_judge_of_the_event():
    registration = RegistrationFactory(deck_list=DeckListFactory())
    judge = EventRoleFactory(event=registration.event).user
    judge_elsewhere = EventRoleFactory().user
    new_list = DeckListFactory(owner=registration.player)

    with pytest.raises(ValidationError):
        registration_deck_replace(registration=registration, judge=judge, reason="  ", deck_list=new_list)
    with pytest.raises(PermissionDenied):
        registration_deck_replace(
            registration=registration, judge=judge_elsewhere, reason="x", deck_list=new_list
        )
    assert not registration.deck_changes.exists()


def a_round_with_tables(tables: int):
    round_ = RoundFactory()
    for table in range(1, tables + 1):
        match = MatchFactory(round=round_, table=table)
        for player in (match.player_a, match.player_b):
            RegistrationFactory(event=round_.event, player=player, deck_list=DeckListFactory(owner=player))
    bye = MatchFactory(round=round_, table=None, player_b=None, status="final", result="bye")
    RegistrationFactory(event=round_.event, player=bye.player_a)
    judge = EventRoleFactory(event=round_.event).user
    return round_, judge


def picked_tables(checks):
    return sorted({check.match.table for check in checks})


def test_a_random_pick_is_the_same_for_the_same_seed_and_differs_for_another():
    round_, judge = a_round_with_tables(10)
    other_round, other_judge = a_round_with_tables(10)

    first = deck_check_pick_random(round_=round_, count=3, seed="friday-42", judge=judge)
    replay = deck_check_pick_random(round_=other_round, count=3, seed="friday-42", judge=other_judge)
    DeckCheck.objects.filter(round=other_round).delete()
    other_seed = deck_check_pick_random(round_=other_round, count=3, seed="saturday-7", judge=other_judge)

    assert len(first) == 6  # both players of each of three matches
    assert {check.seed for check in first} == {"friday-42"}
    assert picked_tables(first) == picked_tables(replay)
    assert picked_tables(other_seed) != picked_tables(first)
    assert all(check.match.player_b_id is not None for check in first)  # byes are never picked


def test_a_pick_without_a_seed_draws_and_records_one_and_byes_are_left_out():
    round_, judge = a_round_with_tables(2)

    checks = deck_check_pick_random(round_=round_, count=5, seed=None, judge=judge)

    assert len(checks) == 4
    assert checks[0].seed
    with pytest.raises(DeckCheckConflict):
        deck_check_pick(match=round_.matches.get(player_b=None), judge=judge)
    with pytest.raises(PermissionDenied):
        deck_check_pick_random(round_=round_, count=1, seed="1", judge=UserFactory())


def test_recording_presented_counts_lists_each_section_that_differs():
    round_, judge = a_round_with_tables(1)
    match = round_.matches.get(table=1)
    registration = round_.event.registrations.get(player=match.player_a)
    registration.deck_list = DeckListFactory(
        owner=match.player_a, text="Main\n3 A\n3 B\nExtra\n2 C\nSide\n3 D\n"
    )
    registration.save(update_fields=["deck_list"])
    check, _ = deck_check_pick(match=match, judge=judge)

    recorded = deck_check_record(deck_check=check, presented={"main": 6, "extra": 1, "side": 4}, judge=judge)

    assert recorded.presented == {"main": 6, "extra": 1, "side": 4}
    assert recorded.mismatches == [
        {"section": "extra", "registered": 2, "presented": 1},
        {"section": "side", "registered": 3, "presented": 4},
    ]
    assert recorded.checked_at is not None
    matching = deck_check_record(deck_check=check, presented={"main": 6, "extra": 2, "side": 3}, judge=judge)
    assert matching.mismatches == []
