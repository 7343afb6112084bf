"""``manage.py demo``: a newcomer sees a running event at once, and running it again changes nothing."""

from __future__ import annotations

from collections import Counter
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command

from decks.selectors import deck_legality
from matches.models import Dispute, Match
from tournaments.models import Event, Round
from tournaments.selectors.archetypes import archetype_suggestions

pytestmark = pytest.mark.django_db


def row_counts() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def test_the_demo_is_a_running_event_with_round_two_in_progress_and_one_dispute():
    call_command("demo", stdout=StringIO())

    event = Event.objects.get(slug="friday-night-yugioh")
    registrations = event.registrations.all()
    assert registrations.count() == 12
    assert all(registration.deck_list is not None for registration in registrations)
    assert event.rounds.get(number=1).status == Round.Status.FINISHED
    assert event.rounds.get(number=2).status == Round.Status.IN_PROGRESS
    round_2 = Match.objects.filter(round__event=event, round__number=2)
    assert round_2.count() == 6
    assert round_2.filter(status=Match.Status.DISPUTED).count() == 1
    assert Dispute.objects.filter(match__round__event=event, status=Dispute.Status.OPEN).count() == 1


def test_running_the_demo_twice_changes_nothing():
    call_command("demo", stdout=StringIO())
    first = row_counts()

    call_command("demo", stdout=StringIO())

    assert row_counts() == first


def test_the_demo_says_which_logins_to_use(capsys):
    call_command("demo")

    out = capsys.readouterr().out
    assert "olivia (organizer)" in out
    assert "jude (judge)" in out
    assert "'arbiter-demo'" in out


def test_every_demo_deck_has_a_legal_number_of_cards():
    """The demo shows believable decks: 40 to 60 Main Deck cards, up to 15 Extra and 15 Side."""
    call_command("demo", stdout=StringIO())

    for registration in Event.objects.get(slug="friday-night-yugioh").registrations.select_related(
        "deck_list"
    ):
        sizes = {
            section: sum(entry["count"] for entry in entries)
            for section, entries in registration.deck_list.sections.items()
        }
        assert 40 <= sizes["main"] <= 60, registration.deck_list.name
        assert sizes.get("extra", 0) <= 15
        assert sizes.get("side", 0) <= 15


def test_the_demo_decks_are_legal_by_the_engine_with_the_real_card_data():
    """A newcomer opening the deck pages sees the judge's verdict, not 'cannot tell': every deck is built
    right. The demo has no Forbidden & Limited list to import, so the lists say they were not checked
    against one rather than "Legal"."""
    call_command("demo", stdout=StringIO())

    event = Event.objects.get(slug="friday-night-yugioh")
    rulings = {
        registration.deck_list.name: deck_legality(deck_list=registration.deck_list)
        for registration in event.registrations.select_related("deck_list")
    }
    assert set(rulings) == {"Blue-Eyes", "Dark Magician", "Dinosaurs", "Friday Night Yu-Gi-Oh! v1"}
    unchecked = "Not checked against a Forbidden & Limited list: the event has none chosen."
    for name, ruling in rulings.items():
        assert (name, ruling["violations"], ruling["unchecked"]) == (name, [], [unchecked])


def test_the_demo_decks_have_archetypes_and_one_unnamed_deck_gets_a_suggestion():
    call_command("demo", stdout=StringIO())

    event = Event.objects.get(slug="friday-night-yugioh")
    archetypes = Counter(event.registrations.values_list("archetype", flat=True))
    assert archetypes == {"Blue-Eyes": 4, "Dark Magician": 4, "Dinosaurs": 3, "": 1}
    unnamed = event.registrations.get(archetype="")
    assert archetype_suggestions(event)[unnamed.pk].archetype == "Dinosaurs"
