"""The Yu-Gi-Oh! situations as a player fills them: each builds a dispute the engine rules as the rulebook
says, and a form missing what the ruling needs names the field."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from rules import engine
from rules.situations.yugioh import (
    EXODIA,
    Attack,
    ChainOrder,
    DeckOut,
    Exodia,
    FirstDraw,
    HandSize,
    MatchTally,
    Replay,
    SetThisTurn,
    SpecialSummon,
    SpellSpeed,
    TributeSummon,
)

NAMES = {"A": "Yugi", "B": "Kaiba"}
CATALOG: dict[str, dict[str, Any]] = {
    "Dark Magician": {"name": "Dark Magician", "kind": "monster", "level": 7, "atk": 2500, "def": 2100},
    "Trap Hole": {"name": "Trap Hole", "kind": "trap", "icon": "normal"},
    "Pot of Greed": {"name": "Pot of Greed", "kind": "spell", "icon": "normal"},
    "Mirror Force": {"name": "Mirror Force", "kind": "trap", "icon": "normal"},
}


# What the page posts for the fields shown already filled in (both players' LP).
SHOWN = {"lp_attacker": "8000", "lp_defender": "8000"}


def ruled(form_class: type, data: dict[str, Any]) -> dict[str, Any]:
    form = form_class({**SHOWN, **data}, names=NAMES, lookup=CATALOG.get)
    assert form.is_valid(), form.errors
    return engine.judge(form.dispute())


def test_an_attack_on_a_face_down_monster_flips_it_and_compares_its_def():
    """Rulebook 9.0, Monster Battle Rules, attacking a face-down card (p. 37)."""
    ruling = ruled(
        Attack, {"player": "A", "attacker_name": "Dark Magician", "target_kind": "set", "target_def": "2000"}
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["flipped"] == ["b1"]
    assert ruling["outcome"]["destroyed"] == ["b1"]
    assert ruling["outcome"]["damage"] == {"A": 0, "B": 0}


def test_the_catalog_fills_the_attackers_atk_and_a_missing_def_is_named():
    form = Attack(
        {**SHOWN, "player": "A", "attacker_name": "Dark Magician", "target_kind": "defense"},
        lookup=CATALOG.get,
    )

    assert not form.is_valid()
    assert list(form.errors) == ["target_def"]
    assert form.cleaned_data["attacker_atk"] == 2500


def test_piercing_damage_is_asked_not_assumed():
    """Rulebook 9.0, piercing: the defending player takes the difference only when the effect says so."""
    attack = {"player": "A", "attacker_atk": "2500", "target_kind": "defense", "target_def": "1000"}

    plain = ruled(Attack, attack)
    piercing = ruled(Attack, {**attack, "piercing": "on"})

    assert plain["outcome"]["damage"]["B"] == 0
    assert piercing["outcome"]["damage"]["B"] == 1500


def test_no_attack_on_the_first_turn():
    """Rulebook 9.0: the player who goes first cannot attack on their first turn."""
    ruling = ruled(
        Attack, {"player": "B", "attacker_atk": "1000", "target_kind": "direct", "first_turn": "on"}
    )

    assert ruling["legal"] is False
    assert ruling["violations"][0]["code"] == "battle.first_turn"


@pytest.mark.parametrize(
    ("change", "replay"), [("left", True), ("replaced", True), ("arrived", True), ("same", False)]
)
def test_a_replay_follows_the_monsters_changing_not_their_count(change: str, replay: bool):
    """Rulebook 9.0, Replay: the target leaving is a replay even when another monster takes its place."""
    ruling = ruled(Replay, {"player": "A", "attacker_atk": "1800", "change": change})

    assert ruling["legal"] is replay


def test_a_trap_set_this_turn_cannot_be_activated():
    """Rulebook v10: a Set Trap Card can be activated from the next turn on."""
    ruling = ruled(
        SetThisTurn, {"player": "A", "card_name": "Trap Hole", "set_this_turn": "on", "whose_turn": "B"}
    )

    assert ruling["violations"][0]["code"] == "activation.set_this_turn"


def test_a_normal_spell_cannot_answer_a_trap():
    """Rulebook 9.0, Spell Speed: a Spell Speed 1 card cannot be chained to a Spell Speed 2 one."""
    ruling = ruled(
        SpellSpeed,
        {"player": "A", "first_name": "Mirror Force", "responder": "B", "response_name": "Pot of Greed"},
    )

    assert ruling["legal"] is False


def test_the_chain_resolves_last_link_first():
    """Rulebook 9.0, How a Chain works: from the last Chain Link to the first."""
    ruling = ruled(
        ChainOrder,
        {"link1_name": "X", "link1_kind": "trap:normal", "link2_name": "Y", "link2_kind": "spell:quick-play"},
    )

    assert ruling["outcome"]["resolution_order"] == [2, 1]


def test_a_level_6_monster_takes_one_tribute():
    """Rulebook v10, Tribute Summon: Level 5 and 6 take 1 Tribute."""
    skull = {"player": "A", "card_level": "6", "frame": "normal", "how": "normal_summon"}
    two = ruled(TributeSummon, {**skull, "tributes": "2"})
    one = ruled(TributeSummon, {**skull, "tributes": "1"})

    assert two["violations"][0]["code"] == "summon.tribute_count"
    assert one["legal"] is True


def test_a_synchro_monster_may_use_a_main_monster_zone_only_under_the_2020_rules():
    """The 2020 revision (dispute format) against Rulebook Version 10's Extra Monster Zone rule."""
    synchro = {"player": "A", "method": "synchro", "card_level": "8", "materials": "2, 6", "tuners": "1"}

    current = ruled(SpecialSummon, {**synchro, "zone": "main", "revision": "2020"})
    version_10 = ruled(SpecialSummon, {**synchro, "zone": "main", "revision": "v10"})

    assert current["legal"] is True
    assert version_10["violations"][0]["code"] == "summon.wrong_zone"


