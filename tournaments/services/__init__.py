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
from tournaments.services.drops import (
    DropNotUndoable,
    penalty_issue_at_event,
    registration_drop,
    registration_undo_drop,
)
from tournaments.services.events import (
    EventSettingLocked,
    LastOrganizer,
    event_create,
    event_role_grant,
    event_settings_update,
    event_staff_add,
    event_staff_remove,
    round_create,
)
from tournaments.services.registrations import (
    RegistrationClosed,
    registration_award_byes,
    registration_check_in,
    registration_create,
    registration_enter,
    registration_enter_at_counter,
    registration_fix_table,
)
from tournaments.services.round_clock import round_extend, round_pause, round_resume
from tournaments.services.rounds import (
    Rematch,
    RoundConflict,
    active_registrations,
    event_plan,
    next_stage,
    round_close,
    round_pair,
    round_repair,
    round_start,
    round_swap_players,
    round_time_up,
)

__all__ = [
    "DeckCheckConflict",
    "DeckListLocked",
    "DropNotUndoable",
    "EventSettingLocked",
    "LastOrganizer",
    "RegistrationClosed",
    "Rematch",
    "RoundConflict",
    "active_registrations",
    "deck_check_pick",
    "deck_check_pick_random",
    "deck_check_record",
    "deck_lists_locked",
    "event_create",
    "event_plan",
    "event_role_grant",
    "event_settings_update",
    "event_staff_add",
    "event_staff_remove",
    "next_stage",
    "penalty_issue_at_event",
    "registration_award_byes",
    "registration_check_in",
    "registration_create",
    "registration_deck_replace",
    "registration_deck_submit",
    "registration_deck_submit_text",
    "registration_drop",
    "registration_enter",
    "registration_enter_at_counter",
    "registration_fix_table",
    "registration_undo_drop",
    "round_close",
    "round_create",
    "round_extend",
    "round_pair",
    "round_pause",
    "round_repair",
    "round_resume",
    "round_start",
    "round_swap_players",
    "round_time_up",
]

from tournaments.services.replay_import import (
    event_import,
    event_import_check,
    event_import_dispatch,
    event_import_process,
    event_import_queue,
    event_import_refresh,
    event_imports_sweep,
    import_runs_in_background,
    imported_username,
)

__all__ += [
    "event_import",
    "event_import_check",
    "event_import_dispatch",
    "event_import_process",
    "event_import_queue",
    "event_import_refresh",
    "event_imports_sweep",
    "import_runs_in_background",
    "imported_username",
]
