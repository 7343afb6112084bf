"""Property-based API test: schemathesis generates requests from our OpenAPI schema and runs all its checks.

Every operation is called as each main role (anonymous, a player, a judge, an organizer, store staff who
may create events) against an event in its second round; a well-formed id in a path is pointed at that
event's rows, so requests reach the views' logic rather than stopping at a 404. Every response must fit
the schema (status, content type, headers, body), invalid input must be refused, valid input accepted
(see BEYOND_THE_SCHEMA), credentials enforced, and nothing answers 500. The stateful tests follow the
schema's links (config/schema.py ``LINKS``, and those schemathesis infers): create an event, enter
players, pair a round, start it, report and judge its matches.

One test function per role: schemathesis makes a pytest item per operation, which xdist spreads.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.contrib.auth.models import Permission, User
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import AcceptedNegativeData
from schemathesis.core.mutations import OperatorKind

from config.wsgi import application
from decks.tests.factories import DeckListFactory
from matches.models import Match
from matches.services.disputes import dispute_open_with_ruling
from matches.tests.factories import DuelFactory
from tournaments.models import EventRole
from tournaments.services import deck_check_pick, registration_drop, round_pair, round_start
from tournaments.tests.event_steps import event_with_players, play_round
from tournaments.tests.factories import UserFactory

SLUG = re.compile(r"[-a-zA-Z0-9_]+")

# Statuses a request that fits the schema may get: success, or a refusal the caller can act on. And 400
# for the operations below: what they check goes beyond what a schema can say.
ACCEPTED = ["2xx", "401", "403", "404", "409"]
BEYOND_THE_SCHEMA = {
    # deck text or a .ydk file is parsed against the card catalog; a bad line is a 400 naming it
    "POST /api/v1/decks/": "deck text",
    "POST /api/v1/events/{slug}/registrations/{registration_id}/deck/": "deck text; deck_list or text",
    "POST /api/v1/decks/side-check/": "the engine checks the exchange against the registered list",
    # the dispute document is read by the rules engine (shared/spec/dispute-format.md)
    "POST /api/v1/rulings/": "dispute document",
    "POST /api/v1/matches/{match_id}/disputes/": "dispute document",
    # an account named by its username must exist
    "POST /api/v1/events/{slug}/check-in/": "username",
    "POST /api/v1/events/{slug}/registrations/": "username; a walk-in's official id is nobody else's",
    # the games must fit the result (a 2-0 is not a draw)
    "POST /api/v1/matches/{match_id}/reports/": "games fit the result",
    "POST /api/v1/matches/{match_id}/result/": "games fit the result",
    # overruling needs a note
    "POST /api/v1/matches/{match_id}/disputes/{dispute_id}/resolve/": "note to overrule",
    # byes only at an event that awards them
    "PATCH /api/v1/events/{slug}/registrations/{registration_id}/": "byes allowed by the event",
    # one of two ways: count (and seed) or a match
    "POST /api/v1/events/{slug}/rounds/{number}/deck-checks/": "count or match",
    # the cards moved must be in the player's registered list
    "POST /api/v1/matches/{match_id}/side-swaps/": "cards of the registered list",
    # the replay document is read by the replay reader, which lists every problem
    "POST /api/v1/events/import/": "replay document",
    # a name must give a slug; the structure must fit the game
    "POST /api/v1/events/": "slug from the name, structure of the game",
    # the same checks on a change, and the banlist must be one imported for the event's game
    "PATCH /api/v1/events/{slug}/": "structure of the game, an imported banlist of the game",
    # the staff member must have an account
    "POST /api/v1/events/{slug}/staff/": "username",
    # the round must be one the event has (or "swiss", "top")
    "GET /api/v1/events/{slug}/metagame/": "a round of the event",
    # an archetype some deck of the event has, merged into another name
    "POST /api/v1/events/{slug}/archetypes/merge/": "an archetype of the event's decks, into another",
}


def fuzz_config(*, coverage: bool) -> SchemathesisConfig:
    """Every check schemathesis has (its default), with the statuses above for positive data."""
    return SchemathesisConfig.from_dict(
        {
            # Each role signs in through RoleAuth below; generated credentials would replace its own.
            "generation": {
                "with-security-parameters": False,
                # The API refuses a NUL character anywhere in a body (a 400 naming its path;
                # config/json_input.py, decision record 0009): PostgreSQL cannot store one, so a string
                # with one is not data the API accepts, and none is generated.
                "allow-x00": False,
            },
            # The coverage phase (every boundary and missing field of every operation) builds its cases
            # when pytest collects, before any login exists: it runs for the anonymous caller only (see
            # test_as_anonymous); the signed-in roles fuzz at random.
            "phases": {"coverage": {"enabled": coverage}},
            "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}},
            "operations": [
                {
                    "include-name": label,
                    "checks": {"positive_data_acceptance": {"expected-statuses": [*ACCEPTED, "400"]}},
                }
                for label in BEYOND_THE_SCHEMA
            ],
        }
    )


schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=fuzz_config(coverage=True))
quick = schemathesis.openapi.from_wsgi("/api/schema/", application, config=fuzz_config(coverage=False))


@dataclass
class World:
    """The ids the generated paths use, who plays which role, and the role under test."""

    ids: dict[str, Any] = field(default_factory=dict)
    users: dict[str, User] = field(default_factory=dict)
    role: str = "anonymous"
    credentials: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)


WORLD = World()
QUIET_DISPUTE = {
    "format": "dispute/1",
    "game": "yugioh",
    "state": {
        "turn": 3,
        "turn_player": "A",
        "phase": "main1",
        "players": {"A": {"lp": 8000}, "B": {"lp": 8000}},
    },
    "action": {"type": "check_state"},
}


def build_world() -> World:
    """An 8-player Yu-Gi-Oh! event in round 2: lists registered, a deck check, a dispute, store staff."""
    event, organizer, players = event_with_players(players=8)
    judge = cast(User, UserFactory(username="jude"))
    EventRole.objects.create(event=event, user=judge, role=EventRole.Role.JUDGE)
    staff = cast(User, UserFactory(username="stan"))
    staff.user_permissions.add(Permission.objects.get(codename="add_event"))
    for player in players:
        event.registrations.filter(player=player).update(deck_list=DeckListFactory(owner=player))
    play_round(event, organizer, seed=1)
    round_2 = round_start(round_=round_pair(event=event, by=organizer, seed=2), by=organizer)
    match = Match.objects.filter(round=round_2).exclude(player_b=None).order_by("table").first()
    assert match is not None
    assert match.player_a is not None
    registration = event.registrations.get(player=match.player_a)
    # A player of another table drops during round 2: every read of the event must still answer.
    dropped = event.registrations.exclude(player__in=[match.player_a, match.player_b]).order_by("pk").last()
    assert dropped is not None
    registration_drop(event=event, player=dropped.player, by=dropped.player)
    DuelFactory(match=match, number=1)  # being played: its reports and result can be reached
    deck_check = deck_check_pick(match=match, judge=judge)[0]
    dispute = dispute_open_with_ruling(
        match_id=match.pk, opened_by=match.player_a, summary="Is it over?", dispute=QUIET_DISPUTE
    )
    return World(
        ids={
            "slug": event.slug,
            "number": round_2.number,
            "duel_number": 1,
            "match_id": match.pk,
            "round_id": round_2.pk,
            "registration_id": registration.pk,
            "deck_list_id": registration.deck_list_id,
            "deck_check_id": deck_check.pk,
            "dispute_id": dispute.pk,
            "ruling_id": dispute.ruling_id,
        },
        users={"player": match.player_a, "judge": judge, "organizer": organizer, "store_staff": staff},
    )


def sign_in(user: User) -> dict[str, dict[str, str]]:
    """How a role authenticates: the cookies and headers of a login session with its CSRF token, as a
    browser sends them.

    The one place to change if the API's sign-in scheme changes (a token: ``{"cookies": {}, "headers":
    {"Authorization": ...}}``).
    """
    client = Client()
    client.force_login(user)
    csrf = _get_new_csrf_string()
    session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    return {
        "cookies": {django_settings.SESSION_COOKIE_NAME: session, django_settings.CSRF_COOKIE_NAME: csrf},
        "headers": {"X-CSRFToken": csrf},
    }


class RoleAuth:
    """Signs each case in as the role under test (nothing for anonymous).

    Through schemathesis' auth hook, so its checks know the credentials: ``ignored_auth`` sends the same
    request without them and expects a refusal.
    """

    def get(self, case: Any, context: Any) -> dict[str, dict[str, str]] | None:
        return WORLD.credentials.get(WORLD.role)

    def set(self, case: Any, data: dict[str, dict[str, str]], context: Any) -> None:
        case.cookies = {**(case.cookies or {}), **data["cookies"]}
        case.headers = {**(case.headers or {}), **data["headers"]}


def real_ids(context: Any, path_parameters: dict[str, Any] | None) -> dict[str, Any] | None:
    """Point a well-formed id at the event's real rows (a random one only finds a 404).

    Only a value that fits the schema is replaced: a negative case must stay invalid.
    """
    duel = "/duels/{number}/" in context.operation.path
    for name, value in list((path_parameters or {}).items()):
        real = WORLD.ids.get("duel_number" if duel and name == "number" else name)
        if isinstance(real, int):
            well_formed = isinstance(value, int) and not isinstance(value, bool)
        else:
            well_formed = isinstance(value, str) and SLUG.fullmatch(value) is not None
        if real is not None and well_formed:
            path_parameters[name] = real  # type: ignore[index]
    return path_parameters


SCALARS = {"string", "integer", "number", "boolean"}


def not_drf_coercion(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """Keep every failure but an accepted request whose only fault is a scalar of another JSON type.

    DRF reads 5 as "5" for a string field, "5" or 5.0 as 5 for an integer and "true" or 1 as true for a
    boolean, on purpose: such a client gets what it meant. Anything else refused stays refused (a list or
    an object for a scalar, a bool for a string, a value out of range) and is still checked.
    """
    if not isinstance(failure, AcceptedNegativeData) or case.meta is None:
        return True
    mutations = getattr(case.meta.phase.data, "mutations", ())

    def types(value: Any) -> set[str]:
        return set(value) if isinstance(value, list) else {value}

    coerced = [
        mutation.operator == OperatorKind.CHANGE_TYPE
        and types(mutation.original_value) <= SCALARS
        and types(mutation.new_value) <= SCALARS
        for mutation in mutations
    ]
    return not (coerced and all(coerced))


EXTRA_KEY = re.compile(r'^\[("(?:[^"\\]|\\.)*")\]')


def not_a_big_number_in_an_extra_property(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """Keep every failure but a 400 for a whole number beyond 64 bits inside a property the schema does
    not declare.

    The API ignores properties it does not know, but reads the whole body first and refuses, anywhere in
    it, a whole number no database column could hold (config/json_input.py, decision record 0009).
    OpenAPI cannot say that of undeclared properties, so schemathesis sends such numbers there; a declared
    field with one is still reported.
    """
    if response.status_code != 400 or not isinstance(case.body, dict):
        return True
    try:
        answer = response.json()
    except ValueError:
        return True
    path, detail = str(answer.get("path", "")), str(answer.get("detail", ""))
    match = EXTRA_KEY.match(path)
    if "whole numbers are at most" not in detail or match is None:
        return True
    key = json.loads(match.group(1))
    return key in declared_properties(case.operation.method.lower(), case.operation.path)


@functools.cache
def declared_properties(method: str, path: str) -> frozenset[str]:
    """The properties the OpenAPI document declares for an operation's JSON body."""
    document = SchemaGenerator().get_schema(request=None, public=True)
    body = document["paths"][path][method].get("requestBody", {})
    body_schema = body.get("content", {}).get("application/json", {}).get("schema", {})
    if "$ref" in body_schema:
        body_schema = document["components"]["schemas"][body_schema["$ref"].rsplit("/", 1)[-1]]
    return frozenset(body_schema.get("properties", {}))


