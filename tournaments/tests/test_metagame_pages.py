"""The metagame page, its CSV and the API on an event built here: the same numbers, worked out by hand; who
may read them; the deck staff naming and merging decks."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from html import unescape

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.users import display_name
from decks.tests.factories import DeckListFactory
from matches.models import Match
from matches.tests.factories import MatchFactory
from tournaments.models import ArchetypeChange, EventRole, Registration, Round
from tournaments.tests.factories import (
    EventFactory,
    EventRoleFactory,
    RegistrationFactory,
    RoundFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

LISTS = {
    "Snake-Eye": "Main\n3 Ash Blossom\n3 Snake-Eye Ash\n",
    "Tenpai": "Main\n1 Ash Blossom\n3 Tenpai Dragon Chundra\n",
    "": "Main\n2 Ash Blossom\n3 Kuriboh\n",
}


def build_event():
    """Five players: p1, p2 Snake-Eye; p3, p5 Tenpai; p4 unnamed (each with a list).

    Round 1: p1 beats p3, p2 and p4 draw, p5 has a bye. Round 2: p1 beats p2 (a mirror), p3 beats p4
    (p5 dropped). Top cut: p3 beats p1.
    """
    event = EventFactory(name="Spring Locals")
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    players = {}
    for number, archetype in [(1, "Snake-Eye"), (2, "Snake-Eye"), (3, "Tenpai"), (4, ""), (5, "Tenpai")]:
        player = UserFactory(username=f"meta{number}")
        deck_list = DeckListFactory(owner=player, text=LISTS[archetype])
        RegistrationFactory(event=event, player=player, deck_list=deck_list, archetype=archetype)
        players[number] = player
    final = {"status": Match.Status.FINAL}
    round_1 = RoundFactory(event=event, number=1, status=Round.Status.FINISHED)
    MatchFactory(round=round_1, player_a=players[1], player_b=players[3], result="a", **final)
    MatchFactory(round=round_1, player_a=players[2], player_b=players[4], result="draw", **final)
    MatchFactory(round=round_1, table=None, player_a=players[5], player_b=None, result="bye", **final)
    round_2 = RoundFactory(event=event, number=2, status=Round.Status.FINISHED)
    MatchFactory(round=round_2, player_a=players[1], player_b=players[2], result="a", **final)
    MatchFactory(round=round_2, player_a=players[3], player_b=players[4], result="a", **final)
    top = RoundFactory(event=event, number=3, stage=Round.Stage.TOP)
    MatchFactory(round=top, player_a=players[1], player_b=players[3], result="b", **final)
    MatchFactory(round=top, player_a=players[2], player_b=players[4])  # still playing: not counted
    return event, judge, players


# (name, players, share, wins, losses, draws, byes, mirrors, win rate) by hand from build_event's story.
SWISS_ROWS = [
    ("Snake-Eye", 2, "40.0", 1, 0, 1, 0, 1, "50.0"),
    ("Tenpai", 2, "40.0", 1, 1, 0, 1, 0, "50.0"),
    ("Unnamed deck", 1, "20.0", 0, 1, 1, 0, 0, "0.0"),
]
# The top cut's field: p1, p3 (finished) and p2, p4 (still playing, in no record).
TOP_ROWS = [
    ("Snake-Eye", 2, "50.0", 0, 1, 0, 0, 0, "0.0"),
    ("Tenpai", 1, "25.0", 1, 0, 0, 0, 0, "100.0"),
    ("Unnamed deck", 1, "25.0", 0, 0, 0, 0, 0, None),
]
# (card, lists, share of lists, average copies)
SWISS_CARDS = [
    ("Ash Blossom", 5, "100.0", "2.00"),  # 3 + 3 + 1 + 2 + 1 copies
    ("Snake-Eye Ash", 2, "40.0", "3.00"),  # as many lists and copies as the next: by name
    ("Tenpai Dragon Chundra", 2, "40.0", "3.00"),
    ("Kuriboh", 1, "20.0", "3.00"),
]


def api_rows(body):
    return [
        (
            row["name"],
            row["players"],
            f"{Decimal(str(row['share'])):.1f}",
            row["wins"],
            row["losses"],
            row["draws"],
            row["byes"],
            row["mirrors"],
            None if row["win_rate"] is None else f"{Decimal(str(row['win_rate'])):.1f}",
        )
        for row in body["archetypes"]
    ]


def csv_tables(response):
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    blank = rows.index([])
    return rows[1:blank], rows[blank + 2 :]


def page_row(row):
    name, *numbers = row
    players, share, wins, losses, draws, byes, mirrors, win_rate = numbers
    win_rate = (
        "no matches counted" if win_rate is None else f"{win_rate}%" if win_rate[0].isdigit() else win_rate
    )
    return (
        f'<tr><th scope="row">{name}</th><td>{players}</td><td class="nowrap">{share}%</td><td>{wins}</td>'
        f"<td>{losses}</td><td>{draws}</td><td>{byes}</td><td>{mirrors}</td>"
        f'<td class="nowrap">{win_rate}</td></tr>'
    )


@pytest.mark.parametrize(("scope", "expected"), [("swiss", SWISS_ROWS), ("top", TOP_ROWS)])
def test_the_page_the_csv_and_the_api_give_the_same_numbers(client, scope, expected):
    event, judge, _ = build_event()
    client.force_login(judge)
    api = APIClient()
    api.force_authenticate(judge)

    page = client.get(reverse("event-metagame", args=[event.slug]), {"round": scope})
    archetypes, _cards = csv_tables(
        client.get(reverse("event-metagame-csv", args=[event.slug]), {"round": scope})
    )
    body = api.get(reverse("api-event-metagame", args=[event.slug]), {"round": scope}).json()

    assert api_rows(body) == expected
    assert [tuple(row) for row in archetypes] == [
        tuple("" if cell is None else str(cell) for cell in row) for row in expected
    ]
    html = page.content.decode()
    for row in expected:
        assert page_row(row) in html
    # The chart says the same: each archetype's name, share and record, in text a screen reader can read.
    svg = html[html.index("<svg") : html.index("</svg>")]
    for name, _players, share, wins, losses, draws, *_rest, win_rate in expected:
        assert f"{name}</tspan> · {share}%" in svg
        record = f"{wins}-{losses}-{draws}, won {win_rate}%" if win_rate else "no matches counted"
        assert record in svg


def test_the_most_played_cards_agree_everywhere(client):
    event, judge, _ = build_event()
    client.force_login(judge)
    api = APIClient()
    api.force_authenticate(judge)

    _archetypes, cards = csv_tables(client.get(reverse("event-metagame-csv", args=[event.slug])))
    body = api.get(reverse("api-event-metagame", args=[event.slug])).json()
    html = client.get(reverse("event-metagame", args=[event.slug])).content.decode()

    assert [tuple(row) for row in cards] == [tuple(str(cell) for cell in row) for row in SWISS_CARDS]
    assert [
        (
            card["name"],
            card["lists"],
            f"{Decimal(str(card['share'])):.1f}",
            f"{Decimal(str(card['average'])):.2f}",
        )
        for card in body["cards"]
    ] == SWISS_CARDS
    assert (body["field"], body["lists"], body["matches"]) == (5, 5, 5)
    for name, lists, share, average in SWISS_CARDS:
        cells = f'<td>{lists}</td><td class="nowrap">{share}%</td><td>{average}</td>'
        assert f'<tr><th scope="row">{name}</th>{cells}</tr>' in html


def test_one_round(client):
    event, judge, _ = build_event()
    client.force_login(judge)

    html = client.get(reverse("event-metagame", args=[event.slug]), {"round": "2"}).content.decode()

    # Round 2: p1, p2, p3, p4 played (p5 dropped): the Snake-Eye mirror (no win rate), p3 beats p4.
    assert page_row(("Snake-Eye", 2, "50.0", 0, 0, 0, 0, 1, "no matches counted")) in html
    assert page_row(("Tenpai", 1, "25.0", 1, 0, 0, 0, 0, "100.0")) in html
    assert page_row(("Unnamed deck", 1, "25.0", 0, 1, 0, 0, 0, "0.0")) in html


def test_a_round_that_is_not_one_is_a_400_naming_it(client):
    event, judge, _ = build_event()
    client.force_login(judge)
    api = APIClient()
    api.force_authenticate(judge)

    for bad in ("9", "3", "x", "-1"):  # round 3 is the top cut's: asked for as "top"
        assert client.get(reverse("event-metagame", args=[event.slug]), {"round": bad}).status_code == 400
        assert client.get(reverse("event-metagame-csv", args=[event.slug]), {"round": bad}).status_code == 400
        answer = api.get(reverse("api-event-metagame", args=[event.slug]), {"round": bad})
        assert answer.status_code == 400
        assert "round" in answer.json()


def test_players_read_the_metagame_once_the_lists_are_public(client):
    event, _, players = build_event()
    client.force_login(players[1])
    api = APIClient()
    api.force_authenticate(players[1])
    url = reverse("event-metagame", args=[event.slug])

    refused = client.get(url)
    assert refused.status_code == 403
    assert "not public yet" in refused.content.decode()
    assert client.get(reverse("event-metagame-csv", args=[event.slug])).status_code == 403
    assert api.get(reverse("api-event-metagame", args=[event.slug])).status_code == 403
    metagame_link = f'href="{reverse("event-metagame", args=[event.slug])}"'
    assert metagame_link not in client.get(reverse("event-detail", args=[event.slug])).content.decode()

    event.decklists_public = True
    event.save()

    page = client.get(url)
    assert page.status_code == 200
    assert "Name the decks" not in page.content.decode()  # the forms are the deck staff's
    assert api.get(reverse("api-event-metagame", args=[event.slug])).status_code == 200
    assert (
        reverse("event-metagame", args=[event.slug])
        in client.get(reverse("event-detail", args=[event.slug])).content.decode()
    )
    client.logout()
    assert client.get(url).status_code == 302  # to the login page, as the public lists are


def test_staff_name_a_deck_once_however_often_the_form_is_sent(client):
    event, judge, players = build_event()
    client.force_login(judge)
    unnamed = Registration.objects.get(event=event, player=players[4])
    url = reverse("event-archetype-set", args=[event.slug, unnamed.pk])
    body = {"archetype": "  Kuriboh   Burn ", "form_key": "metagame-1"}

    first = client.post(url, body)
    second = client.post(url, body)

    assert first.status_code == second.status_code == 302
    unnamed.refresh_from_db()
    assert unnamed.archetype == "Kuriboh Burn"
    assert ArchetypeChange.objects.filter(registration=unnamed).count() == 1
    too_long = client.post(url, {"archetype": "x" * 61, "form_key": "metagame-2"})
    assert too_long.status_code == 400
    assert "at most 60 characters" in too_long.content.decode()


def test_staff_see_the_suggestion_and_use_it(client):
    event, judge, players = build_event()
    client.force_login(judge)
    unnamed = Registration.objects.get(event=event, player=players[4])

    html = client.get(reverse("event-metagame", args=[event.slug])).content.decode()

    # p4's list (Ash Blossom, Kuriboh) shares Ash Blossom with each named list: 1 of 3 names, 33%; a tie
    # between two archetypes of two lists each, so the first by name.
    assert "Use the suggestion: Snake-Eye (33%" in html
    client.post(
        reverse("event-archetype-set", args=[event.slug, unnamed.pk]),
        {"archetype": "Snake-Eye", "form_key": "suggested"},
    )
    unnamed.refresh_from_db()
    assert unnamed.archetype == "Snake-Eye"


def test_staff_merge_two_names_on_the_page_and_through_the_api(client):
    event, judge, _ = build_event()
    client.force_login(judge)

    answer = client.post(
        reverse("event-archetype-merge", args=[event.slug]), {"archetype": "Tenpai", "into": "Tenpai Dragon"}
    )
    assert answer.status_code == 302
    assert set(event.registrations.values_list("archetype", flat=True)) == {"Snake-Eye", "Tenpai Dragon", ""}
    refused = client.post(
        reverse("event-archetype-merge", args=[event.slug]), {"archetype": "Branded", "into": "Tenpai"}
    )
    assert refused.status_code == 400
    assert "No deck of this event is named" in refused.content.decode()

    api = APIClient()
    api.force_authenticate(judge)
    merged = api.post(
        reverse("api-event-archetype-merge", args=[event.slug]),
        {"archetype": "Tenpai Dragon", "into": "Snake-Eye"},
        format="json",
    )
    assert merged.json() == {"archetype": "Tenpai Dragon", "into": "Snake-Eye", "renamed": 2}
    missing = api.post(
        reverse("api-event-archetype-merge", args=[event.slug]),
        {"archetype": "Nope", "into": "X"},
        format="json",
    )
    assert missing.status_code == 400
    assert "archetype" in missing.json()


def test_staff_name_a_deck_through_the_api(client):
    event, judge, players = build_event()
    api = APIClient()
    api.force_authenticate(judge)
    registration = Registration.objects.get(event=event, player=players[4])
    url = reverse("api-registration-archetype", args=[event.slug, registration.pk])

    named = api.put(url, {"archetype": "Kuriboh"}, format="json")
    cleared = api.put(url, {"archetype": ""}, format="json")
    too_long = api.put(url, {"archetype": "x" * 61}, format="json")

    assert named.json() == {"registration": registration.pk, "archetype": "Kuriboh", "name": "Kuriboh"}
    assert cleared.json()["name"] == "Unnamed deck"
    assert too_long.status_code == 400
    assert "archetype" in too_long.json()
    api.force_authenticate(players[1])
    assert api.put(url, {"archetype": "Mine"}, format="json").status_code == 403
    # Refused alike for a registration that does not exist: the answer says nothing of which ids do.
    missing = reverse("api-registration-archetype", args=[event.slug, registration.pk + 1000])
    assert api.put(missing, {"archetype": "Mine"}, format="json").status_code == 403


def test_the_page_reads_in_a_few_queries(client, django_assert_max_num_queries):
    event, judge, _ = build_event()
    client.force_login(judge)

    with django_assert_max_num_queries(25):
        assert client.get(reverse("event-metagame", args=[event.slug])).status_code == 200


def projector_rows(html):
    """The projector table's rows as (name, players, share, W-L-D, win rate)."""
    table = html[html.index('<table class="metagame-projector-table">') : html.index("</table>")]
    rows = []
    for row in table.split("<tbody>")[1].split("</tr>")[:-1]:
        cells = [cell.split(">", 1)[1] for cell in row.replace("</th>", "</td>").split("</td>")[:-1]]
        rows.append(tuple(cell.rsplit(">", 1)[-1] for cell in cells))
    return rows


