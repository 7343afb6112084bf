"""Standings and tiebreakers (spec: "Standings output" in shared/spec/event-replay-format.md); no database."""

import copy
import hashlib
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.engine.replay import read_replay
from tournaments.engine.standings import compute, standings_rows, tiebreak_number


def replay(game, players, rounds, drops=()):
    return {
        "format": "event-replay/1",
        "game": game,
        "players": [{"id": p, "name": p.upper()} for p in players],
        "rounds": [
            {
                "number": n,
                "stage": stage,
                "matches": [
                    {
                        "table": t,
                        "a": a,
                        "b": b,
                        "result": r,
                        **({"games": {"a": g[0], "b": g[1]}} if g else {}),
                    }
                    for t, (a, b, r, g) in enumerate(matches, start=1)
                ],
            }
            for n, (stage, matches) in enumerate(rounds, start=1)
        ],
        "drops": [{"player": p, "after_round": r} for p, r in drops],
    }


def m(a, b, result, games=None):
    return (a, b, result, games)


def by_player(output):
    return {row["player"]: row for row in output["standings"]}


# R1: A beat B, C beat D, E bye.  R2: A beat C, B drew E, D bye.
# points: A 6, E 4 (bye + draw), C 3, D 3 (loss + bye), B 1.
# MW% vs opponents (byes out): A 2/2=1, B 0/2=0, C 1/2=.5, D 0/1=0, E 0/1=0.
# omw: A (B0+C.5)/2=.25, B (A1+E0)/2=.5, C (D0+A1)/2=.5, D (C.5)/1=.5, E (B0)/1=0.
# oomw: A (.5+.5)/2=.5, B (.25+0)/2=.125, C (D.5+A.25)/2=.375, D .5, E (B.5)=.5.
# C and D: 3 points, omw .5 each; oomw D .5 > C .375 -> D above C.
YUGIOH = replay(
    "yugioh",
    "ABCDE",
    [
        ("swiss", [m("A", "B", "a"), m("C", "D", "a"), m("E", None, "bye")]),
        ("swiss", [m("A", "C", "a"), m("B", "E", "draw"), m("D", None, "bye")]),
    ],
)


def test_yugioh_hand_computed_event():
    output = compute(YUGIOH)

    assert output["format"] == "standings/1"
    assert output["after_round"] == 2
    assert [row["player"] for row in output["standings"]] == ["A", "E", "D", "C", "B"]
    assert [row["rank"] for row in output["standings"]] == [1, 2, 3, 4, 5]
    rows = by_player(output)
    assert {p: (r["points"], r["tiebreakers"]["omw"], r["tiebreakers"]["oomw"]) for p, r in rows.items()} == {
        "A": (6, 0.25, 0.5),
        "B": (1, 0.5, 0.125),
        "C": (3, 0.5, 0.375),
        "D": (3, 0.5, 0.5),
        "E": (4, 0.0, 0.5),
    }
    assert rows["E"]["record"] == {"wins": 1, "losses": 0, "draws": 1}  # the bye counts as a win
    assert rows["A"]["tiebreak_number"] == "06250500"
    assert rows["C"]["tiebreak_number"] == "03500375"
    assert all(not row["dropped"] for row in output["standings"])


def test_byes_are_not_opponents():
    rows = by_player(compute(YUGIOH))

    # D's only opponent is C (.5): a bye counted as an opponent would pull omw away from .5.
    assert rows["D"]["tiebreakers"]["omw"] == 0.5
    # E had a bye and a draw: no wins against opponents, so E's own MW% is 0 and B's omw is (1 + 0) / 2.
    assert rows["B"]["tiebreakers"]["omw"] == 0.5


def test_tiebreak_number_example_from_the_spec():
    assert tiebreak_number(33, Fraction("0.726"), Fraction("0.677")) == 33726677
    assert tiebreak_number(33, Fraction("0.7265"), Fraction("0.0004")) == 33727000  # rounded half up
    assert tiebreak_number(120, Fraction(1), Fraction(1)) == 99999999  # clamped to their digits


def test_double_loss_gives_both_a_loss_and_no_points():
    # R1: A and B both late (double loss); C beat D.  MW%: A 0/1, B 0/1, C 1/1, D 0/1.
    output = compute(replay("yugioh", "ABCD", [("swiss", [m("A", "B", "double_loss"), m("C", "D", "a")])]))

    rows = by_player(output)
    assert rows["A"]["points"] == rows["B"]["points"] == 0
    assert rows["A"]["record"] == {"wins": 0, "losses": 1, "draws": 0}
    assert rows["A"]["tiebreakers"]["omw"] == 0.0  # B's double loss is not a win
    assert rows["D"]["tiebreakers"]["omw"] == 1.0
    assert output["standings"][0]["player"] == "C"


