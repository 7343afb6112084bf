"""Every HTML page of the site as a person reaches it: who opens it, at which URL, in a world of test data.

The accessibility check (``tests/browser/test_every_page_accessible.py``) opens each page in Chromium; the
untranslated-string check renders each with the Django test client. Both take the same list::

    world = build_page_world()
    for visit in every_page(world):       # (label, username, url); username None: not signed in
        ...

``PAGES`` says, per URL name, who opens the page and with which URL parameters (some pages more than once:
a running and a finished event, a Yu-Gi-Oh! and a Magic match). Every other route of the site is named in
``NOT_PAGES`` with what it is instead: an action that only takes a POST, an htmx fragment of a page listed
here, a download, a redirect. ``tests/test_every_page_is_listed.py`` walks the URL resolver: a new route fails
until it is listed in one or the other, and the classification is checked against what the route answers.

The world is the demo's Friday night (``tournaments.demo``: round 2 running, yugi at table 1 against joey
in duel 2, a dispute at table 2, a Magic event open for registration) plus what the demo lacks: a finished
event with standings, a running Magic match with a game played, a dispute with the engine's ruling, a
private ruling, a deck check, a card import and an event import. Its logins: yugi (player), kaiba (Magic
player), jude (judge), olivia (organizer, and store staff: she may create events); password
``DEMO_PASSWORD``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, NamedTuple, cast

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from decks.models import CardImport
from matches.models import Dispute, Match
from matches.selectors import duel_state
from matches.services import duel_report, duel_start, match_coin_toss
from matches.services.disputes import dispute_open_with_ruling
from matches.services.judging import match_result_set
from rules.models import Ruling
from rules.services import ruling_create
from rules.situations import situations_of
from tournaments.demo import DEMO_PASSWORD, EVENT_SLUG, MAGIC_EVENT_SLUG, demo_load
from tournaments.models import DeckCheck, Event, EventImport, Registration
from tournaments.services import (
    deck_check_pick,
    event_create,
    registration_create,
    round_close,
    round_pair,
    round_start,
)

__all__ = ["DEMO_PASSWORD", "NOT_PAGES", "PAGES", "Page", "PageVisit", "PageWorld", "build_page_world"]

PLAYER, MAGIC_PLAYER, JUDGE, ORGANIZER = "yugi", "kaiba", "jude", "olivia"
ANONYMOUS = None


def lp_zero(game: str = "yugioh") -> dict[str, Any]:
    """A question the engine answers: player B's LP are 0 (Yu-Gi-Oh! Rulebook, Winning a Duel)."""
    return {
        "game": game,
        "state": {
            "turn": 3,
            "turn_player": "A",
            "phase": "main1",
            "players": {"A": {"lp": 8000}, "B": {"lp": 0}},
        },
        "action": {"type": "check_state"},
    }


@dataclass
class PageWorld:
    event: Event  # Friday Night Yu-Gi-Oh!, round 2 running
    match: Match  # yugi vs joey at table 1, duel 2 playing, a dispute with a ruling
    dispute: Dispute  # yugi's, with the engine's ruling
    ruling: Ruling
    private_ruling: Ruling  # yugi asked the judge on his own
    registration: Registration  # yugi's at Friday Night, with a deck list
    deck_check: DeckCheck
    finished_event: Event  # one Swiss round, over: standings and places
    finished_match: Match
    magic_event: Event  # Saturday Modern, open for registration
    magic_running_event: Event
    magic_match: Match  # kaiba vs mai, game 1 played
    card_import: CardImport
    event_import: EventImport


def _user(username: str) -> User:
    return User.objects.get(username=username)


def _finished_event(organizer: User) -> tuple[Event, Match]:
    event = event_create(
        name="Thursday Locals",
        slug="thursday-locals",
        game="yugioh",
        starts_at=timezone.now() - timedelta(days=1),
        organizer=organizer,
        swiss_rounds=1,
        top_cut=0,
    )
    for username in ("yugi", "kaiba", "joey", "mai"):
        registration_create(event=event, player=_user(username))
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    for match in round_.matches.exclude(player_b=None):
        match_result_set(match_id=match.pk, judge=organizer, result="a", games_a=2, games_b=1, note="slip")
    round_close(round_=round_, by=organizer)
    event.refresh_from_db()
    mine = round_.matches.filter(player_a__username=PLAYER) | round_.matches.filter(player_b__username=PLAYER)
    return event, mine.get()


