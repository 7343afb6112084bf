"""``deck_check`` and ``side_swap`` (Rulebook v10, Things you need to Duel; Rulebook 9.0, Forbidden and
Limited)."""

from __future__ import annotations

from typing import Any

from rules.engine import InMemoryCatalog, judge
from rules.tests.engine.ygo_builders import cites, code


def entry(name: str, count: int = 1, kind: str = "monster", frame: str | None = "normal") -> dict[str, Any]:
    card = {"name": name, "count": count, "kind": kind}
    if frame is not None:
        card["frame"] = frame
    return card


def main(n: int = 40) -> list[dict[str, Any]]:
    """``n`` cards in distinct playsets of 3."""
    return [entry(f"Card {i}", min(3, n - 3 * i)) for i in range((n + 2) // 3)]


def check(deck: dict[str, Any], **extra) -> dict[str, Any]:
    return judge({"game": "yugioh", "action": {"type": "deck_check", "deck": deck, **extra}})


def test_a_legal_forty_card_deck():
    """Rulebook v10: 40 to 60 cards, up to 15 Extra, up to 15 Side."""
    ruling = check(
        {"main": main(40), "extra": [entry("Fusion X", 2, frame="fusion")], "side": [entry("Side Y", 3)]}
    )

    assert ruling["legal"] is True
    assert ruling["outcome"]["deck"] == {"legal": True, "counts": {"main": 40, "extra": 2, "side": 3}}


def test_main_deck_size():
    """Rulebook v10: the Deck must be 40 to 60 cards."""
    assert code(check({"main": main(39)})) == "deck.main_size"
    assert code(check({"main": main(61)})) == "deck.main_size"
    assert check({"main": main(60)})["legal"] is True


def test_extra_and_side_deck_sizes():
    """Rulebook v10: up to 15 cards in the Extra Deck and in the Side Deck."""
    extra = [entry(f"Xyz {i}", 1, frame="xyz") for i in range(16)]
    side = [entry(f"Side {i}", 1) for i in range(16)]

    assert code(check({"main": main(), "extra": extra})) == "deck.extra_size"
    assert code(check({"main": main(), "side": side})) == "deck.side_size"


def test_three_copies_across_main_extra_and_side():
    """Rulebook v10: up to 3 copies of the same card in your Deck, Extra Deck and Side Deck combined."""
    ruling = check({"main": [*main(38), entry("Pot", 2)], "side": [entry("Pot", 2)]})

    assert code(ruling) == "deck.copies"
    assert cites(ruling, "Rulebook v10", "3 copies")


def test_alternate_artworks_count_as_the_same_card():
    """Rulebook v10, How to read a card: cards with the same name are the same card (the catalog maps
    artworks)."""
    catalog = InMemoryCatalog(
        [{"name": "Dark Magician", "kind": "monster", "frame": "normal"}],
        aliases={"Dark Magician (alternate art)": "Dark Magician"},
    )
    deck = {"main": [*main(37), entry("Dark Magician", 2), entry("Dark Magician (alternate art)", 2)]}

    assert (
        code(judge({"game": "yugioh", "action": {"type": "deck_check", "deck": deck}}, catalog))
        == "deck.copies"
    )


def test_forbidden_limited_and_semi_limited():
    """Rulebook 9.0, Forbidden and Limited Cards: 0, 1 and 2 copies."""
    banlist = {"forbidden": ["Raigeki"], "limited": ["Pot"], "semi_limited": ["Jar"]}

    assert code(check({"main": [*main(39), entry("Raigeki")]}, banlist=banlist)) == "deck.forbidden"
    assert code(check({"main": [*main(38), entry("Pot", 2)]}, banlist=banlist)) == "deck.limited"
    assert code(check({"main": [*main(37), entry("Jar", 3)]}, banlist=banlist)) == "deck.semi_limited"
    assert check({"main": [*main(38), entry("Jar", 2)]}, banlist=banlist)["legal"] is True


def test_a_legal_deck_says_it_respects_a_banlist_only_when_it_was_checked_against_one():
    """Without a banlist the limit checked is 3 copies: the ruling never claims a Forbidden & Limited status
    it did not check (a page shows "Not checked against a Forbidden & Limited list" beside it)."""
    deck = {"main": main(40)}

    unchecked = check(deck)["explanation"]
    checked = check(deck, banlist={"limited": ["Pot"]})["explanation"]

    assert unchecked.endswith("No card exceeds 3 copies.")
    assert "Forbidden" not in unchecked
    assert checked.endswith("No card exceeds 3 copies or its Forbidden & Limited status.")


def test_traditional_format_treats_forbidden_as_limited():
    """Traditional Format: Forbidden cards may be played as Limited."""
    ruling = check(
        {"main": [*main(39), entry("Raigeki")]}, banlist={"forbidden": ["Raigeki"]}, format="traditional"
    )

    assert ruling["legal"] is True


def test_extra_deck_monsters_belong_in_the_extra_deck():
    """Rulebook v10: the Extra Deck holds Fusion, Synchro, Xyz (and Link) Monsters; nothing else."""
    in_main = check({"main": [*main(39), entry("Link L", frame="link")]})
    in_extra = check({"main": main(), "extra": [entry("Pot", kind="spell", frame=None)]})
    in_side = check({"main": main(), "side": [entry("Link L", frame="link")]})

    assert code(in_main) == "deck.extra_deck_card"
    assert code(in_extra) == "deck.extra_deck_card"
    assert in_side["legal"] is True


def test_unknown_card_kind_is_incomplete_unless_the_deck_is_illegal_anyway():
    """Dispute format: where the catalog does not know a card, its kind is not guessed."""
    unknown = {"main": main(40), "extra": [{"name": "Mystery", "count": 1}]}
    short = {"main": main(30), "extra": [{"name": "Mystery", "count": 1}]}

    assert check(unknown)["legal"] is None
    assert check(unknown)["violations"][0]["field"] == "action.deck.extra[0].kind"
    assert code(check(short)) == "deck.main_size"


def swap(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    return judge({"game": "yugioh", "action": {"type": "side_swap", "before": before, "after": after}})


REGISTERED = {"main": main(40), "extra": [], "side": [entry("Side A", 2), entry("Side B", 1)]}


def test_a_fair_side_swap():
    """Rulebook v10, Side Deck: swap any card from your Side Deck with one from your Deck."""
    after = {
        "main": [*main(39), entry("Side A")],
        "extra": [],
        "side": [entry("Side A"), entry("Side B"), entry("Card 13")],
    }

    ruling = swap(REGISTERED, after)

    assert ruling["legal"] is True
    assert ruling["outcome"]["sided_in"] == {"Side A": 1}


def test_side_deck_count_must_stay_the_same():
    """Rulebook v10, Side Deck: the number of cards before and after must be exactly the same."""
    after = {"main": [*main(39), entry("Side A")], "extra": [], "side": [entry("Side A"), entry("Side B")]}

    assert code(swap(REGISTERED, after)) == "side.count_changed"


def test_a_card_that_was_not_registered():
    """Rulebook v10, Side Deck: only registered cards are exchanged."""
    after = {
        "main": [*main(39), entry("Stranger")],
        "extra": [],
        "side": [entry("Side A", 2), entry("Card 13")],
    }

    assert code(swap(REGISTERED, after)) == "side.card_not_registered"


def released(name: str, count: int = 1, *, ocg: bool, tcg: bool) -> dict[str, Any]:
    return {**entry(name, count), "ocg": ocg, "tcg": tcg}


def test_a_card_not_released_in_the_events_region_is_refused_by_name():
    """Event card pool setting: a TCG event plays with TCG cards; an OCG-only card (YGOPro's ot flags) is
    refused with its name, and at an OCG event a TCG-only one."""
    deck = {"main": [*main(39), released("Proxy Dragon", ocg=True, tcg=False)]}
    tcg_only = {"main": [*main(39), released("TCG Exclusive", ocg=False, tcg=True)]}

    at_tcg = check(deck, region="tcg")
    at_ocg = check(deck, region="ocg")
    tcg_card_at_ocg = check(tcg_only, region="ocg")

    assert code(at_tcg) == "deck.not_released"
    assert "Proxy Dragon was released only in the OCG" in at_tcg["violations"][0]["message"]
    assert cites(at_tcg, "card pool", "released in its region")
    assert at_ocg["legal"] is True
    assert cites(at_ocg, "card pool", "released in its region")
    assert code(tcg_card_at_ocg) == "deck.not_released"
    assert "not in the OCG" in tcg_card_at_ocg["violations"][0]["message"]


def test_without_a_region_or_release_flags_nothing_is_said_of_release():
    """Event card pool setting: a dispute naming no region is judged as before."""
    assert check({"main": [*main(39), released("Proxy Dragon", ocg=True, tcg=False)]})["legal"] is True
    assert check({"main": main(40)}, region="tcg")["legal"] is True


def test_the_catalog_gives_where_a_card_was_released():
    """Event card pool setting: the catalog's release flags decide, as the entry's own would."""
    catalog = InMemoryCatalog(
        [
            {"name": "Proxy Dragon", "kind": "monster", "frame": "link", "ocg": True, "tcg": False},
            *({"name": f"Card {i}", "kind": "monster", "frame": "normal"} for i in range(14)),
        ]
    )
    deck = {"main": main(40), "extra": [{"name": "Proxy Dragon", "count": 1}]}

    ruling = judge(
        {"game": "yugioh", "action": {"type": "deck_check", "deck": deck, "region": "tcg"}}, catalog
    )

    assert code(ruling) == "deck.not_released"
    assert ruling["violations"][0]["field"] == "action.deck.extra[0]"
