"""Steps of a match as the people at the table take them in the browser, for tests/browser/test_full_match.py.

Each person has their own browser context (their own session cookie). The match page opens on the one thing
to do now (section#now: the toss, the choice, the count, the duel's report), then the state of the match;
it polls for what the others did, and a person may also reload it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import expect

from decks.services import deck_list_create
from tournaments.tests.factories import PASSWORD, RegistrationFactory

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

# A registered list with a 3-card Side Deck: "1 Mystical Space Typhoon in, 1 Dark Magician out" is legal.
REGISTERED = (
    "Main\n3 Dark Magician\n37 Pot of Greed\n"
    "Extra\n1 Dark Paladin\n"
    "Side\n2 Mystical Space Typhoon\n1 Thousand-Eyes Restrict\n"
)


@dataclass
class Person:
    """Someone at the event with their own browser context and page."""

    name: str
    context: Any
    page: Any

    def open(self, url: str) -> None:
        self.page.goto(url)

    def section(self, section_id: str) -> Any:
        return self.page.locator(f"section#{section_id}")


def register_deck(event: Any, player: Any) -> None:
    """Register ``player`` for ``event`` with the list above, so Side Deck counts and swaps are checked."""
    registration = RegistrationFactory.create(event=event, player=player)
    registration.deck_list = deck_list_create(owner=player, game="yugioh", name="Registered", text=REGISTERED)
    registration.save(update_fields=["deck_list"])


@dataclass(frozen=True)
class SignIn:
    """The login page's words in one language (the browser's ``locale`` asks for it)."""

    locale: str
    html_lang: str
    username: str
    password: str
    button: str


ENGLISH = SignIn("en-US", "en", "Username", "Password", "Log in")
PORTUGUESE = SignIn("pt-BR", "pt-br", "Nome de usuário", "Senha", "Entrar")
SPANISH = SignIn("es-MX", "es", "Nombre de usuario", "Contraseña", "Iniciar sesión")


def arrive(
    browser: Any,
    live_server: Any,
    *,
    username: str,
    name: str,
    viewport: dict[str, int],
    words: SignIn = ENGLISH,
) -> Person:
    """A new browser context for one person, its browser reading ``words``' language, logged in through the
    login page (which must be in that language)."""
    context = browser.new_context(viewport=viewport, locale=words.locale)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/login/")
    expect(page.locator("html")).to_have_attribute("lang", words.html_lang)
    page.get_by_label(words.username).fill(username)
    page.get_by_label(words.password).fill(PASSWORD)
    page.get_by_role("button", name=words.button).click()
    page.wait_for_url(f"{live_server.url}/")
    return Person(name=name, context=context, page=page)


def record_side_count(person: Person, count: int) -> None:
    """The count form is at the top when counting is the next thing to do, else in the Side Decks part."""
    form = person.page.locator("form").filter(has=person.page.get_by_label("Cards in my Side Deck"))
    form.get_by_label("Cards in my Side Deck").fill(str(count))
    form.get_by_role("button", name="Record my count").click()
    expect(person.section("side-decks")).to_contain_text(f"{person.name}: {count} cards in the Side Deck")


def report_duel(person: Person, number: int, *, winner: str, reason: str) -> None:
    """Report duel ``number`` from the top of the page: how it ended, then the "<winner> won" button."""
    now = person.section("now")
    expect(now.get_by_role("heading", name=f"Report duel {number}")).to_be_visible()
    now.get_by_label("How it ended").select_option(label=reason)
    now.get_by_role("button", name=f"{winner} won", exact=True).click()
    expect(person.section("duels").locator("li.card").filter(has_text=f"Duel {number}")).to_contain_text(
        f"{person.name} reports: {winner} won ({reason})"
    )


def confirm_duel(person: Person, number: int, *, reported: str) -> None:
    """The opponent reported duel ``number`` first: the top of the page shows their report (``reported``,
    in their words) and agreeing with it is one tap."""
    now = person.section("now")
    expect(now.get_by_role("heading", name=f"Confirm duel {number}")).to_be_visible()
    expect(now).to_contain_text(reported)
    now.get_by_role("button", name="That is right").click()
    expect(person.section("duels").locator("li.card").filter(has_text=f"Duel {number}")).to_contain_text(
        f"{person.name} reports:"
    )


def choose_to_play_first(person: Person, number: int) -> None:
    duels = person.section("duels")
    expect(duels).to_contain_text(f"{person.name} chooses who plays first in duel {number}")
    person.section("now").get_by_role("button", name="I play first").click()
    expect(person.section("duels")).to_contain_text(f"Duel {number} is being played.")
    expect(person.section("duels")).to_contain_text(
        f"{person.name} chose to play first: {person.name} went first."
    )