def _magic_match(organizer: User) -> tuple[Event, Match]:
    event = event_create(
        name="Monday Pioneer",
        slug="monday-pioneer",
        game="mtg",
        starts_at=timezone.now(),
        organizer=organizer,
    )
    for username in ("kaiba", "mai"):
        registration_create(event=event, player=_user(username))
    round_ = round_pair(event=event, by=organizer, seed=1)
    round_start(round_=round_, by=organizer)
    match = round_.matches.exclude(player_b=None).get()
    if duel_state(match).needs_toss:
        match_coin_toss(match_id=match.pk, by=match.player_a)
    chooser = match.player_a if duel_state(match).chooser == "A" else cast(User, match.player_b)
    game = duel_start(match_id=match.pk, player=chooser, choice="first")
    for player in (match.player_a, cast(User, match.player_b)):
        duel_report(match_id=match.pk, number=game.number, player=player, result="A")
    return event, match


def build_page_world() -> PageWorld:
    """The demo's Friday night and everything else a page of the site shows (see the module's docstring)."""
    demo_load()
    organizer, judge, yugi = _user(ORGANIZER), _user(JUDGE), _user(PLAYER)
    event = Event.objects.get(slug=EVENT_SLUG)
    match = event.rounds.get(number=2).matches.get(table=1)
    dispute = dispute_open_with_ruling(
        match_id=match.pk,
        opened_by=yugi,
        summary="Joey's LP reached 0 during my Main Phase.",
        dispute=lp_zero(),
    )
    assert dispute.ruling is not None  # the engine rules on a complete question
    private_ruling = ruling_create(dispute=lp_zero(), requested_by=yugi)
    checks = deck_check_pick(match=match, judge=judge)
    finished_event, finished_match = _finished_event(organizer)
    magic_running_event, magic_match = _magic_match(organizer)
    return PageWorld(
        event=event,
        match=match,
        dispute=dispute,
        ruling=dispute.ruling,
        private_ruling=private_ruling,
        registration=Registration.objects.get(event=event, player=yugi),
        deck_check=checks[0],
        finished_event=finished_event,
        finished_match=finished_match,
        magic_event=Event.objects.get(slug=MAGIC_EVENT_SLUG),
        magic_running_event=magic_running_event,
        magic_match=magic_match,
        card_import=CardImport.objects.create(
            uploaded_by=organizer, filename="cards.cdb", status=CardImport.Status.DONE, report={}
        ),
        event_import=EventImport.objects.create(
            requested_by=organizer, name="Regional", status=EventImport.Status.DONE
        ),
    )


Kwargs = Callable[[PageWorld], dict[str, Any]]


def _event(world: PageWorld) -> dict[str, Any]:
    return {"slug": world.event.slug}


@dataclass(frozen=True)
class Page:
    name: str  # the URL's name
    username: str | None  # who opens it; None: a visitor who is not signed in
    kwargs: Kwargs = lambda world: {}
    query: str = ""
    variant: str = ""  # what sets this visit apart from another of the same page
    game: str = (
        ""  # the game a page is about, where it is one game's (its card word: see test_pages_translated)
    )

    @property
    def label(self) -> str:
        return f"{self.name} ({self.variant})" if self.variant else self.name


class PageVisit(NamedTuple):
    label: str  # the URL's name, and which variant: "event-detail (finished event)"
    username: str | None
    url: str


def _match_id(world: PageWorld) -> dict[str, Any]:
    return {"match_id": world.match.pk}


def _magic_match_id(world: PageWorld) -> dict[str, Any]:
    return {"match_id": world.magic_match.pk}


