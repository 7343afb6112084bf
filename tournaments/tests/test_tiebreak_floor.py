"""Magic's tiebreaker floor, 0.33 as the Magic Tournament Rules write it (issue 19); no database.

The Magic Tournament Rules' appendix C is not among the rulebooks in ``shared/rulebooks`` (only the
Comprehensive Rules are), so the tests quote it as the issue and ``shared/spec/event-replay-format.md`` do:
a match-win or game-win percentage "lower than 0.33" counts as 0.33 ("if this number is lower than 0.33,
use 0.33 instead"), not one third. Its worked examples are checked through the pure standings module, on
small replays built here; a witness player whose only opponent is the player of the example has that
player's (floored) match-win percentage as their ``omw``.
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
from hypothesis import given, settings

from tournaments.engine.replay import ReplayError, read_replay, replay_to_json
from tournaments.engine.standings import (
    FLOORS,
    compute,
    floored,
    game_win_percentage,
    match_win_percentage,
    standings_rows,
)
from tournaments.tests.test_standings import by_player, valid_replays

MTR = FLOORS["0.33"]
ONE_THIRD = FLOORS["1/3"]


def event(rounds, *, players=None, drops=(), floor=None):
    """A Magic replay: ``rounds`` is a list of rounds, each a list of (a, b, result, (games a, b, draws))."""
    seen = players or sorted({p for matches in rounds for a, b, *_ in matches for p in (a, b) if p})
    document = {
        "format": "event-replay/1",
        "game": "mtg",
        "players": [{"id": p, "name": p} for p in seen],
        "rounds": [
            {
                "number": number,
                "stage": "swiss",
                "matches": [
                    {
                        "table": table,
                        "a": a,
                        "b": b,
                        "result": result,
                        **({"games": {"a": games[0], "b": games[1], "draws": games[2]}} if games else {}),
                    }
                    for table, (a, b, result, games) in enumerate(matches, start=1)
                ],
            }
            for number, matches in enumerate(rounds, start=1)
        ],
        "drops": [{"player": p, "after_round": r} for p, r in drops],
    }
    if floor is not None:
        document["tiebreak_floor"] = floor
    return document


def exact(document):
    """Each player's tiebreakers as exact Fractions."""
    return {row.player: dict(row.tiebreakers) for row in standings_rows(read_replay(document))}


def filler(number):
    """A match between two players who are in every round, so the event has its rounds."""
    return ("F1", "F2", "a" if number % 2 else "b", (2, 0, 0))


# ---- the floor rules, one small function each ---------------------------------------------------------


def test_floored_uses_0_33_when_the_number_is_lower_mtr_appendix_c():
    """MTR appendix C: "if this number is lower than 0.33, use 0.33 instead"; 0.33 exactly, not 1/3."""
    assert Fraction(33, 100) == MTR
    assert floored(Fraction(1, 4), MTR) == Fraction(33, 100)
    assert floored(Fraction(1, 3), MTR) == Fraction(1, 3)  # above 0.33: kept as it is
    assert floored(Fraction(1, 4), ONE_THIRD) == Fraction(1, 3)  # the floor of events before issue 19


def test_match_win_percentage_is_match_points_over_three_per_round_mtr_appendix_c():
    """MTR appendix C's examples: 5-2-1 in 8 rounds is 16 points, 16/24 = 0.667; 1-3-0 and out after 4
    rounds is 3/12 = 0.25, so 0.33; 3-2-0 with a first-round bye and out after 5 rounds is 9/15 = 0.60."""
    assert match_win_percentage(16, 8, MTR) == Fraction(2, 3)
    assert match_win_percentage(3, 4, MTR) == Fraction(33, 100)
    assert match_win_percentage(3, 4, ONE_THIRD) == Fraction(1, 3)
    assert match_win_percentage(9, 5, MTR) == Fraction(3, 5)
    assert match_win_percentage(0, 0, MTR) == Fraction(33, 100)  # no round played: 0, floored


def test_game_win_percentage_is_game_points_over_three_per_game_mtr_appendix_c():
    """MTR appendix C: a game won is 3 game points, a drawn game 1; a 2-0-0 match is 6 game points to 0,
    2-1-0 is 6 to 3, 2-0-1 is 7 to 1, each over 3 per game played, floored at 0.33."""
    assert game_win_percentage(6, 2, MTR) == 1
    assert game_win_percentage(0, 2, MTR) == Fraction(33, 100)
    assert game_win_percentage(6, 3, MTR) == Fraction(2, 3)
    assert game_win_percentage(3, 3, MTR) == Fraction(1, 3)  # 1/3 is not below 0.33
    assert game_win_percentage(7, 3, MTR) == Fraction(7, 9)
    assert game_win_percentage(1, 3, MTR) == Fraction(33, 100)


