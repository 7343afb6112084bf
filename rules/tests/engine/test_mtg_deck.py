"""Magic deck checks and sideboarding (Comprehensive Rules 100.2, 100.3, 100.5; tournament sideboards)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import DisputeError, InMemoryCatalog, judge


def entry(name: str, count: int, **fields: Any) -> dict[str, Any]:
    return {"name": name, "count": count, **fields}


def deck_check(
    main: list[dict[str, Any]], side: list[dict[str, Any]] | None = None, **action: Any
) -> dict[str, Any]:
    deck = {"main": main, "side": side or []}
    return judge({"game": "mtg", "action": {"type": "deck_check", "deck": deck, **action}})


def codes(ruling: dict[str, Any]) -> list[str]:
    return [violation["code"] for violation in ruling["violations"]]


def sixty(*extra: dict[str, Any]) -> list[dict[str, Any]]:
    """Exactly sixty cards: what the test adds, playsets of spells, and Islands to make up the rest."""
    remainder = 60 - sum(card["count"] for card in extra)
    playsets = [entry(f"Spell {n}", 4) for n in range(remainder // 4)]
    islands = [entry("Island", remainder % 4)] if remainder % 4 else []
    return [*extra, *playsets, *islands]


def test_a_constructed_deck_of_sixty_with_four_copies_is_legal() -> None:
    """CR 100.2: at least sixty cards, at most four copies of each."""
    ruling = deck_check(sixty(), [entry("Duress", 4)])

    assert ruling["legal"] is True
    assert ruling["outcome"]["deck"] == {"legal": True, "counts": {"main": 60, "side": 4}}
    assert any("100.2" in rule for rule in ruling["rules"])


def test_a_constructed_deck_under_sixty_is_illegal() -> None:
    """CR 100.2: a constructed deck has at least sixty cards."""
    ruling = deck_check(sixty()[:-1])

    assert ruling["legal"] is False
    assert codes(ruling) == ["mtg.deck.main_size"]
    assert "56 cards" in ruling["violations"][0]["message"]


def test_a_fifth_copy_across_deck_and_sideboard_is_illegal() -> None:
    """CR 100.2: at most four copies of a card, counted with the sideboard."""
    ruling = deck_check(sixty(entry("Lightning Bolt", 4)), [entry("Lightning Bolt", 1)])

    assert codes(ruling) == ["mtg.deck.copies"]
    assert "Lightning Bolt: 5 copies" in ruling["violations"][0]["message"]


def test_basic_lands_have_no_copy_limit_by_name_or_by_supertype() -> None:
    """CR 100.2: 'except basic lands'."""
    by_name = deck_check([entry("Island", 40), entry("Spell", 4)] + [entry(f"S{n}", 4) for n in range(4)])
    by_type = deck_check(
        [entry("Arctic Flats", 40, supertypes=["basic", "snow"])] + [entry(f"S{n}", 4) for n in range(5)]
    )

    assert by_name["legal"] is True
    assert by_type["legal"] is True


def test_a_land_that_is_not_basic_keeps_the_four_copy_limit() -> None:
    """CR 100.2: the exception is for basic lands only; a snow land that is not basic has no exception."""
    by_name = deck_check([entry("Snow-Covered Island", 20), *(entry(f"S{n}", 4) for n in range(10))])
    not_basic = deck_check(
        [entry("Arctic Flats", 20, supertypes=["snow"]), *(entry(f"S{n}", 4) for n in range(10))]
    )

    assert by_name["legal"] is True
    assert codes(not_basic) == ["mtg.deck.copies"]


def test_the_catalog_says_which_cards_are_basic_lands() -> None:
    """CR 100.2: a card the catalog knows as a basic land is exempt from the four-copy limit."""
    catalog = InMemoryCatalog(
        [
            {"name": "Snowfield Basic", "supertypes": ["basic"], "types": ["land"]},
            *({"name": f"S{n}", "types": ["instant"]} for n in range(9)),
        ]
    )

    ruling = judge(
        {
            "game": "mtg",
            "action": {
                "type": "deck_check",
                "deck": {"main": [entry("Snowfield Basic", 24)] + [entry(f"S{n}", 4) for n in range(9)]},
            },
        },
        catalog,
    )

    assert ruling["legal"] is True


RELENTLESS_RATS = "Whenever Relentless Rats ... A deck can have any number of cards named Relentless Rats."
SEVEN_DWARVES = (
    "Seven Dwarves gets +1/+1 for each other creature named Seven Dwarves you control.\n"
    "A deck can have up to seven cards named Seven Dwarves."
)
NAZGUL = "Deathtouch\n... A deck can have up to nine cards named Nazgûl."


def test_a_card_whose_text_allows_any_number_of_copies_is_legal_beyond_four() -> None:
    """CR 103.1 over 100.2: the card's own text ("A deck can have any number of cards named Relentless
    Rats", as MTGJSON and Scryfall read it) takes precedence over the four-copy limit."""
    catalog = InMemoryCatalog(
        [
            {"name": "Relentless Rats", "types": ["creature"], "text": RELENTLESS_RATS},
            {"name": "Swamp", "types": ["land"], "supertypes": ["basic"]},
        ]
    )
    deck = {"main": [entry("Relentless Rats", 36), entry("Swamp", 24)], "side": []}

    ruling = judge({"game": "mtg", "action": {"type": "deck_check", "deck": deck}}, catalog)

    assert ruling["legal"] is True
    assert any("103.1" in rule and "any number" in rule for rule in ruling["rules"])
    assert "Relentless Rats" in ruling["explanation"]


