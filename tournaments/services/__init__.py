"""Every write to events, their staff, registrations, registered deck lists, rounds and deck checks.

One module per job; everything is re-exported here, so callers write ``from tournaments.services import ...``.
"""

from tournaments.services.deck_checks import (
    DeckCheckConflict,
    deck_check_pick,
    deck_check_pick_random,
    deck_check_record,
)
from tournaments.services.deck_lists import (
    DeckListLocked,
    deck_lists_locked,
    registration_deck_replace,
    registration_deck_submit,
    registration_deck_submit_text,
)
from tournaments.services.events import event_create, event_role_grant, registration_create, round_create
from tournaments.services.registrations import registration_drop

__all__ = [
    "DeckCheckConflict",
    "DeckListLocked",
    "deck_check_pick",
    "deck_check_pick_random",
    "deck_check_record",
    "deck_lists_locked",
    "event_create",
    "event_role_grant",
    "registration_create",
    "registration_deck_replace",
    "registration_deck_submit",
    "registration_deck_submit_text",
    "registration_drop",
    "round_create",
]
