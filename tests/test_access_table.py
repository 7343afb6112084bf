"""The access policy as one table: every API operation and every page, for every role, and what they get.

Each row names a URL (by its name), a method, a body and the expected outcome per role, in four outcomes
that say what a person notices (exact statuses would make the table brittle without saying more):

- ``OK``: let through: the operation ran, or was judged on its merits (2xx, a redirect after a form, 400
  for the body, 409 for the state). A refusal never hides behind those: bodies are valid where it matters.
- ``NO``: refused: 403 (401 for anonymous API calls, asserted separately), or the 400 on the one field a
  row is about (``refused_field``: a deck list id a judge may not reach).
- ``HIDDEN``: 404: the object exists but this person may not know it does.
- ``LOGIN``: a page that sends an anonymous visitor to the login page.

The world (``tests/access_world.py``) is built once per role, so what one role writes cannot change another
role's row; within a role, rows that enter, drop or create (``late``) run last. An operation may have more
rows than one (another object: a private list, a private ruling). ``test_every_operation_and_page_has_a_row``
walks the URL resolver: a new endpoint or page, or a new method on an API view, fails until its row says who
may use it. Django's admin is left out: it has its own gate (``is_staff``) and is not this policy.

Some hidden content has no status of its own (a judge who plays gets the side swap with ``hidden: true``):
those are asserted in the tests of each rule (``matches/tests/test_judge_who_plays.py`` and others).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.access_world import REGISTERED, ROLES, World, build_world
from tournaments.models import EventRole
from tournaments.tests.factories import PASSWORD

OK, NO, HIDDEN, LOGIN = "ok", "refused", "hidden", "login"

EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {"anonymous"}
AT_TABLE = frozenset({"player_in_match", "judge_playing"})
EVENT_PLAYERS = AT_TABLE | {"player_of_event"}
MATCH_JUDGES = frozenset({"judge", "organizer"})  # of the event, not playing in the match
EVENT_STAFF = MATCH_JUDGES | {"judge_playing"}
DECK_STAFF = MATCH_JUDGES  # a judge who plays at the event is a player for its deck lists
ORGANIZER = frozenset({"organizer"})
STORE_STAFF = frozenset({"store_staff"})
ORGANIZERS_ANYWHERE = frozenset({"organizer", "organizer_elsewhere"})
OWNER = frozenset({"player_in_match"})  # Ann owns the deck lists and rulings of the world

Body = dict[str, Any] | Callable[[World, User | None], dict[str, Any]] | None


def expect(
    allowed: Iterable[str] = (), hidden: Iterable[str] = (), anonymous: str | None = None
) -> dict[str, str]:
    """Who is let through, who gets a 404; everyone else is refused. ``anonymous`` overrides the default
    for a visitor without a login (refused by the API, sent to log in by a page)."""
    allowed, hidden = set(allowed), set(hidden)
    outcome = {role: OK if role in allowed else HIDDEN if role in hidden else NO for role in ROLES}
    if anonymous is not None:
        outcome["anonymous"] = anonymous
    return outcome


@dataclass(frozen=True)
class Row:
    name: str
    method: str
    expected: dict[str, str]
    body: Body = None
    kwargs: Callable[[World], dict[str, Any]] | None = None
    query: str = ""
    note: str = ""
    late: bool = False  # changes who plays or organizes what: run after every other row
    refused_field: str = ""  # a 400 naming this field is the refusal the row is about
    token: bool = False  # the API call carries a real API token (signing out ends the token it came with)
    # For a list anyone may read: whether the answer shows a private thing, and to whom it may.
    reveals: Callable[[World, Any], bool] | None = None
    reveals_to: frozenset[str] = frozenset()

    @property
    def is_api(self) -> bool:
        return self.name.startswith("api-")


def row(name: str, method: str, expected: dict[str, str], body: Body = None, **more: Any) -> Row:
    return Row(name=name, method=method.upper(), expected=expected, body=body, **more)


def page(
    name: str,
    method: str,
    allowed: Iterable[str],
    hidden: Iterable[str] = (),
    anonymous: str | None = None,
    **more: Any,
) -> Row:
    """A page; behind a login unless said otherwise: anonymous visitors are sent to log in."""
    allowed = set(allowed)
    anonymous = anonymous or (OK if "anonymous" in allowed else LOGIN)
    return row(name, method, expect(allowed, hidden, anonymous=anonymous), **more)


def api(name: str, method: str, allowed: Iterable[str], hidden: Iterable[str] = (), **more: Any) -> Row:
    return row(name, method, expect(allowed, hidden), **more)


def username_of_player_in_match(world: World, user: User | None) -> dict[str, Any]:
    return {"username": world.match.player_a.username}


def own_list(world: World, user: User | None) -> dict[str, Any]:
    mine = user.deck_lists.order_by("pk").first() if user is not None else None
    return {"deck_list": mine.pk if mine else world.private_list.pk}


def ids(answer: Any) -> set[int]:
    rows = answer.get("results", []) if isinstance(answer, dict) else answer
    return {row["id"] for row in rows if isinstance(row, dict) and "id" in row}


def shows_the_private_list(world: World, answer: Any) -> bool:
    return world.private_list.pk in ids(answer)


def shows_the_registered_list(world: World, answer: Any) -> bool:
    return world.deck_list.pk in ids(answer)


def shows_the_dispute(world: World, answer: Any) -> bool:
    return world.dispute.pk in ids(answer)


def shows_the_swapped_cards(world: World, answer: Any) -> bool:
    return any(swap.get("moves") is not None for swap in answer.get("swaps", []))


def shows_check_in_details(world: World, answer: Any) -> bool:
    return any("checked_in_at" in registration for registration in answer)


def stand_in() -> User:
    return User.objects.get_or_create(username="stan", defaults={"first_name": "Stan", "last_name": "Dee"})[0]


def stand_in_role(world: World) -> dict[str, Any]:
    """A judge role of the stand-in, made again for each call (an organizer's call removes it)."""
    role, _ = EventRole.objects.get_or_create(event=world.event, user=stand_in(), role=EventRole.Role.JUDGE)
    return {"slug": world.event.slug, "role_id": role.pk}


PRESENTED = {"main": [{"name": "Dark Magician", "count": 3}, {"name": "Pot of Greed", "count": 37}]}
NEW_LIST = {"game": "yugioh", "name": "Another", "text": "Main\n3 Kuriboh\n"}
REPLACEMENT = {"text": "Main\n3 Dark Magician\n37 Pot of Greed\n", "reason": "The list the player presents"}


# --- The API -----------------------------------------------------------------------------------------------

API_ROWS = [
    api("api-token", "post", EVERYONE, body={"username": "ann", "password": PASSWORD}),
    # Signing out ends the token the call came with: only a call with a token has one to end.
    api("api-logout", "post", SIGNED_IN, token=True),
    api("api-logout-all", "post", SIGNED_IN),
    api("api-me", "get", SIGNED_IN),
    api("api-my-history", "get", SIGNED_IN, note="the caller's own matches only"),
    api("api-my-run", "get", SIGNED_IN, note="the caller's own run only: there is no user parameter"),
    api("api-events", "get", EVERYONE),
    api(
        "api-events",
        "post",
        STORE_STAFF,
        body={"name": "Next Friday", "game": "yugioh", "starts_at": "2030-01-04T18:00:00Z"},
        late=True,
    ),
    api("api-event-import", "post", STORE_STAFF, body={"name": "Imported", "replay": {}}, late=True),
    # A background import is read by who asked for it (store staff here); a 404 for everyone else.
    api(
        "api-event-import-job",
        "get",
        STORE_STAFF,
        hidden=SIGNED_IN - STORE_STAFF,
        kwargs=lambda world: {"import_id": world.event_import.pk},
    ),
    api("api-event", "get", EVERYONE),
    # Its settings: the event's organizers (a setting round 1 fixed is a 409, let through here).
    api("api-event", "patch", ORGANIZER, body={"name": "Friday Locals", "round_minutes": 45}),
    # A player's own registration; for anyone not entered there is none to find.
    api("api-registration-my-deck", "get", EVENT_PLAYERS, hidden=SIGNED_IN - EVENT_PLAYERS),
    api("api-registration-my-deck", "put", EVENT_PLAYERS, hidden=SIGNED_IN - EVENT_PLAYERS, body=own_list),
    api("api-registration-deck-replace", "post", DECK_STAFF, body=REPLACEMENT),
    api(
        "api-registration-deck-replace",
        "post",
        (),  # a list the player never registered here: refused on the field, for staff too
        body=lambda world, user: {"deck_list": world.private_list.pk, "reason": "x"},
        note="a list never registered at the event",
        refused_field="deck_list",
    ),
    api("api-event-deck-lists", "get", DECK_STAFF),
    # An event that made its lists public: everyone signed in.
    api(
        "api-event-deck-lists",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {"slug": world.other_event.slug},
        note="lists made public",
    ),
    api("api-event-metagame", "get", DECK_STAFF),
    api(
        "api-event-metagame",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {"slug": world.other_event.slug},
        note="lists made public",
    ),
    api("api-registration-archetype", "put", DECK_STAFF, body={"archetype": "Tenpai"}),
    api("api-event-archetype-merge", "post", DECK_STAFF, body={"archetype": "Locals list", "into": "Tenpai"}),
    api("api-round-deck-checks", "get", DECK_STAFF),
    api(
        "api-round-deck-checks", "post", DECK_STAFF, body=lambda world, user: {"match": world.other_match.pk}
    ),
    api("api-deck-check", "get", DECK_STAFF, hidden=SIGNED_IN - DECK_STAFF),
    api("api-deck-check", "post", DECK_STAFF, hidden=SIGNED_IN - DECK_STAFF, body={"main": 40, "side": 3}),
    api(
        "api-event-registrations",
        "get",
        EVERYONE,
        reveals=shows_check_in_details,
        reveals_to=EVENT_STAFF,
    ),
    # An organizer enters someone else (xavier plays at the other event); a player may enter only themselves.
    api(
        "api-event-registrations",
        "post",
        ORGANIZER | {"player_elsewhere"},
        body={"username": "xavier"},
        late=True,
    ),
    api("api-registration", "patch", ORGANIZER, body={"byes": 1}),
    # Ann drops herself, or staff drop her; not the judge she is playing against.
    api("api-registration-drop", "post", MATCH_JUDGES | {"player_in_match"}, late=True),
    # Undoing a drop is the organizer's (Ann is not dropped here: let through, nothing changes).
    api("api-registration-drop", "delete", ORGANIZER),
    # The event's judges and organizers are kept by its organizers (Stan stands in: adding and removing
    # him changes nobody else's access).
    api("api-event-staff", "get", ORGANIZER),
    api(
        "api-event-staff",
        "post",
        ORGANIZER,
        body=lambda world, user: {"username": stand_in().username, "role": "judge"},
    ),
    api("api-event-staff-member", "delete", ORGANIZER, kwargs=lambda world: stand_in_role(world)),
    # An organizer checks Ann in; Ann herself needs the code (400 without it: let through).
    api("api-event-check-in", "post", ORGANIZER | {"player_in_match"}, body=username_of_player_in_match),
    api("api-event-rounds", "get", EVERYONE),
    api("api-event-rounds", "post", ORGANIZER, body={}),
    api("api-round", "get", EVERYONE),
    api("api-round-repair", "post", ORGANIZER, body={}),
    api("api-round-start", "post", ORGANIZER, body={}),
    api("api-round-close", "post", ORGANIZER, body={}),
    api("api-round-pause", "post", ORGANIZER, body={}),
    api("api-round-resume", "post", ORGANIZER, body={}),
    api("api-round-extend", "post", ORGANIZER, body={"minutes": 5}),
    api("api-event-standings", "get", EVERYONE),
    api("api-event-final-standings", "get", EVERYONE),
    api("api-event-bracket", "get", EVERYONE, note="public like the standings"),
    api("api-event-replay", "get", EVERYONE),
    api("api-match", "get", EVERYONE),
    api("api-match-report", "post", AT_TABLE, body={"result": "a", "games_a": 2, "games_b": 0}),
    api("api-match-duels", "get", EVERYONE),
    api("api-match-duels", "post", AT_TABLE, body={"choice": "first"}),
    api("api-match-toss", "post", AT_TABLE | MATCH_JUDGES, body={}),
    api("api-duel-reports", "post", AT_TABLE, body={"result": "A"}),
    # The swapped cards: their player and the event's judges who do not play at the event.
    api(
        "api-match-side-decks",
        "get",
        EVERYONE,
        reveals=shows_the_swapped_cards,
        reveals_to=OWNER | MATCH_JUDGES,
    ),
    api("api-match-side-deck-count", "post", AT_TABLE, body={"count": 3}),
    api("api-match-side-swaps", "post", AT_TABLE, body={"in": [], "out": []}),
    # The list is empty for whoever may not read them.
    api(
        "api-match-disputes",
        "get",
        EVERYONE,
        reveals=shows_the_dispute,
        reveals_to=AT_TABLE | MATCH_JUDGES,
    ),
    api(
        "api-match-disputes",
        "post",
        AT_TABLE | MATCH_JUDGES,
        body={"summary": "Who had priority?", "dispute": {"game": "yugioh", "action": {"type": "attack"}}},
    ),
    api(
        "api-match-dispute-call",
        "post",
        AT_TABLE | MATCH_JUDGES,
        hidden=SIGNED_IN - MATCH_JUDGES - AT_TABLE,
    ),
    api(
        "api-match-dispute-resolve",
        "post",
        MATCH_JUDGES,
        hidden=SIGNED_IN - MATCH_JUDGES - AT_TABLE,
        body={"decision": "confirmed", "note": "ok"},
    ),
    api("api-match-judge-result", "post", MATCH_JUDGES, body={"result": "a", "games_a": 2, "note": "slip"}),
    api("api-duel-judge-result", "post", MATCH_JUDGES, body={"result": "A", "note": "slip"}),
    api("api-match-penalties", "get", AT_TABLE | MATCH_JUDGES),
    api(
        "api-match-penalties",
        "post",
        MATCH_JUDGES,
        body={"player": "A", "kind": "warning", "infraction": "Slow play"},
    ),
    api("api-match-audit", "get", AT_TABLE | MATCH_JUDGES),
    api("api-match-extensions", "get", EVERYONE),
    api("api-match-extensions", "post", MATCH_JUDGES, body={"minutes": 3, "reason": "judge_call"}),
    api("api-match-call-time", "post", MATCH_JUDGES, body={}),
    # A player's entry is their report of the duel left at time; a judge's is final.
    api("api-match-finish-at-time", "post", AT_TABLE | MATCH_JUDGES, body={}),
    # Not by a judge who plays in the round: their own table is in it.
    api("api-round-call-time", "post", MATCH_JUDGES, body={}),
    api("api-decks", "get", SIGNED_IN, reveals=shows_the_private_list, reveals_to=OWNER),
    api(
        "api-decks",
        "get",
        SIGNED_IN,
        reveals=shows_the_registered_list,
        reveals_to=OWNER | DECK_STAFF,
        note="the list registered at the event",
    ),
    api("api-decks", "post", SIGNED_IN, body=NEW_LIST),
    api(
        "api-deck-side-check",
        "post",
        DECK_STAFF | OWNER,
        hidden=SIGNED_IN - DECK_STAFF - OWNER,
        body=lambda world, user: {"registered": world.deck_list.pk, "presented": PRESENTED},
    ),
    # Ann's registered list: Ann and the event's deck staff; a 404 for everyone else.
    api(
        "api-deck",
        "get",
        DECK_STAFF | OWNER,
        hidden=SIGNED_IN - DECK_STAFF - OWNER,
    ),
    # Ann's list for another day, registered nowhere: Ann only.
    api(
        "api-deck",
        "get",
        OWNER,
        hidden=SIGNED_IN - OWNER,
        kwargs=lambda world: {"deck_list_id": world.private_list.pk},
    ),
    # Ann's registered list as a .ydk through the API: as the site's download, to a token.
    api("api-deck-file", "get", DECK_STAFF | OWNER, hidden=SIGNED_IN - DECK_STAFF - OWNER),
    api(
        "api-deck-file",
        "get",
        OWNER,
        hidden=SIGNED_IN - OWNER,
        kwargs=lambda world: {"deck_list_id": world.private_list.pk, "file_format": "ydk"},
        note="a list registered nowhere",
    ),
    api(
        "api-deck-file",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {
            "deck_list_id": world.other_event.registrations.get().deck_list_id,
            "file_format": "ydk",
        },
        note="lists made public",
    ),
    api("api-rulings", "post", SIGNED_IN, body={"game": "yugioh"}),
    # The ruling of Ann's dispute: the two players at the table and the event's staff.
    api("api-ruling", "get", AT_TABLE | MATCH_JUDGES, hidden=SIGNED_IN - AT_TABLE - MATCH_JUDGES),
    # Ann's private "ask the judge" ruling: Ann only, whoever judges where.
    api(
        "api-ruling",
        "get",
        OWNER,
        hidden=SIGNED_IN - OWNER,
        kwargs=lambda world: {"ruling_id": world.private_ruling.pk},
    ),
    api("api-schema", "get", EVERYONE),
    api("api-docs", "get", EVERYONE),
]


# --- Pages -------------------------------------------------------------------------------------------------

PAGE_ROWS = [
    page("home", "get", EVERYONE),
    page("event-detail", "get", EVERYONE),
    page("event-my-deck", "post", EVENT_PLAYERS, hidden=SIGNED_IN - EVENT_PLAYERS, body={"text": REGISTERED}),
    page(
        "event-deck-builder",
        "post",
        EVENT_PLAYERS,
        hidden=SIGNED_IN - EVENT_PLAYERS,
        body={"text": REGISTERED, "section": "main", "name": "Kuriboh"},
    ),
    page("event-deck-lists", "get", DECK_STAFF),
    page(
        "event-deck-lists",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {"slug": world.other_event.slug},
        note="lists made public",
    ),
    # An event's metagame: as private as its lists (its deck staff; everyone signed in once they are public).
    page("event-metagame", "get", DECK_STAFF),
    page(
        "event-metagame",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {"slug": world.other_event.slug},
        note="lists made public",
    ),
    page("event-metagame-projector", "get", DECK_STAFF),
    page(
        "event-metagame-projector",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {"slug": world.other_event.slug},
        note="lists made public",
    ),
    page("event-metagame-csv", "get", DECK_STAFF),
    page(
        "event-metagame-csv",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {"slug": world.other_event.slug},
        note="lists made public",
    ),
    # Naming and merging the decks: the deck staff only, even once the lists are public.
    page("event-archetype-set", "post", DECK_STAFF, body={"archetype": "Tenpai"}),
    page("event-archetype-merge", "post", DECK_STAFF, body={"archetype": "Locals list", "into": "Tenpai"}),
    page("event-deck-replace", "get", DECK_STAFF),
    page("event-deck-replace", "post", DECK_STAFF, body=REPLACEMENT),
    page("event-deck-lists-csv", "get", DECK_STAFF),
    page("event-deck-lists-text", "get", DECK_STAFF),
    page("event-deck-lists-zip", "get", DECK_STAFF),
    # Ann's registered list as a .ydk: whoever may read it (Ann, the event's deck staff); a 404 for the rest.
    page("deck-list-download", "get", DECK_STAFF | OWNER, hidden=SIGNED_IN - DECK_STAFF - OWNER),
    # Ann's list registered nowhere: Ann only.
    page(
        "deck-list-download",
        "get",
        OWNER,
        hidden=SIGNED_IN - OWNER,
        kwargs=lambda world: {"deck_list_id": world.private_list.pk, "file_format": "ydk"},
        note="a list registered nowhere",
    ),
    # A list of an event that made its lists public: everyone signed in.
    page(
        "deck-list-download",
        "get",
        SIGNED_IN,
        kwargs=lambda world: {
            "deck_list_id": world.other_event.registrations.get().deck_list_id,
            "file_format": "ydk",
        },
        note="lists made public",
    ),
    page("round-deck-checks", "get", DECK_STAFF),
    page(
        "round-deck-checks",
        "post",
        DECK_STAFF,
        body=lambda world, user: {"action": "hand", "match": world.other_match.pk},
    ),
    page("event-side-check", "get", DECK_STAFF),
    page("event-side-check", "post", DECK_STAFF, body={"text": REGISTERED}),
    page("organize", "get", SIGNED_IN),
    page("event-new", "get", STORE_STAFF),
    page("event-import-new", "get", STORE_STAFF),
    page(
        "event-import-detail",
        "get",
        STORE_STAFF,
        hidden=SIGNED_IN - STORE_STAFF,
        kwargs=lambda world: {"import_id": world.event_import.pk},
    ),
    page(
        "event-import-progress",
        "get",
        STORE_STAFF,
        hidden=SIGNED_IN - STORE_STAFF,
        kwargs=lambda world: {"import_id": world.event_import.pk},
    ),
    page("event-pairings", "get", EVERYONE),
    page("round-pairings", "get", EVERYONE),
    page("event-standings", "get", EVERYONE),
    page("event-bracket", "get", EVERYONE, note="the standings page's bracket, polled"),
    page("event-projector", "get", EVERYONE),
    page("round-slips", "get", EVENT_STAFF),
    page("event-enter-me", "post", SIGNED_IN, late=True),
    page("event-check-in-me", "get", SIGNED_IN),
    page("event-check-in-me", "post", SIGNED_IN, body={"code": "WRONG"}),
    # Someone not entered is told so (a 400 with the reason).
    page("event-drop-me", "post", SIGNED_IN, late=True),
    page("event-run", "get", ORGANIZER),
    page("event-run-enter", "post", ORGANIZER, body={"name": "xavier"}, late=True),
    page("event-run-search", "get", ORGANIZER, query="?name=xav"),
    page("event-staff", "get", ORGANIZER),
    page(
        "event-staff",
        "post",
        ORGANIZER,
        body=lambda world, user: {"person": stand_in().username, "role": "judge"},
    ),
    page("event-staff-remove", "post", ORGANIZER, kwargs=lambda world: stand_in_role(world)),
    page("event-settings", "get", ORGANIZER),
    page("event-settings", "post", ORGANIZER, body={"name": "Friday Locals", "round_minutes": "45"}),
    page("event-run-pair", "post", ORGANIZER),
    page("event-run-repair", "post", ORGANIZER),
    page("event-run-swap", "post", ORGANIZER, body={}),
    page("event-run-no-show", "post", ORGANIZER, body={"penalty": "A:warning"}),
    page("event-run-start", "post", ORGANIZER),
    page("event-run-close", "post", ORGANIZER),
    page("event-run-pause", "post", ORGANIZER),
    page("event-run-resume", "post", ORGANIZER),
    page("event-run-extend", "post", ORGANIZER, body={"minutes": "5"}),
    # Calls time for the whole round when confirmed: run after the rows that need the clock running.
    page("event-run-call-time", "post", ORGANIZER, body={"confirm": "yes"}, late=True),
    page("event-run-check-in", "post", ORGANIZER),
    page("event-run-player-run", "get", ORGANIZER, note="any player's run, for the event's organizers"),
    page("event-run-byes", "post", ORGANIZER, body={"byes": "1"}),
    page("event-run-table", "post", ORGANIZER, body={"table": "5"}),
    page("event-run-drop", "post", ORGANIZER, late=True),
    page("event-run-undo-drop", "post", ORGANIZER),
    # The organizer's downloads (the same replay and standings are public through the API).
    page("event-export-replay", "get", ORGANIZER),
    page("event-export-standings", "get", ORGANIZER),
    page("event-export-matches", "get", ORGANIZER),
    page("my-history", "get", SIGNED_IN),
    page("my-history-csv", "get", SIGNED_IN, note="the caller's own matches only"),
    page("my-matches", "get", SIGNED_IN),
    page("match-detail", "get", EVERYONE),
    page("match-toss", "post", AT_TABLE | MATCH_JUDGES),
    page("match-duel-start", "post", AT_TABLE, body={"choice": "first"}),
    page("match-live", "get", EVERYONE),
    page("match-duel-report", "post", AT_TABLE, body={"result": "A"}),
    page("match-report", "post", AT_TABLE, body={"result": "a", "games_a": "2", "games_b": "0"}),
    page("judge-queue", "get", SIGNED_IN),
    page("match-side-deck-count", "post", AT_TABLE, body={"count": "3"}),
    page("match-side-swap", "post", AT_TABLE, body={"in": "", "out": ""}),
    page("match-dispute-new", "get", AT_TABLE | MATCH_JUDGES),
    page("match-dispute-new", "post", AT_TABLE | MATCH_JUDGES, body={"summary": "Who had priority?"}),
    page(
        "match-dispute-preview",
        "post",
        AT_TABLE | MATCH_JUDGES,
        body={"situation": "hand_size", "player": "A", "hand": "8"},
    ),
    # Edits the world's dispute (the same one, never a second) and calls a judge to a new one: after the
    # rows that read or resolve it.
    page(
        "match-dispute-edit",
        "get",
        AT_TABLE | MATCH_JUDGES,
        hidden=SIGNED_IN - AT_TABLE - MATCH_JUDGES,
    ),
    page(
        "match-dispute-edit",
        "post",
        AT_TABLE | MATCH_JUDGES,
        hidden=SIGNED_IN - AT_TABLE - MATCH_JUDGES,
        body={"action": "ask", "situation": "hand_size", "player": "A", "hand": "8"},
        late=True,
    ),
    page(
        "match-dispute-call",
        "post",
        AT_TABLE | MATCH_JUDGES,
        hidden=SIGNED_IN - AT_TABLE - MATCH_JUDGES,
        late=True,
    ),
    page("match-dispute-call-new", "post", AT_TABLE | MATCH_JUDGES, late=True),
    page(
        "match-dispute-detail",
        "get",
        AT_TABLE | MATCH_JUDGES,
        hidden=EVERYONE - AT_TABLE - MATCH_JUDGES,
        anonymous=HIDDEN,
    ),
    page(
        "match-dispute-resolve",
        "post",
        MATCH_JUDGES,
        hidden=SIGNED_IN - MATCH_JUDGES - AT_TABLE,
        body={"decision": "confirmed", "note": "ok"},
    ),
    page("match-judge-result", "post", MATCH_JUDGES, body={"result": "a", "games_a": "2", "note": "slip"}),
    page("match-judge-duel", "post", MATCH_JUDGES, body={"result": "A", "note": "slip"}),
    page("match-penalty", "post", MATCH_JUDGES, body={"player": "A", "kind": "warning", "infraction": "x"}),
    page("match-extension", "post", MATCH_JUDGES, body={"minutes": "3", "reason": "judge_call"}),
    page("match-call-time", "post", MATCH_JUDGES),
    page("match-finish-at-time", "post", AT_TABLE | MATCH_JUDGES),
    page("ruling-new", "get", SIGNED_IN),
    page("ruling-detail", "get", AT_TABLE | MATCH_JUDGES, hidden=SIGNED_IN - AT_TABLE - MATCH_JUDGES),
    page(
        "ruling-detail",
        "get",
        OWNER,
        hidden=SIGNED_IN - OWNER,
        kwargs=lambda world: {"ruling_id": world.private_ruling.pk},
    ),
    page("card-search", "get", SIGNED_IN, query="?game=yugioh&q=dark"),
    page("ruling-card-search", "get", SIGNED_IN, query="?game=yugioh&slot=attacker&attacker_name=dark"),
    page("ruling-preview", "post", SIGNED_IN, body={"situation": "hand_size", "player": "A", "hand": "8"}),
    # The card catalog is the store's: organizers (of any event) and site staff keep it.
    page("card-import-new", "get", ORGANIZERS_ANYWHERE),
    page("card-import-detail", "get", ORGANIZERS_ANYWHERE),
    page("card-import-progress", "get", ORGANIZERS_ANYWHERE),
    page("password_change", "get", SIGNED_IN),
    page("password_change_done", "get", SIGNED_IN),
    page("admin-password-change", "get", EVERYONE),  # a redirect to the site's password page
    # Lifting a sign-in pause is for store staff (the shell and the admin are for superusers).
    page("signin-locks", "get", STORE_STAFF),
    page("signin-locks", "post", STORE_STAFF, body={"username": "ann"}),
    page("store-staff", "get", STORE_STAFF),
    page("store-staff", "post", STORE_STAFF, body={"username": "nobody-here"}),
    page("login", "get", EVERYONE),
    page("logout", "post", EVERYONE),
    # The language switch at the foot of every page: anyone, signed in or not.
    page("language-choose", "post", EVERYONE, body={"language": "es", "next": "/"}),
    # Anyone may make an account, claim a walk-in record (knowing its code) or ask for a password link.
    page("signup", "get", EVERYONE),
    page("claim", "get", EVERYONE),
    page("password_reset", "get", EVERYONE),
    page("password_reset_done", "get", EVERYONE),
    page(
        "password_reset_confirm",
        "get",
        EVERYONE,
        kwargs=lambda world: {"uidb64": "MQ", "token": "set-password"},
    ),
    page("password_reset_complete", "get", EVERYONE),
]

ROWS = API_ROWS + PAGE_ROWS
# Rows that enter players, drop them or create events run last, so no other row sees their effect.
ORDERED_ROWS = sorted(ROWS, key=lambda table_row: table_row.late)


# --- Running a row -----------------------------------------------------------------------------------------


def url_kwargs(world: World, name: str) -> dict[str, Any]:
    """Every URL parameter, filled from the world by its name."""
    values: dict[str, Any] = {
        "slug": world.event.slug,
        "registration_id": world.registration.pk,
        "number": 1,
        "deck_check_id": world.deck_check.pk,
        "match_id": world.match.pk,
        "dispute_id": world.dispute.pk,
        "round_id": world.round.pk,
        "ruling_id": world.ruling.pk,
        "deck_list_id": world.deck_list.pk,
        "import_id": world.card_import.pk,
        "file_format": "ydk",
    }
    pattern = next(pattern for route, pattern in url_patterns() if pattern.name == name)
    return {key: values[key] for key in pattern.pattern.converters}


def outcome(row: Row, status: int, location: str, body: bytes) -> str:
    if status == 404:
        return HIDDEN
    if status in (401, 403):
        return NO
    if status == 400 and row.refused_field and f'"{row.refused_field}"'.encode() in body:
        return NO
    if status == 302 and location.startswith(reverse("login")) and row.name not in ("login", "logout"):
        return LOGIN
    if status == 405 or status >= 500:
        return f"status {status}"  # never expected: a wrong row, or a server error to fix
    return OK


def call(world: World, row: Row, role: str) -> tuple[int, str, bytes]:
    user = world.user(role)
    kwargs = row.kwargs(world) if row.kwargs else url_kwargs(world, row.name)
    url = reverse(row.name, kwargs=kwargs) + row.query
    body = row.body(world, user) if callable(row.body) else row.body
    client: APIClient | Client
    if row.is_api:
        client = APIClient(raise_request_exception=False)
        if user is not None and row.token:
            client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user)[1]}")
        elif user is not None:
            client.force_authenticate(user)
        response = getattr(client, row.method.lower())(url, body or {}, format="json")
    else:
        client = Client(raise_request_exception=False)
        if user is not None:
            client.force_login(user)
        response = client.get(url) if row.method == "GET" else client.post(url, body or {})
    return response.status_code, response.get("Location", ""), response.content