def _judge_tools() -> list[Page]:
    """The rules judge as a match's player opens it from "Ask the judge": the situations, each situation's
    form (``?situation=``), the full builder (``?mode=build``) and pasted JSON, for both games; and the
    standalone page's builders (no match: "Player A" and "Player B")."""
    pages: list[Page] = []
    for game, username, kwargs in (("yugioh", PLAYER, _match_id), ("mtg", MAGIC_PLAYER, _magic_match_id)):
        label = "Magic" if game == "mtg" else "Yu-Gi-Oh!"
        pages.append(Page("match-dispute-new", username, kwargs, variant=f"{label} situations", game=game))
        pages += [
            Page(
                "match-dispute-new",
                username,
                kwargs,
                query=f"?situation={situation.key}",
                variant=f"{label} situation {situation.key}",
                game=game,
            )
            for situation in situations_of(game)
        ]
        pages.append(
            Page(
                "match-dispute-new",
                username,
                kwargs,
                query="?mode=build",
                variant=f"{label} builder",
                game=game,
            )
        )
        pages.append(
            Page(
                "match-dispute-new", username, kwargs, query="?mode=json", variant=f"{label} JSON", game=game
            )
        )
        pages.append(
            Page(
                "ruling-new",
                username,
                query=f"?game={game}&mode=build",
                variant=f"{label} builder",
                game=game,
            )
        )
    return pages


PAGES: list[Page] = [
    Page("home", PLAYER),
    Page("home", ANONYMOUS, variant="not signed in"),
    Page("event-detail", PLAYER, _event),
    Page("event-detail", ORGANIZER, _event, variant="organizer"),
    Page("event-detail", PLAYER, lambda w: {"slug": w.finished_event.slug}, variant="finished event"),
    Page("event-detail", MAGIC_PLAYER, lambda w: {"slug": w.magic_event.slug}, variant="Magic, registration"),
    Page("event-detail", ANONYMOUS, _event, variant="not signed in"),
    Page("event-check-in-me", PLAYER, _event),
    Page("event-deck-lists", JUDGE, _event),
    Page(
        "event-deck-replace",
        JUDGE,
        lambda w: {"slug": w.event.slug, "registration_id": w.registration.pk},
    ),
    Page(
        "event-side-check",
        JUDGE,
        lambda w: {"slug": w.event.slug, "registration_id": w.registration.pk},
    ),
    Page("round-deck-checks", JUDGE, lambda w: {"slug": w.event.slug, "number": 2}),
    Page("event-pairings", PLAYER, _event),
    Page("round-pairings", ANONYMOUS, lambda w: {"slug": w.event.slug, "number": 1}),
    Page("event-standings", PLAYER, _event),
    Page("event-metagame", JUDGE, _event),  # the chart, the tables and the forms naming the decks
    Page("event-metagame", JUDGE, _event, query="?round=1", variant="one round"),
    Page("event-metagame-projector", JUDGE, _event),  # the chart on the wall (a table on a phone)
    Page("event-standings", PLAYER, lambda w: {"slug": w.finished_event.slug}, variant="finished event"),
    Page("event-projector", ORGANIZER, _event),
    Page("round-slips", ORGANIZER, lambda w: {"slug": w.event.slug, "number": 2}),
    Page("event-run", ORGANIZER, _event),
    Page(
        "event-run-player-run",
        ORGANIZER,
        lambda w: {"slug": w.event.slug, "registration_id": w.registration.pk},
    ),
    Page("event-settings", ORGANIZER, _event),
    Page("event-staff", ORGANIZER, _event),
    Page("organize", ORGANIZER),
    Page("event-new", ORGANIZER),
    Page("event-import-new", ORGANIZER),
    Page("event-import-detail", ORGANIZER, lambda w: {"import_id": w.event_import.pk}),
    Page("my-history", PLAYER),
    Page("my-matches", PLAYER),
    Page("match-detail", PLAYER, lambda w: {"match_id": w.match.pk}),
    Page("match-detail", JUDGE, lambda w: {"match_id": w.match.pk}, variant="judge"),
    Page("match-detail", MAGIC_PLAYER, lambda w: {"match_id": w.magic_match.pk}, variant="Magic"),
    Page("match-detail", PLAYER, lambda w: {"match_id": w.finished_match.pk}, variant="final"),
    Page("match-detail", ANONYMOUS, lambda w: {"match_id": w.match.pk}, variant="not signed in"),
    Page("judge-queue", JUDGE),
    *_judge_tools(),
    Page("match-dispute-edit", PLAYER, lambda w: {"match_id": w.match.pk, "dispute_id": w.dispute.pk}),
    Page("match-dispute-detail", PLAYER, lambda w: {"match_id": w.match.pk, "dispute_id": w.dispute.pk}),
    Page(
        "match-dispute-detail",
        JUDGE,
        lambda w: {"match_id": w.match.pk, "dispute_id": w.dispute.pk},
        variant="judge",
    ),
    Page("ruling-new", PLAYER, game="yugioh"),
    Page("ruling-new", MAGIC_PLAYER, query="?game=mtg", variant="Magic", game="mtg"),
    Page("ruling-detail", PLAYER, lambda w: {"ruling_id": w.ruling.pk}),
    Page("ruling-detail", PLAYER, lambda w: {"ruling_id": w.private_ruling.pk}, variant="asked alone"),
    Page("card-import-new", ORGANIZER),
    Page("card-import-detail", ORGANIZER, lambda w: {"import_id": w.card_import.pk}),
    Page("signin-locks", ORGANIZER),
    Page("store-staff", ORGANIZER),
    Page("password_change", PLAYER),
    Page("password_change_done", PLAYER),
    Page("login", ANONYMOUS),
    Page("signup", ANONYMOUS),
    Page("claim", ANONYMOUS),
    Page("password_reset", ANONYMOUS),
    Page("password_reset_done", ANONYMOUS),
    Page("password_reset_confirm", ANONYMOUS, lambda w: {"uidb64": "MQ", "token": "expired-link"}),
    Page("password_reset_complete", ANONYMOUS),
]

