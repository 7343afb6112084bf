"""Drops: a player leaving an event (themselves, a judge, a disqualification) and coming back.

A drop reads the event's matches (a judge never drops an opponent they have not finished playing; a
disqualified player does not come back), so it sits with running rounds, above matches, and not with the
registrations (docs/decisions/0011-layers.md). A disqualification is a penalty in the match and a drop from
the event, in one transaction: :func:`penalty_issue_at_event`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from accounts.users import display_name
from config.refusals import Conflict
from matches.models import Match, Penalty
from matches.services.judging import penalty_issue
from tournaments.models import Event, Registration, Round
from tournaments.selectors.events import DECK_STAFF, is_event_staff
from tournaments.services.history import history_changed
from tournaments.services.registrations import lock_event, require_organizer


class DropNotUndoable(Conflict):
    """A drop that cannot be undone any more (a later round started, or a disqualification): a 409."""


@transaction.atomic
def registration_drop(
    *, event: Event, player: User, by: User, after_round: int | None = None
) -> Registration:
    """Drop a player: they are not paired again and stay in the standings.

    A player may drop themselves; a judge or organizer may drop anyone but an opponent they have not
    finished playing (a disqualification passes the round it happened in). Without ``after_round`` the drop
    takes effect after the last round started; a player in the pairings of a round not started yet keeps it
    from starting until the organizer re-pairs it. An earlier drop is kept: a player dropped after round 2
    and disqualified for something found in round 3 was still out of round 3's pairings.
    """
    event = lock_event(event)
    if by.pk != player.pk and not is_event_staff(by, event, DECK_STAFF):
        raise PermissionDenied(gettext("Only a judge or organizer of this event can drop another player."))
    if by.pk != player.pk and _faces(event, by, player):
        raise PermissionDenied(
            gettext("You are playing against %(name)s: another judge or organizer must drop them.")
            % {"name": display_name(player)}
        )
    registration = (
        Registration.objects.select_for_update().filter(event=event, player=player).order_by("pk").first()
    )
    if registration is None:
        raise ValidationError(
            {
                "player": [
                    gettext("%(name)s is not registered for %(event)s.")
                    % {"name": display_name(player), "event": event.name}
                ]
            }
        )
    if after_round is None:
        after_round = _last_round_played_by(event, player)
    if registration.dropped_after_round is None or registration.dropped_after_round > after_round:
        registration.dropped_after_round = after_round
        registration.save(update_fields=["dropped_after_round"])
        history_changed(event_id=event.pk)
    return registration


def _faces(event: Event, one: User, other: User) -> bool:
    """Are ``one`` and ``other`` opponents in a match of the event that has no final result yet? A judge
    never judges their own match: dropping (or disqualifying) their opponent is for another judge."""
    return (
        Match.objects.filter(
            Q(player_a=one, player_b=other) | Q(player_a=other, player_b=one), round__event=event
        )
        .exclude(status=Match.Status.FINAL)
        .exists()
    )


def _last_round_played_by(event: Event, player: User) -> int:
    """The last round started (0 before round 1). A round paired but not started is not played: a player
    in its pairings who drops now stops it from starting until the organizer re-pairs it."""
    started = event.rounds.exclude(status=Round.Status.PAIRED).order_by("-number").first()
    return started.number if started is not None else 0


@transaction.atomic
def registration_undo_drop(*, registration: Registration, by: User) -> Registration:
    """Bring a dropped player back (a drop entered by mistake, or a player who changed their mind).

    Only an organizer may. It is refused once a round after the drop has started without them: that round
    would have no match for them. A round paired but not started yet cannot start until the organizer
    re-pairs it with the player in (``round_start`` says so). A disqualification is not undone here: it is
    a penalty a judge recorded, and it stays in the match's history.
    """
    event = lock_event(registration.event)
    require_organizer(by, event, "undo a drop")
    registration = Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
    after = registration.dropped_after_round
    if after is None:
        return registration
    name = display_name(registration.player)
    started_since = (
        event.rounds.filter(number__gt=after).exclude(status=Round.Status.PAIRED).order_by("number").first()
    )
    if started_since is not None:
        number = started_since.number
        raise DropNotUndoable(
            gettext("%(name)s cannot come back: round %(number)s has started without them.")
            % {"name": name, "number": number}
        )
    disqualified = Penalty.objects.filter(
        match__round__event=event, player=registration.player, kind=Penalty.Kind.DISQUALIFICATION
    )
    if disqualified.exists():
        raise DropNotUndoable(
            gettext("%(name)s was disqualified: a disqualification is not undone here.") % {"name": name}
        )
    registration.dropped_after_round = None
    registration.save(update_fields=["dropped_after_round"])
    history_changed(event_id=event.pk)
    return registration


@transaction.atomic
def penalty_issue_at_event(
    *, match_id: int, judge: User, player: User, kind: str, infraction: str, note: str = ""
) -> Penalty:
    """A judge penalizes a player of a match (:func:`matches.services.judging.penalty_issue`); a
    disqualification also drops the player from the event after this round, in the same transaction."""
    penalty = penalty_issue(
        match_id=match_id, judge=judge, player=player, kind=kind, infraction=infraction, note=note
    )
    if kind == Penalty.Kind.DISQUALIFICATION:
        round_ = penalty.match.round
        registration_drop(event=round_.event, player=player, after_round=round_.number, by=judge)
    return penalty
