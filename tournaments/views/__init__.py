"""Pages of the tournaments app, one module per job; the views are named here for ``tournaments.urls``."""

from tournaments.views.deck_staff import (
    event_deck_lists,
    event_deck_lists_csv,
    event_deck_lists_text,
    event_deck_replace,
    event_side_check,
    round_deck_checks,
)
from tournaments.views.event_page import event_url
from tournaments.views.events import event_detail, home, organize
from tournaments.views.my_deck import event_deck_builder, event_my_deck

__all__ = [
    "event_deck_builder",
    "event_deck_lists",
    "event_deck_lists_csv",
    "event_deck_lists_text",
    "event_deck_replace",
    "event_detail",
    "event_my_deck",
    "event_side_check",
    "event_url",
    "home",
    "organize",
    "round_deck_checks",
]
