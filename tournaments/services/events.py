"""Events and their staff: creating an event with its structure and settings, granting roles."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy

from accounts.users import display_name
from config.refusals import Conflict
from decks.models import Banlist, Game
from rules.engine.end_of_round import procedure_fits_game
from tournaments.engine.event_structure import UnknownStructureTable, current_table, structure_for
from tournaments.engine.round_times import current_round_time
from tournaments.models import (
    TOP_CUT_SIZES,
    EndOfRound,
    Event,
    EventRole,
    EventStructure,
    Round,
    end_of_round_for_game,
)
from tournaments.selectors.events import SETTINGS_SAFE_AFTER_START, event_settings_locked, is_organizer
from tournaments.services.history import history_changed

# No 0/O or 1/I: the code is read off a screen at the venue and typed on a phone.
EVENT_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
EVENT_CODE_LENGTH = 6
# /api/v1/events/import/ would be read as the event "import".
RESERVED_SLUGS = frozenset({"import"})


def event_code_new() -> str:
    return "".join(secrets.choice(EVENT_CODE_ALPHABET) for _ in range(EVENT_CODE_LENGTH))


MAX_ROUND_MINUTES = 180


def _slug_errors(slug: str) -> dict[str, list[str]]:
    if not slug:
        return {"slug": [gettext("The name makes no address: give a slug (letters, digits, hyphens).")]}
    if slug in RESERVED_SLUGS:
        return {
            "slug": [
                gettext("“%(slug)s” is a word the site's addresses use: choose another.") % {"slug": slug}
            ]
        }
    if Event.objects.filter(slug=slug).exists():
        return {"slug": [gettext("The address “%(slug)s” is taken: choose another.") % {"slug": slug}]}
    return {}


def _settings_errors(
    *,
    name: str,
    game: str,
    round_minutes: int,
    end_of_round: str,
    swiss_rounds: int | None,
    top_cut: int | None,
    structure_table: str,
    banlist: Banlist | None,
    structure: str = "",
    booster_draft_playoff: bool = False,
) -> dict[str, list[str]]:
    """What an event's settings must be, for a new event and for a change to one: the same words for both."""
    errors: dict[str, list[str]] = {}
    if not name.strip():
        errors["name"] = [gettext("Give the event a name: players look for it on the home page.")]
    if not 1 <= round_minutes <= MAX_ROUND_MINUTES:
        errors["round_minutes"] = [
            gettext("A round lasts 1 to %(most)s minutes.") % {"most": MAX_ROUND_MINUTES}
        ]
    if not procedure_fits_game(game, end_of_round):
        errors["end_of_round"] = [
            gettext("“%(procedure)s” is not an end-of-round procedure for %(game)s events.")
            % {
                "procedure": EndOfRound(end_of_round).label
                if end_of_round in EndOfRound.values
                else end_of_round,
                "game": Game(game).label if game in Game.values else game,
            }
        ]
    if swiss_rounds is not None and not 1 <= swiss_rounds <= 20:
        errors["swiss_rounds"] = [
            gettext("Give 1 to 20 Swiss rounds, or leave it empty to follow attendance.")
        ]
    if top_cut is not None and top_cut not in TOP_CUT_SIZES:
        sizes = ", ".join(str(size) for size in TOP_CUT_SIZES)
        errors["top_cut"] = [
            gettext("A top cut is one of %(sizes)s (0: none), or empty to follow attendance.")
            % {"sizes": sizes}
        ]
    if banlist is not None and banlist.game != game:
        errors["banlist"] = [
            gettext("%(list)s is a %(list_game)s list; this event plays %(game)s.")
            % {"list": banlist.name, "list_game": banlist.get_game_display(), "game": Game(game).label}
        ]
    if structure not in EventStructure.values:
        errors["structure"] = [gettext("Choose Swiss, single elimination, or as attendance says.")]
    if booster_draft_playoff and game != Game.MTG:
        errors["booster_draft_playoff"] = [
            gettext("A Booster Draft playoff is a Magic Limited event's: this event plays %(game)s.")
            % {"game": Game(game).label if game in Game.values else game}
        ]
    try:
        structure_for(structure_table, 8)
    except UnknownStructureTable as error:
        errors["structure_table"] = [str(error)]
    return errors


