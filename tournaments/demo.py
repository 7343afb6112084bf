"""A believable Friday-night event for newcomers: twelve players with decks, round 2 running, one dispute.

Everything is created through the apps' services and keyed on natural keys (usernames, the event's slug,
round numbers, tables), so running it again finds what is there and changes nothing.

The decks are built from cards of a 2018 card database, and ``demo_cards.cdb`` beside this module holds
those cards' rows, extracted from YGOPro's ``cards.cdb`` as published in the MIT-licensed repository
samtupy/yugiohcards (see ``shared/data/README.md``). The demo imports them, so the deck pages show real
legality rulings instead of asking what each card is.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from django.contrib.auth.models import Permission, User
from django.db import transaction
from django.utils import timezone

from decks.services import card_import, deck_list_create
from matches.models import Dispute, Match, MatchResult
from matches.selectors.side_decks import registered_side_count
from matches.services import (
    dispute_open,
    duel_report,
    duel_start,
    match_coin_toss,
    match_create,
    match_report_result,
)
from matches.services.side_decks import side_deck_count_record
from matches.services.timing import time_extension_grant
from tournaments.models import Event, EventRole, Round
from tournaments.services import (
    event_create,
    event_role_grant,
    registration_create,
    round_close,
    round_create,
    round_start,
)

DEMO_PASSWORD = "arbiter-demo"  # noqa: S105 - published on purpose: these logins exist only in the demo.
DEMO_CARDS = Path(__file__).with_name("demo_cards.cdb")
EVENT_SLUG = "friday-night-yugioh"
MAGIC_EVENT_SLUG = "saturday-modern"
UNNAMED_DECK_PLAYER = "duke"

ORGANIZER = ("olivia", "Olivia", "Marsh")
JUDGE = ("jude", "Jude", "Okafor")
PLAYERS = [
    ("yugi", "Yugi", "Muto"),
    ("kaiba", "Seto", "Kaiba"),
    ("joey", "Joey", "Wheeler"),
    ("mai", "Mai", "Valentine"),
    ("tea", "Téa", "Gardner"),
    ("tristan", "Tristan", "Taylor"),
    ("bakura", "Ryou", "Bakura"),
    ("marik", "Marik", "Ishtar"),
    ("ishizu", "Ishizu", "Ishtar"),
    ("rex", "Rex", "Raptor"),
    ("weevil", "Weevil", "Underwood"),
    ("duke", "Duke", "Devlin"),
]

# Every card is one the 2018 data says was released in the TCG (the demo store is a TCG store): Proxy Dragon,
# OCG-only there (ot 1), would be refused, so the Extra Decks play Firewall Dragon and Evolzar Laggia instead.
DECKS = {
    "Blue-Eyes": """Main
3 Blue-Eyes White Dragon
3 Blue-Eyes Alternative White Dragon
3 Sage with Eyes of Blue
3 Dragon Spirit of White
2 The White Stone of Legend
3 The White Stone of Ancients
3 Ash Blossom & Joyous Spring
3 Trade-In
3 Return of the Dragon Lords
3 Chaos Form
2 Silver's Cry
3 Pot of Desires
2 Cosmic Cyclone
2 Solemn Strike
2 Twin Twisters
Extra
1 Blue-Eyes Spirit Dragon
1 Azure-Eyes Silver Dragon
1 Blue-Eyes Twin Burst Dragon
1 Neo Blue-Eyes Ultimate Dragon
1 Firewall Dragon
1 Decode Talker
Side
3 Droll & Lock Bird
2 Mystical Space Typhoon
1 Harpie's Feather Duster
""",
    "Dark Magician": """Main
3 Dark Magician
2 Dark Magician Girl
3 Magician's Rod
3 Magician of Dark Illusion
3 Ash Blossom & Joyous Spring
3 Dark Magical Circle
3 Eternal Soul
2 Illusion Magic
3 Pot of Desires
1 Dark Magic Attack
3 Magician Navigation
2 Dark Renewal
2 Solemn Strike
2 Cosmic Cyclone
2 Twin Twisters
3 Mystical Space Typhoon
Extra
1 Dark Paladin
1 Ebon Illusion Magician
1 Decode Talker
1 Firewall Dragon
Side
3 Ghost Ogre & Snow Rabbit
3 Dark Bribe
""",
    "Dinosaurs": """Main
