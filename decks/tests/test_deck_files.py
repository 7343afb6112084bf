"""Deck files in and out: .ydk (YGOPro, EDOPro), MTGO .txt and Arena, read from files written by hand in
each program's layout (``samples/``), written back, and read again to the same list (round trips)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from knox.models import AuthToken
from rest_framework.test import APIClient

from decks.deck_files import arena_text, mtgo_text, safe_filename
from decks.models import DeckList
from decks.parsing import parse_deck_text, parse_ydk
from decks.selectors import DeckFileUnwritable, deck_file, deck_list_parse
from decks.services import DeckListInvalid, card_import, deck_list_create
from tournaments.demo import DEMO_CARDS
from tournaments.models import EventRole
from tournaments.tests.factories import EventFactory, RegistrationFactory, UserFactory

SAMPLES = Path(__file__).with_name("samples")


def sample(name: str) -> str:
    # newline="" keeps EDOPro's CRLF line ends as the program writes them
    with (SAMPLES / name).open(encoding="utf-8", newline="") as handle:
        return handle.read()


@pytest.fixture
def yugioh_catalog(db):
    """The demo's 2018 cards (YGOPro's cards.cdb rows): real passcodes, alternate artworks."""
    card_import(path=DEMO_CARDS, expect="cards")


# --- Reading the programs' files ------------------------------------------------------------------------


def test_a_ygopro_ydk_reads_with_alternate_artworks_counted_as_their_card(yugioh_catalog):
    parsed = deck_list_parse(game="yugioh", ydk=sample("dark-magician-ygopro.ydk"))

    assert parsed.problems == []
    main = dict(parsed.sections["main"])
    assert main["Dark Magician"] == 3  # 46986414 twice and the alternate artwork 36996508
    assert main["Dark Magician Girl"] == 2  # 38033121 and 38033122
    assert sum(main.values()) == 40
    assert [name for name, _ in parsed.sections["extra"]] == [
        "Dark Paladin",
        "Ebon Illusion Magician",
        "Decode Talker",
        "Firewall Dragon",
    ]
    assert dict(parsed.sections["side"]) == {"Ghost Ogre & Snow Rabbit": 3, "Dark Bribe": 3}


def test_an_edopro_ydk_with_windows_line_ends_reads(yugioh_catalog):
    text = sample("blue-eyes-edopro.ydk")
    assert "\r\n" in text

    parsed = deck_list_parse(game="yugioh", ydk=text)

    assert parsed.problems == []
    assert dict(parsed.sections["main"])["Blue-Eyes White Dragon"] == 3
    assert sum(count for _, count in parsed.sections["main"]) == 40
    assert dict(parsed.sections["side"]) == {"Droll & Lock Bird": 3, "Harpie's Feather Duster": 1}


def test_a_passcode_the_catalog_lacks_is_named_and_the_card_data_said_to_need_updating(yugioh_catalog):
    with pytest.raises(DeckListInvalid) as raised:
        deck_list_create(owner=UserFactory(), game="yugioh", name="Joey", ydk=sample("unknown-passcode.ydk"))

    (message,) = raised.value.messages
    assert message.startswith("line 4: ")
    assert "99999999" in message
    assert "card data needs updating" in message
    assert "Card data page" in message


def test_an_mtgo_txt_reads_its_blank_line_as_the_start_of_the_sideboard():
    parsed = parse_deck_text(sample("burn-mtgo.txt"), game="mtg")

    assert parsed.ok
    assert sum(count for _, count in parsed.sections["main"]) == 60
    assert sum(count for _, count in parsed.sections["side"]) == 15
    assert parsed.sections["side"][0] == ("Smash to Smithereens", 2)


def test_an_arena_export_reads_by_name_whatever_the_set():
    arena = parse_deck_text(sample("burn-arena.txt"), game="mtg")
    mtgo = parse_deck_text(sample("burn-mtgo.txt"), game="mtg")

    assert arena.ok
    assert arena.sections == mtgo.sections


def test_arena_about_companion_and_snow_covered_basics():
    parsed = parse_deck_text(sample("rats-companion-arena.txt"), game="mtg")

    assert parsed.ok
    assert parsed.sections == {
        "main": [
            ("Relentless Rats", 24),
            ("Swamp", 12),
            ("Snow-Covered Swamp", 12),
            ("Rat Colony", 12),
        ],
        # Lurrus is listed under Companion and under Sideboard: one sideboard card
        "side": [("Lurrus of the Dream-Den", 1), ("Duress", 3)],
    }


def test_a_companion_arena_does_not_repeat_in_the_sideboard_is_added_there():
    parsed = parse_deck_text("Companion\n1 Jegantha, the Wellspring\n\nDeck\n60 Mountain\n", game="mtg")

    assert parsed.sections["side"] == [("Jegantha, the Wellspring", 1)]


def test_a_commander_belongs_to_the_deck():
    parsed = parse_deck_text("Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n99 Forest\n", game="mtg")

    assert parsed.sections == {"main": [("Atraxa, Praetors' Voice", 1), ("Forest", 99)], "side": []}


def test_a_blank_line_in_a_list_with_headings_still_means_nothing():
    parsed = parse_deck_text("Main\n4 Lightning Bolt\n\n56 Mountain\nSide\n2 Duress\n", game="mtg")

    assert parsed.sections == {"main": [("Lightning Bolt", 4), ("Mountain", 56)], "side": [("Duress", 2)]}


def test_a_list_in_more_than_two_groups_stays_one_main_deck():
    text = "4 Goblin Guide\n\n4 Lightning Bolt\n\n52 Mountain\n"

    parsed = parse_deck_text(text, game="mtg")

    assert sum(count for _, count in parsed.sections["main"]) == 60
    assert parsed.sections["side"] == []


def test_a_yugioh_list_with_a_blank_line_is_not_read_as_mtgo():
    parsed = parse_deck_text("3 Dark Magician\n\n2 Pot of Greed\n", game="yugioh")

    assert parsed.sections["main"] == [("Dark Magician", 3), ("Pot of Greed", 2)]
    assert parsed.sections["side"] == []


# --- Writing them, and reading them back ----------------------------------------------------------------


def test_ydk_round_trip_writes_original_passcodes_in_the_programs_layout(yugioh_catalog):
    owner = UserFactory(username="yugi", first_name="Yugi", last_name="Muto")
    deck_list = deck_list_create(
        owner=owner, game="yugioh", name="Dark Magician", ydk=sample("dark-magician-ygopro.ydk")
    )

    written = deck_file(deck_list, "ydk", created_by="Yugi Muto")

    lines = written.text.splitlines()
    assert lines[:2] == ["#created by Yugi Muto", "#main"]
    assert lines.index("#extra") < lines.index("!side")
    # the alternate artworks are written as the original printing
    assert "36996508" not in lines
    assert "38033122" not in lines
    assert lines.count("46986414") == 3
    assert lines.count("38033121") == 2
    assert len(lines) == 1 + 3 + 40 + 4 + 6
    assert written.filename == "Dark Magician.ydk"
    again = deck_list_parse(game="yugioh", ydk=written.text)
    assert again.problems == []
    assert {
        section: [{"name": n, "count": c} for n, c in items] for section, items in again.sections.items()
    } == (deck_list.sections)
    # and the .ydk reads as YGOPro reads it: one line per copy, in sections
    assert sum(entry.count for entry in parse_ydk(written.text).entries["main"]) == 40


def test_a_ydk_of_a_list_with_a_card_the_catalog_lacks_is_refused_naming_it(yugioh_catalog):
    deck_list = DeckList.objects.create(
        owner=UserFactory(),
        game="yugioh",
        name="Typed before the catalog",
        text="Main\n3 Dark Magician\n2 Sky Striker Ace - Raye\n",
        sections={
            "main": [{"name": "Dark Magician", "count": 3}, {"name": "Sky Striker Ace - Raye", "count": 2}]
        },
    )

    with pytest.raises(DeckFileUnwritable) as raised:
        deck_file(deck_list, "ydk", created_by="x")

    assert raised.value.names == ["Sky Striker Ace - Raye"]
    assert "card data needs updating" in str(raised.value)


@pytest.mark.parametrize(("write", "layout"), [(mtgo_text, "mtgo"), (arena_text, "arena")])
def test_magic_round_trips(write, layout):
    read = parse_deck_text(sample("burn-mtgo.txt"), game="mtg")
    sections = read.as_engine_deck()

    text = write(sections)

    again = parse_deck_text(text, game="mtg")
    assert again.ok
    assert again.as_engine_deck() == sections
    if layout == "mtgo":
        assert text.startswith("4 Monastery Swiftspear\n")
        assert "\n12 Mountain\n\n2 Smash to Smithereens\n" in text
        assert "Sideboard" not in text
        assert "Deck" not in text.split("\n")[0]
    else:
        assert text.startswith("Deck\n4 Monastery Swiftspear\n")
        assert "\n12 Mountain\n\nSideboard\n2 Smash to Smithereens\n" in text
        assert "(" not in text  # the catalog keeps no set code: none is written


def test_an_mtgo_file_of_a_deck_without_sideboard_reads_back_without_one():
    sections = {
        "main": [{"name": "Relentless Rats", "count": 40}, {"name": "Swamp", "count": 20}],
        "side": [],
    }

    assert parse_deck_text(mtgo_text(sections), game="mtg").as_engine_deck() == sections
    assert parse_deck_text(arena_text(sections), game="mtg").as_engine_deck() == sections


def test_file_names_are_the_lists_name_made_safe():
    assert safe_filename("Blue-Eyes: v2/final", "ydk") == "Blue-Eyes v2 final.ydk"
    assert safe_filename("Azul-Olhos Ação", "mtgo") == "Azul-Olhos Ação.txt"
    assert safe_filename("Burn", "arena") == "Burn (Arena).txt"
    assert safe_filename('..\\"\x00', "ydk") == "deck.ydk"
    assert len(safe_filename("x" * 500, "ydk")) == 104


# --- The downloads ----------------------------------------------------------------------------------------


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_owner_downloads_a_ydk_and_another_player_gets_a_404(yugioh_catalog):
    owner = UserFactory(username="yugi", first_name="Yugi", last_name="Muto")
    deck_list = deck_list_create(
        owner=owner, game="yugioh", name="Mágico Negro", ydk=sample("dark-magician-ygopro.ydk")
    )
    url = reverse("deck-list-download", args=[deck_list.pk, "ydk"])

    response = _signed_in(owner).get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    assert "M%C3%A1gico%20Negro.ydk" in response["Content-Disposition"]
    assert response.content.decode().startswith("#created by Yugi Muto\n#main\n46986414\n")
    assert _signed_in(UserFactory()).get(url).status_code == 404
    assert (
        _signed_in(owner).get(reverse("deck-list-download", args=[deck_list.pk, "arena"])).status_code == 404
    )


def test_a_ydk_download_the_catalog_cannot_write_says_why(yugioh_catalog):
    owner = UserFactory()
    deck_list = DeckList.objects.create(
        owner=owner,
        game="yugioh",
        name="Old",
        text="Main\n3 Sky Striker Ace - Raye\n",
        sections={"main": [{"name": "Sky Striker Ace - Raye", "count": 3}]},
    )

    response = _signed_in(owner).get(reverse("deck-list-download", args=[deck_list.pk, "ydk"]))

    assert response.status_code == 409
    assert "Sky Striker Ace - Raye" in response.content.decode()


def test_a_magic_list_downloads_for_mtgo_and_arena(db):
    owner = UserFactory()
    deck_list = deck_list_create(owner=owner, game="mtg", name="Burn", text=sample("burn-mtgo.txt"))
    client = _signed_in(owner)

    mtgo = client.get(reverse("deck-list-download", args=[deck_list.pk, "mtgo"]))
    arena = client.get(reverse("deck-list-download", args=[deck_list.pk, "arena"]))

    assert mtgo.content.decode() == sample("burn-mtgo.txt")
    assert arena.content.decode().startswith("Deck\n4 Monastery Swiftspear\n")
    assert 'filename="Burn (Arena).txt"' in arena["Content-Disposition"]
    assert client.get(reverse("deck-list-download", args=[deck_list.pk, "ydk"])).status_code == 404


def test_the_event_zip_holds_every_list_for_its_judge_and_is_refused_to_a_player(yugioh_catalog):
    event = EventFactory(game="yugioh")
    judge = UserFactory()
    EventRole.objects.create(event=event, user=judge, role=EventRole.Role.JUDGE)
    players = [UserFactory(first_name=name, last_name="") for name in ("Ann", "Ben")]
    for player in players:
        deck_list = deck_list_create(
            owner=player, game="yugioh", name="Locals", ydk=sample("blue-eyes-edopro.ydk")
        )
        RegistrationFactory(event=event, player=player, deck_list=deck_list)
    url = reverse("event-deck-lists-zip", args=[event.slug])

    response = _signed_in(judge).get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    bundle = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(bundle.namelist()) == ["Ann - Locals.ydk", "Ben - Locals.ydk"]
    text = bundle.read("Ann - Locals.ydk").decode()
    assert text.startswith("#created by Ann\n#main\n89631139\n89631139\n89631139\n")
    assert "18144507" not in text
    assert "18144506" in text
    assert _signed_in(players[0]).get(url).status_code == 403


def test_the_event_zip_reads_as_many_rows_for_six_lists_as_for_two(
    yugioh_catalog, django_assert_max_num_queries
):
    event = EventFactory(game="yugioh")
    judge = UserFactory()
    EventRole.objects.create(event=event, user=judge, role=EventRole.Role.JUDGE)
    client = _signed_in(judge)
    url = reverse("event-deck-lists-zip", args=[event.slug])
    counted = []
    for players in (2, 6):
        while event.registrations.count() < players:
            player = UserFactory()
            deck_list = deck_list_create(
                owner=player, game="yugioh", name="Locals", ydk=sample("blue-eyes-edopro.ydk")
            )
            RegistrationFactory(event=event, player=player, deck_list=deck_list)
        with django_assert_max_num_queries(20) as statements:
            response = client.get(url)
        assert len(zipfile.ZipFile(io.BytesIO(response.content)).namelist()) == players
        counted.append(len(statements))

    assert counted[0] == counted[1]


def test_the_api_gives_each_list_its_download_links_for_a_token_and_for_the_site(db):
    owner = UserFactory()
    magic = deck_list_create(owner=owner, game="mtg", name="Burn", text=sample("burn-mtgo.txt"))
    api = _token_client(owner)

    files = api.get(reverse("api-deck", args=[magic.pk])).json()["files"]

    assert files == [
        {
            "format": file_format,
            "url": reverse("api-deck-file", args=[magic.pk, file_format]),
            "page_url": reverse("deck-list-download", args=[magic.pk, file_format]),
        }
        for file_format in ("mtgo", "arena")
    ]
    assert api.get(files[0]["url"]).content.decode() == sample("burn-mtgo.txt")
    assert _signed_in(owner).get(files[1]["page_url"]).content.decode().startswith("Deck\n")


def _token_client(user) -> APIClient:
    client = APIClient()
    _, token = AuthToken.objects.create(user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_a_list_read_through_the_api_names_files_a_program_downloads_with_its_token(yugioh_catalog):
    owner = UserFactory(first_name="Yugi", last_name="Muto")
    deck_list = deck_list_create(
        owner=owner, game="yugioh", name="Dark Magician", ydk=sample("dark-magician-ygopro.ydk")
    )
    client = _token_client(owner)

    files = client.get(reverse("api-deck", args=[deck_list.pk])).json()["files"]
    ydk = client.get(files[0]["url"])

    assert [entry["format"] for entry in files] == ["ydk"]
    assert ydk.status_code == 200
    assert ydk.content.decode().splitlines()[:2] == ["#created by Yugi Muto", "#main"]
    assert files[0]["page_url"] == reverse("deck-list-download", args=[deck_list.pk, "ydk"])
    # Another user's token reads nothing of it, and a format the game has none of is not found.
    assert _token_client(UserFactory()).get(files[0]["url"]).status_code == 404
    assert client.get(reverse("api-deck-file", args=[deck_list.pk, "arena"])).status_code == 404


def test_a_ydk_the_catalog_cannot_write_is_refused_through_the_api_with_the_card_named(yugioh_catalog):
    owner = UserFactory()
    deck_list = DeckList.objects.create(
        owner=owner,
        game="yugioh",
        name="Old",
        text="Main\n3 Sky Striker Ace - Raye\n",
        sections={"main": [{"name": "Sky Striker Ace - Raye", "count": 3}]},
    )

    response = _token_client(owner).get(reverse("api-deck-file", args=[deck_list.pk, "ydk"]))

    assert response.status_code == 409
    assert "Sky Striker Ace - Raye" in response.json()["detail"]
