"""An event's metagame as the page, the CSV and the API read it: the same rows, from one computation
(``tournaments.engine.metagame``) over the event's registrations and finished matches.

Who may read it is :func:`tournaments.selectors.archetypes.archetypes_visible_to` (its deck staff at any
time, everyone signed in once the event made its lists public); callers ask that first.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from matches.models import Match
from tournaments.engine.metagame import SWISS, TOP, Entry, Metagame, Played, Scope, average, metagame, percent
from tournaments.models import Event, Registration, Round
from tournaments.selectors.archetypes import archetype_name, deck_cards

# The most played cards shown (the page, the CSV and the API alike).
MOST_PLAYED = 30


@dataclass(frozen=True)
class ScopeChoice:
    value: str
    label: str


def metagame_scopes(event: Event) -> list[ScopeChoice]:
    """What the round selector offers: every Swiss round together, each Swiss round, the top cut."""
    stages = dict(event.rounds.values_list("number", "stage"))
    choices = [ScopeChoice(SWISS, gettext("Every Swiss round"))]
    choices += [
        ScopeChoice(str(number), gettext("Round %(number)s") % {"number": number})
        for number, stage in sorted(stages.items())
        if stage == Round.Stage.SWISS
    ]
    if Round.Stage.TOP in stages.values():
        choices.append(ScopeChoice(TOP, gettext("Top cut")))
    return choices


def metagame_scope(event: Event, text: str | None) -> Scope:
    """The scope a request asks for (``round``: ``swiss``, ``top`` or a Swiss round's number); a 400 naming
    ``round`` for anything else. Nothing asked: every Swiss round."""
    text = (text or SWISS).strip()
    if any(choice.value == text for choice in metagame_scopes(event)):
        if text == SWISS:
            return SWISS
        return TOP if text == TOP else int(text)
    raise ValidationError(
        {"round": [gettext("Choose every Swiss round, one Swiss round of this event or its top cut.")]}
    )


def event_metagame(event: Event, scope: Scope) -> Metagame:
    """The metagame of ``scope`` (two queries: the registrations with their lists, the matches)."""
    entries = [
        Entry(
            player=registration.player_id,
            archetype=registration.archetype,
            cards=deck_cards(registration.deck_list),
        )
        for registration in Registration.objects.filter(event=event).select_related("deck_list")
    ]
    # A match not final yet (being played, disputed) puts its players in the field, in no record.
    matches = [
        Played(
            round=number,
            top_cut=stage == Round.Stage.TOP,
            player_a=a,
            player_b=b,
            result=result if status == Match.Status.FINAL else "",
        )
        for number, stage, a, b, result, status in Match.objects.filter(round__event=event).values_list(
            "round__number", "round__stage", "player_a_id", "player_b_id", "result", "status"
        )
    ]
    return metagame(entries, matches, scope, most_played=MOST_PLAYED)


@dataclass(frozen=True)
class ArchetypeLine:
    """One archetype as every output writes it: percentages to a tenth, rounded half up."""

    archetype: str  # "" for the unnamed
    name: str  # as people read it
    players: int
    share: Decimal
    wins: int
    losses: int
    draws: int
    byes: int
    mirrors: int
    win_rate: Decimal | None


@dataclass(frozen=True)
class CardLine:
    name: str
    lists: int
    share: Decimal  # of the field's lists
    average: Decimal


@dataclass(frozen=True)
class MetagameLines:
    field: int
    lists: int
    matches: int
    archetypes: list[ArchetypeLine]
    cards: list[CardLine]


def metagame_lines(result: Metagame) -> MetagameLines:
    """The rows the page, the CSV and the API write."""
    archetypes = [
        ArchetypeLine(
            archetype=row.archetype,
            name=archetype_name(row.archetype),
            players=row.players,
            share=percent(row.share) or Decimal(0),
            wins=row.record.wins,
            losses=row.record.losses,
            draws=row.record.draws,
            byes=row.record.byes,
            mirrors=row.record.mirrors,
            win_rate=percent(row.record.win_rate),
        )
        for row in result.archetypes
    ]
    cards = [
        CardLine(
            name=card.name,
            lists=card.lists,
            share=percent(Fraction(card.lists, result.lists)) or Decimal(0),
            average=average(card.average),
        )
        for card in result.cards
    ]
    return MetagameLines(
        field=result.field, lists=result.lists, matches=result.matches, archetypes=archetypes, cards=cards
    )