@transaction.atomic
def event_create(
    *,
    name: str,
    game: str,
    starts_at: datetime,
    organizer: User,
    slug: str = "",
    round_minutes: int | None = None,
    end_of_round: str = "",
    swiss_rounds: int | None = None,
    top_cut: int | None = None,
    top_cut_untimed: bool = False,
    structure: str = "",
    booster_draft_playoff: bool = False,
    byes_allowed: bool = False,
    decklist_deadline: datetime | None = None,
    banlist: Banlist | None = None,
    decklists_public: bool = False,
    structure_table: str = "",
) -> Event:
    """Create an event; whoever creates it organizes it.

    The end-of-round procedure defaults to the game's current one, the round time to the game's current
    policy's (``tournaments/engine/data/round_times.json``); the structure, Swiss rounds and top cut left
    empty follow the attendance by the game's current structure table, whose version the event keeps
    (``structure_table``: another version of the game's, for an import that must keep its replay's
    tiebreaker floor).
    """
    end_of_round = end_of_round or end_of_round_for_game(game)
    if round_minutes is None:
        round_minutes = current_round_time(game).minutes
    structure_table = structure_table or current_table(game)
    slug = slug or slugify(name)[:80]
    errors = _slug_errors(slug) | _settings_errors(
        name=name,
        game=game,
        round_minutes=round_minutes,
        end_of_round=end_of_round,
        swiss_rounds=swiss_rounds,
        top_cut=top_cut,
        structure_table=structure_table,
        banlist=banlist,
        structure=structure,
        booster_draft_playoff=booster_draft_playoff,
    )
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():  # a savepoint: an event created by a racing request is a slug error
            event = Event.objects.create(
                name=name,
                slug=slug,
                game=game,
                starts_at=starts_at,
                round_minutes=round_minutes,
                end_of_round=end_of_round,
                swiss_rounds=swiss_rounds,
                top_cut=top_cut,
                top_cut_untimed=top_cut_untimed,
                structure=structure,
                booster_draft_playoff=booster_draft_playoff,
                byes_allowed=byes_allowed,
                decklist_deadline=decklist_deadline,
                banlist=banlist,
                decklists_public=decklists_public,
                structure_table=structure_table,
                event_code=event_code_new(),
            )
    except IntegrityError:
        if not Event.objects.filter(slug=slug).exists():
            raise
        raise ValidationError(
            {"slug": [gettext("The address “%(slug)s” is taken: choose another.") % {"slug": slug}]}
        ) from None
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    return event