def test_a_card_without_such_text_keeps_four_whatever_it_is_called() -> None:
    """CR 100.2: the exception is the card's text, not its name: the same name with no text is four."""
    ruling = deck_check(sixty(entry("Relentless Rats", 8)))

    assert codes(ruling) == ["mtg.deck.copies"]


def test_up_to_seven_and_up_to_nine_are_held_to_their_number() -> None:
    """CR 103.1 over 100.2: Seven Dwarves may have seven copies and the Nazgûl nine, no more."""
    seven = deck_check(sixty(entry("Seven Dwarves", 7, text=SEVEN_DWARVES)))
    eight = deck_check(sixty(entry("Seven Dwarves", 8, text=SEVEN_DWARVES)))
    nine = deck_check(sixty(entry("Nazgûl", 9, text=NAZGUL)))
    ten = deck_check(sixty(entry("Nazgûl", 10, text=NAZGUL)))

    assert seven["legal"] is True
    assert nine["legal"] is True
    assert codes(eight) == ["mtg.deck.copies"]
    assert "its text allows at most 7" in eight["violations"][0]["message"]
    assert "103.1" in eight["violations"][0]["rule"]
    assert codes(ten) == ["mtg.deck.copies"]


def test_snow_covered_basics_and_wastes_are_basic_lands() -> None:
    """CR 100.2: 'except basic lands' (Snow-Covered basics and Wastes are basic lands too)."""
    ruling = deck_check(
        [entry("Snow-Covered Swamp", 20), entry("Wastes", 20), *(entry(f"S{n}", 4) for n in range(5))]
    )

    assert ruling["legal"] is True


def test_a_limited_deck_needs_forty_and_any_number_of_copies() -> None:
    """CR 100.3: sealed and draft decks have at least forty cards and any number of copies."""
    legal = deck_check([entry("Grizzly Bears", 23), entry("Forest", 17)], format="limited")
    short = deck_check([entry("Grizzly Bears", 22), entry("Forest", 17)], format="limited")

    assert legal["legal"] is True
    assert codes(short) == ["mtg.deck.main_size"]
    assert "100.3" in short["violations"][0]["rule"]