@pytest.mark.parametrize(("scope", "expected"), [("swiss", SWISS_ROWS), ("top", TOP_ROWS)])
def test_the_projector_shows_the_pages_numbers_large(client, scope, expected):
    event, judge, players = build_event()
    client.force_login(judge)
    url = reverse("event-metagame-projector", args=[event.slug])

    html = client.get(url, {"round": scope}).content.decode()

    assert projector_rows(html) == [
        (
            name,
            str(count),
            f"{share}%",
            f"{wins}-{losses}-{draws}",
            "no matches counted" if rate is None else f"{rate}%",
        )
        for name, count, share, wins, losses, draws, _byes, _mirrors, rate in expected
    ]
    svg = html[html.index("<svg") : html.index("</svg>")]
    for name, _count, share, *_rest in expected:
        assert f"{name}</tspan> · {share}%" in svg
    # The metagame page links to it with the same round; players follow the same rule as the page.
    page = client.get(reverse("event-metagame", args=[event.slug]), {"round": scope}).content.decode()
    assert f'href="{url}?round={scope}"' in page
    assert client.get(url, {"round": "9"}).status_code == 400
    client.force_login(players[1])
    assert client.get(url).status_code == 403
    event.decklists_public = True
    event.save()
    assert client.get(url).status_code == 200
    # Signed out while it polls (a session ended): the wall keeps what it shows; a visit goes to sign in.
    client.logout()
    assert client.get(url, headers={"HX-Request": "true"}).status_code == 204
    assert client.get(url).status_code == 302