POST_ONLY = "an action: it takes a POST and answers a GET with 405"
DOWNLOAD = "a download, not a page"
REDIRECT = "a redirect to another page"


def fragment_of(page: str) -> str:
    return f"an htmx fragment of the page {page}"


# Every other route: what it is instead of a page. ``query`` where a fragment needs one to answer.
NOT_PAGES: dict[str, str] = {
    **dict.fromkeys(
        [
            "event-my-deck",
            "event-deck-builder",
            "event-enter-me",
            "event-drop-me",
            "event-run-enter",
            "event-staff-remove",
            "event-archetype-set",
            "event-archetype-merge",
            "event-run-pair",
            "event-run-repair",
            "event-run-swap",
            "event-run-no-show",
            "event-run-start",
            "event-run-close",
            "event-run-pause",
            "event-run-resume",
            "event-run-extend",
            "event-run-call-time",
            "event-run-check-in",
            "event-run-byes",
            "event-run-table",
            "event-run-drop",
            "event-run-undo-drop",
            "match-toss",
            "match-duel-start",
            "match-duel-report",
            "match-report",
            "match-side-deck-count",
            "match-side-swap",
            "match-dispute-preview",
            "match-dispute-call-new",
            "match-dispute-call",
            "match-dispute-resolve",
            "match-judge-result",
            "match-judge-duel",
            "match-penalty",
            "match-extension",
            "match-call-time",
            "match-finish-at-time",
            "ruling-preview",
            "logout",
            "language-choose",
        ],
        POST_ONLY,
    ),
    **dict.fromkeys(
        [
            "event-deck-lists-csv",
            "event-metagame-csv",
            "my-history-csv",
            "event-deck-lists-text",
            "event-deck-lists-zip",
            "deck-list-download",
            "event-export-replay",
            "event-export-standings",
            "event-export-matches",
        ],
        DOWNLOAD,
    ),
    "admin-password-change": REDIRECT,
    "event-import-progress": fragment_of("event-import-detail"),
    "card-import-progress": fragment_of("card-import-detail"),
    "event-run-search": fragment_of("event-run"),
    "match-live": fragment_of("match-detail"),
    "event-bracket": fragment_of("event-standings"),
    "ruling-card-search": fragment_of("ruling-new"),
    "card-search": fragment_of("event-detail"),  # the deck builder's card names, while registration is open
}


def every_page(world: PageWorld) -> list[PageVisit]:
    """Each page of ``PAGES`` as (label, username, url) in ``world``."""
    return [
        PageVisit(page.label, page.username, reverse(page.name, kwargs=page.kwargs(world)) + page.query)
        for page in PAGES
    ]
