"""The judge pages' words for the engine's vocabulary, translated: the actions a dispute is about.

The engine names each action the builder offers in English (``rules.engine.vocabulary.BUILDER_ACTIONS``); it
knows nothing of Django, so its words cannot be marked for translation there. These are the same actions
in the same order, each with words ``makemessages`` finds; ``rules/tests/test_words.py`` holds the two
lists together.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from rules.engine.vocabulary import MTG, YUGIOH

ACTION_LABELS: dict[str, tuple[tuple[str, Any], ...]] = {
    YUGIOH: (
        ("attack", _("Attack")),
        ("normal_summon", _("Normal / Tribute Summon")),
        ("set_monster", _("Set a monster")),
        ("flip_summon", _("Flip Summon")),
        ("change_position", _("Change battle position")),
        ("special_summon", _("Special Summon")),
        ("activate", _("Activate a card or effect")),
        ("resolve_chain", _("Resolve the chain")),
        ("draw", _("Draw")),
        ("end_turn", _("End the turn")),
        ("check_state", _("Is the duel over?")),
        ("replay", _("Replay")),
    ),
    MTG: (
        ("combat_damage", _("Combat damage")),
        ("declare_attackers", _("Declare attackers")),
        ("declare_blockers", _("Declare blockers")),
        ("cast", _("Cast a spell")),
        ("play_land", _("Play a land")),
        ("draw", _("Draw")),
        ("cleanup", _("Cleanup (hand size)")),
        ("state_check", _("State-based actions: is the game over?")),
        ("mulligan", _("Mulligan")),
        ("resolve_stack", _("Priority and the stack: what resolves?")),
    ),
}

# What a stored ruling was about, in words: the builder's actions, and the three questions the builder does
# not offer (they have pages of their own).
ACTION_WORDS: dict[str, Any] = {
    **{action: label for actions in ACTION_LABELS.values() for action, label in actions},
    "match_result": _("Match tally"),
    "deck_check": _("Deck check"),
    "side_swap": _("Side Deck swap"),
}
# Magic says sideboard.
MTG_ACTION_WORDS: dict[str, Any] = {"side_swap": _("Sideboard swap")}


def action_words(game: str, action: str) -> str:
    """What a ruling about ``action`` in ``game`` was about, in words ("" for an action without words)."""
    words = (MTG_ACTION_WORDS.get(action) if game == MTG else None) or ACTION_WORDS.get(action, "")
    return str(words)
