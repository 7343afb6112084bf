"""The deck builder on "My deck" (card-name search, adding cards, registering what was built) and the judges'
page that replaces a player's list with a reason."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.tests.factories import CardFactory, DeckListFactory
from tournaments.models import DeckListChange, EventRole
from tournaments.tests.factories import EventRoleFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ASH = "Ash Blossom & Joyous Spring"


def ash() -> None:
    CardFactory(name=ASH, frame="effect", effect=True, level=3, attribute="fire", monster_type="zombie")


def builder_post(client, registration, **data):
    return client.post(f"/events/{registration.event.slug}/deck/builder/", data, **HTMX)


# --- Search ------------------------------------------------------------------------------------------------


def test_search_lists_only_cards_of_the_game_asked_for_with_their_kind_and_frame(client):
    ash()
    CardFactory(name="Ashnod's Altar", mtg=True, types=["artifact"])
    client.force_login(UserFactory())

    page = client.get("/cards/search/", {"game": "yugioh", "q": "ASH"}).content.decode()

    assert "Ash Blossom &amp; Joyous Spring" in page
    assert "Monster · Effect" in page
    assert "Ashnod" not in page
    assert 'value="extra:Ash Blossom &amp; Joyous Spring"' in page


def test_search_answers_at_most_ten_cards_names_starting_with_the_query_first(client):
    for n in range(12):
        CardFactory(name=f"Kuriboh Token {n:02d}")
    CardFactory(name="Awakened Kuriboh")
    client.force_login(UserFactory())

    page = client.get("/cards/search/", {"game": "yugioh", "q": "kuriboh"}).content.decode()

    assert page.count('<li class="card">') == 10
    assert "Kuriboh Token 00" in page
    assert "Awakened Kuriboh" not in page  # first by name, but names starting with the query come first


def test_an_empty_search_shows_nothing_and_a_miss_says_so(client):
    ash()
    client.force_login(UserFactory())

    empty = client.get("/cards/search/", {"game": "yugioh", "q": "   "})
    miss = client.get("/cards/search/", {"game": "yugioh", "q": "Nibiru"}).content.decode()
    other_game = client.get("/cards/search/", {"game": "mtg", "q": "Ash"}).content.decode()

    assert empty.status_code == 200
    assert empty.content.decode().strip() == ""
    assert "No Yu-Gi-Oh! card in the catalog has “Nibiru” in its name." in miss
    assert "no Magic: The Gathering cards yet" in other_game
    assert client.get("/cards/search/", {"game": "chess", "q": "Ash"}).status_code == 400


# --- The builder ------------------------------------------------------------------------------------------


def test_the_builder_says_so_when_the_catalog_has_no_cards_of_the_game(client):
    registration = RegistrationFactory()
    client.force_login(registration.player)

    page = client.get(f"/events/{registration.event.slug}/").content.decode()

    assert "Build it here" in page
    assert "The card catalog has no Yu-Gi-Oh! cards yet" in page
    assert "paste your list above instead" in page
    assert 'id="builder-search"' not in page


def test_adding_a_card_twice_gives_one_line_of_two_and_sections_are_respected(client):
    ash()
    CardFactory(name="Nibiru, the Primal Being", frame="effect", effect=True, level=11)
    registration = RegistrationFactory()
    client.force_login(registration.player)

    first = builder_post(client, registration, text="", q="ash", add=f"main:{ASH}")
    text = first.context["builder"]["text"]
    second = builder_post(client, registration, text=text, q="ash", add=f"main:{ASH}")
    text = second.context["builder"]["text"]
    side = builder_post(client, registration, text=text, q="nibiru", add="side:Nibiru, the Primal Being")
    page = side.content.decode()

    assert first.context["builder"]["text"] == f"Main\n1 {ASH}\n"
    assert second.context["builder"]["text"] == f"Main\n2 {ASH}\n"
    assert side.context["builder"]["text"] == f"Main\n2 {ASH}\nSide\n1 Nibiru, the Primal Being\n"
    assert "Main 2 · Extra 0 · Side 1" in page
    assert 'id="deck-builder"' in page
    assert "<html" not in page  # htmx gets the builder alone
    assert "Nibiru, the Primal Being" in page  # the search results stay under the box
    registration.refresh_from_db()
    assert registration.deck_list is None  # nothing is registered until the player says so


def test_adding_keeps_what_the_player_typed_and_refuses_a_card_the_catalog_lacks(client):
    ash()
    registration = RegistrationFactory()
    client.force_login(registration.player)

    typed = builder_post(client, registration, text="Side\n1 Ash Blossom & Joyous Spring", add=f"main:{ASH}")
    unknown = builder_post(client, registration, text="", add="main:Pot of Greed")
    unreadable = builder_post(client, registration, text="lots of cards", add=f"main:{ASH}")

    assert typed.context["builder"]["text"] == f"Main\n1 {ASH}\nSide\n1 {ASH}\n"
    assert "the catalog has no card named &#x27;Pot of Greed&#x27;" in unknown.content.decode()
    assert unreadable.context["builder"]["text"] == "lots of cards"
    assert "fix these lines before adding more cards" in unreadable.content.decode()


def test_registering_from_the_builder_stores_the_list_and_shows_its_legality(client):
    ash()
    registration = RegistrationFactory()
    client.force_login(registration.player)

    response = builder_post(client, registration, text=f"Main\n3 {ASH}\n", action="register")
    page = response.content.decode()

    assert response["HX-Retarget"] == "#my-deck"
    assert "Your deck list is registered." in page
    assert "Main 3" in page
    assert "Not legal" in page
    assert "The Main Deck has 3 cards" in page  # the engine's own message, as for a pasted list
    registration.refresh_from_db()
    assert registration.deck_list.sections["main"] == [{"name": ASH, "count": 3}]


def test_registering_from_the_builder_without_htmx_redirects_to_my_deck(client):
    ash()
    registration = RegistrationFactory()
    client.force_login(registration.player)
    url = f"/events/{registration.event.slug}/deck/builder/"

    response = client.post(url, {"text": f"Main\n2 {ASH}\n", "action": "register"}, follow=True)

    assert response.redirect_chain == [(f"/events/{registration.event.slug}/#my-deck", 302)]
    assert "Your deck list is registered." in response.content.decode()
    registration.refresh_from_db()
    assert registration.deck_list.sections["main"] == [{"name": ASH, "count": 2}]


def test_a_list_with_bad_lines_is_not_registered_and_the_problems_show_in_the_builder(client):
    ash()
    registration = RegistrationFactory()
    client.force_login(registration.player)
    url = f"/events/{registration.event.slug}/deck/builder/"

    htmx = builder_post(client, registration, text="3 Ash Blosom", action="register")
    plain = client.post(url, {"text": "3 Ash Blosom", "action": "register"})
    empty = builder_post(client, registration, text="", action="register")

    assert htmx.status_code == 200  # htmx swaps only 2xx answers: the problems must come back as one
    assert "Your list was not registered:" in htmx.content.decode()
    assert "Did you mean &#x27;Ash Blossom &amp; Joyous Spring&#x27;" in htmx.content.decode()
    assert plain.status_code == 400
    assert '<details class="card-row" id="build-it-here" open>' in plain.content.decode()
    assert "add cards to your list first" in empty.content.decode()
    registration.refresh_from_db()
    assert registration.deck_list is None


def test_after_the_deadline_the_builder_is_gone_and_registering_from_it_is_refused(client):
    ash()
    registration = RegistrationFactory()
    event = registration.event
    event.decklist_deadline = timezone.now() - timedelta(minutes=1)
    event.save(update_fields=["decklist_deadline"])
    client.force_login(registration.player)

    page = client.get(f"/events/{event.slug}/").content.decode()
    plain = client.post(f"/events/{event.slug}/deck/builder/", {"text": f"3 {ASH}", "action": "register"})
    htmx = builder_post(client, registration, text=f"3 {ASH}", action="register")

    assert "Build it here" not in page
    assert plain.status_code == 409
    assert "ask a judge to change yours" in plain.content.decode()
    assert "Locked" in htmx.content.decode()
    registration.refresh_from_db()
    assert registration.deck_list is None


def test_only_a_registered_player_uses_the_builder(client):
    registration = RegistrationFactory()
    client.force_login(UserFactory())

    assert builder_post(client, registration, text="", add=f"main:{ASH}").status_code == 404


# --- The judges' replacement page --------------------------------------------------------------------------


def test_the_replace_page_is_for_the_events_judges_and_organizers_only(client):
    registration = RegistrationFactory(deck_list=DeckListFactory())
    url = f"/events/{registration.event.slug}/decklists/{registration.pk}/replace/"
    client.force_login(registration.player)

    refused = client.post(url, {"text": "3 Kuriboh", "reason": "I changed my mind"})

    assert client.get(url).status_code == 403
    assert refused.status_code == 403
    assert not DeckListChange.objects.filter(reason="I changed my mind").exists()


def test_a_judge_must_say_why_and_bad_lines_are_shown_on_the_form(client):
    CardFactory(name="Kuriboh")
    registration = RegistrationFactory(deck_list=DeckListFactory(text="Main\n3 Kuriboh\n"))
    judge = EventRoleFactory(event=registration.event).user
    url = f"/events/{registration.event.slug}/decklists/{registration.pk}/replace/"
    client.force_login(judge)

    form = client.get(url).content.decode()
    no_reason = client.post(url, {"text": "Main\n2 Kuriboh\n", "reason": "  "})
    bad_lines = client.post(url, {"text": "Main\n2 Kuribo\n", "reason": "Typo on the paper list"})

    assert "Main\n3 Kuriboh\n</textarea>" in form  # the judge starts from the list as registered
    assert no_reason.status_code == 400
    assert "Say why the list is replaced" in no_reason.content.decode()
    assert "Main\n2 Kuriboh\n</textarea>" in no_reason.content.decode()  # nothing typed is lost
    assert bad_lines.status_code == 400
    assert "line 2: the catalog has no card named &#x27;Kuribo&#x27;" in bad_lines.content.decode()
    registration.refresh_from_db()
    assert registration.deck_list.sections["main"] == [{"name": "Kuriboh", "count": 3}]


def test_a_replaced_list_returns_to_the_deck_lists_with_who_when_and_why(client):
    registration = RegistrationFactory(
        player=UserFactory(first_name="Yugi", last_name="Muto"), deck_list=DeckListFactory()
    )
    organizer = EventRoleFactory(
        event=registration.event,
        role=EventRole.Role.ORGANIZER,
        user=UserFactory(first_name="Jude", last_name="Okafor"),
    ).user
    slug = registration.event.slug
    client.force_login(organizer)

    lists = client.get(f"/events/{slug}/decklists/").content.decode()
    response = client.post(
        f"/events/{slug}/decklists/{registration.pk}/replace/",
        {"text": "Main\n3 Dark Magician\n", "reason": "Side deck counted into the main"},
        follow=True,
    )
    page = response.content.decode()

    assert f'href="/events/{slug}/decklists/{registration.pk}/replace/">Replace list</a>' in lists
    assert response.redirect_chain == [(f"/events/{slug}/decklists/#registration-{registration.pk}", 302)]
    assert "Yugi Muto&#x27;s deck list is replaced." in page
    assert "Jude Okafor" in page
    assert "<q>Side deck counted into the main</q>" in page
    registration.refresh_from_db()
    assert registration.deck_list.sections["main"] == [{"name": "Dark Magician", "count": 3}]
    change = registration.deck_changes.get()
    assert (change.changed_by, change.reason) == (organizer, "Side deck counted into the main")
