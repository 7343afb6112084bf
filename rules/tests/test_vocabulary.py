"""The engine's vocabulary: the builder offers exactly what the engine judges, and the words every app
takes from it (starting life, sections, the deck after a side swap, how a duel ended)."""

from __future__ import annotations

import pytest

from rules import forms, forms_mtg
from rules.engine import mtg as mtg_engine
from rules.engine import yugioh as yugioh_engine
from rules.engine.mtg import state as mtg_state
from rules.engine.vocabulary import (
    BUILDER_ACTIONS,
    DECK_SECTIONS,
    MTG,
    STARTING_LIFE,
    YUGIOH,
    deck_after_swap,
    end_reason,
)
from rules.engine.yugioh import state as yugioh_state


@pytest.mark.parametrize(
    ("game", "engine_actions", "builder"),
    [
        (YUGIOH, yugioh_engine.STATE_ACTIONS, forms.ACTIONS),
        (MTG, mtg_engine.STATE_ACTIONS, forms_mtg.ACTIONS),
    ],
)
def test_the_builder_offers_every_action_the_engine_judges_from_a_state_and_no_other(
    game, engine_actions, builder
):
    offered = [value for value, _label in BUILDER_ACTIONS[game]]

    assert sorted(offered) == sorted(engine_actions)
    assert [value for value, _label in builder] == offered


def test_a_player_whose_life_is_not_given_starts_at_the_games_starting_life():
    # Rulebook Version 10, "Life Points": 8000 each; Comprehensive Rules 103.4: 20 in a two-player game.
    duel = yugioh_state.parse_state(
        {"turn": 2, "turn_player": "A", "phase": "main1", "players": {"A": {}, "B": {}}}, None
    )
    game = mtg_state.parse_state(
        {"turn": 2, "active_player": "A", "phase": "main1", "players": {"A": {}, "B": {}}}
    )

    assert (duel.players["A"].lp, duel.players["B"].lp) == (8000, 8000) == (STARTING_LIFE[YUGIOH],) * 2
    assert (game.player("A").life, game.player("B").life) == (20, 20) == (STARTING_LIFE[MTG],) * 2


def test_yugioh_swap_puts_an_extra_deck_monster_in_the_extra_deck_and_the_rest_in_the_main_deck():
    # Rulebook Version 10, "Side Deck": Side Deck cards are exchanged with Main and Extra Deck cards; Fusion,
    # Synchro, Xyz and Link Monsters are kept in the Extra Deck.
    registered = {
        "main": [{"name": "Dark Magician", "count": 3}],
        "extra": [{"name": "Dark Paladin", "count": 1}],
        "side": [
            {"name": "Ash Blossom & Joyous Spring", "count": 3},
            {"name": "Borreload Dragon", "count": 1},
        ],
    }
    moves = {
        "in": [{"name": "ash blossom & joyous spring", "count": 2}, {"name": "Borreload Dragon", "count": 1}],
        "out": [{"name": "Dark Magician", "count": 2}, {"name": "Dark Paladin", "count": 1}],
    }

    deck, problems = deck_after_swap(
        game=YUGIOH, registered=registered, moves=moves, extra_deck_names=["Borreload Dragon"]
    )

    assert problems == []
    assert deck["main"] == [
        {"name": "Dark Magician", "count": 1},
        {"name": "Ash Blossom & Joyous Spring", "count": 2},
    ]
    assert deck["extra"] == [{"name": "Borreload Dragon", "count": 1}]
    assert {card["name"]: card["count"] for card in deck["side"]} == {
        "Ash Blossom & Joyous Spring": 1,
        "Dark Magician": 2,
        "Dark Paladin": 1,
    }


def test_a_swap_names_each_card_that_is_not_where_it_is_moved_from():
    registered = {"main": [{"name": "Lightning Bolt", "count": 4}], "side": [{"name": "Duress", "count": 2}]}
    moves = {"in": [{"name": "Negate", "count": 1}], "out": [{"name": "Counterspell", "count": 1}]}

    deck, problems = deck_after_swap(game=MTG, registered=registered, moves=moves)

    assert problems == [
        "Counterspell (out) is not in your registered Main or Extra Deck.",
        "Negate (in) is not in your registered Side Deck.",
    ]
    assert set(deck) == set(DECK_SECTIONS[MTG]) == {"main", "side"}


@pytest.mark.parametrize(
    ("game", "reason", "recorded"),
    [
        (YUGIOH, "lp", "lp"),
        (MTG, "life", "lp"),
        (YUGIOH, "deck_out", "deck_out"),
        (MTG, "empty_library", "deck_out"),
        (YUGIOH, "exodia", "card_effect"),
        (YUGIOH, "simultaneous_loss", "deck_out"),
        (MTG, "simultaneous_loss", ""),
        (YUGIOH, "no_such_reason", ""),
    ],
)
def test_how_a_duel_ended_in_a_result_sheets_words(game, reason, recorded):
    assert end_reason(game, reason) == recorded