# R1: A beat B 2-1, C bye.  R2: C beat A 2-0, B bye.
# points / rounds played: A 3/6=.5, B 3/6=.5, C 6/6=1.
# games (bye = 2-0): A 2W 3L -> 6/15=.4, B 1W2L + 2W = 3W 2L -> 9/15=.6, C 2-0 + 2-0 -> 12/12=1.
# omw: A (B.5 + C1)/2=.75, B (A.5)=.5, C (A.5)=.5.  ogw: A (.6+1)/2=.8, B (A.4)=.4, C (A.4)=.4.
MAGIC = replay(
    "mtg",
    "ABC",
    [
        ("swiss", [m("A", "B", "a", (2, 1)), m("C", None, "bye")]),
        ("swiss", [m("C", "A", "a", (2, 0)), m("B", None, "bye")]),
    ],
    drops=[("B", 2)],
)


def test_magic_hand_computed_event_with_byes_as_two_nil():
    output = compute(MAGIC)

    assert [row["player"] for row in output["standings"]] == ["C", "A", "B"]
    rows = by_player(output)
    assert rows["A"]["tiebreakers"] == {"omw": 0.75, "gw": 0.4, "ogw": 0.8}
    assert rows["B"]["tiebreakers"] == {"omw": 0.5, "gw": 0.6, "ogw": 0.4}  # gw .6 only with the bye as 2-0
    assert rows["C"]["tiebreakers"] == {"omw": 0.5, "gw": 1.0, "ogw": 0.4}
    assert "tiebreak_number" not in rows["A"]


def test_a_dropped_player_stays_in_the_standings():
    rows = by_player(compute(MAGIC))

    assert rows["B"]["dropped"] is True
    assert rows["B"]["rank"] == 3
    assert rows["A"]["dropped"] is False


def test_magic_percentages_are_floored_at_0_33():
    # A beat B 2-0 twice: B has 0 match points and 0 games won, both floored to 0.33 (the spec's floor, the
    # default of a replay without ``tiebreak_floor``; before issue 19 this test read 0.3333, one third).
    document = replay("mtg", "AB", [("swiss", [m("A", "B", "a", (2, 0))])] * 2)
    rows = by_player(compute(document))

    assert rows["A"]["tiebreakers"] == {"omw": 0.33, "gw": 1.0, "ogw": 0.33}
    assert rows["B"]["tiebreakers"] == {"omw": 1.0, "gw": 0.33, "ogw": 1.0}
    # A replay that names the floor of the events created before issue 19 gets one third.
    old_rows = by_player(compute({**document, "tiebreak_floor": "1/3"}))
    assert old_rows["A"]["tiebreakers"] == {"omw": 0.3333, "gw": 1.0, "ogw": 0.3333}
    # Yu-Gi-Oh! has no floor: the same event gives A an omw of 0.
    assert (
        by_player(compute(replay("yugioh", "AB", [("swiss", [m("A", "B", "a")])] * 2)))["A"]["tiebreakers"][
            "omw"
        ]
        == 0.0
    )


def test_top_rounds_are_ignored():
    with_top = copy.deepcopy(YUGIOH)
    with_top["rounds"].append(
        {"number": 3, "stage": "top", "matches": [{"table": 1, "a": "B", "b": "A", "result": "a"}]}
    )

    output = compute(with_top)

    assert output["after_round"] == 2
    assert output["standings"] == compute(YUGIOH)["standings"]


def flip(players, player):
    digest = hashlib.sha256("".join(f"{p}\n" for p in sorted(players)).encode() + player.encode())
    return digest.hexdigest()[:16]


def test_full_tie_without_a_match_between_them_is_the_recorded_coin_flip():
    # A and C both beat a player with MW% 0: 3 points, omw 0, oomw 1 -> fully tied; they never met.
    document = replay("yugioh", "ABCD", [("swiss", [m("A", "B", "a"), m("C", "D", "a")])])

    first = compute(document)

    top_two = first["standings"][:2]
    assert {row["player"] for row in top_two} == {"A", "C"}
    assert [row["tiebreak_flip"] for row in top_two] == sorted([flip("ABCD", "A"), flip("ABCD", "C")])
    assert compute(copy.deepcopy(document)) == first  # same input, same order


def test_full_tie_is_broken_by_head_to_head_before_the_coin_flip():
    # R1: B beat D, C beat A.  R2: D beat C, B beat A.  R3: D beat C, A beat B.
    # B: W W L = 6, D: L W W = 6, C: W L L = 3, A: L L W = 3.  MW%: B 2/3, D 2/3, C 1/3, A 1/3.
    # omw B (D2/3 + A1/3 + A1/3)/3 = 4/9 = omw D (B2/3 + C1/3 + C1/3)/3; omw C = omw A = 5/9.
    # oomw B (4/9 + 5/9 + 5/9)/3 = 14/27 = oomw D; oomw C = oomw A = 13/27.  B beat D and C beat A.
    document = replay(
        "yugioh",
        "ABCD",
        [
            ("swiss", [m("B", "D", "a"), m("C", "A", "a")]),
            ("swiss", [m("C", "D", "b"), m("A", "B", "b")]),
            ("swiss", [m("D", "C", "a"), m("A", "B", "a")]),
        ],
    )

    output = compute(document)

    assert [row["player"] for row in output["standings"]] == ["B", "D", "C", "A"]
    assert flip("ABCD", "A") < flip("ABCD", "C")  # the coin flip alone would have put A above C
    rows = by_player(output)
    assert rows["B"]["tiebreakers"] == rows["D"]["tiebreakers"] == {"omw": 0.4444, "oomw": 0.5185}
    assert rows["B"]["tiebreak_number"] == "06444519"


