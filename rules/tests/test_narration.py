"""A ruling in words: what a player at the table reads instead of codes, ids, paths and letters."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from rules import engine
from rules.narration import OUTCOME_KEYS, Table, find_cards, ruling_in_words
from rules.services import ruling_create
from rules.tests.conftest import example
from tests.shared_files import require_shared
from tournaments.tests.factories import UserFactory

NAMES = {"A": "Yugi", "B": "Kaiba"}
# Disputes from the engine's own tests (one per kind of ruling: game, action, outcome keys, codes),
# captured once from rules/tests/engine so the narration is tried on what the engine really says.
ENGINE_DISPUTES = Path(__file__).with_name("narration_disputes.json")


def words_for(name: str, names: dict[str, str] | None = NAMES):
    dispute = example(name)["dispute"]
    return ruling_in_words(dispute, engine.judge(dispute), names)


def narrate(dispute: dict[str, Any], ruling: dict[str, Any]):
    return ruling_in_words(dispute, ruling, NAMES)


def ygo(state_players: dict[str, Any], action: dict[str, Any], **state: Any) -> dict[str, Any]:
    return {
        "format": "dispute/1",
        "game": "yugioh",
        "state": {"turn": 4, "turn_player": "A", "phase": "main1", "players": state_players, **state},
        "action": action,
    }


def monster(card_id: str, **fields: Any) -> dict[str, Any]:
    return {"id": card_id, "kind": "monster", "atk": 1000, "def": 1000, "position": "attack", **fields}


def zones(*cards: dict[str, Any] | None) -> list[dict[str, Any] | None]:
    return [*cards, *([None] * (5 - len(cards)))]


# --- The verdict -------------------------------------------------------------------------------------------


def test_the_headline_says_the_verdict_in_words():
    assert words_for("ygo-attack-atk-vs-atk").headline == "Legal"
    assert words_for("ygo-trap-same-turn").headline == "Not legal"
    unknown = narrate(ygo({}, {"type": "check_state"}), {"legal": None, "violations": []})
    assert (unknown.headline, unknown.verdict) == ("The judge needs more to decide", "unknown")


# --- What happens, one outcome key at a time -------------------------------------------------------------


def test_a_ruling_that_ends_the_duel_leads_with_its_end_not_allowed():
    """Rulebook 9.0, "Winning a Duel" (p. 28): a player unable to draw when they must loses the Duel. "Legal"
    over "Yugi cannot draw and loses the Duel" would read as the opposite of the ruling."""
    deck_out = ygo({"A": {"deck": 0}, "B": {}}, {"type": "draw", "player": "A"}, phase="draw")
    assert narrate(deck_out, engine.judge(deck_out)).headline == "Kaiba wins the duel"
    goes_on = ygo({"A": {}, "B": {}}, {"type": "check_state"})
    assert narrate(goes_on, engine.judge(goes_on)).headline == "The duel goes on"


def test_battle_damage_names_the_player_and_their_lp_before_and_after():
    words = words_for("ygo-attack-atk-vs-atk")

    assert "Yugi takes 200 battle damage: 6100 → 5900 LP." in words.what_happens
    assert "Gaia The Fierce Knight (Yugi) is destroyed and goes to the Graveyard." in words.what_happens


def test_kaiba_takes_the_damage_when_kaiba_is_player_a():
    words = words_for("ygo-attack-atk-vs-atk", {"A": "Kaiba", "B": "Yugi"})

    assert words.what_happens[0].startswith("Kaiba takes 200 battle damage")


def test_an_attack_on_a_set_monster_names_the_face_down_monster():
    words = words_for("ygo-attack-set-monster")

    assert "No one takes battle damage." in words.what_happens
    assert "Yugi's face-down monster is flipped face-up." in words.what_happens
    assert "Yugi's face-down monster is destroyed and goes to the Graveyard." in words.what_happens
    assert "The duel goes on." in words.what_happens


def test_magic_combat_damage_to_players_and_creatures_reads_in_life():
    dispute = example("mtg-blocked-creature-dies")["dispute"]
    ruling = engine.judge(dispute)
    ruling["outcome"]["damage"] = {"A": 0, "B": 3}
    ruling["outcome"]["life"] = {"A": 12, "B": 6}

    words = narrate(dispute, ruling)

    assert "Grizzly Bears (Yugi) is dealt 3 damage." in words.what_happens
    assert "Hill Giant (Kaiba) is dealt 2 damage." in words.what_happens
    assert "Kaiba takes 3 combat damage: 9 → 6 life." in words.what_happens
    assert "Grizzly Bears (Yugi) is destroyed." in words.what_happens
    assert "The game goes on." in words.what_happens


def test_the_chain_resolves_in_words_with_each_links_card():
    words = words_for("ygo-chain-order")

    assert words.what_happens[0] == (
        "The Chain resolves in this order: Chain Link 3 (Kaiba's card in Spell & Trap Zone 2), "
        "then Chain Link 2 (Yugi's card in Spell & Trap Zone 1), then Chain Link 1 (Kaiba's card in Spell & "
        "Trap Zone 1)."
    )


def test_a_negated_link_and_an_activation_s_chain_link():
    dispute = example("ygo-chain-order")["dispute"]
    outcome = {"negated": [2], "chain_link": 4, "spell_speed": 2}

    words = narrate(dispute, {"legal": True, "outcome": outcome})

    assert words.what_happens == (
        "It becomes Chain Link 4, Spell Speed 2.",
        "Chain Link 2 (Yugi's card in Spell & Trap Zone 1) is negated.",
    )


def test_discarding_and_the_next_turn():
    words = words_for("ygo-end-phase-hand")

    assert words.what_happens == ("Yugi discards 3 cards.", "Turn 8 is Kaiba's turn.")


def test_a_synchro_summon_names_the_zone_and_position():
    words = words_for("ygo-synchro")

    assert (
        "Yugi's card in the Extra Deck is Summoned to Main Monster Zone 1 in face-up Attack Position."
        in words.what_happens
    )
    assert "Yugi's monster in Monster Zone 1 and Yugi's monster in Monster Zone 2 go to the Graveyard." in (
        words.what_happens
    )


def test_a_tribute_summon_says_the_position():
    words = words_for("ygo-tribute-summon-level-6")

    assert "Summoned Skull (Yugi) is Summoned in face-up Attack Position." in words.what_happens


def test_the_extra_monster_zone_pendulum_zones_materials_and_the_zones_to_choose():
    dispute = ygo({"A": {"monster_zones": zones(monster("a1"), monster("a2"))}}, {"type": "special_summon"})
    outcome = {
        "summoned": ["a1", "a2"],
        "zones": ["m0", "emz0"],
        "attached_materials": ["a2"],
        "legal_zones": ["emz1", "m4"],
    }

    words = narrate(dispute, {"legal": True, "outcome": outcome}).what_happens

    assert words[0] == (
        "Yugi's monster in Monster Zone 1 and Yugi's monster in Monster Zone 2 are Summoned to "
        "Main Monster Zone 1 and the Extra Monster Zone (left)."
    )
    assert "Yugi's monster in Monster Zone 2 become its Xyz Materials." in words
    assert "It may go to the Extra Monster Zone (right) or Main Monster Zone 5." in words


def test_a_duel_won_on_lp_names_winner_and_loser():
    dispute = ygo({"A": {}, "B": {"lp": 0}}, {"type": "check_state"})
    ruling = engine.judge(dispute)

    words = narrate(dispute, ruling)

    assert "Yugi wins the duel: Kaiba's LP reached 0." in words.what_happens
    assert "LP now: Yugi 8000, Kaiba 0." in words.what_happens


@pytest.mark.parametrize(
    ("result", "sentence"),
    [
        (
            {"over": True, "winner": "B", "reason": "deck_out"},
            "Kaiba wins the duel: Yugi had to draw from an",
        ),
        ({"over": True, "winner": "A", "reason": "exodia"}, "Yugi wins the duel: Yugi holds all five pieces"),
        (
            {"over": True, "winner": None, "draw": True, "reason": "simultaneous_lp"},
            "The duel is a draw: both",
        ),
    ],
)
def test_every_way_a_duel_ends(result, sentence):
    words = narrate(ygo({}, {"type": "check_state"}), {"legal": True, "outcome": {"duel": result}})

    assert words.what_happens[0].startswith(sentence)


def test_a_magic_state_check_gives_the_life_totals():
    dispute = {"format": "dispute/1", "game": "mtg", "state": {}, "action": {"type": "state_check"}}

    words = narrate(dispute, {"legal": True, "outcome": {"life": {"A": 20, "B": 0}}})

    assert words.what_happens == ("Life totals now: Yugi 20, Kaiba 0.",)


def test_a_magic_game_ends_on_life_or_an_empty_library():
    dispute = example("mtg-blocked-creature-dies")["dispute"]
    for reason, sentence in (
        ("life", "Kaiba wins the game: Yugi's life total reached 0."),
        ("empty_library", "Kaiba wins the game: Yugi had to draw from an empty library."),
    ):
        outcome = {"game": {"over": True, "winner": "B", "draw": False, "reason": reason}}
        assert narrate(dispute, {"legal": True, "outcome": outcome}).what_happens == (sentence,)


def test_the_match_tally_and_who_chooses_next():
    assert words_for("ygo-match-1-1-1").what_happens == ("The match is a draw (1-1-1).",)
    assert words_for("mtg-match-next-choice").what_happens == (
        "The match goes on: Yugi 1, Kaiba 0.",
        "Kaiba chooses who goes first next.",
    )
    won = {"over": True, "winner": "B", "draw": False, "wins": {"A": 1, "B": 2}, "draws": 0}
    words = narrate(ygo({}, {"type": "match_result"}), {"legal": True, "outcome": {"match": won}})
    assert words.what_happens == ("Kaiba wins the match 2-1.",)
    coin = {"over": False, "wins": {"A": 0, "B": 0}, "draws": 1, "next_first_choice": "coin_toss"}
    words = narrate(ygo({}, {"type": "match_result"}), {"legal": True, "outcome": {"match": coin}})
    assert "A coin toss decides who goes first next." in words.what_happens


def test_a_deck_check_counts_and_a_side_swap():
    assert words_for("ygo-deck-copies").what_happens == (
        "The deck has 40 cards in the Main Deck, 0 cards in the Extra Deck and 1 card in the Side Deck.",
    )
    outcome = {"sided_in": {"Ash Blossom": 2}, "sided_out": {"Pot of Greed": 1}}
    words = narrate(ygo({}, {"type": "side_swap"}), {"legal": True, "outcome": outcome})
    assert words.what_happens == ("Sided in: Ash Blossom x2.", "Sided out: Pot of Greed x1.")


def test_drawing_from_the_deck_or_not():
    dispute = ygo({}, {"type": "draw", "player": "B"})
    drew = narrate(dispute, {"legal": True, "outcome": {"drew": True, "deck": 29}})
    empty = narrate(dispute, {"legal": True, "outcome": {"drew": False, "deck": 0}})

    assert drew.what_happens == ("Kaiba draws 1 card; 29 cards are left in the Deck.",)
    assert empty.what_happens == ("Kaiba cannot draw: the Deck is empty.",)


def test_a_replay_says_what_the_attacker_may_do():
    state = {"pending_attack": {"attacker": "a1", "target": None}}
    dispute = ygo(
        {"A": {"monster_zones": zones(monster("a1", name="Gaia"))}}, {"type": "replay", "player": "A"}
    )
    dispute["state"].update(state)
    replay = {"may_attack_again": True, "may_choose_new_target": True, "attacker_has_attacked": True}

    words = narrate(dispute, {"legal": True, "outcome": {"replay": replay}}).what_happens

    assert words[0] == "Yugi may attack again with Gaia (Yugi)."
    assert "If Yugi attacks with another monster or stops attacking, Gaia (Yugi) has attacked." in words


def test_chain_effects_extra_deck_tokens_drawn_cards_and_changed_stats():
    dispute = ygo({"A": {"monster_zones": zones(monster("a1", name="Dark Magician"), monster("t1"))}}, {})
    outcome = {
        "sent_to_extra_deck": ["a1"],
        "removed_tokens": ["t1"],
        "cards_drawn": {"A": 0, "B": 2},
        "modified": {"a1": {"atk": 2000, "def": 1000}},
    }

    words = narrate(dispute, {"legal": True, "outcome": outcome}).what_happens

    assert "Dark Magician (Yugi) goes back to the Extra Deck." in words
    assert "Yugi's monster in Monster Zone 2 is a Token: it leaves the field and is gone." in words
    assert "Kaiba draws 2 cards." in words
    assert "Dark Magician (Yugi) now has 2000 ATK and 1000 DEF." in words


def test_magic_attackers_casting_lands_cleanup_and_the_legend_rule():
    dispute = {
        "format": "dispute/1",
        "game": "mtg",
        "state": {
            "players": {
                "A": {"battlefield": [{"id": "a1", "name": "Tetsuo Umezawa"}, {"id": "a2", "name": "Tetsuo"}]}
            }
        },
        "action": {"type": "cast", "player": "A"},
    }
    outcome = {
        "attackers": ["a1"],
        "tapped": ["a1"],
        "speed": "instant",
        "stack": 2,
        "lands_played": 1,
        "discard": 0,
        "damage_removed": ["a2"],
        "legend_rule": [{"controller": "A", "name": "Tetsuo Umezawa", "keep_one_of": ["a1", "a2"]}],
    }

    words = narrate(dispute, {"legal": True, "outcome": outcome}).what_happens

    assert "Tetsuo Umezawa (Yugi) attacks." in words
    assert "Tetsuo Umezawa (Yugi) becomes tapped." in words
    assert "Yugi casts it at instant speed." in words
    assert "2 spells are on the stack." in words
    assert "Yugi has played 1 land this turn." in words
    assert "Yugi does not discard." in words
    assert "The damage marked on Tetsuo (Yugi) is removed." in words
    assert (
        "Legend rule: Yugi keeps one of Tetsuo Umezawa (Yugi) or Tetsuo (Yugi); "
        "the others go to the graveyard." in words
    )


def test_an_unknown_outcome_key_is_left_to_the_judges_panel():
    dispute = example("ygo-attack-atk-vs-atk")["dispute"]
    outcome = {"blockers": {"b1": "a1"}, "mulligan": {"A": 6}, "equipped_to": "a1", "damage": {"A": "lots"}}

    words = narrate(dispute, {"legal": True, "outcome": outcome})

    assert words.what_happens == ()
    assert '"mulligan"' in words.details["outcome"]


# --- The explanation: card ids and player letters ---------------------------------------------------------


def test_card_ids_become_labels_where_the_engine_writes_them():
    words = words_for("ygo-attack-set-monster")

    assert words.explanation == (
        "Yugi's face-down monster is face-down: it is flipped face-up in Defense Position. "
        "Kaiba's monster in Monster Zone 1 (1300 ATK) attacks Yugi's face-down monster (1200 DEF) "
        "in Defense Position: Yugi's face-down monster is destroyed. No one takes battle damage."
    )


def test_a_named_card_keeps_its_name_and_its_id_becomes_the_controller():
    words = words_for("ygo-attack-atk-vs-atk")

    assert words.explanation == (
        "Gaia The Fierce Knight (Yugi, 2300 ATK) attacks Dark Magician (Kaiba, 2500 ATK) in Attack Position: "
        "the attacker is destroyed and Yugi takes 200 battle damage."
    )
    assert words_for("ygo-trap-same-turn").explanation.startswith("Trap Hole (Yugi) was Set this turn")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A takes 200 battle damage.", "Yugi takes 200 battle damage."),
        ("B's LP reach 0: A wins the Duel.", "Kaiba's LP reach 0: Yugi wins the Duel."),
        ("A has 9 cards in hand: A discards 3.", "Yugi has 9 cards in hand: Yugi discards 3."),
        ("B lost the last game, so B chooses who plays first.", "Kaiba lost the last game, so Kaiba chooses"),
        ("Life totals after combat: A 12, B 9.", "Life totals after combat: Yugi 12, Kaiba 9."),
        ("player B is missing from the state", "player Kaiba is missing from the state"),
        (
            "turn 3 belongs to A, so the first player is A, not B",
            "turn 3 belongs to Yugi, so the first player",
        ),
        ("both players A and B are required", "both players Yugi and Kaiba are required"),
        (
            "A judge does not guess. A Fusion Summon places it.",
            "A judge does not guess. A Fusion Summon places",
        ),
        (
            "Tributing a1, b2 and card x. Card a1 (a1) is x-ray.",
            "Tributing Yugi's monster in Monster Zone 1, Kuriboh (Kaiba) and Kaiba's card in the Graveyard. "
            "Yugi's monster in Monster Zone 1 is x-ray.",
        ),
    ],
)
def test_player_letters_become_names_only_where_they_are_the_player(text, expected):
    players = {
        "A": {"monster_zones": zones(monster("a1"))},
        "B": {"monster_zones": zones(monster("b2", name="Kuriboh")), "graveyard": [{"id": "x"}]},
    }
    words = narrate(ygo(players, {"type": "check_state"}), {"legal": True, "explanation": text})

    assert words.explanation.startswith(expected)


def test_an_id_that_could_be_a_word_is_replaced_only_where_it_names_a_card():
    players = {"B": {"graveyard": [{"id": "x"}]}}
    text = "card x is an x-ray of x; ids: 'x', (x, y)."
    words = narrate(ygo(players, {}), {"legal": True, "explanation": text})

    label = "Kaiba's card in the Graveyard"
    assert words.explanation == f"{label} is an x-ray of x; ids: '{label}', ({label}, y)."


def test_default_names_are_player_a_and_player_b():
    dispute = example("ygo-attack-atk-vs-atk")["dispute"]

    words = ruling_in_words(dispute, engine.judge(dispute))

    assert "Player A takes 200 battle damage: 6100 → 5900 LP." in words.what_happens
    assert "Gaia The Fierce Knight (Player A, 2300 ATK)" in words.explanation


def test_cards_that_would_read_alike_say_where_they_are():
    players = {"A": {"monster_zones": zones(monster("a1", position="set"), monster("a2", position="set"))}}

    table = Table.of(ygo(players, {}), NAMES)

    assert table.card("a1") == "Yugi's face-down monster in Monster Zone 1"
    assert table.card("a2") == "Yugi's face-down monster in Monster Zone 2"


def test_extra_monster_zone_field_zone_and_magic_cards_are_labelled():
    dispute = ygo(
        {
            "B": {
                "field_zone": {"id": "f1", "kind": "spell"},
                "spell_trap_zones": zones({"id": "s1", "face_down": True}),
            }
        },
        {},
        extra_monster_zones=[None, monster("e1", controller="b")],
    )
    table = Table.of(dispute, NAMES)
    magic = Table.of(
        {"game": "mtg", "state": {"players": {"A": {"battlefield": [{"id": "c1", "types": ["creature"]}]}}}},
        NAMES,
    )

    assert table.card("e1") == "Kaiba's monster in the Extra Monster Zone (right)"
    assert table.card("f1") == "Kaiba's card in the Field Zone"
    assert table.card("s1") == "Kaiba's Set card"
    assert magic.card("c1") == "Yugi's creature"


# --- Problems ---------------------------------------------------------------------------------------------


def incomplete(path: str, reason: str = "must be a whole number") -> dict[str, Any]:
    message = f"The reported state cannot settle this: {reason} (field {path}). A judge does not guess."
    return {"legal": None, "violations": [{"code": "state.incomplete", "message": message, "rule": ""}]}


@pytest.mark.parametrize(
    ("path", "asked"),
    [
        ("state.step", "Say which step of the Battle Phase it is."),
        ("state.phase", "Say which phase it is."),
        ("state.turn", "Say the turn number."),
        ("state.first_player", "Say who played first."),
        ("state.players.B.lp", "Say Kaiba's LP."),
        (
            "state.players.A.monster_zones[0].placed_turn",
            "Say on which turn Yugi's monster in Monster Zone 1 was",
        ),
        ("state.players.A", "Describe Yugi's side of the game."),
        ("state.players.A.monster_zones[0].atk", "Say the ATK of Yugi's monster in Monster Zone 1."),
        (
            "state.players.B.graveyard[0].properly_summoned",
            "Say whether Kaiba's card in the Graveyard was properly Summoned.",
        ),
        ("state.chain[1].spell_speed", "Say the Spell Speed of Chain Link 2."),
        ("state.pending_attack.monsters_at_declaration.B", "List the monsters Kaiba controlled when the"),
    ],
)
def test_a_missing_field_is_asked_for_in_words(path, asked):
    players = {"A": {"monster_zones": zones(monster("a1"))}, "B": {"graveyard": [monster("g1")]}}

    words = narrate(ygo(players, {}), incomplete(path))

    assert words.problems[0].startswith(asked)


def test_a_conflicting_field_says_why_it_is_asked_for():
    reason = "turn 3 belongs to A, so the first player (who takes the odd turns) is A, not B"

    words = narrate(ygo({}, {}), incomplete("state.first_player", reason))

    assert words.problems == (
        "Say who played first: turn 3 belongs to Yugi, so the first player (who takes the odd turns) "
        "is Yugi, not Kaiba.",
    )


def test_magic_asks_for_life_and_the_step():
    dispute = example("mtg-blocked-creature-dies")["dispute"]

    assert narrate(dispute, incomplete("state.players.A.life")).problems == ("Say Yugi's life total.",)
    assert narrate(dispute, incomplete("state.step")).problems == ("Say which step it is.",)


def test_a_path_without_words_shows_the_engine_s_message_in_names():
    words = narrate(ygo({}, {}), incomplete("action.card.id", "A chooses how card a9 divides its damage"))

    assert words.problems == (
        "The reported state cannot settle this: Yugi chooses how card a9 divides its damage. "
        "A judge does not guess.",
    )


def test_a_violation_reads_without_its_code():
    words = words_for("ygo-trap-same-turn")

    assert words.problems == (
        "Trap Hole (Yugi) was Set this turn (turn 5); it can be activated from the next turn on.",
    )
    assert words.details["codes"][0]["code"] == "activation.set_this_turn"
    assert not words.explanation_adds  # the page does not say the same sentence twice


# --- The rulebook -----------------------------------------------------------------------------------------


def test_passages_quote_the_rulebook_with_their_section_and_pages():
    passage = words_for("ygo-attack-atk-vs-atk").passages[0]

    assert passage.reference == (
        "Yu-Gi-Oh! Rulebook 9.0, Monster Battle Rules, attacking a monster in Attack Position, pp. 37-39"
    )
    assert passage.quote == "o monstro atacante é destruído e enviado para o Cemitério"
    assert passage.language == "pt"
    assert passage.summary.startswith("when the attacker's ATK is lower")


def test_a_ruling_without_citations_splits_its_rules():
    words = narrate(
        ygo({}, {}), {"legal": True, "rules": ["Rulebook 9.0, Chains, p. 40: it resolves backwards"]}
    )

    assert tuple(words.passages[0])[:3] == ("Rulebook 9.0, Chains, p. 40", "", "it resolves backwards")


# --- Everything the engine says, without a stray id, letter, path or code --------------------------------

STRAY_B = re.compile(r"(?<![\w'-])B(?![\w'-])")
# "A" as the article ("A judge does not guess") is fine; as the player it is followed by these.
STRAY_A = re.compile(
    r"(?<![\w'-])A(?:'s|[,.;:)]| \d| (?:takes|has|had|chooses|wins|loses|lost|discards|draws|cannot|may|must|"
    r"is|controls|keeps|attacks|and|or)\b|$)"
)
JARGON = re.compile(r"\b(?:state|action)\.\w|\{'|\(field |\b(?:m[0-4]|emz[01])\b")


def all_disputes() -> list[dict[str, Any]]:
    examples = [
        json.loads(path.read_text(encoding="utf-8"))["dispute"]
        for path in sorted(require_shared("spec/examples").glob("*.json"))
    ]
    engine_tests: list[dict[str, Any]] = json.loads(ENGINE_DISPUTES.read_text(encoding="utf-8"))
    return examples + engine_tests


def deck_names(dispute: dict[str, Any]) -> set[str]:
    """The card names of a deck check's or side swap's lists ("Side B" is a card's name, not player B)."""
    action = dispute.get("action") or {}
    decks = [action.get(key) for key in ("deck", "before", "after")]
    return {
        str(entry["name"])
        for deck in decks
        if isinstance(deck, dict)
        for entries in deck.values()
        if isinstance(entries, list)
        for entry in entries
        if isinstance(entry, dict) and entry.get("name")
    }


def strays(dispute: dict[str, Any], ruling: dict[str, Any]) -> list[str]:
    words = ruling_in_words(dispute, ruling, NAMES)
    cards = list(find_cards(dispute))
    ids = {card.id for card in cards} | {
        m.get("id") for card in cards for m in card.data.get("materials") or []
    }
    codes = {v["code"] for v in ruling["violations"]}
    found = []
    for sentence in (*words.what_happens, words.explanation, *words.problems):
        text = sentence
        # The engine tests' builders name cards after their ids ("Creature a1"): a name is not an id.
        for name in sorted(
            {card.name for card in cards if card.name} | deck_names(dispute), key=len, reverse=True
        ):
            text = text.replace(name, "<card>")
        tokens = set(re.findall(r"[\w-]+", text))
        problems = [f"id {token}" for token in tokens & ids if any(ch.isdigit() for ch in token)]
        problems += [f"code {code}" for code in codes if code in text]
        problems += ["letter"] if STRAY_A.search(text) or STRAY_B.search(text) else []
        problems += ["jargon"] if JARGON.search(text) else []
        found += [f"{problem}: {sentence}" for problem in problems]
    return found


def test_every_example_and_engine_test_dispute_reads_without_ids_letters_or_paths():
    disputes = all_disputes()
    assert len(disputes) > 100

    found = [stray for dispute in disputes for stray in strays(dispute, engine.judge(dispute))]

    assert found == []


def test_the_words_cover_every_outcome_key_the_engine_emits():
    emitted = {key for dispute in all_disputes() for key in engine.judge(dispute).get("outcome") or {}}

    assert emitted - OUTCOME_KEYS == set()


def test_every_legal_engine_ruling_says_what_happens():
    for dispute in all_disputes():
        ruling = engine.judge(dispute)
        if ruling["legal"] and ruling.get("outcome"):
            assert ruling_in_words(dispute, ruling, NAMES).what_happens, dispute


def test_the_narration_never_changes_the_dispute_or_the_ruling():
    dispute = example("ygo-attack-set-monster")["dispute"]
    ruling = engine.judge(dispute)
    before = copy.deepcopy((dispute, ruling))

    ruling_in_words(dispute, ruling, NAMES)

    assert (dispute, ruling) == before


# --- The ruling page --------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_ruling_page_reads_in_words_and_keeps_codes_for_judges(client):
    user = UserFactory()
    client.force_login(user)
    for name in ("ygo-attack-set-monster", "ygo-trap-same-turn", "ygo-attack-atk-vs-atk"):
        ruling = ruling_create(dispute=example(name)["dispute"], requested_by=user)
        page = client.get(f"/rulings/{ruling.pk}/").content.decode()
        # What a player reads: from the verdict to the judges' panel.
        header, rest = page.split('<h1 class="verdict')
        player_part, judges_part = rest.split('<details class="for-judges">')
        # The line above the verdict says what the question was about, in words, and names no ruling id.
        assert ruling.action_type not in header.split("<main")[-1]
        assert f"Ruling {ruling.pk}" not in page

        for jargon in (r"\ba1\b", r"\bb1\b", r"state\.step", "{&#x27;A&#x27;:", "activation", "<dl"):
            assert not re.search(jargon, player_part), (name, jargon)
        if name == "ygo-trap-same-turn":
            assert "<h2>Why not</h2>" in player_part
            assert "<code>activation.set_this_turn</code>" in judges_part
        if name == "ygo-attack-set-monster":
            assert "Player A&#x27;s face-down monster is flipped face-up." in player_part
        if name == "ygo-attack-atk-vs-atk":
            assert "Player A takes 200 battle damage: 6100 → 5900 LP." in player_part


def test_a_yugioh_draw_says_card_and_a_magic_draw_carta_in_portuguese():
    """pt-BR: Yu-Gi-Oh!'s rulebooks say "card", Magic's Comprehensive Rules "carta"."""
    ygo_draw = ygo({"A": {"deck": 5}, "B": {}}, {"type": "draw", "player": "A"}, phase="draw")
    with translation.override("pt-br"):
        said = narrate(ygo_draw, engine.judge(ygo_draw)).what_happens
    assert any("Yugi compra 1 card; restam 4 cards no Deck." in sentence for sentence in said), said
