"""The engine's words in the reader's language: the actions a dispute is about, and broken rules.

The engine knows nothing of Django, so it writes English and cannot mark its words for translation. This
module says the same things translated, from the engine's data rather than its text:

- the actions the builder offers (``rules.engine.vocabulary.BUILDER_ACTIONS``), in the same order, each
  with words ``makemessages`` finds (``rules/tests/test_words.py`` holds the two lists together);
- a violation, from its ``code`` and the ``values`` it states (``rules.engine.ruling.Violation``):
  :func:`violation_sentence`, ``None`` for a code without a sentence here (the page then shows the
  engine's English, rewritten with names by ``rules.narration``);
- a deck check's explanation (:func:`deck_explanation`), from its violations or its counts.

It sits with the shared plumbing (below ``decks``), so the deck pages and the judge pages say it alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext
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


# --- Broken rules, by code ------------------------------------------------------------------------------

Values = Mapping[str, Any]
Sentence = Callable[[Values, str], str]


def _plain(text: Any) -> Sentence:
    """A sentence (lazily translated) whose placeholders are the violation's values."""
    return lambda values, game: str(text) % values


def _main_size(values: Values, game: str) -> str:
    return (
        ngettext(
            "The Main Deck has %(count)d card; it must have 40 to 60.",
            "The Main Deck has %(count)d cards; it must have 40 to 60.",
            int(values["count"]),
        )
        % values
    )


def _mtg_main_size(values: Values, game: str) -> str:
    return (
        ngettext(
            "The deck has %(count)d card; it needs at least %(minimum)d.",
            "The deck has %(count)d cards; it needs at least %(minimum)d.",
            int(values["count"]),
        )
        % values
    )


def _extra_deck_card(values: Values, game: str) -> str:
    if values["section"] == "extra":
        text = gettext(
            "%(card)s is in the Extra Deck, which holds only Fusion, Synchro, Xyz and Link Monsters."
        )
        return text % values
    by_frame = {
        "fusion": gettext("%(card)s is a Fusion Monster: it belongs in the Extra Deck, not the Main Deck."),
        "synchro": gettext("%(card)s is a Synchro Monster: it belongs in the Extra Deck, not the Main Deck."),
        "xyz": gettext("%(card)s is an Xyz Monster: it belongs in the Extra Deck, not the Main Deck."),
        "link": gettext("%(card)s is a Link Monster: it belongs in the Extra Deck, not the Main Deck."),
    }
    return by_frame[str(values["frame"])] % values


def _unknown_magic_card(values: Values, game: str) -> str:
    if values["section"] == "side":
        text = gettext(
            "%(card)s (in the sideboard) is not a Magic card: the card catalog has no card of that name, so "
            "it cannot be played. Check its spelling."
        )
    else:
        text = gettext(
            "%(card)s (in the deck) is not a Magic card: the card catalog has no card of that name, so it "
            "cannot be played. Check its spelling."
        )
    return text % values


def _side_count_changed(values: Values, game: str) -> str:
    if game == "mtg":
        text = gettext(
            "The deck and sideboard held %(was)d cards together and now hold %(now)d; sideboarding only "
            "moves cards."
        )
    else:
        text = gettext(
            "The Side Deck had %(was)d cards and now has %(now)d; a swap must keep its count exactly the "
            "same."
        )
    return text % values


def _card_not_registered(values: Values, game: str) -> str:
    if game == "mtg":
        text = gettext(
            "%(card)s: %(presented)d presented but %(registered)d registered in the deck and sideboard."
        )
    else:
        text = gettext("%(card)s: %(presented)d presented but %(registered)d registered for the match.")
    return text % values


VIOLATION_SENTENCES: dict[str, Sentence] = {
    "deck.main_size": _main_size,
    "deck.extra_size": _plain(_("The Extra Deck has %(count)d cards; at most 15 are allowed.")),
    "deck.side_size": _plain(_("The Side Deck has %(count)d cards; at most 15 are allowed.")),
    "deck.extra_deck_card": _extra_deck_card,
    "deck.copies": _plain(
        _(
            "%(card)s: %(count)d copies across the Main, Extra and Side Deck; at most 3 of a card (alternate "
            "artworks count as the same card)."
        )
    ),
    "deck.forbidden": _plain(_("%(card)s is Forbidden: no copies are allowed, and the deck has %(count)d.")),
    "deck.limited": _plain(_("%(card)s is Limited to 1 copy, and the deck has %(count)d.")),
    "deck.semi_limited": _plain(_("%(card)s is Semi-Limited to 2 copies, and the deck has %(count)d.")),
    "mtg.deck.main_size": _mtg_main_size,
    "mtg.deck.side_size": _plain(_("The sideboard has %(count)d cards; at most 15 are allowed.")),
    "mtg.deck.unknown_card": _unknown_magic_card,
    "mtg.deck.copies": _plain(
        _(
            "%(card)s: %(count)d copies in the deck and sideboard; at most 4 of a card other than a basic "
            "land."
        )
    ),
    "mtg.deck.banned": _plain(_("%(card)s is banned, and the deck has %(count)d.")),
    "mtg.deck.restricted": _plain(_("%(card)s is restricted to 1 copy, and the deck has %(count)d.")),
    "side.count_changed": _side_count_changed,
    "side.card_not_registered": _card_not_registered,
    "side.card_missing": _plain(_("%(card)s: %(registered)d registered but only %(presented)d presented.")),
}


def violation_sentence(violation: Mapping[str, Any], game: str) -> str | None:
    """The violation in the reader's language, from its code and values; ``None`` when this module has no
    sentence for it (or the violation, stored by an older engine, carries no values)."""
    sentence = VIOLATION_SENTENCES.get(str(violation.get("code") or ""))
    values = violation.get("values")
    if sentence is None or not isinstance(values, Mapping):
        return None
    try:
        return sentence(values, game)
    except (KeyError, TypeError, ValueError):  # values of another shape: the engine's English stands
        return None


def deck_explanation(ruling: Mapping[str, Any], game: str) -> str | None:
    """A deck check's or side swap's explanation in the reader's language: its violations, or what was
    found right (from the counts); ``None`` when some part has no translated sentence."""
    violations = [v for v in ruling.get("violations") or [] if isinstance(v, Mapping)]
    if violations:
        sentences = [violation_sentence(v, game) for v in violations]
        return None if None in sentences else " ".join(s for s in sentences if s)
    deck = (ruling.get("outcome") or {}).get("deck")
    counts = deck.get("counts") if isinstance(deck, Mapping) else None
    if ruling.get("legal") is not True or not isinstance(counts, Mapping):
        return None
    try:
        if game == "mtg":
            return _magic_deck_right(counts)
        return _yugioh_deck_right(counts)
    except (KeyError, TypeError, ValueError):
        return None


def _yugioh_deck_right(counts: Mapping[str, Any]) -> str:
    return gettext(
        "Main Deck %(main)d cards (40 to 60), Extra Deck %(extra)d (up to 15), Side Deck %(side)d (up to "
        "15). Every Extra Deck card is a Fusion, Synchro, Xyz or Link Monster, and none is in the Main Deck. "
        "No card exceeds 3 copies or its Forbidden & Limited status."
    ) % {"main": int(counts["main"]), "extra": int(counts["extra"]), "side": int(counts["side"])}


def _magic_deck_right(counts: Mapping[str, Any]) -> str:
    values = {"main": int(counts["main"]), "side": int(counts["side"])}
    return (
        gettext(
            "The deck has %(main)d cards (at least 60) and no card other than a basic land more than 4 "
            "times. The sideboard has %(side)d cards (at most 15)."
        )
        % values
    )
