"""The engine's words in the reader's language: the actions a dispute is about, and broken rules.

The engine knows nothing of Django, so it writes English, marking each sentence as a template for the
catalogues (``gettext_noop``). This module says the same things translated:

- the actions the builder offers (``rules.engine.vocabulary.BUILDER_ACTIONS``), in the same order, each
  with words ``makemessages`` finds (``rules/tests/test_words.py`` holds the two lists together);
- an engine sentence (a broken rule, a fact, a problem with the dispute), from the template and values it
  carries (``rules.engine.sentences``): :func:`said`, ``None`` for one stored without a template (the page
  then shows the engine's English, rewritten with names by ``rules.narration``);
- a deck check's explanation (:func:`deck_explanation`), from its violations or its counts.

It sits with the shared plumbing (below ``decks``), so the deck pages and the judge pages say it alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules.engine.end_of_round import procedure_references
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
        ("draw", pgettext_lazy("action: draw a card", "Draw")),
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
        ("draw", pgettext_lazy("action: draw a card", "Draw")),
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


# --- The engine's sentences ----------------------------------------------------------------------------

Values = Mapping[str, Any]


def said(sentence: Mapping[str, Any], name: Callable[[str], str] | None = None) -> str | None:
    """An engine sentence (``{"template", "values"}``, ``rules.engine.sentences``) in the reader's
    language: ``gettext(template) % values``, each text value through ``name`` (card ids and player
    letters to names; as given without it), a nested sentence said the same way, numbers as they are.
    ``None`` without a template, or when the values do not fit it (a page then shows the English)."""
    template = sentence.get("template")
    values = sentence.get("values")
    if not isinstance(template, str) or not isinstance(values, Mapping | None):
        return None
    try:
        words = {key: _value(value, name) for key, value in (values or {}).items()}
        return gettext(template) % words
    except (KeyError, TypeError, ValueError):
        return None


def _value(value: object, name: Callable[[str], str] | None) -> object:
    if isinstance(value, Mapping):
        nested = said(value, name)
        if nested is None:
            raise ValueError("a nested value without a template")
        return nested
    if isinstance(value, str):
        return name(value) if name is not None else value
    return value


def violation_sentence(violation: Mapping[str, Any], game: str) -> str | None:
    """A broken rule in the reader's language, from the template the engine wrote it with; ``None`` for
    a violation stored without one (the page then shows the engine's English)."""
    return said(violation)


def problem_words(problem: Mapping[str, Any]) -> dict[str, Any]:
    """A problem with the dispute (``DisputeError.problems()``) with its message in the reader's
    language where the engine gave its template."""
    message = said(problem)
    return {**problem, "message": message} if message is not None else dict(problem)


def explanation_words(ruling: Mapping[str, Any], name: Callable[[str], str] | None = None) -> str | None:
    """A ruling's explanation in the reader's language, sentence by sentence (``explanation_sentences``):
    each said from its template, one written without a template in its English through ``name``; ``None``
    for a ruling stored before the engine gave its sentences."""
    sentences = ruling.get("explanation_sentences")
    if not isinstance(sentences, list):
        return None
    words = []
    for sentence in sentences:
        if not isinstance(sentence, Mapping):
            continue
        text = said(sentence, name)
        if text is None:
            english = str(sentence.get("text") or "")
            text = name(english) if name is not None else english
        text = text.strip()
        if text:
            words.append(text[0].upper() + text[1:])
    return " ".join(words)


def deck_explanation(ruling: Mapping[str, Any], game: str) -> str | None:
    """A deck check's or side swap's explanation in the reader's language: its sentences, or (a ruling
    stored before the engine gave them) its violations or what was found right (from the counts); ``None``
    when some part has no translated sentence."""
    explained = explanation_words(ruling)
    if explained is not None:
        return explained
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


def procedure_steps_in_words(procedure: str) -> list[str]:
    """What the players do when time is called, one sentence a step, in the reader's language (the match
    page, the run page and the timing API)."""
    return [capfirst(gettext(reference.passage)) + "." for reference in procedure_references(procedure)]