def test_a_constructed_sideboard_holds_at_most_fifteen() -> None:
    """Tournament rules: a sideboard of at most fifteen cards."""
    ruling = deck_check(
        sixty(), [entry("Duress", 4), entry("Negate", 4), entry("Pyroblast", 4), entry("Ooze", 4)]
    )

    assert codes(ruling) == ["mtg.deck.side_size"]


def test_banned_and_restricted_cards() -> None:
    """CR 100.5: tournaments may ban cards or restrict them to one copy."""
    banned = deck_check(sixty(entry("Black Lotus", 1)), banlist={"banned": ["Black Lotus"]})
    restricted = deck_check(sixty(entry("Sol Ring", 2)), banlist={"restricted": ["Sol Ring"]})
    one_restricted = deck_check(sixty(entry("Sol Ring", 1)), banlist={"restricted": ["Sol Ring"]})

    assert codes(banned) == ["mtg.deck.banned"]
    assert codes(restricted) == ["mtg.deck.restricted"]
    assert one_restricted["legal"] is True


def side_swap(before: dict[str, Any], after: dict[str, Any], **action: Any) -> dict[str, Any]:
    return judge({"game": "mtg", "action": {"type": "side_swap", "before": before, "after": after, **action}})


REGISTERED = {"main": sixty(entry("Lightning Bolt", 4)), "side": [entry("Duress", 3), entry("Negate", 2)]}


def test_sideboarding_need_not_be_one_for_one() -> None:
    """Magic sideboarding: any numbers move, the deck stays legal (sixty or more)."""
    after = {
        "main": [*sixty(entry("Lightning Bolt", 4)), entry("Duress", 3)],  # 63 cards: three in, none out
        "side": [entry("Negate", 2)],
    }

    ruling = side_swap(REGISTERED, after)

    assert ruling["legal"] is True
    assert ruling["outcome"]["deck"]["counts"] == {"main": 63, "side": 2}


def test_a_card_from_outside_the_registered_list_is_caught() -> None:
    """Sideboarding: nothing may come from outside the registered deck and sideboard."""
    after = {
        "main": sixty(entry("Lightning Bolt", 4)),
        "side": [entry("Duress", 3), entry("Counterspell", 2)],
    }

    ruling = side_swap(REGISTERED, after)

    assert codes(ruling)[0] == "side.card_not_registered"
    assert "Counterspell" in ruling["violations"][0]["message"]


def test_a_card_gone_missing_changes_the_count() -> None:
    """Sideboarding moves cards; deck and sideboard together keep their number."""
    after = {"main": sixty(entry("Lightning Bolt", 4)), "side": [entry("Duress", 3)]}

    ruling = side_swap(REGISTERED, after)

    assert codes(ruling) == ["side.count_changed"]


def test_siding_out_below_sixty_leaves_the_deck_illegal() -> None:
    """CR 100.2 still holds after sideboarding."""
    main = sixty(entry("Lightning Bolt", 4))  # Lightning Bolt first: siding it out leaves 56
    after = {"main": main[1:], "side": [entry("Duress", 3), entry("Negate", 2), main[0]]}

    ruling = side_swap(REGISTERED, after)

    assert codes(ruling) == ["mtg.deck.main_size"]


deck_entries = st.lists(
    st.fixed_dictionaries(
        {"name": st.sampled_from(["Island", "Lightning Bolt", "Sol Ring", "Duress", "", "x"])},
        optional={
            "count": st.integers(min_value=-1, max_value=70) | st.text(max_size=2),
            "supertypes": st.lists(st.sampled_from(["basic", "legendary", 3]), max_size=2) | st.none(),
        },
    ),
    max_size=6,
)
decks = st.fixed_dictionaries({}, optional={"main": deck_entries, "side": deck_entries | st.integers()})