2 Babycerasaurus
2 Petiteranodon
3 Miscellaneousaurus
3 Souleating Oviraptor
3 Ultimate Conductor Tyranno
1 Giant Rex
3 Ash Blossom & Joyous Spring
3 Maxx "C"
1 Fossil Dig
3 Double Evolution Pill
3 Pot of Desires
2 Twin Twisters
3 Solemn Strike
3 Cosmic Cyclone
2 Mystical Space Typhoon
2 Jurrac Guaiba
1 Card of Demise
Extra
2 Evolzar Laggia
1 Decode Talker
1 Firewall Dragon
1 Star Eater
Side
3 Ghost Ogre & Snow Rabbit
3 Droll & Lock Bird
""",
}

# Round 1: the first of each pair wins. Round 2 pairs the round-1 winners, then the others.
ROUND_1 = [
    ("yugi", "kaiba"),
    ("joey", "mai"),
    ("tristan", "tea"),
    ("bakura", "marik"),
    ("rex", "ishizu"),
    ("duke", "weevil"),
]
ROUND_2 = [
    ("yugi", "joey"),
    ("tristan", "bakura"),
    ("rex", "duke"),
    ("kaiba", "mai"),
    ("tea", "marik"),
    ("ishizu", "weevil"),
]
DISPUTED_TABLE = 2


@dataclass(frozen=True)
class DemoSummary:
    event: Event
    logins: list[tuple[str, str]]


def _user(username: str, first_name: str, last_name: str) -> User:
    user, created = User.objects.get_or_create(
        username=username, defaults={"first_name": first_name, "last_name": last_name}
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user


def _report_both(match: Match, result: str, games: tuple[int, int]) -> None:
    for player in (match.player_a, match.player_b):
        if player is None:
            return
        if match.status == Match.Status.FINAL:
            return
        match = match_report_result(
            match_id=match.pk, player=player, result=result, games_a=games[0], games_b=games[1]
        )


def _duel_in_progress(match: Match, judge: User) -> None:
    """Table 1 mid-match: Side Deck counts, duel 1 won by A, duel 2 playing, 3 minutes for a judge call."""
    if match.duels.exists():
        return
    for player in (match.player_a, match.player_b):
        assert player is not None  # noqa: S101 - table 1 is a pairing, not a bye
        side_deck_count_record(
            match_id=match.pk, player=player, count=registered_side_count(match=match, player=player) or 0
        )
    toss, _ = match_coin_toss(match_id=match.pk, by=match.player_a)
    winner = match.player_a if toss.winner == "A" else match.player_b
    assert winner is not None  # noqa: S101
    duel = duel_start(match_id=match.pk, player=winner, choice="first")
    for player in (match.player_a, match.player_b):
        assert player is not None  # noqa: S101
        duel_report(match_id=duel.match_id, number=duel.number, player=player, result="A", reason="lp")
    loser = match.player_b
    assert loser is not None  # noqa: S101
    duel_start(match_id=match.pk, player=loser, choice="first")
    time_extension_grant(
        match_id=match.pk, judge=judge, minutes=3, reason="judge_call", note="Ruling on a chain"
    )


def _upcoming_magic_event(organizer: User, players: list[User], now: datetime) -> Event:
    """Tomorrow's Magic event, open for registration: the store runs both games."""
    event = Event.objects.filter(slug=MAGIC_EVENT_SLUG).first() or event_create(
        name="Saturday Modern",
        slug=MAGIC_EVENT_SLUG,
        game="mtg",
        starts_at=(now + timedelta(days=1)).replace(hour=13, minute=0, second=0, microsecond=0),
        organizer=organizer,
        round_minutes=50,
    )
    for player in players:
        registration_create(event=event, player=player)
    return event


