"""The deck builder's one write to the list text: one more copy of a catalog card in a section."""

from __future__ import annotations

import pytest

from decks.selectors import deck_text_with_card
from decks.tests.factories import CardFactory

pytestmark = pytest.mark.django_db


def test_a_card_added_twice_is_one_line_of_two():
    CardFactory(name="Dark Magician")

    once, _ = deck_text_with_card(game="yugioh", text="", section="main", name="Dark Magician")
    twice, problems = deck_text_with_card(game="yugioh", text=once, section="main", name="Dark Magician")

    assert problems == []
    assert "2 Dark Magician" in twice
    assert "1 Dark Magician" not in twice


def test_a_line_the_player_typed_that_is_not_a_card_stops_the_add_and_keeps_the_text():
    CardFactory(name="Dark Magician")
    typed = "Main\nthree dark magicians\n"

    text, problems = deck_text_with_card(game="yugioh", text=typed, section="main", name="Dark Magician")

    assert text == typed
    assert problems[0].message == "fix these lines before adding more cards"


def test_magic_has_no_extra_deck_and_the_message_names_the_game():
    _, problems = deck_text_with_card(game="mtg", text="", section="extra", name="Lightning Bolt")

    assert problems[0].message == "a Magic: The Gathering deck has no section 'extra'"