def test_standings_rows_gives_exact_values_for_the_pairing_helper():
    rows = standings_rows(read_replay(YUGIOH))

    assert [(row.player, row.rank, row.points) for row in rows][:2] == [("A", 1, 6), ("E", 2, 4)]
    assert dict(rows[3].tiebreakers) == {"omw": Fraction(1, 2), "oomw": Fraction(3, 8)}


@st.composite
def valid_replays(draw):
    count = draw(st.integers(min_value=1, max_value=10))
    players = [f"p{i}" for i in range(count)]
    rounds = []
    for _ in range(draw(st.integers(min_value=0, max_value=5))):
        order = draw(st.permutations(players))
        matches = []
        for t in range(0, count - 1, 2):
            result = draw(st.sampled_from(["a", "b", "draw", "double_loss"]))
            games = draw(st.none() | st.tuples(st.integers(0, 3), st.integers(0, 3)))
            matches.append(m(order[t], order[t + 1], result, games))
        if count % 2:
            matches.append(m(order[-1], None, "bye"))
        rounds.append((draw(st.sampled_from(["swiss", "swiss", "top"])), matches))
    game = draw(st.sampled_from(["yugioh", "mtg"]))
    drops = [(p, len(rounds)) for p in players if rounds and draw(st.booleans())]
    return replay(game, players, rounds, drops)


@settings(max_examples=150, deadline=None)
@given(document=valid_replays())
def test_property_ranks_points_and_determinism(document):
    output = compute(document)

    rows = output["standings"]
    assert [row["rank"] for row in rows] == list(range(1, len(document["players"]) + 1))
    points = [row["points"] for row in rows]
    assert points == sorted(points, reverse=True)
    assert compute(copy.deepcopy(document)) == output
    shuffled = copy.deepcopy(document)
    shuffled["players"].reverse()  # the order players are listed in changes nothing
    assert compute(shuffled) == output


# ---- late entries: the rounds they missed are losses ------------------------------------------------------


def late(document, player, joined_round):
    document = copy.deepcopy(document)
    for entry in document["players"]:
        if entry["id"] == player:
            entry["joined_round"] = joined_round
    return document


def test_yugioh_late_entry_has_a_loss_per_missed_round_outside_match_win_percentage():
    # R1: A beat B, C bye (D not yet entered).  R2: D beat A, C beat B.  D joined in round 2.
    document = late(
        replay(
            "yugioh",
            "ABCD",
            [
                ("swiss", [m("A", "B", "a"), m("C", None, "bye")]),
                ("swiss", [m("D", "A", "a"), m("C", "B", "a")]),
            ],
        ),
        "D",
        2,
    )

    rows = by_player(compute(document))

    assert rows["D"]["points"] == 3
    assert rows["D"]["record"] == {"wins": 1, "losses": 1, "draws": 0}
    # D's MW% is 1/1 (the missed round has no opponent), so A's omw is (B 0 + D 1) / 2
    assert rows["A"]["tiebreakers"]["omw"] == 0.5


def test_magic_late_entry_counts_missed_rounds_as_played_and_lost_nil_two():
    # R1: A beat B 2-1 (C not yet entered).  R2: C beat A 2-0, B bye.  C joined in round 2.
    document = late(
        replay(
            "mtg",
            "ABC",
            [
                ("swiss", [m("A", "B", "a", (2, 1))]),
                ("swiss", [m("C", "A", "a", (2, 0)), m("B", None, "bye")]),
            ],
        ),
        "C",
        2,
    )

    rows = by_player(compute(document))

    assert rows["C"]["record"] == {"wins": 1, "losses": 1, "draws": 0}
    # C: 3 match points over 2 rounds (.5); games 2-0 and a 0-2 for the missed round: 6/12 = .5
    assert rows["C"]["tiebreakers"]["gw"] == 0.5
    assert rows["A"]["tiebreakers"]["omw"] == 0.5  # (B .5 + C .5) / 2; C at 1.0 without the missed round


def test_a_late_entry_beyond_the_rounds_played_has_only_the_rounds_that_exist_as_losses():
    document = late(replay("yugioh", "ABC", [("swiss", [m("A", "B", "a")])] * 2), "C", 5)

    row = by_player(compute(document))["C"]

    assert row["record"] == {"wins": 0, "losses": 2, "draws": 0}
    assert row["points"] == 0