for loaded in (schema, quick):
    loaded.auth(refresh_interval=None)(RoleAuth)
    loaded.hook("map_path_parameters")(real_ids)
    loaded.hook("filter_failure")(not_drf_coercion)
    loaded.hook("filter_failure")(not_a_big_number_in_an_extra_property)


@pytest.fixture(autouse=True)
def keep_the_test_transaction_open() -> Iterator[None]:
    """Schemathesis calls the real WSGI handler, whose end-of-request signal closes database connections.

    Inside a test that would close the test's own transaction (on PostgreSQL), so the signal is detached
    for the test, exactly as Django's test client does.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def built_world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """The event, built once per module (per xdist worker) inside a transaction rolled back at the end.

    Building it takes seconds and there are hundreds of tests (an operation per role): each test runs in
    a savepoint inside this transaction (pytest-django's ``db``), so it starts from the same event.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        built = build_world()
        built.credentials = {role: sign_in(user) for role, user in built.users.items()}
        yield built
        transaction.set_rollback(True)


@pytest.fixture
def world(built_world: World, db: None, request: pytest.FixtureRequest) -> Iterator[World]:
    """The event, and the role under test, from the test's name: ``test_as_judge`` runs as the judge."""
    WORLD.ids, WORLD.users, WORLD.credentials = built_world.ids, built_world.users, built_world.credentials
    WORLD.role = request.node.originalname.rsplit("_as_", 1)[1]
    yield WORLD
    WORLD.ids, WORLD.users, WORLD.credentials, WORLD.role = {}, {}, {}, "anonymous"


FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


# One test per role; schemathesis makes one pytest item per operation, which xdist spreads over workers.
@schema.parametrize()
@settings(FUZZ, max_examples=5)
def test_as_anonymous(case, world):
    # The coverage phase's cases were made at collection, before the event existed: point their ids now.
    real_ids(SimpleNamespace(operation=case.operation), case.path_parameters)
    case.call_and_validate()


@quick.parametrize()
@settings(FUZZ, max_examples=15)
def test_as_player(case, world):
    case.call_and_validate()


@quick.parametrize()
@settings(FUZZ, max_examples=15)
def test_as_judge(case, world):
    case.call_and_validate()


@quick.parametrize()
@settings(FUZZ, max_examples=25)
def test_as_organizer(case, world):
    case.call_and_validate()


@quick.parametrize()
@settings(FUZZ, max_examples=10)
def test_as_store_staff(case, world):
    case.call_and_validate()


def run_stateful(steps: int) -> None:
    """Sequences of calls that follow the schema's links: what one answer names, the next call uses."""
    machine = quick.as_state_machine()
    machine.run(settings=settings(FUZZ, max_examples=steps, stateful_step_count=6))


def test_stateful_as_organizer(world):
    run_stateful(10)


def test_stateful_as_store_staff(world):
    run_stateful(10)