@transaction.atomic
def demo_load() -> DemoSummary:
    """Create (or find) the demo event, its people, decks, two rounds and one disputed match."""
    organizer = _user(*ORGANIZER)
    # The store's organizer creates events (the permission store staff get).
    organizer.user_permissions.add(
        Permission.objects.get(codename="add_event", content_type__app_label="tournaments")
    )
    judge = _user(*JUDGE)
    players = {username: _user(username, first, last) for username, first, last in PLAYERS}
    now = timezone.now()

    event = Event.objects.filter(slug=EVENT_SLUG).first() or event_create(
        name="Friday Night Yu-Gi-Oh!",
        slug=EVENT_SLUG,
        game="yugioh",
        starts_at=now.replace(minute=0, second=0, microsecond=0) - timedelta(hours=1),
        organizer=organizer,
        swiss_rounds=4,
        top_cut=4,
    )
    event_role_grant(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    event_role_grant(event=event, user=judge, role=EventRole.Role.JUDGE)
    if event.status != Event.Status.RUNNING:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])

    card_import(path=DEMO_CARDS, expect="cards")  # idempotent: a second import changes nothing
    deck_names = list(DECKS)
    for index, player in enumerate(players.values()):
        deck_name = deck_names[index % len(deck_names)]
        # Duke pasted his list on the event page: Arbiter named it after the event, so his deck is unnamed on
        # the metagame page, where its staff see the archetype suggested by the cards it shares.
        list_name = f"{event.name} v1" if player.username == UNNAMED_DECK_PLAYER else deck_name
        deck_list = deck_list_create(owner=player, game="yugioh", name=list_name, text=DECKS[deck_name])
        registration_create(event=event, player=player, deck_list=deck_list)

    # The demo's pairings are written out (so its story, a dispute at table 2, is always the same); the
    # rounds start and close through the services an organizer's buttons call.
    round_1 = round_create(event=event, number=1)
    for table, (winner, loser) in enumerate(ROUND_1, start=1):
        match_create(round_=round_1, table=table, player_a=players[winner], player_b=players[loser])
    if round_1.status == Round.Status.PAIRED:
        round_1 = round_start(round_=round_1, by=organizer, now=event.starts_at)
    for match in round_1.matches.order_by("table"):
        _report_both(match, MatchResult.A, (2, 1) if (match.table or 0) % 2 else (2, 0))
    if round_1.status == Round.Status.IN_PROGRESS:
        round_close(
            round_=round_1, by=organizer, now=event.starts_at + timedelta(minutes=event.round_minutes)
        )

    round_2 = round_create(event=event, number=2)
    matches = {
        table: match_create(round_=round_2, table=table, player_a=players[a], player_b=players[b])
        for table, (a, b) in enumerate(ROUND_2, start=1)
    }
    if round_2.status == Round.Status.PAIRED:
        round_2 = round_start(round_=round_2, by=organizer, now=now - timedelta(minutes=15))
    _report_both(matches[3], MatchResult.B, (1, 2))
    _report_both(matches[5], MatchResult.A, (2, 0))

    disputed = matches[DISPUTED_TABLE]
    player_a, player_b = (players[username] for username in ROUND_2[DISPUTED_TABLE - 1])
    if not disputed.reports.exists():
        match_report_result(match_id=disputed.pk, player=player_a, result=MatchResult.A, games_a=2, games_b=1)
        match_report_result(match_id=disputed.pk, player=player_b, result=MatchResult.B, games_a=1, games_b=2)
    if not Dispute.objects.filter(match=disputed).exists():
        dispute_open(
            match_id=disputed.pk,
            opened_by=player_b,
            summary=(
                "Duel 3: Bakura says Tristan attacked directly while a monster was in his "
                "Extra Monster Zone; Tristan says the zone was empty. Both reported themselves the winner."
            ),
        )

    _duel_in_progress(matches[1], judge)

    _upcoming_magic_event(organizer, [players["kaiba"], players["mai"], players["duke"]], now)

    logins = [(ORGANIZER[0], "organizer"), (JUDGE[0], "judge"), (PLAYERS[0][0], "player")]
    return DemoSummary(event=event, logins=logins)
