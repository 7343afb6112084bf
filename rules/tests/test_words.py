"""The judge pages translate the engine's action names: the same actions, the same English words."""

from __future__ import annotations

from django.utils import translation

from rules.engine.vocabulary import BUILDER_ACTIONS
from rules.words import ACTION_LABELS


def test_the_translated_actions_are_the_engines_actions_in_its_order_and_words():
    with translation.override("en"):
        translated = {
            game: [(value, str(label)) for value, label in actions] for game, actions in ACTION_LABELS.items()
        }

    assert translated == {game: list(actions) for game, actions in BUILDER_ACTIONS.items()}