@given(
    deck=decks,
    other=decks,
    game_format=st.sampled_from(["constructed", "limited", "vintage", None]),
    banlist=st.none()
    | st.fixed_dictionaries(
        {}, optional={"banned": st.lists(st.text(max_size=6)), "restricted": st.just(["Sol Ring"])}
    ),
)
@settings(max_examples=300, deadline=None)
def test_any_magic_deck_gets_a_ruling_or_a_named_error(deck, other, game_format, banlist) -> None:
    """Whatever a player types, the judge answers with a ruling whose legality matches its violations."""
    for action in (
        {"type": "deck_check", "deck": deck, "format": game_format, "banlist": banlist},
        {"type": "side_swap", "before": deck, "after": other, "format": game_format, "banlist": banlist},
    ):
        try:
            ruling = judge({"game": "mtg", "action": action})
        except DisputeError as error:
            problems = error.problems()
        else:
            problems = []
        if problems:
            assert all(problem["path"].startswith("$.") for problem in problems)
            continue
        assert (ruling["legal"] is False) == any(
            v["code"] != "state.incomplete" for v in ruling["violations"]
        )


MODERN_CATALOG = InMemoryCatalog(
    [
        {"name": "Goblin Guide", "types": ["creature"], "subtypes": ["Goblin", "Scout"]},
        {"name": "Oko, Thief of Crowns", "types": ["planeswalker"], "supertypes": ["legendary"]},
        {"name": "Lightning Bolt", "types": ["instant"]},
        {"name": "Mountain", "types": ["land"], "supertypes": ["basic"]},
    ]
)


def judge_with_catalog(main: list[dict[str, Any]], **action: Any) -> dict[str, Any]:
    deck = {"main": main, "side": []}
    return judge({"game": "mtg", "action": {"type": "deck_check", "deck": deck, **action}}, MODERN_CATALOG)


def test_cr_100_2a_a_card_the_catalog_does_not_know_is_not_a_magic_card() -> None:
    """CR 100.2 (100.2a in later editions): a deck is made of Magic cards. "Gobbo Guid" is no card: the
    ruling names it, says why, and points at its entry."""
    ruling = judge_with_catalog([entry("Gobbo Guid", 4), entry("Lightning Bolt", 4), entry("Mountain", 52)])

    assert ruling["legal"] is False
    assert codes(ruling) == ["mtg.deck.unknown_card"]
    violation = ruling["violations"][0]
    assert violation["message"].startswith("Gobbo Guid (in the deck) is not a Magic card")
    assert "card catalog has no card of that name" in violation["message"]
    assert violation["field"] == "action.deck.main[0]"
    assert "100.2" in violation["rule"]


def test_cr_100_2a_a_card_the_catalog_knows_passes() -> None:
    """CR 100.2: the same deck with the card spelt as printed is legal."""
    ruling = judge_with_catalog([entry("Goblin Guide", 4), entry("Lightning Bolt", 4), entry("Mountain", 52)])

    assert ruling["legal"] is True


def test_a_card_the_dispute_describes_needs_no_catalog_entry() -> None:
    """The dispute format: an entry the catalog does not know may carry the card's fields itself."""
    ruling = judge_with_catalog(
        [entry("Playtest Goblin", 4, types=["creature"]), entry("Lightning Bolt", 4), entry("Mountain", 52)]
    )

    assert ruling["legal"] is True


def test_the_formats_banned_list_oko_in_modern_is_not_legal() -> None:
    """CR 100.5 and the format's banned list: Oko, Thief of Crowns is banned in Modern."""
    ruling = judge_with_catalog(
        [entry("Oko, Thief of Crowns", 1), entry("Lightning Bolt", 4), entry("Mountain", 55)],
        banlist={"banned": ["Oko, Thief of Crowns"]},
    )

    assert ruling["legal"] is False
    assert codes(ruling) == ["mtg.deck.banned"]
    assert ruling["violations"][0]["message"] == "Oko, Thief of Crowns is banned, and the deck has 1."