def test_the_projector_shows_the_eight_most_played_archetypes_and_says_how_many_more(client):
    event, judge, _ = build_event()
    for number in range(6, 15):  # nine more players, each with an archetype of their own
        player = UserFactory(username=f"meta{number}")
        RegistrationFactory(event=event, player=player, archetype=f"Rogue {number}")
    client.force_login(judge)

    html = client.get(reverse("event-metagame-projector", args=[event.slug])).content.decode()

    names = [row[0] for row in projector_rows(html)]
    assert names[:2] == ["Snake-Eye", "Tenpai"]  # two players each: the most played first
    assert len(names) == 8
    assert "4 more archetypes on the metagame page." in html  # 12 archetypes in all


def test_staff_read_the_corrections_on_the_page_a_merge_in_one_line(client):
    event, judge, players = build_event()
    for number in range(6, 46):  # forty more Tenpai decks: a merge of 42 rows, more than the list shows
        RegistrationFactory(event=event, player=UserFactory(username=f"meta{number}"), archetype="Tenpai")
    client.force_login(judge)
    unnamed = Registration.objects.get(event=event, player=players[4])
    client.post(
        reverse("event-archetype-set", args=[event.slug, unnamed.pk]),
        {"archetype": "Kuriboh", "form_key": "k1"},
    )
    client.post(
        reverse("event-archetype-merge", args=[event.slug]), {"archetype": "Tenpai", "into": "Tenpai Dragon"}
    )
    client.post(
        reverse("event-archetype-merge", args=[event.slug]), {"archetype": "Snake-Eye", "into": "Snake-Eyes"}
    )

    html = client.get(reverse("event-metagame", args=[event.slug])).content.decode()
    changes = unescape(html[html.index('id="archetype-changes"') :])  # a name may hold an apostrophe
    changes = changes[: changes.index("</ul>")]
    judge_name = display_name(judge)
    lines = [line.split(" · ", 1)[1] for line in changes.split("</li>")[:-1]]
    assert lines == [  # newest first: each merge one line with its count, the rename its player
        f"{judge_name} merged Snake-Eye into Snake-Eyes (2 decks)",
        f"{judge_name} merged Tenpai into Tenpai Dragon (42 decks)",
        f"{judge_name} renamed {display_name(players[4])}'s deck from Unnamed deck to Kuriboh",
    ]
    client.force_login(players[1])
    event.decklists_public = True
    event.save()
    assert (
        "archetype-changes" not in client.get(reverse("event-metagame", args=[event.slug])).content.decode()
    )


