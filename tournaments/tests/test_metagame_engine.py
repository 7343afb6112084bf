"""The metagame's numbers on a small event worked out by hand (tournaments/engine/metagame.py)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine.metagame import (
    SUGGESTION_THRESHOLD,
    SWISS,
    TOP,
    Entry,
    Played,
    Record,
    average,
    clean_archetype,
    jaccard,
    metagame,
    percent,
    suggest_archetype,
    suggest_archetypes,
)

# Six players: three Snake-Eye (1, 2, 3), two Tenpai (4, 5), one unnamed (6).
ENTRIES = [
    Entry(1, "Snake-Eye", {"Ash Blossom": 3, "Snake-Eye Ash": 3, "Called by the Grave": 2}),
    Entry(2, "Snake-Eye", {"Ash Blossom": 3, "Snake-Eye Ash": 2}),
    Entry(3, "Snake-Eye", {"Ash Blossom": 2, "Snake-Eye Ash": 3, "Called by the Grave": 1}),
    Entry(4, "Tenpai", {"Ash Blossom": 1, "Tenpai Dragon Chundra": 3}),
    Entry(5, "Tenpai", {"Tenpai Dragon Chundra": 3, "Called by the Grave": 1}),
    Entry(6, "", {}),
]
MATCHES = [
    # Round 1: a mirror, Tenpai beats the unnamed list, a Snake-Eye beats a Tenpai.
    Played(1, False, 1, 2, "a"),
    Played(1, False, 4, 6, "a"),
    Played(1, False, 3, 5, "a"),
    # Round 2: a draw between Snake-Eye and Tenpai, a double loss (Snake-Eye and the unnamed), a bye.
    Played(2, False, 1, 4, "draw"),
    Played(2, False, 2, 6, "double_loss"),
    Played(2, False, 3, None, "bye"),
    Played(2, False, 5, 6, "b"),  # the unnamed list's second match in round 2 stands for a late pairing
    # Top cut: Tenpai beats Snake-Eye, then a Snake-Eye mirror final.
    Played(3, True, 4, 1, "a"),
    Played(3, True, 3, 2, "b"),
]


def rows(result):
    return {row.archetype: (row.players, row.share, row.record) for row in result.archetypes}


def test_swiss_shares_and_records():
    result = metagame(ENTRIES, MATCHES, SWISS)

    assert result.field == 6
    assert result.matches == 7
    assert rows(result) == {
        # Snake-Eye: R1 mirror (1 v 2), 3 beats 5; R2 1 draws 4, 2 double-loses, 3 has a bye.
        "Snake-Eye": (3, Fraction(1, 2), Record(wins=1, losses=1, draws=1, byes=1, mirrors=1)),
        # Tenpai: R1 4 beats 6, 5 loses to 3; R2 4 draws 1, 6 beats 5 ("b" on 5 v 6).
        "Tenpai": (2, Fraction(1, 3), Record(wins=1, losses=2, draws=1)),
        # The unnamed: loses to 4, double-loses to 2, beats 5.
        "": (1, Fraction(1, 6), Record(wins=1, losses=2)),
    }
    snake_eye = result.archetypes[0]
    assert snake_eye.record.win_rate == Fraction(1, 3)  # 1 of 3 matches: the bye and the mirror left out
    assert [row.archetype for row in result.archetypes] == ["Snake-Eye", "Tenpai", ""]


def test_one_round_counts_the_players_of_that_round():
    result = metagame(ENTRIES, MATCHES, 2)

    assert result.field == 6
    assert rows(result)["Snake-Eye"] == (3, Fraction(1, 2), Record(losses=1, draws=1, byes=1))
    assert rows(result)["Snake-Eye"][2].win_rate == Fraction(0)


def test_the_top_cut_is_its_own_field():
    result = metagame(ENTRIES, MATCHES, TOP)

    assert result.field == 4  # players 4, 1, 3, 2
    assert rows(result) == {
        "Snake-Eye": (3, Fraction(3, 4), Record(losses=1, mirrors=1)),
        "Tenpai": (1, Fraction(1, 4), Record(wins=1)),
    }
    assert rows(result)["Tenpai"][2].win_rate == 1


def test_a_match_being_played_puts_its_players_in_the_field_and_in_no_record():
    result = metagame(ENTRIES, [*MATCHES, Played(3, True, 5, 6, "")], TOP)

    assert (result.field, result.matches) == (6, 2)
    assert rows(result)["Tenpai"] == (2, Fraction(1, 3), Record(wins=1))
    assert rows(result)[""] == (1, Fraction(1, 6), Record())


def test_an_archetype_without_matches_has_no_win_rate():
    result = metagame(ENTRIES, [], SWISS)

    assert all(row.record.win_rate is None for row in result.archetypes)
    assert result.archetypes[0].share == Fraction(1, 2)


def test_most_played_cards_count_lists_and_average_copies():
    result = metagame(ENTRIES, MATCHES, SWISS)

    assert result.lists == 5  # the unnamed player has no list
    cards = [(card.name, card.lists, card.copies, card.average) for card in result.cards]
    assert cards == [
        ("Ash Blossom", 4, 9, Fraction(9, 4)),
        ("Snake-Eye Ash", 3, 8, Fraction(8, 3)),  # as many lists as the next: more copies first
        ("Called by the Grave", 3, 4, Fraction(4, 3)),
        ("Tenpai Dragon Chundra", 2, 6, Fraction(3)),
    ]
    assert [card.name for card in metagame(ENTRIES, MATCHES, SWISS, most_played=2).cards] == [
        "Ash Blossom",
        "Snake-Eye Ash",
    ]
    # Top cut: the lists of players 1-4 only.
    top = {card.name: (card.lists, card.copies) for card in metagame(ENTRIES, MATCHES, TOP).cards}
    assert top["Ash Blossom"] == (4, 9)
    assert top["Tenpai Dragon Chundra"] == (1, 3)


def test_percentages_and_averages_round_half_up():
    assert percent(Fraction(1, 3)) == Decimal("33.3")
    assert percent(Fraction(2, 3)) == Decimal("66.7")
    assert percent(Fraction(1, 8)) == Decimal("12.5")
    assert percent(Fraction(1, 16)) == Decimal("6.3")  # 6.25 rounds up, not to even
    assert percent(None) is None
    assert average(Fraction(8, 3)) == Decimal("2.67")
    assert average(Fraction(1, 8)) == Decimal("0.13")


def test_archetype_names_are_trimmed():
    assert clean_archetype("  Snake-Eye \n Fire  King ") == "Snake-Eye Fire King"
    assert len(clean_archetype("x" * 100)) == 60


def test_jaccard_counts_shared_names_over_all_names():
    assert jaccard({"A", "B", "C"}, {"B", "C", "D"}) == Fraction(2, 4)
    assert jaccard(set(), set()) == 0


def test_the_suggestion_is_the_most_similar_named_list():
    named = [
        ("Snake-Eye", {"Ash", "Snake-Eye Ash", "Called"}),
        ("Tenpai", {"Ash", "Chundra", "Paidra"}),
        ("", {"Ash", "Chundra", "Paidra", "Fadra"}),  # unnamed lists suggest nothing
    ]
    suggestion = suggest_archetype({"Ash", "Chundra", "Fadra"}, named)

    assert suggestion is not None
    assert (suggestion.archetype, suggestion.similarity) == ("Tenpai", Fraction(2, 4))


def test_no_suggestion_below_thirty_percent():
    named = [("Snake-Eye", {"A", "B", "C", "D", "E", "F", "G"})]

    # 3 shared of 10 names: exactly 30%, suggested; 2 of 10 (20%): not.
    assert suggest_archetype({"A", "B", "C", "X", "Y", "Z"}, named) is not None
    assert suggest_archetype({"A", "B", "W", "X", "Y", "Z"}, named) is None
    assert suggest_archetype({"A"}, []) is None


def test_a_tie_goes_to_the_archetype_more_lists_have():
    named = [("Tenpai", {"A", "B"}), ("Branded", {"A", "C"}), ("Branded", {"A", "D"})]

    suggestion = suggest_archetype({"A"}, named)

    assert suggestion is not None
    assert suggestion.archetype == "Branded"


def _pairwise(cards: set[str], named: list[tuple[str, set[str]]]) -> tuple[str, Fraction] | None:
    """The rule as the module docstring says it, every pair compared: the oracle for the indexed search."""
    best, tied = Fraction(-1), Counter[str]()
    for archetype, theirs in named:
        if not archetype:
            continue
        similarity = jaccard(cards, theirs)
        if similarity > best:
            best, tied = similarity, Counter({archetype: 1})
        elif similarity == best:
            tied[archetype] += 1
    if not tied or best < SUGGESTION_THRESHOLD:
        return None
    return min(tied, key=lambda name: (-tied[name], name.casefold(), name)), best


CARD_NAMES = st.sets(st.sampled_from("ABCDEFGHIJ"), max_size=6)


@given(
    unnamed=st.lists(CARD_NAMES, max_size=6),
    named=st.lists(st.tuples(st.sampled_from(["", "Tenpai", "Branded", "tenpai"]), CARD_NAMES), max_size=8),
)
def test_suggestions_for_many_lists_at_once_are_those_of_every_pair_compared(unnamed, named):
    found = suggest_archetypes(dict(enumerate(unnamed)), named)

    for key, cards in enumerate(unnamed):
        expected = _pairwise(cards, named)
        suggestion = found.get(key)
        assert (None if suggestion is None else (suggestion.archetype, suggestion.similarity)) == expected