def test_a_synchro_summon_asks_how_many_tuners():
    form = SpecialSummon(
        {"player": "A", "method": "synchro", "card_level": "8", "materials": "2, 6", "zone": "main"}
    )

    assert not form.is_valid()
    assert "tuners" in form.errors


def test_hand_size_first_draw_deck_out_exodia_and_tally():
    assert ruled(HandSize, {"player": "A", "hand": "9"})["outcome"]["discard"] == 3
    assert ruled(FirstDraw, {"player": "A", "turn": "1"})["violations"][0]["code"] == "draw.first_turn"
    assert ruled(DeckOut, {"player": "B", "deck": "0"})["outcome"]["duel"]["winner"] == "A"
    assert ruled(Exodia, {"player": "A", "pieces": list(EXODIA)})["outcome"]["duel"]["winner"] == "A"
    tally = ruled(MatchTally, {"duel1": "A", "duel2": "draw", "duel3": "B"})
    assert tally["outcome"]["match"]["draw"] is True


def test_a_monster_not_in_the_card_list_says_which_kind_it_is():
    """Rulebook v10: a Ritual Monster cannot be Normal Summoned, so the kind decides; it is asked."""
    form = TributeSummon(
        {"player": "A", "card_name": "Homebrew", "card_level": "4", "how": "normal_summon", "tributes": "0"}
    )

    assert not form.is_valid()
    assert "frame" in form.errors
    ritual = ruled(
        TributeSummon,
        {"player": "A", "card_level": "4", "frame": "ritual", "how": "normal_summon", "tributes": "0"},
    )
    assert ritual["legal"] is False


@pytest.mark.parametrize(
    ("language", "link", "card_name"),
    [
        ("en", "Chain Link 1", "Card name"),
        ("pt-br", "Elo de Corrente 1", "Nome do card"),  # Yu-Gi-Oh! in Brazil says "card"
        ("es", "Eslabón de Cadena 1", "Nombre de la carta"),
    ],
)
def test_the_chain_links_and_the_card_words_read_in_the_readers_language(language, link, card_name):
    """The slots' legends are translated when the page is drawn, not once when the module is imported."""
    with translation.override(language):
        form = ChainOrder(names=NAMES)
        legends = [str(section.slot.legend) for section in form.sections() if section.slot is not None]
        assert legends == [link, link.replace("1", "2"), link.replace("1", "3")]
        assert str(form.fields["link1_name"].label) == card_name