def regional(players: int):
    """An event of ``players`` registered decks (no list needed to name one): every third one unnamed,
    the others Snake-Eye or Tenpai; player k is "Player k" (zero-padded, so they sort by number)."""
    event = EventFactory(name="Regional")
    judge = EventRoleFactory(event=event, role=EventRole.Role.JUDGE).user
    for number in range(1, players + 1):
        player = UserFactory(username=f"reg{number:03}", first_name="Player", last_name=f"{number:03}")
        archetype = "" if number % 3 == 0 else ("Snake-Eye" if number % 2 else "Tenpai")
        RegistrationFactory(event=event, player=player, archetype=archetype)
    return event, judge


def naming_forms(html: str) -> list[str]:
    """The players whose deck the page offers to name, in order."""
    marker = "Archetype of "
    return [part.split("'s deck", 1)[0] for part in unescape(html).split(marker)[1:]]


def test_staff_name_a_regionals_decks_fifty_at_a_time(client, django_assert_max_num_queries):
    event, judge = regional(120)
    client.force_login(judge)
    url = reverse("event-metagame", args=[event.slug])

    with django_assert_max_num_queries(25):
        first = client.get(url).content.decode()
    third = client.get(url, {"decks": "3"}).content.decode()
    past_the_end = client.get(url, {"decks": "99"})

    assert naming_forms(first) == [f"Player {n:03}" for n in range(1, 51)]
    assert "Decks 1 to 50 of 120" in first
    assert "Page 1 of 3" in first
    assert 'name="archetype" maxlength="60"' in first  # the browser stops a name at the server's limit
    assert 'href="?decks=2#name-decks" rel="next"' in first
    assert naming_forms(third) == [f"Player {n:03}" for n in range(101, 121)]
    assert "Decks 101 to 120 of 120" in third
    assert past_the_end.status_code == 200  # the last page, not an error
    assert "Decks 101 to 120 of 120" in past_the_end.content.decode()


