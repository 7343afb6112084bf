"""One small store in the middle of a Friday night, with a person in every role: the access table's world.

Event "locals" runs round 1. At table 1 Ann (player A) faces Ben (player B), who also judges the event; duel 1
is over, Ann has sided for duel 2, opened a dispute with a ruling, and a judge has picked table 1 for a deck
check. Pia and Quinn play table 2. Event "regionals" is someone else's: its organizer, its judge and a player.
Store staff may create events and hold no role at either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import Permission, User
from django.utils import timezone

from decks.models import CardImport, DeckList
from decks.services import deck_list_create
from matches.models import Dispute, Match
from matches.selectors import duel_state
from matches.services import duel_report, duel_start, match_coin_toss
from matches.services.side_decks import side_swap_record
from matches.tests.factories import coin_landing_on
from rules.models import Ruling
from tournaments.models import DeckCheck, Event, EventImport, EventRole, Registration, Round
from tournaments.services import (
    deck_check_pick,
    event_create,
    event_role_grant,
    registration_create,
    registration_deck_submit,
    round_pair,
    round_start,
)
from tournaments.tests.factories import UserFactory

REGISTERED = (
    "Main\n3 Dark Magician\n37 Pot of Greed\n"
    "Extra\n1 Dark Paladin\n"
    "Side\n2 Mystical Space Typhoon\n1 Thousand-Eyes Restrict\n"
)

ROLES = (
    "anonymous",
    "player_in_match",
    "player_of_event",
    "player_elsewhere",
    "judge",
    "judge_playing",
    "judge_elsewhere",
    "organizer",
    "organizer_elsewhere",
    "store_staff",
)


@dataclass
class World:
    event: Event
    other_event: Event
    round: Round
    match: Match
    other_match: Match
    registration: Registration  # Ann's, at "locals"
    deck_list: DeckList  # Ann's registered list
    private_list: DeckList  # Ann's list for another day, registered nowhere
    dispute: Dispute
    ruling: Ruling  # the engine's ruling on Ann's dispute
    private_ruling: Ruling  # Ann asked the judge on her own, outside any dispute
    deck_check: DeckCheck  # Ann's, at table 1
    card_import: CardImport
    event_import: EventImport  # asked for by store staff
    people: dict[str, User | None]

    def user(self, role: str) -> User | None:
        return self.people[role]


def _user(username: str) -> User:
    return cast(User, UserFactory(username=username))


def _register_with_list(event: Event, player: User, name: str) -> Registration:
    registration = registration_create(event=event, player=player)
    deck_list = deck_list_create(owner=player, game=event.game, name=name, text=REGISTERED)
    return registration_deck_submit(registration=registration, deck_list=deck_list, by=player)


def build_world() -> World:
    organizer = _user("olivia")
    event = event_create(
        name="Locals", slug="locals", game="yugioh", starts_at=timezone.now(), organizer=organizer
    )
    judge = _user("jules")
    event_role_grant(event=event, user=judge, role=EventRole.Role.JUDGE)
    players = [_user(name) for name in ("ann", "ben", "pia", "quinn")]
    for player in players:
        _register_with_list(event, player, "Locals list")
    round_ = round_pair(event=event, by=organizer, seed=7)
    round_start(round_=round_, by=organizer)
    match, other_match = round_.matches.exclude(player_b=None).order_by("table")
    ann, ben = match.player_a, cast(User, match.player_b)
    event_role_grant(event=event, user=ben, role=EventRole.Role.JUDGE)

    # Duel 1 played (Ann wins), Ann sides for duel 2.
    if duel_state(match).needs_toss:
        match_coin_toss(match_id=match.pk, by=ann, coin=coin_landing_on("A"))
    chooser = ann if duel_state(match).chooser == "A" else ben
    duel = duel_start(match_id=match.pk, player=chooser, choice="first")
    duel_report(match_id=duel.match_id, number=duel.number, player=ann, result="A")
    duel_report(match_id=duel.match_id, number=duel.number, player=ben, result="A")
    side_swap_record(
        match_id=match.pk,
        player=ann,
        moves={"in": [{"name": "Mystical Space Typhoon", "count": 1}], "out": [{"name": "Dark Magician"}]},
    )
    ruling, private_ruling = (
        Ruling.objects.create(
            game="yugioh",
            action_type="attack",
            dispute={"game": "yugioh"},
            ruling={"legal": True, "violations": [], "explanation": "Ann's hand: Ash Blossom", "rules": []},
            legal=True,
            engine_version="test",
            requested_by=ann,
        )
        for _ in range(2)
    )
    dispute = Dispute.objects.create(
        match=match, opened_by=ann, summary="Was that attack legal?", ruling=ruling
    )
    checks = deck_check_pick(match=match, judge=judge)
    deck_check = next(check for check in checks if check.registration.player_id == ann.pk)

    other_organizer = _user("oscar")
    # Regionals has made its deck lists public: anyone signed in reads them.
    other_event = event_create(
        name="Regionals",
        slug="regionals",
        game="yugioh",
        starts_at=timezone.now(),
        organizer=other_organizer,
        decklists_public=True,
    )
    other_judge = _user("jade")
    event_role_grant(event=other_event, user=other_judge, role=EventRole.Role.JUDGE)
    player_elsewhere = _user("xavier")
    _register_with_list(other_event, player_elsewhere, "Regionals list")

    store_staff = _user("sam")
    store_staff.user_permissions.add(
        Permission.objects.get(codename="add_event", content_type__app_label="tournaments")
    )
    store_staff = User.objects.get(pk=store_staff.pk)  # permissions are cached on the instance

    registration = Registration.objects.get(event=event, player=ann)
    assert registration.deck_list is not None
    people: dict[str, Any] = {
        "anonymous": None,
        "player_in_match": ann,
        "player_of_event": other_match.player_a,
        "player_elsewhere": player_elsewhere,
        "judge": judge,
        "judge_playing": ben,
        "judge_elsewhere": other_judge,
        "organizer": organizer,
        "organizer_elsewhere": other_organizer,
        "store_staff": store_staff,
    }
    return World(
        event=event,
        other_event=other_event,
        round=round_,
        match=match,
        other_match=other_match,
        registration=registration,
        deck_list=registration.deck_list,
        private_list=deck_list_create(owner=ann, game="yugioh", name="Nationals", text=REGISTERED),
        dispute=dispute,
        ruling=ruling,
        private_ruling=private_ruling,
        deck_check=deck_check,
        card_import=CardImport.objects.create(
            uploaded_by=organizer, filename="cards.cdb", status=CardImport.Status.DONE, report={}
        ),
        event_import=EventImport.objects.create(
            requested_by=store_staff, name="Regional", status=EventImport.Status.DONE
        ),
        people=people,
    )