class EventSettingLocked(Conflict):
    """A setting that is fixed once round 1 has started (a 409 naming it)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


# Every setting an organizer may change, with the words a refusal uses for it.
EVENT_SETTINGS = {
    "name": gettext_lazy("the name"),
    "starts_at": gettext_lazy("the start time"),
    "swiss_rounds": gettext_lazy("the number of Swiss rounds"),
    "top_cut": gettext_lazy("the top cut"),
    "top_cut_untimed": gettext_lazy("whether the top cut is timed"),
    "structure": gettext_lazy("the structure (Swiss or single elimination)"),
    "booster_draft_playoff": gettext_lazy("whether the playoff is a Booster Draft"),
    "round_minutes": gettext_lazy("the round time"),
    "end_of_round": gettext_lazy("the end-of-round procedure"),
    "decklist_deadline": gettext_lazy("the deck list deadline"),
    "byes_allowed": gettext_lazy("whether byes may be awarded"),
    "banlist": gettext_lazy("the format and banlist"),
    "decklists_public": gettext_lazy("whether deck lists are public"),
}

# Round 1 has started: what each setting's refusal says, a whole sentence each.
SETTING_LOCKED = {
    "name": gettext_lazy("Round 1 of %(event)s has started: the name can no longer change."),
    "starts_at": gettext_lazy("Round 1 of %(event)s has started: the start time can no longer change."),
    "swiss_rounds": gettext_lazy(
        "Round 1 of %(event)s has started: the number of Swiss rounds can no longer change."
    ),
    "top_cut": gettext_lazy("Round 1 of %(event)s has started: the top cut can no longer change."),
    "top_cut_untimed": gettext_lazy(
        "Round 1 of %(event)s has started: whether the top cut is timed can no longer change."
    ),
    "structure": gettext_lazy(
        "Round 1 of %(event)s has started: the structure (Swiss or single elimination) can no longer change."
    ),
    "booster_draft_playoff": gettext_lazy(
        "Round 1 of %(event)s has started: whether the playoff is a Booster Draft can no longer change."
    ),
    "round_minutes": gettext_lazy("Round 1 of %(event)s has started: the round time can no longer change."),
    "end_of_round": gettext_lazy(
        "Round 1 of %(event)s has started: the end-of-round procedure can no longer change."
    ),
    "decklist_deadline": gettext_lazy(
        "Round 1 of %(event)s has started: the deck list deadline can no longer change."
    ),
    "byes_allowed": gettext_lazy(
        "Round 1 of %(event)s has started: whether byes may be awarded can no longer change."
    ),
    "banlist": gettext_lazy("Round 1 of %(event)s has started: the format and banlist can no longer change."),
    "decklists_public": gettext_lazy(
        "Round 1 of %(event)s has started: whether deck lists are public can no longer change."
    ),
}


@transaction.atomic
def event_settings_update(*, event: Event, by: User, changes: Mapping[str, Any]) -> Event:
    """Change an event's settings (only what ``changes`` names), as its organizer.

    Until round 1 starts every setting may change; from then on only those in
    ``SETTINGS_SAFE_AFTER_START`` (the name, the round time of the rounds not started yet, whether deck lists
    are public), and a change to any other is an :class:`EventSettingLocked` naming it. A value equal to the
    current one is no change, so a form sending back every field is refused only for what it changes. The
    new values are checked as :func:`event_create` checks them.
    """
    unknown = sorted(set(changes) - set(EVENT_SETTINGS))
    if unknown:
        raise ValidationError({unknown[0]: [gettext("This is not a setting of an event.")]})
    if not is_organizer(by, event):
        raise PermissionDenied(gettext("Only an organizer of this event can change its settings."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    changed = {field: value for field, value in changes.items() if getattr(event, field) != value}
    if event_settings_locked(event):
        for field in EVENT_SETTINGS:  # in the page's order, so the first refused is the first shown
            if field in changed and field not in SETTINGS_SAFE_AFTER_START:
                refusal = SETTING_LOCKED[field] % {"event": event.name}
                still = gettext(
                    "The name, the round time of the rounds not started yet and whether deck lists are "
                    "public still can."
                )
                raise EventSettingLocked(field, f"{refusal} {still}")
    if "structure" in changed and event.rounds.exists():
        # Pairing round 1 fixed it (a bracket or Swiss): a re-pair pairs the same kind of round.
        raise EventSettingLocked(
            "structure",
            gettext("Round 1 of %(event)s is paired as %(structure)s: the structure stays as it was paired.")
            % {"event": event.name, "structure": event.get_structure_display()},
        )
    merged = {field: changed.get(field, getattr(event, field)) for field in EVENT_SETTINGS}
    errors = _settings_errors(
        name=merged["name"],
        game=event.game,
        round_minutes=merged["round_minutes"],
        end_of_round=merged["end_of_round"],
        swiss_rounds=merged["swiss_rounds"],
        top_cut=merged["top_cut"],
        structure_table=event.structure_table,
        banlist=merged["banlist"],
        structure=merged["structure"],
        booster_draft_playoff=merged["booster_draft_playoff"],
    )
    if errors:
        raise ValidationError(errors)
    if changed:
        for field, value in changed.items():
            setattr(event, field, value)
        event.save(update_fields=sorted(changed))
        history_changed(event_id=event.pk)
    return event


def event_role_grant(*, event: Event, user: User, role: str) -> EventRole:
    """Make ``user`` an organizer or judge of ``event``; granting twice changes nothing."""
    event_role, _ = EventRole.objects.get_or_create(event=event, user=user, role=role)
    return event_role


def round_create(*, event: Event, number: int, stage: str = Round.Stage.SWISS) -> Round:
    """A round row by hand (the demo and tests); events pair their rounds with ``round_pair``."""
    round_, _ = Round.objects.get_or_create(event=event, number=number, defaults={"stage": stage})
    return round_


class LastOrganizer(Conflict):
    """An event keeps at least one organizer: someone must be able to run it."""


@transaction.atomic
def event_staff_add(*, event: Event, user: User, role: str, by: User) -> EventRole:
    """An organizer makes someone a judge or a co-organizer of the event; adding twice changes nothing."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not is_organizer(by, event):
        raise PermissionDenied(gettext("Only an organizer of this event can add judges and organizers."))
    if role not in EventRole.Role.values:
        raise ValidationError({"role": [gettext("Choose judge or organizer.")]})
    if not user.is_active or not user.has_usable_password():
        raise ValidationError(
            {
                "user": [
                    gettext("%(name)s has no account to sign in with: they must claim it first.")
                    % {"name": display_name(user)}
                ]
            }
        )
    return event_role_grant(event=event, user=user, role=role)


@transaction.atomic
def event_staff_remove(*, event_role: EventRole, by: User) -> None:
    """An organizer removes a judge or a co-organizer; the event's last organizer stays."""
    event = Event.objects.select_for_update().get(pk=event_role.event_id)
    if not is_organizer(by, event):
        raise PermissionDenied(gettext("Only an organizer of this event can remove judges and organizers."))
    event_role = EventRole.objects.select_for_update().select_related("user").get(pk=event_role.pk)
    if (
        event_role.role == EventRole.Role.ORGANIZER
        and not EventRole.objects.filter(event=event, role=EventRole.Role.ORGANIZER)
        .exclude(pk=event_role.pk)
        .exists()
    ):
        raise LastOrganizer(
            gettext("%(name)s is the event's only organizer: add another organizer first.")
            % {"name": display_name(event_role.user)}
        )
    event_role.delete()
