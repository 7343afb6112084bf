"""Side Deck counts before duel 1 and side swaps between duels, judged by the engine's ``side_swap``.

Yu-Gi-Oh! Rulebook v10, "Side Deck": the Side Deck's number of cards is shown to the opponent before the
match, and between duels cards are exchanged between the Main/Extra Deck and the Side Deck so that the Side
Deck keeps exactly its number of cards and only registered cards are used.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from decks.services import deck_list_create
from decks.tests.factories import CardFactory
from matches.models import SideDeckCount, SideSwap
from matches.selectors import duel_state
from matches.selectors.side_decks import side_decks_overview
from matches.services import MatchConflict, MatchOver, duel_report, duel_start, match_coin_toss
from matches.services.side_decks import SideSwapNotNow, side_deck_count_record, side_swap_record
from matches.tests.factories import MatchFactory, coin_landing_on
from tournaments.models import EventRole
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db

REGISTERED = (
    "Main\n3 Dark Magician\n37 Pot of Greed\n"
    "Extra\n1 Dark Paladin\n"
    "Side\n2 Mystical Space Typhoon\n1 Thousand-Eyes Restrict\n"
)


def register(match, player, text=REGISTERED):
    registration = RegistrationFactory(event=match.round.event, player=player)
    registration.deck_list = deck_list_create(owner=player, game="yugioh", name="Registered", text=text)
    registration.save(update_fields=["deck_list"])


@pytest.fixture
def match():
    match = MatchFactory(player_a=UserFactory(first_name="Yugi", last_name=""))
    register(match, match.player_a)
    register(match, match.player_b)
    return match


def play_duel(match, winner="A"):
    """Toss if the engine says so, the chooser plays first, and both players report ``winner``."""
    state = duel_state(match)
    if state.needs_toss:
        match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
        state = duel_state(match)
    chooser = match.player_a if state.chooser == "A" else match.player_b
    duel = duel_start(match_id=match.pk, player=chooser, choice="first")
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_a, result=winner)
    duel_report(match_id=duel.match_id, number=duel.number, player=match.player_b, result=winner)


def swap(match, into, out, player=None):
    return side_swap_record(
        match_id=match.pk,
        player=player or match.player_a,
        moves={
            "in": [{"name": name, "count": count} for count, name in into],
            "out": [{"name": name, "count": count} for count, name in out],
        },
    )


def test_a_count_is_kept_with_the_registered_side_deck_and_replaced_when_recorded_again(match):
    side_deck_count_record(match_id=match.pk, player=match.player_a, count=2)
    recorded = side_deck_count_record(match_id=match.pk, player=match.player_a, count=3)

    assert (recorded.count, recorded.registered_count) == (3, 3)
    assert SideDeckCount.objects.filter(match=match).count() == 1


def test_the_opponent_sees_the_count(match):
    side_deck_count_record(match_id=match.pk, player=match.player_a, count=15)

    counts = side_decks_overview(match=match, viewer=match.player_b).counts

    assert [(view.side, view.count.count if view.count else None) for view in counts] == [
        ("A", 15),
        ("B", None),
    ]
    assert counts[0].mismatch  # the registered list has 3


def test_without_a_registered_list_the_count_is_kept_alone():
    match = MatchFactory()

    recorded = side_deck_count_record(match_id=match.pk, player=match.player_a, count=0)

    assert recorded.registered_count is None


def test_counts_are_refused_once_duel_1_has_started(match):
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    duel_start(match_id=match.pk, player=match.player_a, choice="first")

    with pytest.raises(MatchConflict, match="Duel 1 has started"):
        side_deck_count_record(match_id=match.pk, player=match.player_b, count=15)


@pytest.mark.parametrize("count", [-1, 16, "15"])
def test_a_count_outside_0_to_15_is_refused_on_the_count(match, count):
    with pytest.raises(ValidationError) as raised:
        side_deck_count_record(match_id=match.pk, player=match.player_a, count=count)

    assert "count" in raised.value.message_dict


def test_only_the_players_record_counts_and_swaps(match):
    stranger = UserFactory()

    with pytest.raises(PermissionDenied):
        side_deck_count_record(match_id=match.pk, player=stranger, count=15)
    play_duel(match)
    with pytest.raises(PermissionDenied):
        swap(match, [(1, "Mystical Space Typhoon")], [(1, "Dark Magician")], player=stranger)


def test_no_swap_before_duel_1_ends(match):
    with pytest.raises(SideSwapNotNow, match="duel 1 has not been played"):
        swap(match, [], [])
    match_coin_toss(match_id=match.pk, by=match.player_a, coin=coin_landing_on("A"))
    duel_start(match_id=match.pk, player=match.player_a, choice="first")
    with pytest.raises(SideSwapNotNow, match="Duel 1 is being played"):
        swap(match, [], [])


def test_no_swap_once_the_match_is_over(match):
    play_duel(match, "A")
    play_duel(match, "A")

    with pytest.raises(MatchOver):
        swap(match, [], [])


def test_a_one_for_one_swap_is_legal_for_duel_2(match):
    play_duel(match)

    recorded = swap(match, [(1, "mystical space typhoon")], [(1, "Dark Magician")])

    assert (recorded.duel_number, recorded.legal, recorded.problems) == (2, True, [])
    assert recorded.presented["main"] == [
        {"name": "Dark Magician", "count": 2},
        {"name": "Pot of Greed", "count": 37},
        {"name": "Mystical Space Typhoon", "count": 1},
    ]
    assert recorded.presented["side"] == [
        {"name": "Mystical Space Typhoon", "count": 1},
        {"name": "Thousand-Eyes Restrict", "count": 1},
        {"name": "Dark Magician", "count": 1},
    ]


def test_an_extra_deck_card_from_the_side_goes_to_the_extra_deck(match):
    """Rulebook v10, Extra Deck: Fusion, Synchro, Xyz and Link Monsters are kept in the Extra Deck; the
    catalog says which a sided-in card is."""
    CardFactory(name="Thousand-Eyes Restrict", frame="fusion", level=1)
    play_duel(match)

    recorded = swap(match, [(1, "Thousand-Eyes Restrict")], [(1, "Dark Paladin")])

    assert recorded.legal is True
    assert recorded.presented["extra"] == [{"name": "Thousand-Eyes Restrict", "count": 1}]
    assert {"name": "Dark Paladin", "count": 1} in recorded.presented["side"]


def test_a_swap_that_changes_the_side_deck_count_is_illegal_with_the_engines_reason(match):
    """Rulebook v10, Side Deck: the Side Deck keeps exactly its number of cards."""
    play_duel(match)

    recorded = swap(match, [(2, "Mystical Space Typhoon")], [(1, "Dark Magician")])

    assert recorded.legal is False
    assert recorded.problems[0]["code"] == "side.count_changed"
    assert "The Side Deck had 3 cards and now has 2" in recorded.problems[0]["message"]
    assert recorded.problems[0]["rule"]


def test_more_copies_than_registered_is_illegal_naming_the_card(match):
    """Rulebook v10, Side Deck: only the cards registered are used."""
    play_duel(match)

    recorded = swap(match, [(3, "Mystical Space Typhoon")], [(3, "Dark Magician")])

    assert recorded.legal is False
    messages = [problem["message"] for problem in recorded.problems]
    assert any("Mystical Space Typhoon: 3 presented but 2 registered" in message for message in messages)


def test_a_card_not_in_the_side_deck_or_the_deck_is_refused_by_name(match):
    play_duel(match)

    with pytest.raises(ValidationError) as raised:
        swap(match, [(1, "Raigeki")], [(1, "Blue-Eyes White Dragon")])

    messages = raised.value.message_dict["moves"]
    assert any("Raigeki" in message and "Side Deck" in message for message in messages)
    assert any("Blue-Eyes White Dragon" in message for message in messages)
    assert not SideSwap.objects.exists()


def test_without_a_registered_list_a_judge_checks_by_hand():
    match = MatchFactory()
    play_duel(match)

    with pytest.raises(ValidationError, match="judge"):
        swap(match, [], [])


def test_recording_again_before_the_duel_replaces_the_swap(match):
    play_duel(match)
    swap(match, [(2, "Mystical Space Typhoon")], [(1, "Dark Magician")])

    again = swap(match, [(1, "Mystical Space Typhoon")], [(1, "Dark Magician")])

    assert SideSwap.objects.filter(match=match).count() == 1
    assert again.legal is True


def test_the_opponent_sees_the_verdict_but_not_the_cards(match):
    play_duel(match)
    swap(match, [(3, "Mystical Space Typhoon")], [(3, "Dark Magician")])
    judge = EventRoleFactory(event=match.round.event, role=EventRole.Role.JUDGE).user

    mine = side_decks_overview(match=match, viewer=match.player_a).swaps[0]
    theirs = side_decks_overview(match=match, viewer=match.player_b).swaps[0]
    judges = side_decks_overview(match=match, viewer=judge).swaps[0]

    assert mine.moves is not None
    assert judges.moves is not None
    assert (theirs.hidden, theirs.moves, theirs.presented) == (True, None, None)
    assert theirs.swap.legal is False
    assert all("Mystical" not in problem["message"] for problem in theirs.problems)
    assert any("Mystical" in problem["message"] for problem in judges.problems)
    assert all(problem["rule"] for problem in theirs.problems)


def test_a_magic_sideboard_swap_moves_cards_between_deck_and_sideboard():
    """Magic tournament rules (sideboarding): cards move between the deck and the sideboard; the engine's
    ``side_swap`` for Magic checks they all come from the registered list."""
    match = MatchFactory(round__event__game="mtg")
    text = "Deck\n4 Lightning Bolt\n56 Mountain\nSideboard\n2 Pyroblast\n"
    for player in (match.player_a, match.player_b):
        registration = RegistrationFactory(event=match.round.event, player=player)
        registration.deck_list = deck_list_create(owner=player, game="mtg", name="Burn", text=text)
        registration.save(update_fields=["deck_list"])
    play_duel(match)

    recorded = swap(match, [(2, "Pyroblast")], [(2, "Lightning Bolt")], player=match.player_b)

    assert recorded.legal is True
    assert set(recorded.presented) == {"main", "side"}
    assert recorded.presented["side"] == [{"name": "Lightning Bolt", "count": 2}]
