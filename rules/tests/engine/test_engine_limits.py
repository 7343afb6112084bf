"""A dispute is bounded by the game it reports (``rules.engine.limits``): a list no real game or deck reaches
is a located ``DisputeError`` (a 400), found before the state or the decks are parsed; at the bound itself
the engine still rules, so an illegal deck gets its ruling, not a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import DisputeError, judge
from rules.engine.limits import (
    BANLIST_NAMES,
    MTG_LIST_ITEMS,
    MTG_STATE_CARDS,
    YGO_PLAYER_CARDS,
    YGO_STATE_CARDS,
)


def hand(size: int, prefix: str = "a") -> list[dict[str, Any]]:
    return [
        {"id": f"{prefix}{i}", "name": "Kuriboh", "kind": "monster", "frame": "effect"} for i in range(size)
    ]


def ygo_state(**player_a: Any) -> dict[str, Any]:
    return {"turn": 1, "turn_player": "A", "phase": "main1", "players": {"A": player_a, "B": {}}}


def refused(dispute: dict[str, Any]) -> DisputeError:
    with pytest.raises(DisputeError) as caught:
        judge(dispute)
    return caught.value


def test_the_bounds_are_the_rulebooks_deck_sizes():
    """Rulebook v10, Things you need to Duel: Main Deck up to 60, Extra and Side Deck up to 15 each; the
    field holds at most 2 x 5 Main Monster Zones and 2 Extra Monster Zones of tokens."""
    assert YGO_PLAYER_CARDS == 60 + 15 + 15
    assert YGO_STATE_CARDS == 2 * 90 + 12


def test_a_forty_thousand_card_hand_is_refused_naming_the_hand():
    error = refused(
        {"game": "yugioh", "state": ygo_state(hand=hand(40_000)), "action": {"type": "check_state"}}
    )

    assert error.path == "$.state.players.A.hand"
    assert "has 40000 items; at most 90" in error.message
    assert "Rulebook v10" in error.message


def test_a_hand_of_a_whole_deck_is_still_ruled_on():
    ruling = judge({"game": "yugioh", "state": ygo_state(hand=hand(90)), "action": {"type": "check_state"}})

    assert ruling["legal"] is True


def test_more_cards_than_two_players_own_is_refused_even_in_short_lists():
    state = ygo_state(hand=hand(90), graveyard=hand(90, "g"), banished=hand(20, "x"))

    error = refused({"game": "yugioh", "state": state, "action": {"type": "check_state"}})

    assert error.path == "$.state"
    assert f"describes 200 cards; at most {YGO_STATE_CARDS}" in error.message


def test_nested_material_lists_are_bounded_too():
    xyz = {"id": "x1", "name": "Xyz", "kind": "monster", "frame": "xyz", "materials": hand(91, "m")}
    state = ygo_state(monster_zones=[xyz, None, None, None, None])

    error = refused({"game": "yugioh", "state": state, "action": {"type": "check_state"}})

    assert error.path == "$.state.players.A.monster_zones[0].materials"


def entries(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Card {i}", "count": 1, "kind": "spell"} for i in range(count)]


def test_a_deck_list_longer_than_a_players_cards_is_refused_before_it_is_read():
    error = refused({"game": "yugioh", "action": {"type": "deck_check", "deck": {"main": entries(4_000)}}})

    assert error.path == "$.action.deck.main"


def test_a_too_large_but_real_deck_gets_the_rulebooks_ruling_not_a_refusal():
    """Rulebook v10: the Main Deck is 40 to 60 cards; 90 cards under Main is a deck.main_size ruling."""
    ruling = judge({"game": "yugioh", "action": {"type": "deck_check", "deck": {"main": entries(90)}}})

    assert ruling["legal"] is False
    assert ruling["violations"][0]["code"] == "deck.main_size"


def test_a_side_swap_presenting_thousands_of_entries_names_the_section():
    registered = {"main": entries(40), "side": []}

    error = refused(
        {
            "game": "yugioh",
            "action": {"type": "side_swap", "before": registered, "after": {"main": entries(20_000)}},
        }
    )

    assert error.path == "$.action.after.main"


def test_magic_has_no_deck_maximum_so_its_bound_is_generous_but_there():
    """Comprehensive Rules 100.4: no maximum deck size; 500 lines is still no real deck."""
    deck = {"main": [{"name": f"Card {i}", "count": 1} for i in range(MTG_LIST_ITEMS)]}
    ruled = judge({"game": "mtg", "action": {"type": "deck_check", "deck": deck}})
    deck["main"].append({"name": "One more", "count": 1})

    error = refused({"game": "mtg", "action": {"type": "deck_check", "deck": deck}})

    assert ruled["legal"] is True
    assert error.path == "$.action.deck.main"
    assert "100.4" in error.message


def test_a_magic_battlefield_of_more_cards_than_any_game_is_refused():
    creatures = [{"id": f"c{i}", "name": "Token", "types": ["creature"]} for i in range(MTG_LIST_ITEMS)]
    state = {
        "players": {"A": {"battlefield": creatures, "graveyard": creatures[:1]}, "B": {"battlefield": []}}
    }
    state["players"]["B"]["battlefield"] = [dict(c, id=f"d{i}") for i, c in enumerate(creatures)]

    error = refused({"game": "mtg", "state": state, "action": {"type": "check_state"}})

    assert error.path == "$.state"
    assert f"at most {MTG_STATE_CARDS}" in error.message


def test_a_banlist_of_more_names_than_any_banlist_is_refused():
    banlist = {"forbidden": [f"Card {i}" for i in range(BANLIST_NAMES + 1)]}

    error = refused(
        {
            "game": "yugioh",
            "action": {"type": "deck_check", "deck": {"main": entries(40)}, "banlist": banlist},
        }
    )

    assert error.path == "$.action.banlist.forbidden"


def test_an_action_naming_more_cards_than_the_state_can_hold_is_refused():
    action = {
        "type": "normal_summon",
        "player": "A",
        "card": "a1",
        "tributes": [f"t{i}" for i in range(10_000)],
    }

    error = refused({"game": "yugioh", "state": ygo_state(hand=hand(1)), "action": action})

    assert error.path == "$.action.tributes"