# ---- appendix C's worked examples through the standings ------------------------------------------------


def test_five_two_one_in_eight_rounds_is_16_points_and_0_667_mtr_appendix_c():
    """MTR appendix C: a player 5-2-1 after 8 rounds has 16 match points and a match-win % of 0.667."""
    results = ["a", "a", "b", "a", "draw", "a", "b", "a"]  # P's: W W L W D W L W
    rounds = [[("P", f"O{n}", result, None), filler(n)] for n, result in enumerate(results, start=1)]
    document = event(rounds)

    output = by_player(compute(document))

    assert output["P"]["points"] == 16
    assert output["P"]["record"] == {"wins": 5, "losses": 2, "draws": 1}
    assert exact(document)["O1"]["omw"] == Fraction(16, 24)  # O1 met P only
    assert round(output["O1"]["tiebreakers"]["omw"], 3) == 0.667


def test_one_three_then_out_after_four_rounds_is_0_25_so_0_33_mtr_appendix_c():
    """MTR appendix C: 1-3-0 and a withdrawal after 4 rounds of 8 is 3/12 = 0.25: below 0.33, so 0.33."""
    results = ["b", "b", "a", "b"]  # P's: L L W L
    rounds = [[("P", f"O{n}", result, None), filler(n)] for n, result in enumerate(results, start=1)]
    rounds += [[filler(n)] for n in range(5, 9)]
    document = event(rounds, drops=[("P", 4)])

    output = by_player(compute(document))

    assert output["P"]["points"] == 3
    assert exact(document)["O1"]["omw"] == Fraction(33, 100)
    assert output["O1"]["tiebreakers"]["omw"] == 0.33
    assert exact(event(rounds, drops=[("P", 4)], floor="1/3"))["O1"]["omw"] == Fraction(1, 3)


def test_three_two_with_a_first_round_bye_then_out_after_five_rounds_is_0_60_mtr_appendix_c():
    """MTR appendix C: 3-2-0 with a bye in round 1 and a withdrawal after 5 rounds of 8 is 9/15 = 0.60 (the
    bye is a round played and a win)."""
    rounds = [[("P", None, "bye", None), filler(1)]]
    rounds += [
        [("P", f"O{n}", result, None), filler(n)] for n, result in zip(range(2, 6), "abab", strict=True)
    ]
    rounds += [[filler(n)] for n in range(6, 9)]
    document = event(rounds, drops=[("P", 5)])

    output = by_player(compute(document))

    assert output["P"]["points"] == 9
    assert output["P"]["record"] == {"wins": 3, "losses": 2, "draws": 0}
    assert exact(document)["O2"]["omw"] == Fraction(3, 5)
    assert output["O2"]["tiebreakers"]["omw"] == 0.6


@pytest.mark.parametrize(
    ("games", "winner_gw", "loser_gw"),
    [
        ((2, 0, 0), Fraction(1), Fraction(33, 100)),  # 6 game points of 6, and 0 of 6: 0.33
        ((2, 1, 0), Fraction(2, 3), Fraction(1, 3)),  # 6 of 9, and 3 of 9: 1/3 is above 0.33
        ((2, 0, 1), Fraction(7, 9), Fraction(33, 100)),  # 7 of 9, and 1 of 9: 0.33
    ],
)
def test_game_points_of_a_match_mtr_appendix_c(games, winner_gw, loser_gw):
    """MTR appendix C: a 2-0-0 match is 6 game points to 0, 2-1-0 is 6 to 3, 2-0-1 is 7 to 1."""
    tiebreakers = exact(event([[("W", "L", "a", games)]]))

    assert tiebreakers["W"]["gw"] == winner_gw
    assert tiebreakers["L"]["gw"] == loser_gw
    assert tiebreakers["W"]["ogw"] == loser_gw  # the opponent's, floored
    assert tiebreakers["L"]["ogw"] == winner_gw


# ---- where the two floors order players differently -----------------------------------------------------

# R1: X beat A 2-0, Y beat B 2-1, C beat D 2-0; A withdraws.  R2: X drew Y 1-1, B beat D 2-0, C bye.
# R3: C beat B 2-0, D bye.  MW%: X = Y = 4/6, A 0/3 (floored), B 3/9 = 1/3 (not below 0.33).
# omw X = (A + Y) / 2, omw Y = (B + X) / 2: both 1/2 with a floor of 1/3, so gw decides (X 9/12 = 0.75,
# Y 9/15 = 0.6) and X is above Y; with appendix C's 0.33, omw X = (0.33 + 2/3) / 2 = 0.4983 < 0.5 = omw Y,
# and Y is above X.
FLOORS_DISAGREE = event(
    [
        [("X", "A", "a", (2, 0, 0)), ("Y", "B", "a", (2, 1, 0)), ("C", "D", "a", (2, 0, 0))],
        [("X", "Y", "draw", (1, 1, 0)), ("B", "D", "a", (2, 0, 0)), ("C", None, "bye", None)],
        [("C", "B", "a", (2, 0, 0)), ("D", None, "bye", None)],
    ],
    players=["A", "B", "C", "D", "X", "Y"],
    drops=[("A", 1), ("X", 2), ("Y", 2)],
)


