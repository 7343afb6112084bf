"""Pages of the tournaments app, one module per job; the views are named here for ``tournaments.urls``."""

from tournaments.views.deck_staff import (
    event_deck_lists,
    event_deck_lists_csv,
    event_deck_lists_text,
    event_deck_lists_zip,
    event_deck_replace,
    event_side_check,
    round_deck_checks,
)
from tournaments.views.event_import import event_import_detail, event_import_new, event_import_status
from tournaments.views.event_new import event_new
from tournaments.views.event_page import event_url
from tournaments.views.event_settings import event_settings
from tournaments.views.events import event_detail, home, organize
from tournaments.views.exports import event_export_matches, event_export_replay, event_export_standings
from tournaments.views.history import my_history, my_history_csv
from tournaments.views.metagame import (
    event_archetype_merge_page,
    event_archetype_set,
    event_metagame_csv,
    event_metagame_page,
)
from tournaments.views.metagame_projector import event_metagame_projector
from tournaments.views.my_deck import event_deck_builder, event_my_deck
from tournaments.views.pairings import event_pairings
from tournaments.views.player_run import run_player_run
from tournaments.views.projector import event_projector
from tournaments.views.run import event_run
from tournaments.views.run_clock import run_call_time, run_extend, run_pause, run_resume
from tournaments.views.run_players import (
    run_byes,
    run_check_in,
    run_drop,
    run_enter,
    run_search,
    run_table,
    run_undo_drop,
)
from tournaments.views.run_rounds import run_close, run_no_show, run_pair, run_repair, run_start, run_swap
from tournaments.views.self_service import event_check_in_me, event_drop_me, event_enter_me
from tournaments.views.slips import round_slips
from tournaments.views.staff import event_staff, event_staff_remove
from tournaments.views.standings import event_bracket_fragment, event_standings_page

__all__ = [
    "event_archetype_merge_page",
    "event_archetype_set",
    "event_bracket_fragment",
    "event_check_in_me",
    "event_deck_builder",
    "event_deck_lists",
    "event_deck_lists_csv",
    "event_deck_lists_text",
    "event_deck_lists_zip",
    "event_deck_replace",
    "event_detail",
    "event_drop_me",
    "event_enter_me",
    "event_export_matches",
    "event_export_replay",
    "event_export_standings",
    "event_import_detail",
    "event_import_new",
    "event_import_status",
    "event_metagame_csv",
    "event_metagame_page",
    "event_metagame_projector",
    "event_my_deck",
    "event_new",
    "event_pairings",
    "event_projector",
    "event_run",
    "event_settings",
    "event_side_check",
    "event_staff",
    "event_staff_remove",
    "event_standings_page",
    "event_url",
    "home",
    "my_history",
    "my_history_csv",
    "organize",
    "round_deck_checks",
    "round_slips",
    "run_byes",
    "run_call_time",
    "run_check_in",
    "run_close",
    "run_drop",
    "run_enter",
    "run_extend",
    "run_no_show",
    "run_pair",
    "run_pause",
    "run_player_run",
    "run_repair",
    "run_resume",
    "run_search",
    "run_start",
    "run_swap",
    "run_table",
    "run_undo_drop",
]
