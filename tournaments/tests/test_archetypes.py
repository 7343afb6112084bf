"""Registrations' archetypes: named after the player's list, corrected and merged by the event's deck staff,
suggested for unnamed lists."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from decks.tests.factories import DeckListFactory
from tournaments.models import ArchetypeChange, EventRole, Registration
from tournaments.selectors.archetypes import (
    archetype_from_list_name,
    archetype_of,
    archetype_suggestions,
    archetypes_visible_to,
)
from tournaments.services import (
    registration_create,
    registration_deck_replace,
    registration_deck_submit,
    registration_deck_submit_text,
)
from tournaments.services.archetypes import event_archetype_merge, registration_archetype_set
from tournaments.tests.factories import EventFactory, EventRoleFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db

SNAKE_EYE = "Main\n3 Ash Blossom\n3 Snake-Eye Ash\n2 Called by the Grave\n"
TENPAI = "Main\n1 Ash Blossom\n3 Tenpai Dragon Chundra\n3 Tenpai Dragon Paidra\n"


def judge_of(event):
    return EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user


def test_registering_a_named_list_names_the_archetype():
    event = EventFactory()
    player = UserFactory()
    deck_list = DeckListFactory(owner=player, name="  Snake-Eye   Fire King ")

    registration = registration_create(event=event, player=player, deck_list=deck_list)

    assert registration.archetype == "Snake-Eye Fire King"
    assert archetype_of(registration) == "Snake-Eye Fire King"


def test_a_list_named_by_arbiter_keeps_the_archetype():
    registration = RegistrationFactory()
    player = registration.player
    registration_deck_submit(
        registration=registration, deck_list=DeckListFactory(owner=player, name="Tenpai"), by=player
    )

    # Pasting a new version on the event page: Arbiter names it "<event> v1".
    registration_deck_submit_text(registration=registration, by=player, text=TENPAI)

    registration.refresh_from_db()
    assert registration.deck_list.name.endswith(" v1")
    assert registration.archetype == "Tenpai"


def test_a_list_with_only_a_generated_name_is_unnamed():
    registration = RegistrationFactory()

    registration_deck_submit_text(registration=registration, by=registration.player, text=TENPAI)

    registration.refresh_from_db()
    assert registration.archetype == ""
    assert archetype_of(registration) == "Unnamed deck"
    assert archetype_from_list_name("Locals (presented to a judge, 2)", "Locals") == ""


def test_a_staff_correction_sticks_when_the_player_registers_another_list():
    registration = RegistrationFactory()
    player = registration.player
    judge = judge_of(registration.event)
    registration_deck_submit(
        registration=registration, deck_list=DeckListFactory(owner=player, name="My cool deck"), by=player
    )

    registration_archetype_set(registration=registration, archetype="Snake-Eye", by=judge)
    registration_deck_submit(
        registration=registration, deck_list=DeckListFactory(owner=player, name="My cooler deck"), by=player
    )

    registration.refresh_from_db()
    assert registration.archetype == "Snake-Eye"
    change = ArchetypeChange.objects.get(registration=registration)
    assert (change.old_archetype, change.new_archetype, change.changed_by, change.merged) == (
        "My cool deck",
        "Snake-Eye",
        judge,
        False,
    )


def test_a_judge_replacing_the_list_as_presented_keeps_the_archetype():
    registration = RegistrationFactory()
    player = registration.player
    judge = judge_of(registration.event)
    registration_deck_submit(
        registration=registration, deck_list=DeckListFactory(owner=player, name="Tenpai"), by=player
    )

    registration_deck_replace(registration=registration, judge=judge, reason="one card short", text=TENPAI)

    registration.refresh_from_db()
    assert registration.archetype == "Tenpai"


def test_only_the_events_deck_staff_name_decks():
    registration = RegistrationFactory(archetype="Tenpai")
    playing_judge = judge_of(registration.event)
    RegistrationFactory(event=registration.event, player=playing_judge)

    for outsider in (registration.player, UserFactory(), playing_judge):
        with pytest.raises(PermissionDenied):
            registration_archetype_set(registration=registration, archetype="Snake-Eye", by=outsider)
        with pytest.raises(PermissionDenied):
            event_archetype_merge(event=registration.event, source="Tenpai", target="X", by=outsider)
    registration.refresh_from_db()
    assert registration.archetype == "Tenpai"


def test_merging_renames_every_deck_of_the_event():
    event = EventFactory()
    judge = judge_of(event)
    tenpai = RegistrationFactory.create_batch(2, event=event, archetype="Tenpai Dragon")
    other = RegistrationFactory(event=event, archetype="Tenpai")
    elsewhere = RegistrationFactory(archetype="Tenpai Dragon")

    renamed = event_archetype_merge(event=event, source="Tenpai Dragon", target="Tenpai", by=judge)

    assert renamed == 2
    assert set(Registration.objects.filter(event=event).values_list("archetype", flat=True)) == {"Tenpai"}
    elsewhere.refresh_from_db()
    assert elsewhere.archetype == "Tenpai Dragon"
    assert ArchetypeChange.objects.filter(merged=True, new_archetype="Tenpai").count() == len(tenpai)
    assert not other.archetype_changes.exists()


def test_a_merge_names_the_wrong_field():
    event = EventFactory()
    judge = judge_of(event)
    RegistrationFactory(event=event, archetype="Tenpai")

    with pytest.raises(ValidationError) as missing:
        event_archetype_merge(event=event, source="Branded", target="Tenpai", by=judge)
    assert "archetype" in missing.value.message_dict
    with pytest.raises(ValidationError) as same:
        event_archetype_merge(event=event, source="Tenpai", target=" Tenpai ", by=judge)
    assert "into" in same.value.message_dict
    with pytest.raises(ValidationError) as empty:
        event_archetype_merge(event=event, source="Tenpai", target="  ", by=judge)
    assert "into" in empty.value.message_dict


def test_unnamed_lists_get_the_archetype_of_the_most_similar_named_list():
    event = EventFactory()
    named = RegistrationFactory(event=event, archetype="Snake-Eye")
    named.deck_list = DeckListFactory(owner=named.player, text=SNAKE_EYE)
    named.save()
    tenpai = RegistrationFactory(event=event, archetype="Tenpai")
    tenpai.deck_list = DeckListFactory(owner=tenpai.player, text=TENPAI)
    tenpai.save()
    unnamed = RegistrationFactory(event=event)
    unnamed.deck_list = DeckListFactory(
        owner=unnamed.player, text="Main\n3 Ash Blossom\n3 Snake-Eye Ash\n3 Fire King Avatar Arvata\n"
    )
    unnamed.save()
    unrelated = RegistrationFactory(event=event)
    unrelated.deck_list = DeckListFactory(owner=unrelated.player, text="Main\n3 Kuriboh\n")
    unrelated.save()

    suggestions = archetype_suggestions(event)

    # Shares Ash Blossom and Snake-Eye Ash with the Snake-Eye list: 2 of 4 names.
    assert list(suggestions) == [unnamed.pk]
    assert (suggestions[unnamed.pk].archetype, suggestions[unnamed.pk].similarity) == (
        "Snake-Eye",
        Fraction(1, 2),
    )


def test_archetypes_are_as_private_as_the_lists():
    event = EventFactory()
    judge = judge_of(event)
    player = RegistrationFactory(event=event).player
    playing_judge = judge_of(event)
    RegistrationFactory(event=event, player=playing_judge)

    assert archetypes_visible_to(judge, event)
    assert not archetypes_visible_to(player, event)
    assert not archetypes_visible_to(playing_judge, event)
    event.decklists_public = True
    event.save()
    assert archetypes_visible_to(player, event)
    assert not archetypes_visible_to(AnonymousUser(), event)