def test_staff_find_a_player_or_the_decks_still_unnamed(client):
    event, judge = regional(120)
    client.force_login(judge)
    url = reverse("event-metagame", args=[event.slug])

    by_name = client.get(url, {"find": "player 007"}).content.decode()
    by_archetype = client.get(url, {"find": "TENPAI", "unnamed": "1"}).content.decode()
    unnamed = client.get(url, {"unnamed": "1"}).content.decode()
    nobody = client.get(url, {"find": "Kuriboh"}).content.decode()

    assert naming_forms(by_name) == ["Player 007"]
    assert naming_forms(by_archetype) == []  # a Tenpai deck has a name
    assert "No deck matches this search." in by_archetype
    assert naming_forms(unnamed)[:3] == ["Player 003", "Player 006", "Player 009"]
    assert "Decks 1 to 40 of 40" in unnamed
    many = client.get(url, {"find": "player"}).content.decode()
    assert 'href="?find=player&amp;decks=2#name-decks" rel="next"' in many  # the next page of the search
    assert "No deck matches this search." in nobody


def test_after_naming_a_deck_the_staff_are_back_on_the_same_search_and_page(client):
    event, judge = regional(120)
    client.force_login(judge)
    registration = Registration.objects.get(event=event, player__username="reg063")
    listing = "round=swiss&find=player&unnamed=1&decks=2"
    page = client.get(reverse("event-metagame", args=[event.slug]) + "?" + listing).content.decode()
    action = reverse("event-archetype-set", args=[event.slug, registration.pk]) + "?" + listing
    assert f'action="{action.replace("&", "&amp;")}"' in page

    answer = client.post(action, {"archetype": "Kuriboh", "form_key": "reg063"})

    assert answer.status_code == 302
    assert answer["Location"] == reverse("event-metagame", args=[event.slug]) + "?" + listing + "#name-decks"
    registration.refresh_from_db()
    assert registration.archetype == "Kuriboh"