# --- The tests ---------------------------------------------------------------------------------------------


def url_patterns() -> Iterator[tuple[str, URLPattern]]:
    def walk(patterns: list[Any], prefix: str) -> Iterator[tuple[str, URLPattern]]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace == "admin":
                    continue  # Django's admin: its own gate (is_staff), not this policy
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern), pattern

    yield from walk(get_resolver().url_patterns, "")


API_METHODS = ("get", "post", "put", "patch", "delete")


def test_every_operation_and_page_has_a_row() -> None:
    operations: set[tuple[str, str]] = set()
    pages: set[str] = set()
    for route, pattern in url_patterns():
        assert pattern.name, f"/{route} has no name: name it so the access table can list it"
        view_class = getattr(pattern.callback, "cls", None)
        if route.startswith("api/") and view_class is not None:
            operations |= {(pattern.name, m.upper()) for m in API_METHODS if hasattr(view_class, m)}
        else:
            pages.add(pattern.name)
    api_rows = {(r.name, r.method) for r in ROWS if r.is_api or r.name in ("api-schema", "api-docs")}
    page_rows = {r.name for r in ROWS if not r.is_api}

    assert sorted(operations - api_rows) == [], "API operations without a row in the access table"
    assert sorted(api_rows - operations) == [], "rows for API operations that do not exist"
    assert sorted(pages - page_rows) == [], "pages without a row in the access table"
    assert sorted(page_rows - pages) == [], "rows for pages that do not exist"


@dataclass
class Mismatch:
    row: Row
    expected: str
    got: str
    status: int
    problems: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        note = f" ({self.row.note})" if self.row.note else ""
        where = f"{self.row.method} {self.row.name}{note}"
        return f"{where}: expected {self.expected}, got {self.got} ({self.status})"


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_access_table(role: str) -> None:
    world = build_world()
    mismatches = []
    for table_row in ORDERED_ROWS:
        status, location, body = call(world, table_row, role)
        got = outcome(table_row, status, location, body)
        wanted = table_row.expected[role]
        if got != wanted:
            mismatches.append(Mismatch(table_row, wanted, got, status))
        elif got == OK and table_row.reveals is not None:
            shown = table_row.reveals(world, json.loads(body))
            if shown != (role in table_row.reveals_to):
                says = "shows" if shown else "hides"
                mismatches.append(Mismatch(table_row, "the opposite", f"{says} it", status))
        elif table_row.is_api and status in (401, 403) and status != (401 if role == "anonymous" else 403):
            mismatches.append(Mismatch(table_row, "401 anonymous / 403 signed in", got, status))
    assert not mismatches, f"{role}:\n" + "\n".join(str(m) for m in mismatches)
