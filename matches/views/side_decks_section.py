"""What the "Side Decks" section of the match page shows: both counts, the swaps, the viewer's own forms.

Read by the match page (``matches.views.pages``) and by the section's form views (``side_decks``), which
render it again after a post; kept apart from those views so the page and the views do not import each
other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from django.contrib.auth.models import User

from accounts.users import display_name
from config.http import HtmxHttpRequest
from matches.forms import IN_LABEL, MTG_IN_LABEL, OUT_LABEL
from matches.models import Match
from matches.selectors.side_decks import registered_side_count, side_decks_overview
from matches.services.side_decks import MAX_SIDE_DECK


@dataclass
class SideDecksForm:
    """What the player typed and what was wrong with it, shown again in the section."""

    error: str = ""
    errors: list[str] = field(default_factory=list)
    count: str | None = None
    in_text: str | None = None
    out_text: str | None = None


def _lines(cards: list[dict[str, Any]]) -> str:
    return "\n".join(f"{card['count']} {card['name']}" for card in cards)


def side_decks_context(
    request: HtmxHttpRequest, match: Match, form: SideDecksForm | None = None
) -> dict[str, Any]:
    """What the "Side Decks" section shows to this viewer: both counts, the swaps (cards only to their player
    and the event's judges), and the viewer's own forms."""
    form = form or SideDecksForm()
    viewer = request.user
    overview = side_decks_overview(match=match, viewer=viewer)
    my_side = match.side_of(viewer.pk) if viewer.is_authenticated else None
    me = cast(User, viewer) if my_side else None
    counts = [
        {"view": view, "name": display_name(view.player), "mine": view.player.pk == viewer.pk}
        for view in overview.counts
    ]
    mine = next((view for view in overview.counts if view.player.pk == viewer.pk), None)
    count_initial = form.count
    if count_initial is None and me is not None:
        if mine is not None and mine.count is not None:
            count_initial = str(mine.count.count)
        else:
            registered = registered_side_count(match=match, player=me)
            count_initial = "" if registered is None else str(registered)
    names = {view.player.pk: display_name(view.player) for view in overview.counts}
    swaps = [
        {
            "view": view,
            "name": names.get(view.swap.player_id, ""),
            "cards_in": (view.moves or {}).get("in", []),
            "cards_out": (view.moves or {}).get("out", []),
        }
        for view in overview.swaps
    ]
    my_next = next(
        (
            view
            for view in overview.swaps
            if view.swap.duel_number == overview.next_duel and view.swap.player_id == viewer.pk
        ),
        None,
    )
    in_text, out_text = form.in_text, form.out_text
    if in_text is None and out_text is None and my_next is not None:
        in_text, out_text = (
            _lines(my_next.swap.moves.get("in", [])),
            _lines(my_next.swap.moves.get("out", [])),
        )
    game = match.round.event.game
    return {
        "match": match,
        "side_overview": overview,
        "side_counts": counts,
        "side_swaps": swaps,
        "side_error": form.error,
        "side_errors": form.errors,
        "side_count_initial": count_initial or "",
        "side_in_text": in_text or "",
        "side_out_text": out_text or "",
        "side_my_side": my_side,
        "side_max": MAX_SIDE_DECK,
        "side_in_label": MTG_IN_LABEL if game == "mtg" else IN_LABEL,
        "side_out_label": OUT_LABEL,
    }