def order(document):
    return [row["player"] for row in compute(document)["standings"]]


def test_the_two_floors_order_two_players_differently():
    with_mtr = by_player(compute(FLOORS_DISAGREE))
    with_third = by_player(compute({**FLOORS_DISAGREE, "tiebreak_floor": "1/3"}))

    assert order(FLOORS_DISAGREE).index("Y") < order(FLOORS_DISAGREE).index("X")
    # ogw X = (A 0.33 + Y 0.6) / 2; ogw Y = (B 9/21 + X 0.75) / 2 = 33/56
    assert with_mtr["X"]["tiebreakers"] == {"omw": 0.4983, "gw": 0.75, "ogw": 0.465}
    assert with_mtr["Y"]["tiebreakers"] == {"omw": 0.5, "gw": 0.6, "ogw": 0.5893}
    third = order({**FLOORS_DISAGREE, "tiebreak_floor": "1/3"})
    assert third.index("X") < third.index("Y")
    assert with_third["X"]["tiebreakers"]["omw"] == with_third["Y"]["tiebreakers"]["omw"] == 0.5
    assert with_mtr["X"]["points"] == with_mtr["Y"]["points"] == 4


# ---- the fast path against the rules as written ---------------------------------------------------------


def by_the_rules(document, floor):
    """Each player's omw, gw and ogw straight from the small functions (a slow, plain reading)."""
    swiss = [round_ for round_ in document["rounds"] if round_["stage"] == "swiss"]
    ids = [player["id"] for player in document["players"]]
    points, rounds_played, game_points, games = (dict.fromkeys(ids, 0) for _ in range(4))
    opponents = {player: [] for player in ids}
    for round_ in swiss:
        for match in round_["matches"]:
            a, b, result = match["a"], match["b"], match["result"]
            rounds_played[a] += 1
            if b is None:
                points[a] += 3
                game_points[a] += 6
                games[a] += 2
                continue
            rounds_played[b] += 1
            opponents[a].append(b)
            opponents[b].append(a)
            points[a] += {"a": 3, "draw": 1}.get(result, 0)
            points[b] += {"b": 3, "draw": 1}.get(result, 0)
            tally = match.get("games")
            if tally:
                won_a, won_b, drawn = tally["a"], tally["b"], tally.get("draws", 0)
                game_points[a] += 3 * won_a + drawn
                game_points[b] += 3 * won_b + drawn
                games[a] += won_a + won_b + drawn
                games[b] += won_a + won_b + drawn
    mw = {p: match_win_percentage(points[p], rounds_played[p], floor) for p in ids}
    gw = {p: game_win_percentage(game_points[p], games[p], floor) for p in ids}

    def mean(values):
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)

    return {
        p: {
            "omw": mean([mw[o] for o in opponents[p]]),
            "gw": gw[p],
            "ogw": mean([gw[o] for o in opponents[p]]),
        }
        for p in ids
    }


@settings(max_examples=100, deadline=None)
@given(document=valid_replays())
def test_the_standings_give_what_the_small_functions_give_for_both_floors(document):
    magic = {**copy.deepcopy(document), "game": "mtg"}
    for name, floor in FLOORS.items():
        assert exact({**magic, "tiebreak_floor": name}) == by_the_rules(magic, floor)


# ---- the replay key ---------------------------------------------------------------------------------------


def test_a_replay_without_the_key_floors_at_0_33_and_writes_no_key_back():
    replay = read_replay(FLOORS_DISAGREE)

    assert replay.tiebreak_floor == "0.33"
    assert "tiebreak_floor" not in replay_to_json(replay)


def test_a_replay_with_one_third_reads_and_writes_back_the_key():
    replay = read_replay({**FLOORS_DISAGREE, "tiebreak_floor": "1/3"})

    assert replay.tiebreak_floor == "1/3"
    assert replay_to_json(replay)["tiebreak_floor"] == "1/3"
    assert read_replay(replay_to_json(replay)) == replay


@pytest.mark.parametrize("value", ["1/4", "0.333", 0.33, None, "", ["0.33"]])
def test_any_other_floor_is_a_problem_naming_the_key(value):
    with pytest.raises(ReplayError) as caught:
        read_replay({**FLOORS_DISAGREE, "tiebreak_floor": value})

    [problem] = caught.value.problems
    assert problem["path"] == "tiebreak_floor"
    assert "expected '0.33' or '1/3'" in problem["message"]
