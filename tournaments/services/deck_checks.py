"""Deck checks in a round: picking players (at random with a seed, or by hand) and recording the count."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.refusals import Conflict
from decks.selectors import section_counts
from matches.models import Match
from rules.engine.vocabulary import deck_sections
from tournaments.models import (
    DeckCheck,
    Event,
    Registration,
    Round,
)
from tournaments.selectors.events import is_deck_staff


class DeckCheckConflict(Conflict):
    """The deck check cannot be done in the current state (no list registered, a bye...): a 409."""


def _require_judge(user: User, event: Event) -> None:
    if not is_deck_staff(user, event):
        raise PermissionDenied(
            gettext("Only a judge or organizer of this event who does not play in it can run deck checks.")
        )


def _check_players(round_: Round, match: Match, *, chosen: str, seed: str, judge: User) -> list[DeckCheck]:
    players = [player_id for player_id in (match.player_a_id, match.player_b_id) if player_id is not None]
    registrations = Registration.objects.filter(event_id=round_.event_id, player_id__in=players)
    checks = []
    for registration in registrations.order_by("pk"):
        check, _ = DeckCheck.objects.get_or_create(
            round=round_,
            registration=registration,
            defaults={"match": match, "chosen": chosen, "seed": seed, "chosen_by": judge},
        )
        checks.append(check)
    return checks


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("event").get(pk=round_.pk)


@transaction.atomic
def deck_check_pick_random(
    *, round_: Round, count: int, seed: str | int | None, judge: User
) -> list[DeckCheck]:
    """Pick ``count`` matches of the round at random and check both players' decks.

    The pick is ``random.Random(seed).sample`` over the round's matches in table order (byes excluded), so
    the same seed on the same round picks the same tables: the seed is recorded on each check and shown,
    and anyone can verify the pick was not chosen by hand. Without a seed one is drawn and recorded. A
    player already checked this round keeps their check.
    """
    round_ = _lock_round(round_)
    _require_judge(judge, round_.event)
    if count < 1:
        raise ValidationError({"count": [gettext("Pick at least one match.")]})
    seed_text = str(seed).strip() if seed is not None and str(seed).strip() else str(secrets.randbelow(10**6))
    matches = list(Match.objects.filter(round=round_, player_b__isnull=False).order_by("table", "pk"))
    picked = random.Random(seed_text).sample(matches, min(count, len(matches)))  # noqa: S311 - not secret
    checks: list[DeckCheck] = []
    for match in sorted(picked, key=lambda match: (match.table or 0, match.pk)):
        checks += _check_players(round_, match, chosen=DeckCheck.Chosen.RANDOM, seed=seed_text, judge=judge)
    return checks


@transaction.atomic
def deck_check_pick(*, match: Match, judge: User) -> list[DeckCheck]:
    """Check both players' decks at a match the judge chose."""
    round_ = _lock_round(match.round)
    _require_judge(judge, round_.event)
    if match.player_b_id is None:
        raise DeckCheckConflict(gettext("A bye has no opponent and no deck to check at a table."))
    return _check_players(round_, match, chosen=DeckCheck.Chosen.HAND, seed="", judge=judge)


@transaction.atomic
def deck_check_record(*, deck_check: DeckCheck, presented: Mapping[str, int], judge: User) -> DeckCheck:
    """Record how many cards the player presented per section and which sections differ from their list.

    Compared with the list registered now (kept on the check); a section missing from ``presented`` counts
    as 0. ``mismatches`` is ``[{"section", "registered", "presented"}]``; empty when everything matches.
    """
    deck_check = (
        DeckCheck.objects.select_for_update()
        .select_related("round__event", "registration")
        .get(pk=deck_check.pk)
    )
    _require_judge(judge, deck_check.round.event)
    deck_list = deck_check.registration.deck_list
    if deck_list is None:
        raise DeckCheckConflict(gettext("This player has no registered deck list to compare with."))
    sections = deck_sections(deck_list.game)
    counts: dict[str, int] = {}
    for section, value in presented.items():
        if section not in ("main", "extra", "side"):
            raise ValidationError({section: [gettext("Sections are main, extra and side.")]})
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValidationError({section: [gettext("A count of cards: a whole number, 0 or more.")]})
        counts[section] = value
    counts = {section: counts.get(section, 0) for section in sections} | {
        section: value for section, value in counts.items() if section not in sections
    }
    registered = section_counts(deck_list)
    mismatches = [
        {"section": section, "registered": registered.get(section, 0), "presented": value}
        for section, value in counts.items()
        if registered.get(section, 0) != value
    ]
    deck_check.presented = counts
    deck_check.mismatches = mismatches
    deck_check.deck_list = deck_list
    deck_check.checked_by = judge
    deck_check.checked_at = timezone.now()
    deck_check.save(update_fields=["presented", "mismatches", "deck_list", "checked_by", "checked_at"])
    return deck_check
